// engine/kernels/kernel.h — one slot per device type for each kernel; backends fill the slots.
//
// The op layer (engine/ops) checks arguments, allocates outputs and then calls
// `kernels::binary.get(out.device())(...)`: it never names a backend. Each
// backend fills the slots of the kernels it has when it starts (engine/
// backends.cpp starts them all before the first kernel is looked up).
//
// The meta device has no bytes, so it needs no kernels: for a kernel that
// only writes its outputs (a void kernel) get() hands back a no-op, and the
// op's sizes, strides and dtypes come out as on any device. A kernel that
// returns something computed from values (any_nonzero, count_nonzero, ...)
// has no meta form: the op must decide what meta does before calling it, and
// get() raises PyTorch's message if it did not.
#pragma once

#include <array>
#include <string>
#include <type_traits>

#include "engine/core/device.h"
#include "engine/core/error.h"
#include "engine/core/storage.h"

namespace tsh::kernels {

// PyTorch's message for an operator that needs values and so has no meta form.
inline std::string meta_unsupported(const char* aten_name) {
  return std::string(aten_name) +
         ": attempted to run this operator with Meta tensors, but there was no fake impl or Meta kernel "
         "registered. You may have run into this message while using an operator with PT2 compilation APIs "
         "(torch.compile/torch.export); in order to use this operator with those APIs you'll need to add a "
         "fake impl. Please see the following for next steps:  "
         "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html";
}

template <typename Fn> struct NoOp;
template <typename... A> struct NoOp<void (*)(A...)> {
  static void run(A...) {}
};

template <typename Fn>
class Kernel {
 public:
  // name: the kernel's name in errors (PyTorch's aten operator where there is one).
  explicit constexpr Kernel(const char* name) : name_(name) {}

  void set(DeviceType type, Fn f) { slots_[static_cast<size_t>(type)] = f; }
  bool has(DeviceType type) const { return slot(type) != nullptr; }
  // What the slot holds (null when empty): tests swap a backend's kernels and put them back.
  Fn held(DeviceType type) const { return slot(type); }
  const char* name() const { return name_; }

  Fn get(Device d) const {
    if (Fn f = slot(d.type)) return f;
    if (d.is_meta()) {
      if constexpr (std::is_void_v<decltype(result_of(static_cast<Fn>(nullptr)))>) return &NoOp<Fn>::run;
      throw NotImplementedError(meta_unsupported(name_));
    }
    if (d.is_cuda() && !backend_started(DeviceType::CUDA)) throw RuntimeError("Torch not compiled with CUDA enabled");
    throw NotImplementedError(std::string("Could not run '") + name_ + "' with arguments from the '" +
                              backend_name(d.type) + "' backend.");
  }

 private:
  template <typename R, typename... A> static R result_of(R (*)(A...));

  Fn slot(DeviceType type) const {
    static const bool started = (start_backends(), true);
    (void)started;
    return slots_[static_cast<size_t>(type)];
  }

  const char* name_;
  std::array<Fn, kDeviceTypes> slots_{};
};

}  // namespace tsh::kernels
