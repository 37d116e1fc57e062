// engine/core/device.h — where a storage lives: the CPU, one CUDA device, or nowhere (meta).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tsh {

// Meta tensors have sizes, strides and a dtype but no bytes: every op runs on
// them and computes only its output's geometry (PyTorch's meta device).
enum class DeviceType : uint8_t { CPU, CUDA, Meta };
inline constexpr size_t kDeviceTypes = 3;

struct Device {
  DeviceType type = DeviceType::CPU;
  int index = -1;  // -1 for the CPU and meta; a CUDA device always has an index >= 0 once resolved

  bool is_cpu() const { return type == DeviceType::CPU; }
  bool is_cuda() const { return type == DeviceType::CUDA; }
  bool is_meta() const { return type == DeviceType::Meta; }
  bool operator==(const Device&) const = default;

  std::string str() const;   // "cpu", "cuda:0", "meta"
  std::string repr() const;  // "device(type='cpu')", "device(type='cuda', index=0)"
  // Parses "cpu", "cuda", "cuda:1", "meta"; throws RuntimeError with PyTorch's message otherwise.
  static Device parse(std::string_view s);
};

// PyTorch's dispatch-key name of a device type ("CPU", "CUDA", "Meta"), as in its errors.
const char* backend_name(DeviceType type);
// engine/backends.cpp: starts every backend this build has (each registers
// its allocator and fills its kernel slots); idempotent, and run before the
// first allocator or kernel lookup.
void start_backends();

// PyTorch's error for an op given tensors on two devices: `expected` is the
// device of its first tensor. Meta tensors meet others in a check of its own.
std::string device_mismatch(Device expected, Device found);

// Where factory functions (zeros, rand, tensor, ...) put a tensor when no
// device is given: the CPU unless `tsh --device` chose another. As in
// PyTorch's set_default_device, choosing CUDA without a CUDA backend is not
// an error by itself; creating a tensor there is.
Device default_device();
void set_default_device(Device d);

}  // namespace tsh
