// engine/core/grad_mode.h — the switches of torch.no_grad / set_grad_enabled
// and torch.inference_mode, per thread as in PyTorch.
//
// tsh records no gradients yet; the switches exist so that a lesson's
// `with torch.no_grad():` block runs and torch.is_grad_enabled() reports as in
// PyTorch, and they are where autograd will look.
#pragma once

namespace tsh {

inline bool& grad_mode_flag() {
  thread_local bool enabled = true;
  return enabled;
}
inline bool& inference_mode_flag() {
  thread_local bool enabled = false;
  return enabled;
}

inline bool grad_enabled() { return grad_mode_flag(); }
inline void set_grad_enabled(bool on) { grad_mode_flag() = on; }
inline bool inference_mode_enabled() { return inference_mode_flag(); }
inline void set_inference_mode(bool on) { inference_mode_flag() = on; }

}  // namespace tsh
