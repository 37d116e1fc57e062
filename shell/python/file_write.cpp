// shell/python/file_write.cpp — whole files written through symlinks, checked, and put in place whole.
#include "shell/python/file_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <vector>

#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

// `path` with its symlinks followed (to a file that may not exist yet), as open() follows them.
// A link that loops is ELOOP, Python's "Too many levels of symbolic links".
std::string follow_links(const std::string& path) {
  std::string p = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::vector<char> buf(static_cast<size_t>(st.st_size > 0 ? st.st_size : 4096) + 1);
    const ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size() - 1);
    if (n < 0) os_error(errno, path);
    const std::string link(buf.data(), static_cast<size_t>(n));
    if (link.empty() || link[0] == '/') {
      p = link;
    } else {
      const size_t slash = p.rfind('/');
      p = (slash == std::string::npos ? std::string() : p.substr(0, slash + 1)) + link;
    }
  }
  os_error(ELOOP, path);
}

std::string folder_of(const std::string& p) {
  const size_t slash = p.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : p.substr(0, slash);
}

std::string name_of(const std::string& p) {
  const size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// The permissions open() gives a new file: 0666 less the umask.
mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// Opens `file` for writing from its start, writes all of `bytes` and closes it: a failure to open
// names `shown` (Python's open), a failed write or close names no file (Python's write and close).
void write_file_at(const std::string& file, const std::string& shown, std::string_view bytes) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) os_error(errno, shown);
  if (!write_all(fd, bytes)) {
    const int e = errno;
    ::close(fd);
    os_error(e);
  }
  if (::close(fd) != 0 && errno != EINTR) os_error(errno);
}

}  // namespace

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

FileReplacement::FileReplacement(const std::string& path) : path_(path), target_(follow_links(path)) {
  struct stat st;
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) os_error(EISDIR, path);
  in_place_ = exists && !S_ISREG(st.st_mode);
  if (in_place_) {  // a device or a pipe: it must open for writing now, as Python's open would
    const int fd = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) os_error(errno, path);
    ::close(fd);
  }
  // Beside the target, so that the rename stays within one file system; a device's bytes wait in /tmp.
  auto make_temporary = [&](const std::string& folder) {
    temp_ = folder + "/." + name_of(target_) + ".tsh-XXXXXX";
    return ::mkstemp(temp_.data());
  };
  int fd = make_temporary(in_place_ ? std::filesystem::temp_directory_path().string() : folder_of(target_));
  const int refused = fd < 0 ? errno : 0;
  if (fd < 0 && exists && ::access(target_.c_str(), W_OK) == 0) {
    // A writable file in a folder that takes no new file (read-only, or /proc): written in place, as
    // Python's open() would.
    in_place_ = true;
    fd = make_temporary(std::filesystem::temp_directory_path().string());
  }
  if (fd < 0) {
    const int e = in_place_ && refused != 0 ? errno : refused;
    temp_.clear();
    os_error(e, path);
  }
  ::fchmod(fd, exists && !in_place_ ? (st.st_mode & 07777) : new_file_mode());
  ::close(fd);
}

FileReplacement::~FileReplacement() {
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void FileReplacement::commit() {
  if (!in_place_) {
    if (::rename(temp_.c_str(), target_.c_str()) != 0) os_error(errno, path_);
    committed_ = true;
    return;
  }
  std::string bytes;
  {
    const int in = ::open(temp_.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) os_error(errno, temp_);
    char buf[1 << 16];
    for (ssize_t n; (n = ::read(in, buf, sizeof buf)) != 0;) {
      if (n < 0) {
        if (errno == EINTR) continue;
        const int e = errno;
        ::close(in);
        os_error(e, temp_);
      }
      bytes.append(buf, static_cast<size_t>(n));
    }
    ::close(in);
  }
  write_file_at(target_, path_, bytes);
  // (not committed_: the temporary file, copied, is removed by the destructor)
}

void write_whole_file(const std::string& path, std::string_view bytes) {
  FileReplacement file(path);
  write_file_at(file.temp_path(), path, bytes);
  file.commit();
}

}  // namespace tsh::shell
