// shell/torch/distributed/store.cpp — the TCPStore protocol over POSIX sockets.
#include "shell/torch/distributed/store.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace tsh::dist {

namespace {

// c10d's query types and replies (TCPStoreBackend.hpp), and its client's handshake number.
enum Query : uint8_t {
  kValidate, kSet, kCompareSet, kGet, kAdd, kCheck, kWait, kGetNumKeys, kDeleteKey, kAppend, kMultiGet, kMultiSet,
  kCancelWait, kPing
};
enum : uint8_t { kReady = 0, kNotReady = 1 };
enum : uint8_t { kStopWaiting = 0, kWaitCanceled = 1 };
constexpr uint32_t kMagic = 0x3C85F7CE;

struct Closed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads exactly n bytes; deadline_ms < 0: no deadline. Throws Closed when the peer went away and
// StoreTimeout past the deadline.
void read_exact(int fd, void* out, size_t n, int deadline_ms = -1) {
  auto* p = static_cast<uint8_t*>(out);
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(deadline_ms);
  while (n > 0) {
    if (deadline_ms >= 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      pollfd pfd{fd, POLLIN, 0};
      const int r = ::poll(&pfd, 1, static_cast<int>(std::max<int64_t>(0, left.count())));
      if (r == 0) throw StoreTimeout("timed out");
      if (r < 0 && errno == EINTR) continue;
    }
    const ssize_t got = ::recv(fd, p, n, 0);
    if (got == 0) throw Closed("the store's connection closed");
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Closed(std::string("the store's connection failed: ") + std::strerror(errno));
    }
    p += got;
    n -= static_cast<size_t>(got);
  }
}

void write_all(int fd, const void* data, size_t n) {
  const auto* p = static_cast<const uint8_t*>(data);
  while (n > 0) {
    const ssize_t put = ::send(fd, p, n, MSG_NOSIGNAL);
    if (put < 0) {
      if (errno == EINTR) continue;
      throw Closed(std::string("the store's connection failed: ") + std::strerror(errno));
    }
    p += put;
    n -= static_cast<size_t>(put);
  }
}

// A message being built: the query byte, then its fields; sent whole.
struct Message {
  std::vector<uint8_t> bytes;
  explicit Message(uint8_t query) { bytes.push_back(query); }
  template <typename T> Message& value(T v) {
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    bytes.insert(bytes.end(), p, p + sizeof v);
    return *this;
  }
  Message& blob(const void* data, size_t n) {
    value<uint64_t>(n);
    const auto* p = static_cast<const uint8_t*>(data);
    bytes.insert(bytes.end(), p, p + n);
    return *this;
  }
  Message& str(const std::string& s) { return blob(s.data(), s.size()); }
  void send(int fd) const { write_all(fd, bytes.data(), bytes.size()); }
};

template <typename T> T read_value(int fd, int deadline_ms = -1) {
  T v{};
  read_exact(fd, &v, sizeof v, deadline_ms);
  return v;
}

Bytes read_blob(int fd, int deadline_ms = -1) {
  const uint64_t n = read_value<uint64_t>(fd, deadline_ms);
  if (n > (uint64_t{1} << 34)) throw Closed("the store sent a value too large to be one");
  Bytes b(n);
  if (n) read_exact(fd, b.data(), n, deadline_ms);
  return b;
}

std::string read_string(int fd) {
  const Bytes b = read_blob(fd);
  return std::string(b.begin(), b.end());
}

void no_delay(int fd) {
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

}  // namespace

// ---------------------------------------------------------------- the server

TcpStoreServer::TcpStoreServer(uint16_t port) {
  listen_fd_ = ::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
  bool v6 = listen_fd_ >= 0;
  if (!v6) listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  int one = 1, zero = 0;
  ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  int r;
  if (v6) {
    ::setsockopt(listen_fd_, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);  // IPv4 clients too
    sockaddr_in6 a{};
    a.sin6_family = AF_INET6;
    a.sin6_addr = in6addr_any;
    a.sin6_port = htons(port);
    r = ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
  } else {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    a.sin_port = htons(port);
    r = ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
  }
  if (r != 0 || ::listen(listen_fd_, 128) != 0) {
    const int err = errno;
    ::close(listen_fd_);
    throw std::runtime_error("The server socket has failed to listen on any local network address. port: " +
                             std::to_string(port) + ", useIpv6: " + (v6 ? "1" : "0") + ", code: -" +
                             std::to_string(err) + ", name: " + std::strerror(err));
  }
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &len);
  port_ = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                            : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

TcpStoreServer::~TcpStoreServer() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    for (int fd : client_fds_) ::shutdown(fd, SHUT_RDWR);
  }
  changed_.notify_all();
  ::shutdown(listen_fd_, SHUT_RDWR);
  ::close(listen_fd_);
  if (acceptor_.joinable()) acceptor_.join();
  for (std::thread& t : clients_)
    if (t.joinable()) t.join();
  for (int fd : client_fds_) ::close(fd);
}

