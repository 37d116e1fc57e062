// shell/torch/distributed/process_group.h — a process group on Gloo (Debian's libgloo): the ranks
// meet through a TCPStore (store.h), connect a full mesh of TCP pairs, and run Gloo's collectives
// on CPU tensors. Every rank must issue the same collectives in the same order: each takes the
// group's next tag, as PyTorch's ProcessGroupGloo does.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/tensor.h"
#include "shell/torch/distributed/store.h"

namespace gloo {
class Context;
namespace transport {
class UnboundBuffer;
}
}  // namespace gloo

namespace tsh::dist {

// torch.distributed.ReduceOp's members, in PyTorch's order.
enum class ReduceOp { Sum, Avg, Product, Min, Max, Band, Bor, Bxor, PremulSum };
const char* reduce_op_name(ReduceOp op);  // "SUM", ...

class GlooGroup {
 public:
  // Joins the group `prefix` of `size` ranks as `rank` through store (every rank calls this).
  GlooGroup(std::shared_ptr<TcpStoreClient> store, const std::string& prefix, int rank, int size,
            std::chrono::milliseconds timeout);
  ~GlooGroup();

  int rank() const { return rank_; }
  int size() const { return size_; }
  std::chrono::milliseconds timeout() const { return timeout_; }

  // The collectives, in place on contiguous CPU tensors of one of Gloo's dtypes (checked by the
  // caller): t is each rank's input and receives the result.
  void all_reduce(const Tensor& t, ReduceOp op);
  void broadcast(const Tensor& t, int root);
  void reduce(const Tensor& t, int root, ReduceOp op);
  // out (size · numel of in, contiguous) := every rank's in, in rank order.
  void all_gather(const Tensor& out, const Tensor& in);
  // out on root (size · numel of in); unused elsewhere.
  void gather(const Tensor& out, const Tensor& in, int root);
  // in on root holds size equal chunks; out receives this rank's.
  void scatter(const Tensor& out, const Tensor& in, int root);
  // in and out hold size equal chunks: chunk j of in goes to rank j, chunk i of out comes from rank i.
  void all_to_all(const Tensor& out, const Tensor& in);
  void barrier();
  // A send (or receive; peer < 0: from any rank) posted now, t living until it is finished by
  // finish(), which returns the peer (the sender, for a receive from any rank).
  std::unique_ptr<gloo::transport::UnboundBuffer> post(const Tensor& t, int peer, int tag, bool send);
  int finish(gloo::transport::UnboundBuffer& buffer, bool send, int peer);

 private:
  uint32_t next_tag() { return tag_++; }
  int rank_, size_;
  std::chrono::milliseconds timeout_;
  uint32_t tag_ = 0;
  std::shared_ptr<TcpStoreClient> store_;
  std::shared_ptr<gloo::Context> context_;
};

}  // namespace tsh::dist
