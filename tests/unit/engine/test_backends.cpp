// tests/unit/engine/test_backends.cpp — kernel slots, dtype coverage, the memory interface, the meta device.
//
// A second backend is simulated here: host memory registered as the CUDA
// device type, with the CPU's copy and fill kernels in its slots. Whatever
// works across it (to(), copy_, printing, item()) works through the memory
// interface alone, as a real CUDA backend will.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/generator.h"
#include "engine/core/memory.h"
#include "engine/cpu/backend.h"
#include "engine/cpu/copy.h"
#include "engine/format/tensor_repr.h"
#include "engine/kernels/copy.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/matmul.h"
#include "engine/ops/random.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"
#include "tests/support/stand_in_memory.h"

using namespace tsh;

namespace {

template <typename F> std::string message_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return std::string(e.kind()) + ": " + e.what();
  }
  return "no error";
}

const Device kMeta = Device::parse("meta");

// Registers the fake backend for the test's lifetime in place of the CUDA
// one (when this build has it), then puts back what was there.
struct FakeBackend {
  testing::StandInMemory memory;
  Allocator* saved_allocator = nullptr;
  kernels::CopyFn saved_copy = nullptr;
  kernels::FillFn saved_fill = nullptr;
  kernels::BinaryFn saved_binary = nullptr;
  FakeBackend() {
    start_backends();
    if (backend_started(DeviceType::CUDA)) saved_allocator = allocator_for(Device::parse("cuda"));
    saved_copy = kernels::copy.held(DeviceType::CUDA);
    saved_fill = kernels::fill.held(DeviceType::CUDA);
    saved_binary = kernels::binary.held(DeviceType::CUDA);
    register_allocator(DeviceType::CUDA, &memory);
    kernels::copy.set(DeviceType::CUDA, cpu::copy_kernel);
    kernels::fill.set(DeviceType::CUDA, cpu::fill_kernel);
    kernels::binary.set(DeviceType::CUDA, nullptr);  // an op without a kernel on this backend
  }
  ~FakeBackend() {
    register_allocator(DeviceType::CUDA, saved_allocator);
    kernels::copy.set(DeviceType::CUDA, saved_copy);
    kernels::fill.set(DeviceType::CUDA, saved_fill);
    kernels::binary.set(DeviceType::CUDA, saved_binary);
  }
};

}  // namespace

TEST_CASE("kernel slots: meta runs void kernels as no-ops, refuses value kernels, CUDA needs a build",
          "[backends]") {
  using TruthFn = bool (*)(const Tensor&);
  using FillFn = void (*)(const Tensor&, const Scalar&);
  kernels::Kernel<TruthFn> truth("aten::is_nonzero");
  kernels::Kernel<FillFn> fill("aten::fill_");
  CHECK_FALSE(truth.has(DeviceType::CPU));
  // A void kernel has a meta form without any backend filling it.
  const Tensor m = empty({2}, DType::Float32, kMeta);
  fill.get(kMeta)(m, Scalar(1.0));
  CHECK(message_of([&] { truth.get(kMeta); }).rfind(
            "NotImplementedError: aten::is_nonzero: attempted to run this operator with Meta tensors", 0) == 0);
  // An empty CUDA slot: PyTorch's message when this build has no CUDA backend, the backend's when it has one.
  CHECK(message_of([&] { truth.get(Device::parse("cuda")); }) ==
        (backend_started(DeviceType::CUDA)
             ? "NotImplementedError: Could not run 'aten::is_nonzero' with arguments from the 'CUDA' backend."
             : "RuntimeError: Torch not compiled with CUDA enabled"));
  CHECK(message_of([&] { truth.get(Device{}); }) ==
        "NotImplementedError: Could not run 'aten::is_nonzero' with arguments from the 'CPU' backend.");
}

TEST_CASE("dtype coverage comes from the backend that runs the kernel", "[backends]") {
  const kernels::Check check("test/coverage");
  kernels::cover(DeviceType::CPU, "test/coverage", "test_kernel_cpu", kFloat);
  check.require(Device{}, DType::Float16);
  CHECK(message_of([&] { check.require(Device{}, DType::Int32); }) ==
        "NotImplementedError: \"test_kernel_cpu\" not implemented for 'Int'");
  check.require(kMeta, DType::Int32);  // meta registered no limit, as in PyTorch
  // The CPU's real tables: add takes every dtype, div only floats and complex.
  kernels::check_of(BinaryOp::Add).require(Device{}, DType::Bool);
  CHECK(message_of([&] { kernels::check_of(UnaryOp::Exp).require(Device{}, DType::Int64); }) ==
        "NotImplementedError: \"exp_vml_cpu\" not implemented for 'Long'");
}