void TcpStoreServer::accept_loop() {
  while (true) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR) continue;
      return;  // the listening socket was shut down
    }
    no_delay(fd);
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) {
      ::close(fd);
      return;
    }
    client_fds_.push_back(fd);
    clients_.emplace_back([this, fd] { serve(fd); });
  }
}

void TcpStoreServer::serve(int fd) {
  try {
    // c10d's clients validate first; anything else is not one of them.
    if (read_value<uint8_t>(fd) != kValidate || read_value<uint32_t>(fd) != kMagic) return;
    while (true) {
      const uint8_t query = read_value<uint8_t>(fd);
      std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
      auto store_value = [&](std::string key, Bytes value) {
        lock.lock();
        data_[std::move(key)] = std::move(value);
        lock.unlock();
      };
      auto reply_blob = [&](const Bytes& b) {
        const uint64_t n = b.size();
        std::vector<uint8_t> out(sizeof n + b.size());
        std::memcpy(out.data(), &n, sizeof n);
        if (!b.empty()) std::memcpy(out.data() + sizeof n, b.data(), b.size());
        write_all(fd, out.data(), out.size());
      };
      switch (query) {
        case kValidate: read_value<uint32_t>(fd); break;
        case kSet: {
          std::string key = read_string(fd);
          store_value(std::move(key), read_blob(fd));
          changed_.notify_all();
          break;
        }
        case kCompareSet: {
          std::string key = read_string(fd);
          Bytes expected = read_blob(fd), desired = read_blob(fd);
          lock.lock();
          auto it = data_.find(key);
          Bytes result;
          if (it == data_.end()) {
            if (expected.empty()) data_[key] = result = desired;
            else result = expected;
          } else if (it->second == expected) {
            it->second = result = desired;
          } else {
            result = it->second;
          }
          lock.unlock();
          changed_.notify_all();
          reply_blob(result);
          break;
        }
        case kGet: {
          std::string key = read_string(fd);
          lock.lock();
          auto it = data_.find(key);
          Bytes value = it == data_.end() ? Bytes{} : it->second;
          lock.unlock();
          reply_blob(value);
          break;
        }
        case kAdd: {
          std::string key = read_string(fd);
          const int64_t delta = read_value<int64_t>(fd);
          lock.lock();
          auto& slot = data_[key];
          const int64_t now = (slot.empty() ? 0 : std::stoll(std::string(slot.begin(), slot.end()))) + delta;
          const std::string text = std::to_string(now);
          slot.assign(text.begin(), text.end());
          lock.unlock();
          changed_.notify_all();
          write_all(fd, &now, sizeof now);
          break;
        }
        case kCheck:
        case kWait: {
          const uint64_t count = read_value<uint64_t>(fd);
          std::vector<std::string> keys(count);
          for (auto& k : keys) k = read_string(fd);
          lock.lock();
          auto all_there = [&] {
            for (const auto& k : keys)
              if (!data_.count(k)) return false;
            return true;
          };
          if (query == kCheck) {
            const uint8_t r = all_there() ? kReady : kNotReady;
            lock.unlock();
            write_all(fd, &r, 1);
          } else {
            changed_.wait(lock, [&] { return stopping_ || all_there(); });
            if (stopping_) return;
            lock.unlock();
            const uint8_t r = kStopWaiting;
            write_all(fd, &r, 1);
          }
          break;
        }
        case kGetNumKeys: {
          lock.lock();
          const int64_t n = static_cast<int64_t>(data_.size());
          lock.unlock();
          write_all(fd, &n, sizeof n);
          break;
        }
        case kDeleteKey: {
          std::string key = read_string(fd);
          lock.lock();
          const int64_t n = static_cast<int64_t>(data_.erase(key));
          lock.unlock();
          write_all(fd, &n, sizeof n);
          break;
        }
        case kAppend: {
          std::string key = read_string(fd);
          Bytes value = read_blob(fd);
          lock.lock();
          auto& slot = data_[key];
          slot.insert(slot.end(), value.begin(), value.end());
          lock.unlock();
          changed_.notify_all();
          break;
        }
        case kMultiGet: {
          const uint64_t count = read_value<uint64_t>(fd);
          std::vector<Bytes> values;
          for (uint64_t i = 0; i < count; ++i) {
            std::string key = read_string(fd);
            lock.lock();
            auto it = data_.find(key);
            values.push_back(it == data_.end() ? Bytes{} : it->second);
            lock.unlock();
          }
          for (const Bytes& v : values) reply_blob(v);
          break;
        }
        case kMultiSet: {
          const uint64_t count = read_value<uint64_t>(fd);
          for (uint64_t i = 0; i < count; ++i) {
            std::string key = read_string(fd);
            store_value(std::move(key), read_blob(fd));
          }
          changed_.notify_all();
          break;
        }
        case kCancelWait: {
          const uint8_t r = kWaitCanceled;
          write_all(fd, &r, 1);
          break;
        }
        case kPing: {
          const uint32_t nonce = read_value<uint32_t>(fd);
          write_all(fd, &nonce, sizeof nonce);
          break;
        }
        default: return;  // not a query c10d has: drop the client, as c10d's server does
      }
    }
  } catch (const std::exception&) {
    // the client went away (or the server is stopping)
  }
}

