// engine/core/device.h — where a storage lives: the CPU or one CUDA device.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tsh {

enum class DeviceType : uint8_t { CPU, CUDA };

struct Device {
  DeviceType type = DeviceType::CPU;
  int index = -1;  // -1 for the CPU; a CUDA device always has an index >= 0 once resolved

  bool is_cpu() const { return type == DeviceType::CPU; }
  bool is_cuda() const { return type == DeviceType::CUDA; }
  bool operator==(const Device&) const = default;

  std::string str() const;   // "cpu", "cuda:0"
  std::string repr() const;  // "device(type='cpu')", "device(type='cuda', index=0)"
  // Parses "cpu", "cuda", "cuda:1"; throws RuntimeError with PyTorch's message otherwise.
  static Device parse(std::string_view s);
};

// Where factory functions (zeros, rand, tensor, ...) put a tensor when no
// device is given: the CPU unless `tsh --device` chose another. As in
// PyTorch's set_default_device, choosing CUDA without a CUDA backend is not
// an error by itself; creating a tensor there is.
Device default_device();
void set_default_device(Device d);

}  // namespace tsh
