// shell/torch/memory_format.cpp — the four torch.memory_format objects and their class.
#include "shell/torch/memory_format.h"

#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

struct MemoryFormatObj : InstanceObj {
  MemoryFormat format = MemoryFormat::Contiguous;
  std::string class_name() const override { return "torch.memory_format"; }
  std::string module_name() const override { return "torch"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'torch.memory_format' object has no attribute '" + name + "'");
  }
  std::string repr_of(const Value&) const override { return std::string("torch.") + memory_format_name(format); }
};

Value make(MemoryFormat f) {
  auto o = std::make_shared<MemoryFormatObj>();
  o->type = memory_format_type();
  o->format = f;
  return Value::object(Kind::Instance, o);
}

}  // namespace

Value memory_format_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "torch.memory_format";
    t->ctor = [](Interpreter&, Args&, Kwargs&) -> Value { throw TypeError("cannot create 'torch.memory_format' instances"); };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

Value memory_format_value(MemoryFormat f) {
  static const Value values[] = {make(MemoryFormat::Contiguous), make(MemoryFormat::ChannelsLast),
                                 make(MemoryFormat::ChannelsLast3d), make(MemoryFormat::Preserve)};
  return values[static_cast<int>(f)];
}

bool is_memory_format(const Value& v) {
  return v.is(Kind::Instance) && v.as<InstanceObj>()->class_name() == "torch.memory_format";
}

MemoryFormat as_memory_format(const Value& v) { return static_cast<const MemoryFormatObj*>(v.as<InstanceObj>())->format; }

std::optional<MemoryFormat> memory_format_arg(const Bound& a) {
  const size_t i = a.index_of("memory_format");
  if (i == Bound::npos || a.is_none(i)) return std::nullopt;
  return as_memory_format(a[i]);
}

}  // namespace tsh::shell
