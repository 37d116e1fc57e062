// shell/torch/distributed/local_stores.cpp — HashStore, FileStore (local_stores.h).
#include "shell/torch/distributed/local_stores.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace tsh::dist {

namespace {

// Keys tsh keeps in a FileStore for itself (who has it open), which num_keys does not count.
const std::string kOpenKey = "\x01tsh/open", kJoinedKey = "\x01tsh/joined";
bool hidden(const std::string& key) { return !key.empty() && key[0] == '\x01'; }

Bytes text_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

Bytes swapped(std::map<std::string, Bytes>& data, const std::string& key, const Bytes& expected, const Bytes& desired,
              bool* changed) {
  auto it = data.find(key);
  *changed = false;
  if (it == data.end()) {
    if (!expected.empty()) return expected;
    data[key] = desired;
    *changed = true;
    return desired;
  }
  if (it->second == expected) {
    it->second = desired;
    *changed = true;
  }
  return it->second;
}

constexpr uint64_t kDeleted = ~uint64_t{0};

}  // namespace

int64_t add_to_counter(Bytes& value, int64_t delta) {
  int64_t n = 0;
  if (!value.empty()) {
    const std::string text(value.begin(), value.end());
    try {
      size_t used = 0;
      n = std::stoll(text, &used);
      if (used != text.size()) throw std::invalid_argument(text);
    } catch (const std::exception&) {
      throw std::runtime_error("add: the key holds a value that is not a number: " + text);
    }
  }
  n += delta;
  value = text_bytes(std::to_string(n));
  return n;
}

// ---------------------------------------------------------------- HashStore

void HashStore::set(const std::string& key, const Bytes& value) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    data_[key] = value;
  }
  changed_.notify_all();
}

Bytes HashStore::get(const std::string& key) {
  wait({key}, timeout_);
  std::lock_guard<std::mutex> lock(mutex_);
  return data_.at(key);
}

int64_t HashStore::add(const std::string& key, int64_t delta) {
  int64_t n;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    n = add_to_counter(data_[key], delta);
  }
  changed_.notify_all();
  return n;
}

bool HashStore::check(const std::vector<std::string>& keys) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& k : keys)
    if (!data_.count(k)) return false;
  return true;
}

void HashStore::wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  const auto all_there = [&] {
    for (const auto& k : keys)
      if (!data_.count(k)) return false;
    return true;
  };
  if (!changed_.wait_for(lock, timeout, all_there)) throw StoreTimeout("Wait timeout");  // c10d's HashStore's words
}

int64_t HashStore::num_keys() {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int64_t>(data_.size());
}

bool HashStore::delete_key(const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  return data_.erase(key) > 0;
}

Bytes HashStore::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  bool changed;
  Bytes out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    out = swapped(data_, key, expected, desired, &changed);
  }
  if (changed) changed_.notify_all();
  return out;
}

// ---------------------------------------------------------------- FileStore

template <typename F> auto FileStore::locked(bool exclusive, F&& f) {
  std::lock_guard<std::mutex> guard(mutex_);
  const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("FileStore: cannot open " + path_ + ": " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }  // closing also releases the lock
  } closer{fd};
  while (::flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0)
    if (errno != EINTR) throw std::runtime_error("FileStore: cannot lock " + path_ + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && st.st_size < read_to_) {  // a new file under the same name: start over
    read_to_ = 0;
    cache_.clear();
  }
  read_new(fd);
  return f(fd);
}

