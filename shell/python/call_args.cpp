// shell/python/call_args.cpp — expanding `f(*iterable)` and `f(**mapping)`
// into a call's arguments (see call_args.h).
#include "shell/python/call_args.h"

#include <algorithm>

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


std::vector<std::optional<Value>> bind_c_params(const std::string& fname, const Args& a, const Kwargs& kw,
                                                const std::vector<std::string>& names, size_t required,
                                                size_t posonly, size_t maxpos) {
  const size_t maxargs = names.size();
  maxpos = std::min(maxpos, maxargs);
  const size_t nargs = a.size(), total = a.size() + kw.size();
  const std::string f = fname + "()";
  auto plural = [](size_t n) { return n == 1 ? "" : "s"; };
  if (total > maxargs)
    throw TypeError(f + " takes at most " + std::to_string(maxargs) + " " + (nargs == 0 ? "keyword " : "") +
                    "argument" + plural(maxargs) + " (" + std::to_string(total) + " given)");
  if (nargs > maxpos) {
    if (maxpos == 0) throw TypeError(f + " takes no positional arguments");
    throw TypeError(f + " takes " + (required < maxpos ? "at most " : "exactly ") + std::to_string(maxpos) +
                    " positional argument" + plural(maxpos) + " (" + std::to_string(nargs) + " given)");
  }
  const size_t minposonly = std::min(posonly, required);
  if (nargs < minposonly)
    throw TypeError(f + " takes " + (minposonly < maxpos ? "at least " : "exactly ") + std::to_string(minposonly) +
                    " positional argument" + plural(minposonly) + " (" + std::to_string(nargs) + " given)");
  std::vector<std::optional<Value>> out(maxargs);
  for (size_t i = 0; i < nargs; ++i) out[i] = a[i];
  auto find = [&](const std::string& name) -> const Value* {
    for (const auto& [k, v] : kw)
      if (k == name) return &v;
    return nullptr;
  };
  size_t left = kw.size();
  for (size_t i = std::max(nargs, posonly); i < maxargs; ++i) {
    if (const Value* v = left ? find(names[i]) : nullptr) {
      out[i] = *v;
      --left;
    } else if (i < required) {
      throw TypeError(f + " missing required argument '" + names[i] + "' (pos " + std::to_string(i + 1) + ")");
    }
  }
  if (left) {
    for (size_t i = posonly; i < nargs; ++i)
      if (find(names[i]))
        throw TypeError("argument for " + f + " given by name ('" + names[i] + "') and position (" +
                        std::to_string(i + 1) + ")");
    for (const auto& [k, v] : kw) {
      bool known = false;
      for (size_t i = posonly; i < maxargs; ++i) known = known || names[i] == k;
      if (!known) throw TypeError("'" + k + "' is an invalid keyword argument for " + f);
    }
  }
  return out;
}

}  // namespace tsh::shell
