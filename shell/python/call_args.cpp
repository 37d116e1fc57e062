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
      break;
    default:
      throw TypeError(callee + " argument after * must be an iterable, not " + type_name(iterable));
  }
  for (Value& v : in.iterate(iterable)) args.push_back(std::move(v));
}

}  // namespace tsh::shell
