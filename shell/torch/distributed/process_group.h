// shell/torch/distributed/process_group.h — what a process group's backend does, whichever engine
// carries it: Gloo (gloo_group.h) over a TCPStore rendezvous, or Open MPI (mpi_group.h) under
// mpirun. Every rank must issue the same collectives in the same order. The Python half
// (distributed_c10d.py) checks arguments and stages tensors; a backend sees only contiguous CPU
// tensors of the dtypes PyTorch's Gloo carries (float64/32/16, bfloat16, int8/32/64, uint8, bool).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "engine/core/tensor.h"

namespace tsh::dist {

// torch.distributed.ReduceOp's members, in PyTorch's order.
enum class ReduceOp { Sum, Avg, Product, Min, Max, Band, Bor, Bxor, PremulSum };
const char* reduce_op_name(ReduceOp op);  // "SUM", ...

// A send or receive in flight; finish() waits for it (at most timeout; zero: the group's own) and
// gives the peer (the sender, for a receive from any rank). The tensor it reads or fills must live
// until then.
class Pending {
 public:
  virtual ~Pending() = default;
  virtual int finish(std::chrono::milliseconds timeout = std::chrono::milliseconds(0)) = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual const char* name() const = 0;  // "gloo", "mpi"
  virtual int rank() const = 0;
  virtual int size() const = 0;

  // In place: t is each rank's input and receives the result.
  virtual void all_reduce(const Tensor& t, ReduceOp op) = 0;
  virtual void broadcast(const Tensor& t, int root) = 0;
  // t receives the result on root; elsewhere what it holds afterwards is unspecified.
  virtual void reduce(const Tensor& t, int root, ReduceOp op) = 0;
  // out (size · numel of in) := every rank's in, in rank order.
  virtual void all_gather(const Tensor& out, const Tensor& in) = 0;
  // out on root (size · numel of in); unused elsewhere.
  virtual void gather(const Tensor& out, const Tensor& in, int root) = 0;
  // in on root holds size equal chunks; out receives this rank's.
  virtual void scatter(const Tensor& out, const Tensor& in, int root) = 0;
  // in and out hold size equal chunks: chunk j of in goes to rank j, chunk i of out comes from rank i.
  virtual void all_to_all(const Tensor& out, const Tensor& in) = 0;
  virtual void barrier() = 0;
  // A send to peer, or a receive from peer (peer < 0: from any rank), posted now.
  virtual std::unique_ptr<Pending> post(const Tensor& t, int peer, int tag, bool send) = 0;
};

}  // namespace tsh::dist
