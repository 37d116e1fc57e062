// shell/torch/cuda/streams.cpp — torch.cuda.Stream, torch.cuda.Event, the stream(s)
// context, set_stream, current_stream and default_stream (torch/cuda/streams.py).
//
// A Stream is a handle on a runtime stream of one device (0 is a device's
// default stream); the runtime keeps streams for the life of the process, as
// PyTorch's pool does. An Event is created in the runtime at its first
// record(), on the recording stream's device, as PyTorch does: before that
// query() is True, synchronize() and wait() do nothing, and it prints as
// <torch.cuda.Event uninitialized>.
#include <cstdio>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/context.h"
#include "shell/python/errors.h"
#include "shell/torch/cuda/module.h"

namespace tsh::shell {

namespace {

std::string hex(uintptr_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// Binds a Python method's arguments with Python's messages, which count self
// ("Event.query() takes 1 positional argument but 2 were given").
std::vector<Value> method_params(const std::string& qual, const Value& self, Args& a, Kwargs& kw,
                                 std::vector<std::string> names, size_t required) {
  Args with_self{self};
  with_self.insert(with_self.end(), a.begin(), a.end());
  names.insert(names.begin(), "self");
  std::vector<Value> v = bind_params(qual, with_self, kw, names, required + 1);
  v.erase(v.begin());
  return v;
}

Value call_method(Interpreter& in, const Value& obj, const std::string& name, Args args) {
  Kwargs none;
  return in.call(in.get_attr(obj, name), args, none);
}

Value stream_type();
Value event_type();

struct StreamObj : InstanceObj {
  int device = 0;
  StreamHandle handle = 0;

  std::string class_name() const override { return "Stream"; }
  std::string module_name() const override { return "torch.cuda.streams"; }
  std::vector<std::string> attr_names() const override {
    return {"cuda_stream", "device", "device_index", "device_type", "query", "record_event", "synchronize",
            "wait_event", "wait_stream"};
  }
  std::string repr_of(const Value&) const override {
    return "<torch.cuda.Stream device=cuda:" + std::to_string(device) + " cuda_stream=" + hex(handle) + ">";
  }
  // Stream.__eq__: the same runtime stream on the same device (current_stream() makes a new object each time).
  std::optional<bool> equals(const Value&, const Value& other) const override {
    if (!other.is(Kind::Instance)) return false;
    auto* o = dynamic_cast<StreamObj*>(other.as<InstanceObj>());
    return o && o->device == device && o->handle == handle;
  }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
};

struct EventObj : InstanceObj {
  bool enable_timing = false, blocking = false, interprocess = false;
  bool created = false;
  int device = -1;
  EventHandle handle = 0;

  ~EventObj() override {
    if (!created) return;
    try {
      gpu().destroy_event(device, handle);
    } catch (...) {
      // At exit the driver may already be gone: the event goes with it.
    }
  }
  std::string class_name() const override { return "Event"; }
  std::string module_name() const override { return "torch.cuda.streams"; }
  std::vector<std::string> attr_names() const override {
    return {"cuda_event", "device", "elapsed_time", "query", "record", "synchronize", "wait"};
  }
  std::string repr_of(const Value&) const override {
    return created ? "<torch.cuda.Event " + hex(handle) + ">" : "<torch.cuda.Event uninitialized>";
  }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
};

StreamObj* as_stream(const Value& v) {
  return v.is(Kind::Instance) ? dynamic_cast<StreamObj*>(v.as<InstanceObj>()) : nullptr;
}
EventObj* as_event(const Value& v) {
  return v.is(Kind::Instance) ? dynamic_cast<EventObj*>(v.as<InstanceObj>()) : nullptr;
}

Value stream_value(int device, StreamHandle handle) {
  auto s = std::make_shared<StreamObj>();
  s->device = device;
  s->handle = handle;
  s->type = stream_type();
  return Value::object(Kind::Instance, s);
}

// A device index for current_stream/default_stream (-1: the current device).
int stream_device(const Value& idx, const std::string& what) {
  int i = unpack_device_index(idx, what);
  if (i == -1) return gpu().current_device();
  if (i < 0 || i >= gpu().device_count())
    throw RuntimeError("Device index value " + std::to_string(i) + " is out of index range [0, " +
                       std::to_string(gpu().device_count()) + ")");
  return i;
}

Value current_stream(Interpreter& in, const Value& device) {
  gpu().lazy_init();
  const int d = stream_device(cuda_device_index(in, device, true), "getCurrentStream");
  return stream_value(d, gpu().current_stream(d));
}

// torch.cuda.set_stream(stream): makes the stream's device current too, as torch._C._cuda_setStream does.
void set_stream(Interpreter&, const Value& stream) {
  if (stream.is_none()) return;
  StreamObj* s = as_stream(stream);
  if (!s) throw AttributeError("'" + type_name(stream) + "' object has no attribute 'stream_id'");
  if (gpu().current_device() != s->device) gpu().set_device(s->device);
  gpu().set_current_stream(s->device, s->handle);
}

// An event's record(stream)/wait(stream) argument: the current stream when None.
StreamObj* stream_argument(Interpreter& in, Value& stream) {
  if (stream.is_none()) stream = current_stream(in, Value());
  StreamObj* s = as_stream(stream);
  if (!s) throw RuntimeError("expected stream to be a torch.Stream or torch.cuda.Stream object");
  return s;
}

Value event_record(Interpreter& in, const Value& self, Value stream) {
  auto* e = self.as<EventObj>();
  StreamObj* s = stream_argument(in, stream);
  if (!e->created) {
    if (e->interprocess)
      throw NotImplementedError("torch.cuda.Event(interprocess=True): tsh cannot share events between processes");
    e->handle = gpu().create_event(s->device, e->enable_timing, e->blocking);
    e->device = s->device;
    e->created = true;
  } else if (e->device != s->device) {
    throw RuntimeError("Event device index " + std::to_string(e->device) +
                       " does not match recording stream's device index " + std::to_string(s->device) + ".");
  }
  gpu().record_event(e->device, e->handle, s->handle);
  return Value();
}

Value event_wait(Interpreter& in, const Value& self, Value stream) {
  auto* e = self.as<EventObj>();
  StreamObj* s = stream_argument(in, stream);
  if (e->created) gpu().stream_wait_event(s->device, s->handle, e->handle);  // an unrecorded event: nothing to wait for
  return Value();
}

Value event_elapsed_time(const Value& self, const Value& end) {
  auto* e = self.as<EventObj>();
  EventObj* o = as_event(end);
  if (!o) throw RuntimeError("expected other to be a torch.cuda.Event object");
  if (!e->enable_timing || !o->enable_timing)
    throw ValueError("Both events must be created with argument 'enable_timing=True'.");
  if (!e->created || !o->created) throw ValueError("Both events must be recorded before calculating elapsed time.");
  return Value::floating(gpu().elapsed_ms(e->device, e->handle, o->handle));
}

Value new_event(Interpreter&, Args& a, Kwargs& kw) {
  Args with_cls{Value()};
  with_cls.insert(with_cls.end(), a.begin(), a.end());
  std::vector<Value> v = bind_params("Event.__new__", with_cls, kw,
                                     {"cls", "enable_timing", "blocking", "interprocess", "external"}, 1);
  auto e = std::make_shared<EventObj>();
  e->enable_timing = !v[1].is_none() && truthy(v[1]);
  e->blocking = !v[2].is_none() && truthy(v[2]);
  e->interprocess = !v[3].is_none() && truthy(v[3]);
  // external=True changes only what a CUDA graph capture records; tsh captures no graphs, so
  // (as PyTorch outside a capture) the event behaves the same either way.
  e->type = event_type();
  return Value::object(Kind::Instance, e);
}

// The device a new stream goes on: the current one. Before the driver has
// started this is PyTorch's c10::cuda::current_device(), whose failure is a
// torch.AcceleratorError rather than the lazy-initialisation message.
int device_for_new_stream() {
  try {
    return gpu().current_device();
  } catch (const tsh::Error& e) {
    if (!gpu().initialized()) throw_uninitialised_cuda_error(e);
    throw;
  }
}

Value new_stream(Interpreter& in, Args& a, Kwargs& kw) {
  if (a.size() > 2)
    throw TypeError("Stream.__new__() takes from 1 to 3 positional arguments but " + std::to_string(a.size() + 1) +
                    " were given");
  Value device = a.size() > 0 ? a[0] : Value();
  Value priority = a.size() > 1 ? a[1] : Value::integer(0);
  Kwargs extra;
  for (const auto& [k, v] : kw) {
    if (k == "device" || k == "priority") {
      if ((k == "device" && a.size() > 0) || (k == "priority" && a.size() > 1))
        throw TypeError("Stream.__new__() got multiple values for argument '" + k + "'");
      (k == "device" ? device : priority) = v;
    } else {
      extra.emplace_back(k, v);
    }
  }
  auto make = [&] {
    const int d = device_for_new_stream();
    for (const auto& [k, v] : extra) {
      if (k == "stream_id" || k == "device_index" || k == "device_type" || k == "stream_ptr")
        throw NotImplementedError("torch.cuda.Stream(" + k + "=...): tsh makes a stream from a device and a priority only");
      throw TypeError("'" + k + "' is an invalid keyword argument for this function");
    }
    if (!priority.is_intlike())
      throw TypeError("'" + type_name(priority) + "' object cannot be interpreted as an integer");
    const Int p = priority.as_int();
    return stream_value(d, gpu().create_stream(d, static_cast<int>(std::max<Int>(std::min<Int>(p, INT32_MAX), INT32_MIN))));
  };
  if (device.is_none()) return make();
  // `with torch.cuda.device(device): ...`
  const int prev = exchange_device(cuda_device_index(in, device, true));
  Value s;
  try {
    s = make();
  } catch (...) {
    maybe_exchange_device(prev);
    throw;
  }
  maybe_exchange_device(prev);
  return s;
}

Value class_value(const std::string& qualname, std::function<Value(Interpreter&, Args&, Kwargs&)> ctor) {
  auto t = std::make_shared<TypeObj>();
  t->name = qualname;
  t->ctor = std::move(ctor);
  return Value::object(Kind::Type, t);
}

Value stream_type() {
  static const Value t = class_value("torch.cuda.streams.Stream", new_stream);
  return t;
}

Value event_type() {
  static const Value t = class_value("torch.cuda.streams.Event", new_event);
  return t;
}

Value StreamObj::attr(Interpreter&, const Value& self, const std::string& name) {
  auto method = [&](const std::string& n, std::vector<std::string> params, size_t required,
                    std::function<Value(Interpreter&, std::vector<Value>&)> fn) {
    return make_builtin(n, "<bound method Stream." + n + ">",
                        [self, n, params, required, fn](Interpreter& in, Args& a, Kwargs& kw) {
                          std::vector<Value> v = method_params("Stream." + n, self, a, kw, params, required);
                          return fn(in, v);
                        });
  };
  if (name == "device") return Value::device(Device{DeviceType::CUDA, device});
  if (name == "device_index") return Value::integer(device);
  if (name == "device_type") return Value::integer(1);  // c10::DeviceType::CUDA
  if (name == "cuda_stream") return Value::integer(static_cast<Int>(handle));
  if (name == "query")
    return method(name, {}, 0, [this](Interpreter&, std::vector<Value>&) {
      return Value::boolean(gpu().stream_query(device, handle));
    });
  if (name == "synchronize")
    return method(name, {}, 0, [this](Interpreter&, std::vector<Value>&) {
      gpu().stream_synchronize(device, handle);
      return Value();
    });
  if (name == "wait_event")
    return method(name, {"event"}, 1, [self](Interpreter& in, std::vector<Value>& v) {
      call_method(in, v[0], "wait", {self});
      return Value();
    });
  if (name == "wait_stream")
    return method(name, {"stream"}, 1, [self](Interpreter& in, std::vector<Value>& v) {
      const Value event = call_method(in, v[0], "record_event", {});
      call_method(in, self, "wait_event", {event});
      return Value();
    });
  if (name == "record_event")
    return method(name, {"event"}, 0, [self](Interpreter& in, std::vector<Value>& v) {
      Value event = v[0];
      if (event.is_none()) {
        Args none;
        Kwargs nokw;
        event = new_event(in, none, nokw);
      }
      call_method(in, event, "record", {self});
      return event;
    });
  if (name == "priority" || name == "stream_id" || name == "priority_range")
    throw NotImplementedError("Stream." + name + ": tsh's runtime interface does not report it");
  throw AttributeError("'Stream' object has no attribute '" + name + "'");
}

Value EventObj::attr(Interpreter&, const Value& self, const std::string& name) {
  auto method = [&](const std::string& n, std::vector<std::string> params, size_t required,
                    std::function<Value(Interpreter&, std::vector<Value>&)> fn) {
    return make_builtin(n, "<bound method Event." + n + ">",
                        [self, n, params, required, fn](Interpreter& in, Args& a, Kwargs& kw) {
                          std::vector<Value> v = method_params("Event." + n, self, a, kw, params, required);
                          return fn(in, v);
                        });
  };
  if (name == "cuda_event") return Value::integer(static_cast<Int>(handle));
  if (name == "device") return created ? Value::device(Device{DeviceType::CUDA, device}) : Value();
  if (name == "record")
    return method(name, {"stream"}, 0, [self](Interpreter& in, std::vector<Value>& v) { return event_record(in, self, v[0]); });
  if (name == "wait")
    return method(name, {"stream"}, 0, [self](Interpreter& in, std::vector<Value>& v) { return event_wait(in, self, v[0]); });
  if (name == "query")
    return method(name, {}, 0, [this](Interpreter&, std::vector<Value>&) {
      return Value::boolean(!created || gpu().event_query(device, handle));
    });
  if (name == "synchronize")
    return method(name, {}, 0, [this](Interpreter&, std::vector<Value>&) {
      if (created) gpu().event_synchronize(device, handle);
      return Value();
    });
  if (name == "elapsed_time")
    return method(name, {"end_event"}, 1, [self](Interpreter&, std::vector<Value>& v) { return event_elapsed_time(self, v[0]); });
  if (name == "ipc_handle")
    throw NotImplementedError("Event.ipc_handle: tsh cannot share events between processes");
  throw AttributeError("'Event' object has no attribute '" + name + "'");
}

// torch.cuda.StreamContext: selects a stream (and its device) for the block.
struct StreamContext : ContextObj {
  Value stream;
  int idx = -1;
  Value src_prev, dst_prev;
  Value attr(Interpreter& in, const Value& self, const std::string& name) override {
    if (name == "stream") return stream;
    if (name == "idx") return Value::integer(idx);
    return ContextObj::attr(in, self, name);
  }
  std::vector<std::string> attr_names() const override { return {"__enter__", "__exit__", "idx", "stream"}; }
};

std::shared_ptr<ContextObj> stream_context(Interpreter& in, const Value& stream) {
  auto cm = std::make_shared<StreamContext>();
  cm->cls = "StreamContext";
  cm->module = "torch.cuda";
  cm->stream = stream;
  // `_get_device_index(None, True)`: the current device, or -1 without a GPU (then the context does nothing).
  const Value idx = cuda_device_index(in, Value(), true);
  cm->idx = idx.is_none() ? -1 : static_cast<int>(idx.as_int());
  StreamContext* self = cm.get();
  cm->enter = [self](Interpreter& in) {
    if (self->stream.is_none() || self->idx == -1) return Value();
    self->src_prev = current_stream(in, Value());
    const Value target_device = in.get_attr(self->stream, "device");
    if (!values_equal(in.get_attr(self->src_prev, "device"), target_device)) {
      // `with device(stream.device): dst_prev = current_stream(stream.device)`
      const int prev = exchange_device(cuda_device_index(in, target_device, true));
      try {
        self->dst_prev = current_stream(in, target_device);
      } catch (...) {
        maybe_exchange_device(prev);
        throw;
      }
      maybe_exchange_device(prev);
    }
    set_stream(in, self->stream);
    return Value();
  };
  cm->exit = [self](Interpreter& in, bool) {
    if (self->stream.is_none() || self->idx == -1) return false;
    if (!values_equal(in.get_attr(self->src_prev, "device"), in.get_attr(self->stream, "device")))
      set_stream(in, self->dst_prev);
    set_stream(in, self->src_prev);
    return false;
  };
  return cm;
}

}  // namespace

void install_cuda_streams(std::map<std::string, Value>& cuda_attrs) {
  cuda_attrs["Stream"] = stream_type();
  cuda_attrs["Event"] = event_type();
  Value context = context_class("torch.cuda.StreamContext", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("StreamContext.__init__", a, kw, {"stream"}, 1);
    return stream_context(in, v[0]);
  });
  cuda_attrs["StreamContext"] = context;
  def_function(cuda_attrs, "stream", [context](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("stream", a, kw, {"stream"}, 1);
    Args args{v[0]};
    Kwargs none;
    return in.call(context, args, none);
  });
  def_function(cuda_attrs, "set_stream", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("set_stream", a, kw, {"stream"}, 1);
    set_stream(in, v[0]);
    return Value();
  });
  def_function(cuda_attrs, "current_stream", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("current_stream", a, kw, {"device"}, 0);
    return current_stream(in, v[0]);
  });
  def_function(cuda_attrs, "default_stream", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("default_stream", a, kw, {"device"}, 0);
    gpu().lazy_init();
    const int d = stream_device(cuda_device_index(in, v[0], true), "getDefaultStream");
    return stream_value(d, 0);
  });
}

}  // namespace tsh::shell
