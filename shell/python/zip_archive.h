// shell/python/zip_archive.h — zip archives through libzip, for the formats that are zips:
// NumPy's .npz and PyTorch's torch.save files.
//
// Reading is bounded by what the archive actually holds (a declared size is checked, never
// trusted for an allocation); writing goes to a temporary file that replaces the target only
// when the archive is complete, so a failed save leaves nothing half-written.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "shell/python/file_write.h"

struct zip;

namespace tsh::shell {

class ZipReader {
 public:
  // Opens `path`; a missing file is FileNotFoundError, anything that is not a readable zip a
  // BadZipFile error naming the file and libzip's reason.
  explicit ZipReader(const std::string& path);
  ~ZipReader();
  ZipReader(const ZipReader&) = delete;
  ZipReader& operator=(const ZipReader&) = delete;

  const std::vector<std::string>& names() const { return names_; }
  bool has(const std::string& name) const;
  // The uncompressed bytes of one member; a damaged member is a BadZipFile error.
  std::string read(const std::string& name) const;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  struct zip* archive_ = nullptr;
  std::vector<std::string> names_;
};

class ZipWriter {
 public:
  explicit ZipWriter(const std::string& path);
  ~ZipWriter();  // an archive never closed is discarded
  ZipWriter(const ZipWriter&) = delete;
  ZipWriter& operator=(const ZipWriter&) = delete;

  // Adds a member, stored or deflated; `align` > 0 pads the local header (with an extra field,
  // as PyTorch does) so that the member's bytes start at a multiple of `align` in the file.
  void add(const std::string& name, std::string bytes, bool deflate, uint64_t align = 0);
  // Writes the archive; errors are OSError naming the file.
  void close();

 private:
  std::string path_;
  std::unique_ptr<FileReplacement> file_;  // libzip writes its temporary file, put in place at close()
  struct zip* archive_ = nullptr;
  std::deque<std::string> buffers_;  // libzip reads the members' bytes at close(): their addresses must hold
  uint64_t offset_ = 0;               // where the next local header starts (stored members only)
  bool all_stored_ = true;
};

}  // namespace tsh::shell