TEST_CASE("meta tensors: geometry without bytes, PyTorch's refusals where values are needed", "[backends][meta]") {
  const Tensor m = empty({100000, 100000}, DType::Float32, kMeta);
  CHECK(m.storage()->nbytes == 40000000000);
  CHECK(m.storage()->data == nullptr);
  const Tensor p = matmul(m, tsh::t(m));
  CHECK(p.device().is_meta());
  CHECK(p.sizes() == Shape{100000, 100000});
  const Tensor s = sum(tsh::t(m), OptDims{std::vector<int64_t>{0}}, true);
  CHECK(s.sizes() == Shape{1, 100000});
  CHECK(contiguous(tsh::t(m)).strides() == Shape{100000, 1});
  CHECK(format::tensor_repr(m) == "tensor(..., device='meta', size=(100000, 100000))");
  CHECK(format::tensor_repr(empty({3}, DType::Int64, kMeta)) == "tensor(..., device='meta', size=(3,), dtype=torch.int64)");
  CHECK(message_of([&] { item(sum(m)); }) == "RuntimeError: Tensor.item() cannot be called on meta tensors");
  CHECK(message_of([&] { to(m, std::nullopt, Device{}); }) ==
        "NotImplementedError: Cannot copy out of meta tensor; no data!");
  // Writing into meta is allowed and does nothing; reading out of it is not.
  const Tensor small = empty({2}, DType::Float32, kMeta);
  copy_(small, ones({2}, DType::Float32));
  CHECK(message_of([&] { copy_(ones({2}, DType::Float32), small); }) ==
        "NotImplementedError: Cannot copy out of meta tensor; no data!");
  // Random ops draw nothing from the generator.
  Generator& g = default_generator();
  const std::vector<uint8_t> before = g.state();
  uniform_(small, 0, 1);
  CHECK(g.state() == before);
  CHECK(message_of([&] { make_generator(kMeta); }) == "RuntimeError: META device type not an accelerator.");
}

TEST_CASE("a second backend needs only memory and kernels: bytes move through the memory interface",
          "[backends]") {
  FakeBackend fake;
  const Device dev = Device::parse("cuda:0");
  const Tensor host = arange(Scalar(int64_t{0}), Scalar(int64_t{6}), Scalar(int64_t{1}), DType::Float32);
  const Tensor on_dev = to(view(host, {2, 3}), std::nullopt, dev);
  CHECK(on_dev.device() == dev);
  CHECK(fake.memory.from_host == 24);
  // "cuda" is the current device: a tensor already there comes back as it is, and a new one lands there.
  CHECK(to(on_dev, std::nullopt, Device::parse("cuda")).storage() == on_dev.storage());
  CHECK(to(host, std::nullopt, Device::parse("cuda")).device() == dev);
  // Transposed and converted on the device, then brought back: the values survive.
  const Tensor back = to(to(tsh::t(on_dev), DType::Float64, dev), std::nullopt, Device{});
  CHECK(back.device().is_cpu());
  CHECK(host_values<double>(contiguous(back)) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK(item(select(select(on_dev, 0, 1), 0, 2)).to_double() == 5.0);
  // Printing copies only what it shows.
  const int64_t before = fake.memory.to_host;
  CHECK(format::tensor_repr(on_dev) == "tensor([[0., 1., 2.],\n        [3., 4., 5.]], device='cuda:0')");
  CHECK(fake.memory.to_host - before == 24);
  // Ops without a kernel on this backend say so.
  CHECK(message_of([&] { add(on_dev, on_dev, Scalar(int64_t{1})); }) ==
        "NotImplementedError: Could not run 'aten::add' with arguments from the 'CUDA' backend.");
  // Mixing devices is PyTorch's error.
  CHECK(message_of([&] { add(on_dev, view(host, {2, 3}), Scalar(int64_t{1})); }) ==
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!");
}
