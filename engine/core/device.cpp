// engine/core/device.cpp — device names as PyTorch spells them.
#include "engine/core/device.h"

#include <charconv>

#include "engine/core/error.h"

namespace tsh {

namespace {
Device g_default_device;  // the CPU
}  // namespace

Device default_device() { return g_default_device; }
void set_default_device(Device d) { g_default_device = d; }

namespace {
const char* type_str(DeviceType t) {
  switch (t) {
    case DeviceType::CPU: return "cpu";
    case DeviceType::CUDA: return "cuda";
    case DeviceType::Meta: return "meta";
  }
  return "?";
}
}  // namespace

const char* backend_name(DeviceType t) {
  switch (t) {
    case DeviceType::CPU: return "CPU";
    case DeviceType::CUDA: return "CUDA";
    case DeviceType::Meta: return "Meta";
  }
  return "?";
}

std::string Device::str() const {
  if (is_cpu()) return "cpu";
  return index < 0 ? type_str(type) : std::string(type_str(type)) + ":" + std::to_string(index);
}

std::string Device::repr() const {
  if (is_cpu()) return "device(type='cpu')";
  const std::string t = std::string("device(type='") + type_str(type) + "'";
  return index < 0 ? t + ")" : t + ", index=" + std::to_string(index) + ")";
}

std::string device_mismatch(Device expected, Device found) {
  if (expected.is_meta() || found.is_meta())
    return "Tensor on device " + found.str() + " is not on the expected device " + expected.str() + "!";
  return "Expected all tensors to be on the same device, but found at least two devices, " + expected.str() +
         " and " + found.str() + "!";
}

Device Device::parse(std::string_view s) {
  std::string_view type = s, idx;
  if (auto colon = s.find(':'); colon != std::string_view::npos) {
    type = s.substr(0, colon);
    idx = s.substr(colon + 1);
  }
  Device d;
  if (type == "cpu") {
    d.type = DeviceType::CPU;
  } else if (type == "cuda") {
    d.type = DeviceType::CUDA;
  } else if (type == "meta") {
    d.type = DeviceType::Meta;
  } else {
    throw RuntimeError(
        "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, "
        "xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device "
        "string: " + std::string(s));
  }
  if (!idx.empty() || s.find(':') != std::string_view::npos) {
    int v = -1;
    auto [p, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), v);
    if (ec != std::errc() || p != idx.data() + idx.size() || v < 0)
      throw RuntimeError("Invalid device string: '" + std::string(s) + "'");
    if (d.is_cpu() && v != 0)
      throw RuntimeError("CPU device index must be -1 or zero, got " + std::to_string(v));
    if (!d.is_cpu()) d.index = v;
  }
  return d;
}

}  // namespace tsh
