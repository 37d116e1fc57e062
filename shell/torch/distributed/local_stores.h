// shell/torch/distributed/local_stores.h — the stores that need no server: HashStore (keys in
// this process), FileStore (keys in a file that the ranks of one machine, or of a shared file
// system, open together: file:// rendezvous) and PrefixStore (another store's keys under a prefix).
//
// FileStore's file is tsh's own format, not c10d's: an append-only log of records, each a key and
// a value as a uint64 length and its bytes (a length of 2^64-1 and no bytes: the key was deleted),
// read and appended under flock(2). The last FileStore of the world_size that opened a file
// removes it, so that a later run starts from no keys, as c10d's FileStore does.
#pragma once

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "shell/torch/distributed/store.h"

namespace tsh::dist {

class HashStore : public Store {
 public:
  explicit HashStore(std::chrono::milliseconds timeout) : Store(timeout) {}
  void set(const std::string& key, const Bytes& value) override;
  Bytes get(const std::string& key) override;
  int64_t add(const std::string& key, int64_t delta) override;
  bool check(const std::vector<std::string>& keys) override;
  void wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) override;
  int64_t num_keys() override;
  bool delete_key(const std::string& key) override;
  Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) override;

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, Bytes> data_;
};

class FileStore : public Store {
 public:
  // world_size < 0: unknown (the file is then never removed by tsh).
  FileStore(std::string path, int world_size, std::chrono::milliseconds timeout);
  ~FileStore() override;
  void set(const std::string& key, const Bytes& value) override;
  Bytes get(const std::string& key) override;
  int64_t add(const std::string& key, int64_t delta) override;
  bool check(const std::vector<std::string>& keys) override;
  void wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) override;
  int64_t num_keys() override;
  bool delete_key(const std::string& key) override;
  Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) override;
  const std::string& path() const { return path_; }

 private:
  // Runs f on the keys as the file holds them now, under the file's lock (exclusive: f may append).
  template <typename F> auto locked(bool exclusive, F&& f);
  void read_new(int fd);                                     // the records appended since the last read
  void append(int fd, const std::string& key, const Bytes* value);  // nullptr: a deletion
  std::string path_;
  int world_size_;
  off_t read_to_ = 0;
  std::map<std::string, Bytes> cache_;  // the keys as of read_to_
  std::mutex mutex_;
};

class PrefixStore : public Store {
 public:
  PrefixStore(std::string prefix, std::shared_ptr<Store> inner)
      : Store(inner->timeout()), prefix_(std::move(prefix) + "/"), inner_(std::move(inner)) {}
  void set(const std::string& key, const Bytes& value) override { inner_->set(prefix_ + key, value); }
  Bytes get(const std::string& key) override { return inner_->get(prefix_ + key); }
  int64_t add(const std::string& key, int64_t delta) override { return inner_->add(prefix_ + key, delta); }
  bool check(const std::vector<std::string>& keys) override { return inner_->check(prefixed(keys)); }
  void wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) override {
    inner_->wait(prefixed(keys), timeout);
  }
  int64_t num_keys() override { return inner_->num_keys(); }
  bool delete_key(const std::string& key) override { return inner_->delete_key(prefix_ + key); }
  Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) override {
    return inner_->compare_set(prefix_ + key, expected, desired);
  }
  const std::shared_ptr<Store>& inner() const { return inner_; }

 private:
  std::vector<std::string> prefixed(const std::vector<std::string>& keys) const {
    std::vector<std::string> out;
    for (const auto& k : keys) out.push_back(prefix_ + k);
    return out;
  }
  std::string prefix_;
  std::shared_ptr<Store> inner_;
};

// add()'s arithmetic on a value holding a counter's decimal text (an absent key counts as 0).
int64_t add_to_counter(Bytes& value, int64_t delta);

}  // namespace tsh::dist
