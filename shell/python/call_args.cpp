// shell/python/call_args.cpp — expanding `f(*iterable)` and `f(**mapping)`
// into a call's arguments (see call_args.h).
#include "shell/python/call_args.h"

#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"

namespace tsh::shell {

std::string call_name(const Value& callee) {
  switch (callee.kind()) {
    case Kind::Function: return "__main__." + callee.as<FunctionObj>()->name + "()";
    case Kind::Builtin: return callee.as<BuiltinObj>()->name + "()";
    case Kind::Method: return callee.as<MethodObj>()->name + "()";
    case Kind::Type: return callee.as<TypeObj>()->name + "()";
    default: return type_name(callee) + "()";
  }
}

void expand_kwargs(const std::string& callee, const Value& mapping, Kwargs& kwargs) {
  if (!mapping.is(Kind::Dict))
    throw TypeError(callee + " argument after ** must be a mapping, not " + type_name(mapping));
  for (const Value& item : dict_of(mapping).items()) {
    const Value& key = item.items()[0];
    if (!key.is(Kind::Str)) throw TypeError("keywords must be strings");
    for (const auto& [k, _] : kwargs)
      if (k == key.as_str())
        throw TypeError(callee + " got multiple values for keyword argument '" + k + "'");
    kwargs.emplace_back(key.as_str(), item.items()[1]);
  }
}

void expand_args(Interpreter& in, const std::string& callee, const Value& iterable, Args& args) {
  switch (iterable.kind()) {
    case Kind::Tuple: case Kind::List: case Kind::Size: case Kind::NamedTuple: case Kind::Range:
    case Kind::Str: case Kind::Tensor: case Kind::Dict: case Kind::DictView: case Kind::Iterator:
    case Kind::Set: case Kind::FrozenSet:
      break;
    default:
      throw TypeError(callee + " argument after * must be an iterable, not " + type_name(iterable));
  }
  for (Value& v : in.iterate(iterable)) args.push_back(std::move(v));
}

std::vector<Value> bind_params(const std::string& fname, Args& a, Kwargs& kw,
                               const std::vector<std::string>& names, size_t required) {
  if (a.size() > names.size()) {
    const std::string takes = required == names.size()
                                  ? std::to_string(names.size()) + " positional argument" + (names.size() == 1 ? "" : "s")
                                  : "from " + std::to_string(required) + " to " + std::to_string(names.size()) +
                                        " positional arguments";
    throw TypeError(fname + "() takes " + takes + " but " + std::to_string(a.size()) +
                    (a.size() == 1 ? " was" : " were") + " given");
  }
  std::vector<Value> out(names.size());
  std::vector<bool> set(names.size(), false);
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i], set[i] = true;
  for (auto& [k, v] : kw) {
    size_t i = 0;
    while (i < names.size() && names[i] != k) ++i;
    if (i == names.size()) throw TypeError(fname + "() got an unexpected keyword argument '" + k + "'");
    if (set[i]) throw TypeError(fname + "() got multiple values for argument '" + k + "'");
    out[i] = v;
    set[i] = true;
  }
  for (size_t i = 0; i < required; ++i)
    if (!set[i])
      throw TypeError(fname + "() missing 1 required positional argument: '" + names[i] + "'");
  return out;
}


}  // namespace tsh::shell
