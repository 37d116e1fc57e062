// shell/torch/layout.cpp — torch.strided and its class torch.layout.
#include "shell/torch/layout.h"

#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

struct LayoutObj : InstanceObj {
  std::string class_name() const override { return "torch.layout"; }
  std::string module_name() const override { return "torch"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'torch.layout' object has no attribute '" + name + "'");
  }
  std::string repr_of(const Value&) const override { return "torch.strided"; }
};

}  // namespace

Value layout_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "torch.layout";
    t->ctor = [](Interpreter&, Args&, Kwargs&) -> Value { throw TypeError("cannot create 'torch.layout' instances"); };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

Value strided_layout() {
  static const Value strided = [] {
    auto o = std::make_shared<LayoutObj>();
    o->type = layout_type();
    return Value::object(Kind::Instance, o);
  }();
  return strided;
}

bool is_layout(const Value& v) { return v.is(Kind::Instance) && v.as<InstanceObj>()->class_name() == "torch.layout"; }

}  // namespace tsh::shell
