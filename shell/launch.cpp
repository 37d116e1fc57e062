// shell/launch.cpp — the local launcher: fork/exec of this executable once per rank.
#include "shell/launch.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <filesystem>
#include <map>

namespace tsh::shell {

namespace {

// A port free right now on this host (the rendezvous store's, unless MASTER_PORT says).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 29500;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  int port = 29500;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

// Copies what a rank wrote on `fd` to `out`, each line prefixed; returns false at end of file.
struct Prefixer {
  std::string prefix, pending;
  FILE* out;
  bool pump(int fd) {
    char buf[4096];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) {
      if (!pending.empty()) std::fprintf(out, "%s%s\n", prefix.c_str(), pending.c_str());
      pending.clear();
      std::fflush(out);
      return false;
    }
    pending.append(buf, static_cast<size_t>(n));
    size_t at;
    while ((at = pending.find('\n')) != std::string::npos) {
      std::fprintf(out, "%s%s\n", prefix.c_str(), pending.substr(0, at).c_str());
      pending.erase(0, at + 1);
    }
    std::fflush(out);
    return true;
  }
};

}  // namespace

int launch_ranks(const LaunchOptions& opts, const std::vector<std::string>& args) {
  const int n = opts.nproc;
  const char* addr_env = std::getenv("MASTER_ADDR");
  const char* port_env = std::getenv("MASTER_PORT");
  const std::string addr = addr_env && *addr_env ? addr_env : "127.0.0.1";
  const std::string port = port_env && *port_env ? port_env : std::to_string(free_port());
  if (!opts.log_dir.empty()) {  // made as torchrun makes its --log-dir
    std::error_code ec;
    std::filesystem::create_directories(opts.log_dir, ec);
    if (ec) {
      std::fprintf(stderr, "tsh: --log-dir %s: %s\n", opts.log_dir.c_str(), ec.message().c_str());
      return 1;
    }
  }
  std::fflush(stdout);
  std::fflush(stderr);
  std::map<pid_t, int> ranks;
  std::vector<pid_t> pids;
  std::vector<int> out_fds(static_cast<size_t>(n), -1), err_fds(static_cast<size_t>(n), -1);
  for (int rank = 0; rank < n; ++rank) {
    int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    if (opts.rank_prefix && (::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0)) {
      std::perror("tsh: pipe");
      return 1;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
      std::perror("tsh: fork");
      return 1;
    }
    if (pid == 0) {
      ::setenv("RANK", std::to_string(rank).c_str(), 1);
      ::setenv("LOCAL_RANK", std::to_string(rank).c_str(), 1);
      ::setenv("GROUP_RANK", "0", 1);
      ::setenv("WORLD_SIZE", std::to_string(n).c_str(), 1);
      ::setenv("LOCAL_WORLD_SIZE", std::to_string(n).c_str(), 1);
      ::setenv("MASTER_ADDR", addr.c_str(), 1);
      ::setenv("MASTER_PORT", port.c_str(), 1);
      if (opts.rank_prefix) {
        ::dup2(out_pipe[1], 1);
        ::dup2(err_pipe[1], 2);
        for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
      }
      if (!opts.log_dir.empty()) {
        const std::string path = opts.log_dir + "/rank" + std::to_string(rank) + ".txt";
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) {
          std::perror(("tsh: " + path).c_str());
          ::_exit(1);
        }
        ::dup2(fd, 1);
        ::close(fd);
      }
      std::vector<char*> argv;
      std::string self = "/proc/self/exe";
      argv.push_back(const_cast<char*>("tsh"));
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(self.c_str(), argv.data());
      std::perror("tsh: exec");
      ::_exit(127);
    }
    ranks[pid] = rank;
    pids.push_back(pid);
    if (opts.rank_prefix) {
      ::close(out_pipe[1]);
      ::close(err_pipe[1]);
      out_fds[rank] = out_pipe[0];
      err_fds[rank] = err_pipe[0];
    }
  }
  if (opts.rank_prefix) {  // forward every rank's lines until all have closed their output
    std::vector<Prefixer> outs, errs;
    for (int r = 0; r < n; ++r) {
      outs.push_back({"[rank" + std::to_string(r) + "]: ", "", stdout});
      errs.push_back({"[rank" + std::to_string(r) + "]: ", "", stderr});
    }
    while (true) {
      std::vector<pollfd> fds;
      std::vector<std::pair<int, bool>> who;
      for (int r = 0; r < n; ++r) {
        if (out_fds[r] >= 0) fds.push_back({out_fds[r], POLLIN, 0}), who.push_back({r, true});
        if (err_fds[r] >= 0) fds.push_back({err_fds[r], POLLIN, 0}), who.push_back({r, false});
      }
      if (fds.empty()) break;
      if (::poll(fds.data(), fds.size(), -1) < 0) {
        if (errno == EINTR) continue;
        break;
      }
      for (size_t i = 0; i < fds.size(); ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        auto [r, is_out] = who[i];
        int& fd = is_out ? out_fds[r] : err_fds[r];
        if (!(is_out ? outs[r] : errs[r]).pump(fd)) {
          ::close(fd);
          fd = -1;
        }
      }
    }
  }
  int first_failure = 0, left = n;
  while (left > 0) {
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (!ranks.count(pid)) continue;
    --left;
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code != 0 && first_failure == 0) {
      first_failure = code;
      std::fprintf(stderr, "tsh: rank %d exited with status %d; stopping the other ranks\n", ranks[pid], code);
      for (pid_t other : pids)
        if (other != pid) ::kill(other, SIGTERM);
    }
  }
  return first_failure;
}

}  // namespace tsh::shell