void FileStore::read_new(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw std::runtime_error("FileStore: cannot read " + path_ + ": " + std::strerror(errno));
  if (st.st_size <= read_to_) return;
  std::string buf(static_cast<size_t>(st.st_size - read_to_), '\0');
  size_t got = 0;
  while (got < buf.size()) {
    const ssize_t n = ::pread(fd, buf.data() + got, buf.size() - got, read_to_ + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("FileStore: cannot read " + path_);
    got += static_cast<size_t>(n);
  }
  size_t at = 0;
  const auto length = [&](uint64_t& n) {
    if (buf.size() - at < sizeof n) return false;
    std::memcpy(&n, buf.data() + at, sizeof n);
    at += sizeof n;
    return true;
  };
  while (at < buf.size()) {
    const size_t start = at;
    uint64_t klen = 0, vlen = 0;
    if (!length(klen) || buf.size() - at < klen) break;
    std::string key = buf.substr(at, klen);
    at += klen;
    if (!length(vlen)) { at = start; break; }
    if (vlen == kDeleted) {
      cache_.erase(key);
      continue;
    }
    if (buf.size() - at < vlen) { at = start; break; }
    cache_[key] = Bytes(buf.begin() + static_cast<std::ptrdiff_t>(at), buf.begin() + static_cast<std::ptrdiff_t>(at + vlen));
    at += vlen;
  }
  read_to_ += static_cast<off_t>(at);
}

void FileStore::append(int fd, const std::string& key, const Bytes* value) {
  std::string record;
  const auto put = [&](uint64_t n) { record.append(reinterpret_cast<const char*>(&n), sizeof n); };
  put(key.size());
  record += key;
  put(value ? value->size() : kDeleted);
  if (value) record.append(value->begin(), value->end());
  const off_t end = ::lseek(fd, 0, SEEK_END);
  size_t done = 0;
  while (done < record.size()) {
    const ssize_t n = ::pwrite(fd, record.data() + done, record.size() - done, end + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("FileStore: cannot write " + path_ + ": " + std::strerror(errno));
    done += static_cast<size_t>(n);
  }
  read_new(fd);  // our own record, into the cache
}

FileStore::FileStore(std::string path, int world_size, std::chrono::milliseconds timeout)
    : Store(timeout), path_(std::move(path)), world_size_(world_size) {
  locked(true, [&](int fd) {
    for (const std::string& k : {kOpenKey, kJoinedKey}) {
      Bytes v = cache_.count(k) ? cache_[k] : Bytes{};
      add_to_counter(v, 1);
      append(fd, k, &v);
    }
    return 0;
  });
}

FileStore::~FileStore() {
  try {
    locked(true, [&](int fd) {
      Bytes open = cache_.count(kOpenKey) ? cache_[kOpenKey] : Bytes{};
      const int64_t left = add_to_counter(open, -1);
      append(fd, kOpenKey, &open);
      Bytes joined = cache_.count(kJoinedKey) ? cache_[kJoinedKey] : Bytes{};
      const int64_t all = add_to_counter(joined, 0);
      // The last of the world closes it: the keys go with the file.
      if (left <= 0 && world_size_ > 0 && all >= world_size_) ::unlink(path_.c_str());
      return 0;
    });
  } catch (const std::exception&) {
    // a store that cannot be closed cleanly leaves its file behind
  }
}

void FileStore::set(const std::string& key, const Bytes& value) {
  locked(true, [&](int fd) {
    append(fd, key, &value);
    return 0;
  });
}

Bytes FileStore::get(const std::string& key) {
  wait({key}, timeout_);
  return locked(false, [&](int) { return cache_.at(key); });
}

int64_t FileStore::add(const std::string& key, int64_t delta) {
  return locked(true, [&](int fd) {
    Bytes v = cache_.count(key) ? cache_[key] : Bytes{};
    const int64_t n = add_to_counter(v, delta);
    append(fd, key, &v);
    return n;
  });
}

bool FileStore::check(const std::vector<std::string>& keys) {
  return locked(false, [&](int) {
    for (const auto& k : keys)
      if (!cache_.count(k)) return false;
    return true;
  });
}

void FileStore::wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (!check(keys)) {
    // c10d's FileStore says only this, and as a RuntimeError (not a DistStoreError)
    if (std::chrono::steady_clock::now() >= until) throw std::runtime_error("Wait timeout");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

int64_t FileStore::num_keys() {
  return locked(false, [&](int) {
    int64_t n = 0;
    for (const auto& [k, v] : cache_) n += !hidden(k);
    return n;
  });
}

bool FileStore::delete_key(const std::string& key) {
  return locked(true, [&](int fd) {
    if (!cache_.count(key)) return false;
    append(fd, key, nullptr);
    return true;
  });
}

Bytes FileStore::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  return locked(true, [&](int fd) {
    std::map<std::string, Bytes> copy = cache_;
    bool changed;
    Bytes out = swapped(copy, key, expected, desired, &changed);
    if (changed) append(fd, key, &desired);
    return out;
  });
}

}  // namespace tsh::dist