// ---------------------------------------------------------------- the client

// c10d's client puts every key under "/" on the wire (and names them so in its messages): a tsh
// rank and a PyTorch rank that share a store see the same keys.
const std::string kKeyPrefix = "/";

std::string wait_timeout_message(std::chrono::milliseconds timeout, const std::vector<std::string>& keys) {
  std::string joined;
  for (size_t i = 0; i < keys.size(); ++i) joined += (i ? ", " : "") + keys[i];
  return "wait timeout after " + std::to_string(timeout.count()) + "ms, keys: " + joined;
}

TcpStoreClient::TcpStoreClient(const std::string& host, uint16_t port, std::chrono::milliseconds timeout)
    : Store(timeout), host_(host), port_(port) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  while (true) {
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) == 0) {
      for (addrinfo* a = found; a; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
          fd_ = fd;
          break;
        }
        ::close(fd);
      }
      ::freeaddrinfo(found);
    }
    if (fd_ >= 0) break;
    if (std::chrono::steady_clock::now() >= until)
      throw StoreTimeout("The client socket has timed out after " + std::to_string(timeout.count()) +
                         "ms while trying to connect to (" + host + ", " + std::to_string(port) + ").");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the server may not be up yet
  }
  no_delay(fd_);
  Message(kValidate).value<uint32_t>(kMagic).send(fd_);
}

TcpStoreClient::~TcpStoreClient() {
  if (fd_ >= 0) ::close(fd_);
}

void TcpStoreClient::set(const std::string& key, const Bytes& value) {
  std::lock_guard<std::mutex> lock(mutex_);
  Message(kSet).str(kKeyPrefix + key).blob(value.data(), value.size()).send(fd_);
}

Bytes TcpStoreClient::get(const std::string& key) {
  wait({key}, timeout_);
  std::lock_guard<std::mutex> lock(mutex_);
  Message(kGet).str(kKeyPrefix + key).send(fd_);
  return read_blob(fd_);
}

int64_t TcpStoreClient::add(const std::string& key, int64_t delta) {
  std::lock_guard<std::mutex> lock(mutex_);
  Message(kAdd).str(kKeyPrefix + key).value<int64_t>(delta).send(fd_);
  return read_value<int64_t>(fd_);
}

bool TcpStoreClient::check(const std::vector<std::string>& keys) {
  std::lock_guard<std::mutex> lock(mutex_);
  Message m(kCheck);
  m.value<uint64_t>(keys.size());
  for (const auto& k : keys) m.str(kKeyPrefix + k);
  m.send(fd_);
  return read_value<uint8_t>(fd_) == kReady;
}

void TcpStoreClient::wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) {
  std::lock_guard<std::mutex> lock(mutex_);
  Message m(kWait);
  m.value<uint64_t>(keys.size());
  std::vector<std::string> sent;
  for (const auto& k : keys) m.str(sent.emplace_back(kKeyPrefix + k));
  m.send(fd_);
  try {
    read_value<uint8_t>(fd_, static_cast<int>(timeout.count()));
  } catch (const StoreTimeout&) {
    // Cancel on the server; its answer (and a late STOP_WAITING) is drained by a fresh connection.
    ::close(fd_);
    fd_ = -1;
    TcpStoreClient fresh(host_, port_, timeout_);
    std::swap(fd_, fresh.fd_);
    throw StoreTimeout(wait_timeout_message(timeout, sent));
  }
}

int64_t TcpStoreClient::num_keys() {
  std::lock_guard<std::mutex> lock(mutex_);
  Message(kGetNumKeys).send(fd_);
  return read_value<int64_t>(fd_);
}

bool TcpStoreClient::delete_key(const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  Message(kDeleteKey).str(kKeyPrefix + key).send(fd_);
  return read_value<int64_t>(fd_) > 0;
}

Bytes TcpStoreClient::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  std::lock_guard<std::mutex> lock(mutex_);
  Message(kCompareSet).str(kKeyPrefix + key).blob(expected.data(), expected.size()).blob(desired.data(), desired.size()).send(fd_);
  return read_blob(fd_);
}

}  // namespace tsh::dist
