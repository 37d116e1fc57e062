// engine/cuda/host_lapack.cpp — the factorizations cuSOLVER has no batched form of that PyTorch
// computes on the host too (geev needs MAGMA in PyTorch; the LDL, least-squares drivers and the
// eigen-solvers go the same way here): the operands are copied to the host in their layout, the
// CPU kernel runs, and what it wrote is copied back. Slow for big batches, exact like the CPU.
#include "engine/core/device.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"

namespace tsh::cuda {

namespace {

// A host tensor with t's sizes, strides and values (an empty placeholder stays empty).
Tensor to_host(const Tensor& t) {
  Tensor h = empty_strided(t.sizes(), t.strides(), t.dtype(), Device{});
  if (t.numel() > 0) copy_(h, t);
  return h;
}

void back(const Tensor& device, const Tensor& host) {
  if (device.numel() > 0) copy_(device, host);
}

void cholesky_on_host(const Tensor& a, const Tensor& infos, bool upper) {
  Tensor ha = to_host(a), hi = to_host(infos);
  kernels::cholesky.get(Device{})(ha, hi, upper);
  back(a, ha);
  back(infos, hi);
}

void eigh_on_host(const Tensor& a, const Tensor& w, const Tensor& infos, bool upper, bool compute_v) {
  Tensor ha = to_host(a), hw = to_host(w), hi = to_host(infos);
  kernels::eigh.get(Device{})(ha, hw, hi, upper, compute_v);
  back(a, ha);
  back(w, hw);
  back(infos, hi);
}

void eig_on_host(const Tensor& a, const Tensor& w, const Tensor& v, const Tensor& infos, bool compute_v) {
  Tensor ha = to_host(a), hw = to_host(w), hv = to_host(v), hi = to_host(infos);
  kernels::eig.get(Device{})(ha, hw, hv, hi, compute_v);
  back(w, hw);
  back(v, hv);
  back(infos, hi);
}

void lstsq_on_host(const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& s, int driver, double rcond,
                   const Tensor& infos) {
  Tensor ha = to_host(a), hb = to_host(b), hr = to_host(rank), hs = to_host(s), hi = to_host(infos);
  kernels::lstsq.get(Device{})(ha, hb, hr, hs, driver, rcond, hi);
  back(b, hb);
  back(rank, hr);
  back(s, hs);
  back(infos, hi);
}

void ldl_factor_on_host(const Tensor& a, const Tensor& pivots, const Tensor& infos, bool hermitian, bool upper) {
  Tensor ha = to_host(a), hp = to_host(pivots), hi = to_host(infos);
  kernels::ldl_factor.get(Device{})(ha, hp, hi, hermitian, upper);
  back(a, ha);
  back(pivots, hp);
  back(infos, hi);
}

void ldl_solve_on_host(const Tensor& ld, const Tensor& pivots, const Tensor& x, bool hermitian, bool upper) {
  Tensor hl = to_host(ld), hp = to_host(pivots), hx = to_host(x);
  kernels::ldl_solve.get(Device{})(hl, hp, hx, hermitian, upper);
  back(x, hx);
}

}  // namespace

void fill_host_lapack_slots() {
  kernels::cholesky.set(DeviceType::CUDA, cholesky_on_host);
  kernels::eigh.set(DeviceType::CUDA, eigh_on_host);
  kernels::eig.set(DeviceType::CUDA, eig_on_host);
  kernels::lstsq.set(DeviceType::CUDA, lstsq_on_host);
  kernels::ldl_factor.set(DeviceType::CUDA, ldl_factor_on_host);
  kernels::ldl_solve.set(DeviceType::CUDA, ldl_solve_on_host);
}

}  // namespace tsh::cuda
