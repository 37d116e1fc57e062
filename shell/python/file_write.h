// shell/python/file_write.h — writing whole files so that no write is lost.
//
// Every file tsh writes in one piece (np.save, np.savetxt, torch.save, %save, %storage's pictures)
// goes through here. Each write and the close are checked, and a failure is Python's OSError with
// its errno ([Errno 28] No space left on device), never silence. A symlink is written through to
// the file it names, as Python's open() does, and the link stays. A regular file (or a new one) is
// written beside its target and renamed over it only when complete, so that a failed write leaves
// the old file intact; a device or a pipe (/dev/full, /dev/stdout) is written in place.
#pragma once

#include <string>
#include <string_view>

namespace tsh::shell {

// A whole file being written: write into temp_path(), then commit().
class FileReplacement {
 public:
  // Checks that `path` can be written (its folder exists, it is not a folder) with Python's errors
  // naming `path`, and makes the temporary file.
  explicit FileReplacement(const std::string& path);
  ~FileReplacement();  // removes the temporary file unless it was committed
  FileReplacement(const FileReplacement&) = delete;
  FileReplacement& operator=(const FileReplacement&) = delete;

  // Where the bytes go until commit(): a new file the caller may write as it likes.
  const std::string& temp_path() const { return temp_; }
  // Puts the written file in place of the target (renamed over it, or copied into a device).
  void commit();

 private:
  std::string path_;    // as the user gave it, for messages
  std::string target_;  // path_ with its symlinks followed
  std::string temp_;
  bool in_place_ = false;  // the target is not a regular file: its bytes are copied into it
  bool committed_ = false;
};

// Writes `bytes` as the whole of the file `path` through a FileReplacement.
void write_whole_file(const std::string& path, std::string_view bytes);

// Writes all of `bytes` to the open descriptor fd, retrying short writes; false with errno set on failure.
bool write_all(int fd, std::string_view bytes);

}  // namespace tsh::shell
