// shell/python/eval_values.cpp — evaluating the displays of Python values that have
// their own syntax: dict displays and comprehensions, f-strings; and the
// `from module import name` statement.
#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"
#include "shell/python/modules.h"
#include "shell/python/set.h"

namespace tsh::shell {

using grammar::Expr;
using grammar::ExprKind;

namespace {

// The text of an FString node: literal parts and formatted fields.
std::string render_fstring(Interpreter& in, const Expr& e) {
  std::string out;
  for (const auto& part : e.items) {
    if (part->kind == ExprKind::Str) {
      out += part->text;
      continue;
    }
    // FormattedValue: the value, its conversion, then format(value, spec).
    Value v = in.eval(*part->items[0]);
    if (!part->text.empty()) v = Value::str(convert_field(v, part->text[0]));
    const std::string spec = part->items.size() > 1 && part->items[1] ? render_fstring(in, *part->items[1]) : "";
    out += format_value(in, v, spec);
    check_string_size(static_cast<long double>(out.size()));
  }
  return out;
}

}  // namespace

Value Interpreter::eval_display(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Dict: {
      Value d = make_dict();
      DictObj& dict = dict_of(d);
      // Keys and values are evaluated in source order, key before value.
      for (size_t i = 0; i + 1 < e.items.size(); i += 2) {
        if (!e.items[i]) {  // **mapping
          Value m = eval(*e.items[i + 1]);
          if (!m.is(Kind::Dict)) throw TypeError("'" + type_name(m) + "' object is not a mapping");
          for (const Value& item : dict_of(m).items()) dict.set(item.items()[0], item.items()[1]);
          continue;
        }
        Value key = eval(*e.items[i]);
        Value value = eval(*e.items[i + 1]);
        dict.set(key, value);
      }
      return d;
    }
    case ExprKind::DictComp: {
      Value d = make_dict();
      comprehension(e, [&] {
        Value key = eval(*e.items[0]);
        Value value = eval(*e.items[1]);
        dict_of(d).set(key, value);
      });
      return d;
    }
    case ExprKind::Set: {  // items are added in source order, as BUILD_SET / SET_UPDATE add them
      Value s = make_set();
      for (const auto& x : e.items) {
        if (x->kind == ExprKind::Starred) {
          set_update(*this, set_of(s), eval(*x->items[0]));
        } else {
          Value v = eval(*x);
          set_of(s).add(v, py_hash(v));
        }
      }
      return s;
    }
    case ExprKind::SetComp: {
      Value s = make_set();
      comprehension(e, [&] {
        Value v = eval(*e.items[0]);
        set_of(s).add(v, py_hash(v));
      });
      return s;
    }
    case ExprKind::FString: return Value::str(render_fstring(*this, e));
    default: {  // a FormattedValue on its own
      Value v = eval(*e.items[0]);
      if (!e.text.empty()) v = Value::str(convert_field(v, e.text[0]));
      return Value::str(format_value(*this, v, ""));
    }
  }
}

// The modules tsh has: torch with the submodules it holds as attributes, and math.
// Anything else is Python's ModuleNotFoundError, naming the first missing part.
Value Interpreter::lookup_module(const std::string& name) {
  auto it = modules_.find(name);
  if (it != modules_.end()) return it->second;
  Value m = new_module(name);
  find_std_module(name)->install(*this, m);
  modules_[name] = m;
  return m;
}

Value Interpreter::import_module(const std::string& dotted) {
  const std::string root = dotted.substr(0, dotted.find('.'));
  Value mod;
  if (root == "torch") mod = torch_;
  else if (find_std_module(root)) mod = lookup_module(root);
  else throw PyError("ModuleNotFoundError", "No module named '" + root + "'");
  size_t pos = root.size();
  while (pos < dotted.size()) {
    size_t next = dotted.find('.', pos + 1);
    if (next == std::string::npos) next = dotted.size();
    try {
      mod = get_attr(mod, dotted.substr(pos + 1, next - pos - 1));
    } catch (const tsh::Error&) {
      mod = Value();
    }
    if (!mod.is(Kind::Module)) throw PyError("ModuleNotFoundError", "No module named '" + dotted.substr(0, next) + "'");
    pos = next;
  }
  return mod;
}

// from M import a as b, c — M is __main__ (the session's globals) or a module import_module finds.
void Interpreter::import_from(const grammar::Stmt& s) {
  const std::string& module = s.name;
  auto cannot = [&](const std::string& name) {
    return PyError("ImportError", "cannot import name '" + name + "' from '" + module + "' (unknown location)");
  };
  Value mod;
  const bool main = module == "__main__";
  if (!main) mod = import_module(module);
  if (module == "__future__")  // checked by Python's compiler, before anything runs
    for (const auto& imp : s.imports) {
      if (imp.module == "braces") throw SyntaxErr("not a chance");
      if (imp.module == "barry_as_FLUFL") throw SyntaxErr("from __future__ import barry_as_FLUFL is not supported by tsh");
      if (!mod.as<ModuleObj>()->attrs.count(imp.module) || imp.module == "all_feature_names")
        throw SyntaxErr("future feature " + imp.module + " is not defined");
    }
  for (const auto& imp : s.imports) {
    Value v;
    if (main) {
      auto it = globals_.find(imp.module);
      if (it == globals_.end()) throw cannot(imp.module);
      v = it->second;
    } else {
      try {
        v = get_attr(mod, imp.module);
      } catch (const tsh::Error&) {
        throw cannot(imp.module);
      }
    }
    const std::string& as = imp.alias.empty() ? imp.module : imp.alias;
    bind_name(as, v);
  }
}

}  // namespace tsh::shell
