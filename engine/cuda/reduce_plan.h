// engine/cuda/reduce_plan.h — the shape of every GPU reduction, shared by reduce.cu and reduce_stats.cu.
//
// The op layer hands two tensors of the input's shape: the input and the
// output seen with stride 0 along the reduced dims. Here they split into the
// kept dims (one output element each) and the reduced block. A long block is
// reduced by `lanes` threads per output, lane c taking elements c, c + lanes,
// c + 2·lanes, ... so that neighbouring threads read neighbouring elements;
// the lanes' partial results are then combined in lane order by one thread
// per output. The lane count depends only on the block's length, so the
// result is deterministic, the same on every run and launch; a merge that
// cares about positions (argmax's first maximum) compares the indices it carries.
#pragma once

#include "engine/cuda/launch.h"

namespace tsh::cuda::TSH_KERNELS_NS {

constexpr int64_t kChunk = 4096;  // elements one thread reduces before its partial is stored

struct Plan {
  Indexer<2> kept;     // offsets of output and input for output element o (row-major over kept dims)
  Indexer<1> reduced;  // input offset of element k of a block (row-major over reduced dims)
  int64_t n_out = 1, n_red = 1;
};

inline Plan plan_of(const Tensor& out, const Tensor& in) {
  std::vector<int64_t> ksz, rsz;
  std::vector<std::vector<int64_t>> kst(2), rst(1);
  for (int64_t d = 0; d < in.dim(); ++d) {
    const int64_t size = in.sizes()[d];
    if (size == 1) continue;
    if (out.strides()[d] == 0) {
      rsz.push_back(size);
      rst[0].push_back(in.strides()[d]);
    } else {
      ksz.push_back(size);
      kst[0].push_back(out.strides()[d]);
      kst[1].push_back(in.strides()[d]);
    }
  }
  Plan p;
  p.kept = indexer_from<2>(ksz, kst);
  p.reduced = indexer_from<1>(rsz, rst);
  for (int64_t s : ksz) p.n_out *= s;
  for (int64_t s : rsz) p.n_red *= s;
  return p;
}

// Reduces `in` into `out`: acc = step(acc, value, k) over each block in order,
// partial accumulators combined with merge(earlier, later), write(offset, acc).
template <typename In, typename Acc, typename Step, typename Merge, typename Write>
void reduce(const Tensor& out, const Tensor& in, Acc init, Step step, Merge merge, Write write) {
  const Plan p = plan_of(out, in);
  const In* src = reinterpret_cast<const In*>(in.data_ptr());
  const int64_t chunks = (p.n_red + kChunk - 1) / kChunk;  // the lanes: about kChunk elements each
  const int64_t n_out = p.n_out, n_red = p.n_red;
  if (chunks <= 1 || n_out >= 65536) {
    for_each_index(n_out, [=] TSH_HOST_DEVICE(int64_t o) {
      int64_t off[2];
      p.kept.offsets(o, off);
      Acc acc = init;
      for (int64_t k = 0; k < n_red; ++k) {
        int64_t r[1];
        p.reduced.offsets(k, r);
        acc = step(acc, src[off[1] + r[0]], k);
      }
      write(off[0], acc);
    });
    return;
  }
  Tensor scratch = empty({n_out * chunks * static_cast<int64_t>(sizeof(Acc))}, DType::UInt8, in.device());
  Acc* part = reinterpret_cast<Acc*>(scratch.data_ptr());
  for_each_index(n_out * chunks, [=] TSH_HOST_DEVICE(int64_t t) {
    const int64_t o = t / chunks, c = t % chunks;
    int64_t off[2];
    p.kept.offsets(o, off);
    Acc acc = init;
    for (int64_t k = c; k < n_red; k += chunks) {
      int64_t r[1];
      p.reduced.offsets(k, r);
      acc = step(acc, src[off[1] + r[0]], k);
    }
    part[t] = acc;
  });
  for_each_index(n_out, [=] TSH_HOST_DEVICE(int64_t o) {
    int64_t off[2];
    p.kept.offsets(o, off);
    Acc acc = part[o * chunks];
    for (int64_t c = 1; c < chunks; ++c) acc = merge(acc, part[o * chunks + c]);
    write(off[0], acc);
  });
}


}  // namespace tsh::cuda::TSH_KERNELS_NS
