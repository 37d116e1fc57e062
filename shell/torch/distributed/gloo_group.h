// shell/torch/distributed/gloo_group.h — a process group on Gloo (Debian's libgloo): the ranks
// meet through a store (store.h: a TCPStore, FileStore, ...), connect a full mesh of TCP pairs, and run Gloo's collectives.
// Each collective takes the group's next tag, as PyTorch's ProcessGroupGloo does.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "shell/torch/distributed/process_group.h"
#include "shell/torch/distributed/store.h"

namespace gloo {
class Context;
}

namespace tsh::dist {

class GlooGroup : public Backend {
 public:
  // Joins the group `prefix` of `size` ranks as `rank` through store (every rank calls this).
  GlooGroup(std::shared_ptr<Store> store, const std::string& prefix, int rank, int size,
            std::chrono::milliseconds timeout);
  ~GlooGroup() override;

  const char* name() const override { return "gloo"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void all_reduce(const Tensor& t, ReduceOp op) override;
  void broadcast(const Tensor& t, int root) override;
  void reduce(const Tensor& t, int root, ReduceOp op) override;
  void all_gather(const Tensor& out, const Tensor& in) override;
  void gather(const Tensor& out, const Tensor& in, int root) override;
  void scatter(const Tensor& out, const Tensor& in, int root) override;
  void all_to_all(const Tensor& out, const Tensor& in) override;
  void barrier() override;
  std::unique_ptr<Pending> post(const Tensor& t, int peer, int tag, bool send) override;

 private:
  uint32_t next_tag() { return tag_++; }
  void wait_until_all_connected(const std::string& prefix);
  int rank_, size_;
  std::chrono::milliseconds timeout_;
  uint32_t tag_ = 0;
  std::shared_ptr<Store> store_;
  std::shared_ptr<gloo::Context> context_;
};

}  // namespace tsh::dist
