// shell/python/zip_archive.cpp — libzip behind ZipReader and ZipWriter (see zip_archive.h).
#include "shell/python/zip_archive.h"

#include <zip.h>

#include <sys/stat.h>

#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

PyError bad_zip(const std::string& path, const std::string& why) {
  return PyError("BadZipFile", "File " + quoted(path) + " is not a valid zip archive: " + why);
}

// The DOS epoch (1980-01-01), the timestamp NumPy's and PyTorch's writers give every member:
// archives written twice from the same data are the same bytes.
constexpr time_t kDosEpoch = 315532800;

}  // namespace

ZipReader::ZipReader(const std::string& path) : path_(path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw PyError("FileNotFoundError", "[Errno 2] No such file or directory: " + quoted(path));
  int code = 0;
  archive_ = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
  if (!archive_) {
    zip_error_t err;
    zip_error_init_with_code(&err, code);
    const std::string why = zip_error_strerror(&err);
    zip_error_fini(&err);
    throw bad_zip(path, why);
  }
  const zip_int64_t n = zip_get_num_entries(archive_, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* name = zip_get_name(archive_, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
    if (!name) {
      zip_discard(archive_);
      throw bad_zip(path, "an entry has no name");
    }
    names_.emplace_back(name);
  }
}

ZipReader::~ZipReader() {
  if (archive_) zip_discard(archive_);
}

bool ZipReader::has(const std::string& name) const { return zip_name_locate(archive_, name.c_str(), 0) >= 0; }

std::string ZipReader::read(const std::string& name) const {
  const zip_int64_t index = zip_name_locate(archive_, name.c_str(), 0);
  if (index < 0) throw PyError("KeyError", quoted(name) + " is not a file in the archive");
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(archive_, static_cast<zip_uint64_t>(index), 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
    throw bad_zip(path_, "cannot read the size of " + quoted(name));
  zip_file_t* f = zip_fopen_index(archive_, static_cast<zip_uint64_t>(index), 0);
  if (!f) throw bad_zip(path_, std::string(zip_strerror(archive_)) + " in " + quoted(name));
  // Grow as bytes arrive: the declared size is only believed once the data bears it out.
  std::string out;
  char chunk[1 << 16];
  for (;;) {
    const zip_int64_t got = zip_fread(f, chunk, sizeof chunk);
    if (got < 0) {
      const std::string why = zip_file_strerror(f);
      zip_fclose(f);
      throw bad_zip(path_, why + " in " + quoted(name));
    }
    if (got == 0) break;
    if (out.size() + static_cast<size_t>(got) > st.size) {
      zip_fclose(f);
      throw bad_zip(path_, quoted(name) + " holds more than its declared size");
    }
    out.append(chunk, static_cast<size_t>(got));
  }
  zip_fclose(f);
  if (out.size() != st.size) throw bad_zip(path_, quoted(name) + " is shorter than its declared size");
  return out;
}

ZipWriter::ZipWriter(const std::string& path) : path_(path), file_(std::make_unique<FileReplacement>(path)) {
  int code = 0;
  archive_ = zip_open(file_->temp_path().c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
  if (!archive_) {
    zip_error_t err;
    zip_error_init_with_code(&err, code);
    const std::string why = zip_error_strerror(&err);
    zip_error_fini(&err);
    throw PyError("OSError", "cannot write " + quoted(path) + ": " + why);
  }
}

ZipWriter::~ZipWriter() {
  if (archive_) zip_discard(archive_);
}

void ZipWriter::add(const std::string& name, std::string bytes, bool deflate, uint64_t align) {
  buffers_.push_back(std::move(bytes));
  const std::string& data = buffers_.back();
  zip_source_t* src = zip_source_buffer(archive_, data.data(), data.size(), 0);
  if (!src) throw PyError("OSError", "cannot write " + quoted(path_) + ": " + zip_strerror(archive_));
  const zip_int64_t index = zip_file_add(archive_, name.c_str(), src, ZIP_FL_ENC_UTF_8);
  if (index < 0) {
    zip_source_free(src);
    throw PyError("OSError", "cannot write " + quoted(path_) + ": " + zip_strerror(archive_));
  }
  const zip_uint64_t i = static_cast<zip_uint64_t>(index);
  if (zip_set_file_compression(archive_, i, deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0) != 0 ||
      zip_file_set_mtime(archive_, i, kDosEpoch, 0) != 0)
    throw PyError("OSError", "cannot write " + quoted(path_) + ": " + zip_strerror(archive_));
  all_stored_ = all_stored_ && !deflate;
  // A local header is 30 bytes, the name, and the extra fields; a padding field adds 4 + pad.
  uint64_t header = 30 + name.size();
  if (align > 0 && all_stored_) {
    const uint64_t bare = offset_ + header + 4;
    const uint64_t pad = (align - bare % align) % align;
    const std::string fill(pad, 'Z');
    if (zip_file_extra_field_set(archive_, i, 0x4246 /* "FB" */, ZIP_EXTRA_FIELD_NEW,
                                 reinterpret_cast<const zip_uint8_t*>(fill.data()), static_cast<zip_uint16_t>(pad),
                                 ZIP_FL_LOCAL) != 0)
      throw PyError("OSError", "cannot write " + quoted(path_) + ": " + zip_strerror(archive_));
    header += 4 + pad;
  }
  offset_ += header + data.size();
}

void ZipWriter::close() {
  if (buffers_.empty()) {  // libzip writes no file for an empty archive; a zip reader expects the end record alone
    zip_discard(archive_);
    archive_ = nullptr;
    file_.reset();
    write_whole_file(path_, std::string("PK\x05\x06", 4) + std::string(18, '\0'));
    return;
  }
  if (zip_close(archive_) != 0) {
    // libzip's own error names a file system error by its errno: Python's OSError then.
    zip_error_t* err = zip_get_error(archive_);
    const int sys = zip_error_code_system(err);
    const bool is_errno = zip_error_system_type(err) == ZIP_ET_SYS;
    const std::string why = zip_strerror(archive_);
    zip_discard(archive_);
    archive_ = nullptr;
    if (is_errno && sys != 0) os_error(sys);
    throw PyError("OSError", "cannot write " + quoted(path_) + ": " + why);
  }
  archive_ = nullptr;
  file_->commit();
}

}  // namespace tsh::shell
