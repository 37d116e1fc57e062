// shell/torch/cuda/device_context.cpp — torch.cuda.device(i) and torch.cuda.device_of(obj):
// contexts that make a device current for their block and restore the previous one.
//
// As PyTorch's (torch/cuda/__init__.py): the index is worked out when the
// object is made, the driver is touched only on entering with an index >= 0
// (a negative index or a CPU tensor's device_of changes nothing), and a
// None index (a GPU-less machine's "current device") fails on entry with
// "invalid argument to exchangeDevice".
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/context.h"
#include "shell/python/errors.h"
#include "shell/torch/cuda/module.h"

namespace tsh::shell {

namespace {

struct CudaDeviceContext : ContextObj {
  Value idx;         // what _get_device_index gave: None, an int or a bool
  int prev_idx = -1;
  Value attr(Interpreter& in, const Value& self, const std::string& name) override {
    if (name == "idx") return idx;
    if (name == "prev_idx") return Value::integer(prev_idx);
    return ContextObj::attr(in, self, name);
  }
  std::vector<std::string> attr_names() const override { return {"__enter__", "__exit__", "idx", "prev_idx"}; }
};

std::shared_ptr<ContextObj> device_context(const char* cls, Value idx) {
  auto cm = std::make_shared<CudaDeviceContext>();
  cm->cls = cls;
  cm->module = "torch.cuda";
  cm->idx = std::move(idx);
  CudaDeviceContext* self = cm.get();  // the callbacks live in the object: no cycle through a shared_ptr
  cm->enter = [self](Interpreter&) {
    self->prev_idx = exchange_device(self->idx);
    return Value();
  };
  cm->exit = [self](Interpreter&, bool) {
    self->idx = Value::integer(maybe_exchange_device(self->prev_idx));
    return false;
  };
  return cm;
}

}  // namespace

std::optional<Value> device_context_index(const Value& v) {
  if (!v.is(Kind::Instance)) return std::nullopt;
  if (auto* cm = dynamic_cast<CudaDeviceContext*>(v.as<InstanceObj>())) return cm->idx;
  return std::nullopt;
}

void install_cuda_device_contexts(std::map<std::string, Value>& cuda_attrs) {
  cuda_attrs["device"] = context_class("torch.cuda.device", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("device.__init__", a, kw, {"device"}, 1);
    return device_context("device", cuda_device_index(in, v[0], true));
  });
  cuda_attrs["device_of"] = context_class("torch.cuda.device_of", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("device_of.__init__", a, kw, {"obj"}, 1);
    // `obj.get_device() if obj.is_cuda else -1`, with Python's AttributeError for what has neither.
    Value idx = Value::integer(-1);
    if (truthy(in.get_attr(v[0], "is_cuda"))) {
      Args none;
      Kwargs nokw;
      idx = in.call(in.get_attr(v[0], "get_device"), none, nokw);
    }
    return device_context("device_of", cuda_device_index(in, idx, true));
  });
}

}  // namespace tsh::shell
