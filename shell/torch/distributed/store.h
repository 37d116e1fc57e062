// shell/torch/distributed/store.h — torch.distributed's TCPStore: a key-value store that speaks
// PyTorch's own TCPStore protocol (c10d), so that tsh's ranks and PyTorch's launchers (torchrun's
// agent store) meet in it. The rendezvous every process group starts with goes through it.
//
// The wire format, as c10d's client and server use it: a one-byte query type, then its
// arguments; a key or a value is a uint64 length and its bytes, numbers are native-endian.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tsh::dist {

using Bytes = std::vector<uint8_t>;

// The server: a thread accepting clients, one thread per client. Keys live until it stops.
class TcpStoreServer {
 public:
  // port 0: any free port. Throws std::runtime_error when it cannot listen.
  explicit TcpStoreServer(uint16_t port);
  ~TcpStoreServer();
  TcpStoreServer(const TcpStoreServer&) = delete;
  TcpStoreServer& operator=(const TcpStoreServer&) = delete;
  uint16_t port() const { return port_; }

 private:
  void accept_loop();
  void serve(int fd);

  int listen_fd_ = -1;
  uint16_t port_ = 0;
  bool stopping_ = false;
  std::mutex mutex_;
  std::condition_variable changed_;  // a key was set
  std::map<std::string, Bytes> data_;
  std::vector<int> client_fds_;
  std::vector<std::thread> clients_;
  std::thread acceptor_;
};

// What a rendezvous needs of a key-value store, whichever holds the keys: the TCPStore (a server
// and its clients, below), a FileStore, a HashStore or a PrefixStore over another (local_stores.h).
// Values are bytes; add() keeps a counter as its decimal text, as c10d does.
class Store {
 public:
  explicit Store(std::chrono::milliseconds timeout) : timeout_(timeout) {}
  virtual ~Store() = default;
  virtual void set(const std::string& key, const Bytes& value) = 0;
  // Waits for the key first (up to the timeout), as c10d's get does.
  virtual Bytes get(const std::string& key) = 0;
  virtual int64_t add(const std::string& key, int64_t delta) = 0;
  virtual bool check(const std::vector<std::string>& keys) = 0;
  virtual void wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) = 0;
  virtual int64_t num_keys() = 0;
  virtual bool delete_key(const std::string& key) = 0;
  // desired is stored when the key holds expected (or is absent and expected is empty); the
  // key's value afterwards is returned (expected itself when the key is absent).
  virtual Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) = 0;

  std::chrono::milliseconds timeout() const { return timeout_; }
  void set_timeout(std::chrono::milliseconds t) { timeout_ = t; }

 protected:
  std::chrono::milliseconds timeout_;
};

// c10d's message for a wait that ran out of time.
std::string wait_timeout_message(std::chrono::milliseconds timeout, const std::vector<std::string>& keys);

// A client connection. Calls are serialised (one query in flight).
class TcpStoreClient : public Store {
 public:
  // Connects to host:port, retrying until timeout (the server may start later), then validates.
  TcpStoreClient(const std::string& host, uint16_t port, std::chrono::milliseconds timeout);
  ~TcpStoreClient();
  TcpStoreClient(const TcpStoreClient&) = delete;
  TcpStoreClient& operator=(const TcpStoreClient&) = delete;

  void set(const std::string& key, const Bytes& value) override;
  Bytes get(const std::string& key) override;
  int64_t add(const std::string& key, int64_t delta) override;
  bool check(const std::vector<std::string>& keys) override;
  void wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) override;
  int64_t num_keys() override;
  bool delete_key(const std::string& key) override;
  Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) override;

  const std::string& host() const { return host_; }
  uint16_t port() const { return port_; }

 private:
  std::string host_;
  uint16_t port_;
  int fd_ = -1;
  std::mutex mutex_;
};

// The error c10d raises when a wait runs out of time (torch.distributed.DistStoreError).
struct StoreTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tsh::dist
