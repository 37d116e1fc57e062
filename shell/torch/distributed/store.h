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

// A client connection. Calls are serialised (one query in flight).
class TcpStoreClient {
 public:
  // Connects to host:port, retrying until timeout (the server may start later), then validates.
  TcpStoreClient(const std::string& host, uint16_t port, std::chrono::milliseconds timeout);
  ~TcpStoreClient();
  TcpStoreClient(const TcpStoreClient&) = delete;
  TcpStoreClient& operator=(const TcpStoreClient&) = delete;

  void set(const std::string& key, const Bytes& value);
  // Waits for the key first (up to the timeout), as c10d's get does.
  Bytes get(const std::string& key);
  int64_t add(const std::string& key, int64_t delta);
  bool check(const std::vector<std::string>& keys);
  void wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout);
  int64_t num_keys();
  bool delete_key(const std::string& key);
  Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired);

  std::chrono::milliseconds timeout() const { return timeout_; }
  void set_timeout(std::chrono::milliseconds t) { timeout_ = t; }
  const std::string& host() const { return host_; }
  uint16_t port() const { return port_; }

 private:
  std::string host_;
  uint16_t port_;
  std::chrono::milliseconds timeout_;
  int fd_ = -1;
  std::mutex mutex_;
};

// The error c10d raises when a wait runs out of time (torch.distributed.DistStoreError).
struct StoreTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tsh::dist
