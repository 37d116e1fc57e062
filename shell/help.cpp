// shell/help.cpp — help() and dir() from the op registry.
#include "shell/help.h"

#include <algorithm>

#include "shell/interp.h"
#include "shell/registry.h"
#include "shell/tensor_attrs.h"

namespace tsh::shell {

namespace {

std::string entry_help(const std::vector<const OpEntry*>& overloads, const std::string& prefix) {
  std::string out;
  for (const OpEntry* e : overloads) {
    out += prefix + e->sig.text + "\n";
  }
  if (!overloads.empty() && !overloads[0]->doc.empty()) out += "\n    " + overloads[0]->doc + "\n";
  return out;
}

}  // namespace

std::string help_text(Interpreter&, const Value& v) {
  const Registry& r = registry();
  if (v.is(Kind::Builtin)) {
    const std::string& name = v.as<BuiltinObj>()->name;
    if (auto* f = r.functions(name)) return "Help on built-in function " + name + " in module torch:\n\n" + entry_help(*f, "torch.");
    return "Help on built-in function " + name + ":\n\n" + name + "(...)\n";
  }
  if (v.is(Kind::Method)) {
    auto* m = v.as<MethodObj>();
    if (auto* f = r.methods(m->name)) return "Help on built-in method " + m->name + ":\n\n" + entry_help(*f, "Tensor.");
  }
  if (v.is(Kind::Function)) {
    auto* f = v.as<FunctionObj>();
    std::string params;
    for (size_t i = 0; i < f->params.size(); ++i) params += (i ? ", " : "") + f->params[i];
    return "Help on function " + f->name + ":\n\n" + f->name + "(" + params + ")\n";
  }
  if (v.is(Kind::Module)) {
    std::string out = "Help on module " + v.as<ModuleObj>()->name + ":\n\nFUNCTIONS\n";
    for (auto& n : r.function_names()) out += "    " + n + "\n";
    return out;
  }
  return "Help on " + type_name(v) + " object:\n\n" + repr(v) + "\n";
}

std::vector<std::string> attribute_names(Interpreter&, const Value& v) {
  std::vector<std::string> out;
  switch (v.kind()) {
    case Kind::Tensor:
      out = registry().method_names();
      for (auto& p : tensor_property_names()) out.push_back(p);
      break;
    case Kind::Module:
      for (auto& [n, _] : v.as<ModuleObj>()->attrs) out.push_back(n);
      if (v.as<ModuleObj>()->name == "torch")
        for (auto& n : registry().function_names()) out.push_back(n);
      break;
    case Kind::Str: out = {"endswith", "join", "lower", "replace", "split", "startswith", "strip", "upper"}; break;
    case Kind::List: out = {"append", "count", "extend", "index", "insert", "pop", "reverse"}; break;
    case Kind::Tuple: out = {"count", "index"}; break;
    case Kind::Size: out = {"count", "index", "numel"}; break;
    case Kind::DType: out = {"is_complex", "is_floating_point", "is_signed", "itemsize"}; break;
    case Kind::Device: out = {"index", "type"}; break;
    case Kind::Storage: out = {"data_ptr", "device", "dtype", "element_size", "nbytes", "size", "tolist"}; break;
    case Kind::NamedTuple: out = v.as<NamedTupleObj>()->fields; break;
    default: break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace tsh::shell
