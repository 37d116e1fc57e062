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

// Each device type's name in device strings and its dispatch-key name in errors, in DeviceType order.
struct TypeNames {
  const char* str;
  const char* backend;
};
constexpr TypeNames kTypeNames[kDeviceTypes] = {{"cpu", "CPU"}, {"cuda", "CUDA"}, {"meta", "Meta"}};

const char* type_str(DeviceType t) { return kTypeNames[static_cast<size_t>(t)].str; }

}  // namespace

const char* backend_name(DeviceType t) { return kTypeNames[static_cast<size_t>(t)].backend; }

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
  size_t k = 0;
  while (k < kDeviceTypes && type != kTypeNames[k].str) ++k;
  if (k < kDeviceTypes) {
    d.type = static_cast<DeviceType>(k);
  } else {
    throw RuntimeError(
        "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, "
        "xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device "
        "string: " + std::string(type));  // the type alone, as PyTorch 2.x names it
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
