// shell/python/argparse_actions.cpp — argparse's actions (what add_argument
// makes: _StoreAction, _StoreTrueAction, ...), add_argument itself with
// Python's checks and messages, the conflicts between option strings, and how
// errors name an argument (ArgumentError's "argument --foo: ...").
#include <algorithm>
#include <map>
#include <set>

#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/python/argparse.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/python/modules.h"
#include "shell/python/unicode.h"

namespace tsh::shell::argparse {

// --- actions --------------------------------------------------------------------

std::string ActionObj::class_name() const {
  switch (kind) {
    case ActionKind::Store: return "_StoreAction";
    case ActionKind::StoreConst: return "_StoreConstAction";
    case ActionKind::StoreTrue: return "_StoreTrueAction";
    case ActionKind::StoreFalse: return "_StoreFalseAction";
    case ActionKind::Append: return "_AppendAction";
    case ActionKind::AppendConst: return "_AppendConstAction";
    case ActionKind::Count: return "_CountAction";
    case ActionKind::Help: return "_HelpAction";
    case ActionKind::Version: return "_VersionAction";
    case ActionKind::Extend: return "_ExtendAction";
    case ActionKind::BooleanOptional: return "BooleanOptionalAction";
  }
  return "Action";
}

bool ActionObj::takes_no_values() const {
  return (nargs.is_intlike() || nargs.is(Kind::Float)) && nargs.as_float() == 0;
}

Value ActionObj::attr(Interpreter&, const Value& self, const std::string& name) {
  if (name == "option_strings") return str_list(option_strings);
  if (name == "dest") return dest;
  if (name == "nargs") return nargs;
  if (name == "const") return const_;
  if (name == "default") return default_;
  if (name == "type") return type_func;
  if (name == "choices") return choices;
  if (name == "required") return required;
  if (name == "help") return help;
  if (name == "metavar") return metavar;
  if (name == "version" && kind == ActionKind::Version) return version;
  if (name == "format_usage")
    return make_builtin(name, "<bound method Action.format_usage>", [self](Interpreter&, Args& a, Kwargs& kw) {
      bind("Action.format_usage", a, kw, {}, 0);
      auto* act = self.as<ActionObj>();
      if (act->option_strings.empty()) throw IndexError("list index out of range");
      if (act->kind == ActionKind::BooleanOptional) return Value::str(join(act->option_strings, " | "));
      return Value::str(act->option_strings[0]);
    });
  throw AttributeError("'" + class_name() + "' object has no attribute '" + name + "'");
}

void ActionObj::set_attr(Interpreter& in, const Value&, const std::string& name, const Value& v) {
  if (name == "option_strings") {
    std::vector<std::string> opts;
    for (const Value& s : in.iterate(v)) {
      if (!s.is(Kind::Str)) throw NotImplementedError("argparse: option strings that are not str are not supported by tsh");
      opts.push_back(s.as_str());
    }
    option_strings = opts;
  } else if (name == "dest") dest = v;
  else if (name == "nargs") nargs = v;
  else if (name == "const") const_ = v;
  else if (name == "default") default_ = v;
  else if (name == "type") type_func = v;
  else if (name == "choices") choices = v;
  else if (name == "required") required = v;
  else if (name == "help") help = v;
  else if (name == "metavar") metavar = v;
  else if (name == "version" && kind == ActionKind::Version) version = v;
  else throw NotImplementedError("argparse: setting the attribute '" + name + "' of an action is not supported by tsh");
}

std::vector<std::string> ActionObj::attr_names() const {
  std::vector<std::string> out = {"choices", "const", "default", "dest", "format_usage", "help",
                                  "metavar", "nargs", "option_strings", "required", "type"};
  if (kind == ActionKind::Version) out.push_back("version");
  return out;
}

std::string ActionObj::repr_of(const Value&) const {
  return class_name() + "(option_strings=" + repr(str_list(option_strings)) + ", dest=" + repr(dest) +
         ", nargs=" + repr(nargs) + ", const=" + repr(const_) + ", default=" + repr(default_) +
         ", type=" + repr(type_func) + ", choices=" + repr(choices) + ", required=" + repr(required) +
         ", help=" + repr(help) + ", metavar=" + repr(metavar) + ")";
}

Value FormatterObj::attr(Interpreter&, const Value&, const std::string& name) {
  throw AttributeError("'" + cls + "' object has no attribute '" + name + "'");
}

// _get_action_name: how errors name an argument (its option strings, metavar,
// dest or choices); nullopt where Python's is None.
std::optional<Value> action_name(Interpreter& in, const ActionObj* a) {
  if (!a) return std::nullopt;
  if (!a->option_strings.empty()) return Value::str(join(a->option_strings, "/"));
  if (!a->metavar.is_none() && !is_suppress(a->metavar)) return a->metavar;
  if (!a->dest.is_none() && !is_suppress(a->dest)) return a->dest;
  if (truthy(a->choices)) {
    std::string s = "{";
    size_t i = 0;
    for (const Value& c : in.iterate(a->choices)) {
      if (!c.is(Kind::Str))
        throw TypeError("sequence item " + std::to_string(i) + ": expected str instance, " + type_name(c) + " found");
      s += (i++ ? "," : "") + c.as_str();
    }
    return Value::str(s + "}");
  }
  return std::nullopt;
}

// sep.join(names), with Python's TypeError for a name that is not a str.
std::string join_names(const std::vector<std::optional<Value>>& names, const std::string& sep) {
  std::vector<std::string> out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!names[i] || !names[i]->is(Kind::Str))
      throw TypeError("sequence item " + std::to_string(i) + ": expected str instance, " +
                      (names[i] ? type_name(*names[i]) : std::string("NoneType")) + " found");
    out.push_back(names[i]->as_str());
  }
  return join(out, sep);
}

// 'format %s' % name: a tuple fills the format's one %s only with one item.
std::string percent_s(const std::optional<Value>& name) {
  if (!name) return "None";
  if (name->is(Kind::Tuple)) {
    if (name->items().empty()) throw TypeError("not enough arguments for format string");
    if (name->items().size() > 1) throw TypeError("not all arguments converted during string formatting");
    return str(name->items()[0]);
  }
  return str(*name);
}

// ArgumentError(action, message): "argument --foo: message".
[[noreturn]] void argument_error(Interpreter& in, const ActionObj* a, const std::string& message) {
  std::optional<Value> name = action_name(in, a);
  throw PyError("argparse.ArgumentError", name ? "argument " + str(*name) + ": " + message : message);
}

bool is_argument_error(const tsh::Error& e) { return std::string(e.kind()) == "argparse.ArgumentError"; }

// --- the containers: the parser and its groups --------------------------------------

namespace {

const std::string& prefix_chars_of(const Target& t) {
  const Value& v = t.group ? t.group->prefix_chars : t.parser->prefix_chars;
  if (!v.is(Kind::Str)) throw NotImplementedError("argparse: a prefix_chars that is not a str is not supported by tsh");
  return v.as_str();
}

}  // namespace

void check_conflict_handler(const Value& handler) {
  if (handler.is(Kind::Str) && (handler.as_str() == "error" || handler.as_str() == "resolve")) return;
  throw ValueError("invalid conflict_resolution value: " + repr(handler));
}

bool negative_number_like(const std::string& s) {
  // ^-\d+$|^-\d*\.\d+$ ($ also before a final newline)
  std::string t = s;
  if (!t.empty() && t.back() == '\n') t.pop_back();
  std::vector<uint32_t> c = decode(t);
  if (c.size() < 2 || c[0] != '-') return false;
  size_t i = 1, digits = 0;
  while (i < c.size() && is_digit(c[i])) ++i, ++digits;
  if (i == c.size()) return digits > 0;
  if (c[i] != '.') return false;
  ++i;
  size_t frac = 0;
  while (i < c.size() && is_digit(c[i])) ++i, ++frac;
  return i == c.size() && frac > 0;
}

namespace {

ActionObj* find_option(ParserObj& p, const std::string& s) {
  for (auto& [k, a] : p.option_string_actions)
    if (k == s) return a.get();
  return nullptr;
}

void remove_action(ParserObj& p, GroupData& g, ActionObj* a) {
  auto drop = [a](std::vector<ActionPtr>& v) {
    auto it = std::find_if(v.begin(), v.end(), [a](const ActionPtr& x) { return x.get() == a; });
    if (it == v.end()) throw ValueError("list.remove(x): x not in list");
    v.erase(it);
  };
  drop(p.actions);
  drop(g.actions);
}

// _ActionsContainer._check_conflict with the 'error' or 'resolve' handler.
void check_conflict(Interpreter& in, ParserObj& p, const Value& handler, const ActionObj& action) {
  std::vector<std::pair<std::string, ActionObj*>> conflicts;
  for (const std::string& s : action.option_strings)
    if (ActionObj* other = find_option(p, s)) conflicts.emplace_back(s, other);
  if (conflicts.empty()) return;
  check_conflict_handler(handler);
  if (handler.as_str() == "error") {
    std::vector<std::string> names;
    for (auto& c : conflicts) names.push_back(c.first);
    argument_error(in, &action, std::string(conflicts.size() == 1 ? "conflicting option string: "
                                                              : "conflicting option strings: ") +
                                join(names, ", "));
  }
  for (auto& [s, other] : conflicts) {
    auto it = std::find(other->option_strings.begin(), other->option_strings.end(), s);
    if (it != other->option_strings.end()) other->option_strings.erase(it);
    auto& map = p.option_string_actions;
    const std::string& name = s;  // a named copy: clang 14 cannot capture a structured binding
    map.erase(std::remove_if(map.begin(), map.end(), [&name](const auto& kv) { return kv.first == name; }), map.end());
    if (other->option_strings.empty()) {
      std::shared_ptr<GroupData> g = other->container.lock();
      if (g) remove_action(p, *g, other);
    }
  }
}

// _ArgumentGroup._add_action: the parser's lists, then the group's.
void group_add(Interpreter& in, ParserObj& p, const std::shared_ptr<GroupData>& g, const ActionPtr& action) {
  check_conflict(in, p, g->conflict_handler, *action);
  p.actions.push_back(action);
  action->container = g;
  for (const std::string& s : action->option_strings) {
    auto& map = p.option_string_actions;
    auto it = std::find_if(map.begin(), map.end(), [&s](const auto& kv) { return kv.first == s; });
    if (it != map.end()) it->second = action;
    else map.emplace_back(s, action);
    if (negative_number_like(s)) p.has_negative_number_optionals = true;
  }
  g->actions.push_back(action);
}

}  // namespace

void add_action(Interpreter& in, const Target& t, const ActionPtr& action) {
  ParserObj& p = *t.parser;
  if (!t.group) {  // ArgumentParser._add_action: options and positional arguments go to their groups
    group_add(in, p, action->option_strings.empty() ? p.positionals : p.optionals, action);
  } else if (t.group->mutex) {
    if (truthy(action->required)) throw ValueError("mutually exclusive arguments must be optional");
    add_action(in, Target{t.parser, t.group->container}, action);
    t.group->actions.push_back(action);
  } else {
    group_add(in, p, t.group, action);
  }
}

namespace {

// Keyword arguments in Python's dict order, as add_argument passes them on.
struct KwDict {
  Kwargs items;
  bool has(const std::string& k) const {
    return std::any_of(items.begin(), items.end(), [&k](const auto& kv) { return kv.first == k; });
  }
  Value get(const std::string& k) const {
    for (const auto& [key, v] : items)
      if (key == k) return v;
    return Value();
  }
  std::optional<Value> pop(const std::string& k) {
    for (auto it = items.begin(); it != items.end(); ++it)
      if (it->first == k) {
        Value v = it->second;
        items.erase(it);
        return v;
      }
    return std::nullopt;
  }
  void set(const std::string& k, const Value& v) {
    for (auto& [key, val] : items)
      if (key == k) {
        val = v;
        return;
      }
    items.emplace_back(k, v);
  }
};

struct ActionSpec {
  ActionKind kind;
  const char* cls;
  std::vector<std::string> params;  // besides option_strings and dest
};

const ActionSpec* spec_for(const std::string& action) {
  static const std::vector<std::pair<std::string, ActionSpec>> table = {
      {"store", {ActionKind::Store, "_StoreAction", {"nargs", "const", "default", "type", "choices", "required", "help", "metavar"}}},
      {"store_const", {ActionKind::StoreConst, "_StoreConstAction", {"const", "default", "required", "help", "metavar"}}},
      {"store_true", {ActionKind::StoreTrue, "_StoreTrueAction", {"default", "required", "help"}}},
      {"store_false", {ActionKind::StoreFalse, "_StoreFalseAction", {"default", "required", "help"}}},
      {"append", {ActionKind::Append, "_AppendAction", {"nargs", "const", "default", "type", "choices", "required", "help", "metavar"}}},
      {"append_const", {ActionKind::AppendConst, "_AppendConstAction", {"const", "default", "required", "help", "metavar"}}},
      {"count", {ActionKind::Count, "_CountAction", {"default", "required", "help"}}},
      {"help", {ActionKind::Help, "_HelpAction", {"default", "help"}}},
      {"version", {ActionKind::Version, "_VersionAction", {"version", "default", "help"}}},
      {"extend", {ActionKind::Extend, "_ExtendAction", {"nargs", "const", "default", "type", "choices", "required", "help", "metavar"}}},
      {"BooleanOptionalAction", {ActionKind::BooleanOptional, "BooleanOptionalAction", {"default", "type", "choices", "required", "help", "metavar"}}},
  };
  for (const auto& [name, spec] : table)
    if (name == action) return &spec;
  return nullptr;
}

}  // namespace

// _ActionsContainer.add_argument.
Value add_argument(Interpreter& in, const Target& t, Args& args, Kwargs& kwargs) {
  const std::string& chars = prefix_chars_of(t);
  for (const Value& a : args) {
    if (!a.is(Kind::Str)) throw TypeError("'" + type_name(a) + "' object is not subscriptable");
    if (a.as_str().empty()) throw IndexError("string index out of range");
  }
  KwDict kw{kwargs};
  std::vector<std::string> option_strings;
  if (args.empty() || (args.size() == 1 && !in_chars(first_cp(args[0].as_str()), chars))) {
    if (!args.empty() && kw.has("dest")) throw ValueError("dest supplied twice for positional argument");
    Value dest;
    if (args.empty()) {
      std::optional<Value> d = kw.pop("dest");
      if (!d) throw TypeError("_ActionsContainer._get_positional_kwargs() missing 1 required positional argument: 'dest'");
      dest = *d;
    } else {
      dest = args[0];
    }
    if (kw.has("required")) throw TypeError("'required' is an invalid argument for positionals");
    const Value nargs = kw.get("nargs");
    if (!nargs_is(nargs, "?") && !nargs_is(nargs, "*")) kw.set("required", Value::boolean(true));
    if (nargs_is(nargs, "*") && !kw.has("default")) kw.set("required", Value::boolean(true));
    kw.set("dest", dest);
  } else {
    std::vector<std::string> long_options;
    for (const Value& a : args) {
      const std::string& s = a.as_str();
      if (!in_chars(first_cp(s), chars))
        throw ValueError("invalid option string " + str_repr(s) + ": must start with a character " + str_repr(chars));
      option_strings.push_back(s);
      if (text_len(s) > 1 && in_chars(cp_at(s, 1), chars)) long_options.push_back(s);
    }
    Value dest = kw.pop("dest").value_or(Value());
    if (dest.is_none()) {
      std::string d = long_options.empty() ? option_strings[0] : long_options[0];
      std::vector<std::string> cps = code_points(d);
      size_t i = 0;
      while (i < cps.size() && in_chars(cps[i], chars)) ++i;
      d = cp_from(d, i);
      if (d.empty()) throw ValueError("dest= is required for options like " + str_repr(option_strings.back()));
      std::replace(d.begin(), d.end(), '-', '_');
      dest = Value::str(d);
    }
    kw.set("dest", dest);
  }
  // The container's default for the dest, else argument_default.
  if (!kw.has("default")) {
    const Value dest = kw.get("dest");
    const Value& argument_default = t.group ? t.group->argument_default : t.parser->argument_default;
    if (Value* d = dict_of(t.parser->defaults).find(dest)) kw.set("default", *d);
    else if (!argument_default.is_none()) kw.set("default", argument_default);
  }
  // The action class.
  const Value action_value = kw.pop("action").value_or(Value());
  std::string action_name = "store";
  if (action_value.is(Kind::Str)) {
    action_name = action_value.as_str();
    if (action_name == "parsers")
      throw NotImplementedError("argparse: subparsers (action='parsers', add_subparsers) are not supported by tsh");
    if (!spec_for(action_name) || action_name == "BooleanOptionalAction")
      throw ValueError("unknown action \"" + action_name + "\"");
  } else if (action_value.is(Kind::Type) && identical(action_value, cls("BooleanOptionalAction"))) {
    action_name = "BooleanOptionalAction";
  } else if (is_callable(action_value)) {
    throw NotImplementedError("argparse: action=" + repr(action_value) +
                              " (a class or function of your own) is not supported by tsh; use one of argparse's "
                              "action names");
  } else if (!action_value.is_none()) {
    if (action_value.is(Kind::List) || action_value.is(Kind::Dict)) throw TypeError("unhashable type: '" + type_name(action_value) + "'");
    throw ValueError("unknown action \"" + str(action_value) + "\"");
  }
  const ActionSpec& spec = *spec_for(action_name);
  for (const auto& [k, v] : kw.items) {
    if (k == "dest") continue;
    if (std::find(spec.params.begin(), spec.params.end(), k) == spec.params.end())
      throw TypeError(std::string(spec.cls) + ".__init__() got an unexpected keyword argument '" + k + "'");
  }
  auto action = std::make_shared<ActionObj>();
  ActionObj& a = *action;
  a.kind = spec.kind;
  a.type_func = Value();
  a.required = Value::boolean(false);
  a.option_strings = option_strings;
  a.dest = kw.get("dest");
  auto given = [&](const char* k) { return kw.has(k); };
  switch (spec.kind) {
    case ActionKind::Store:
    case ActionKind::Append:
    case ActionKind::Extend: {
      a.nargs = kw.get("nargs");
      if ((a.nargs.is_intlike() || a.nargs.is(Kind::Float)) && a.nargs.as_float() == 0)
        throw ValueError(spec.kind == ActionKind::Store
                             ? "nargs for store actions must be != 0; if you have nothing to store, actions such as "
                               "store true or store const may be more appropriate"
                             : "nargs for append actions must be != 0; if arg strings are not supplying the value to "
                               "append, the append const action may be more appropriate");
      a.const_ = kw.get("const");
      if (!a.const_.is_none() && !nargs_is(a.nargs, "?")) throw ValueError("nargs must be '?' to supply const");
      a.default_ = kw.get("default");
      a.type_func = kw.get("type");
      a.choices = kw.get("choices");
      if (given("required")) a.required = kw.get("required");
      a.help = kw.get("help");
      a.metavar = kw.get("metavar");
      break;
    }
    case ActionKind::StoreConst:
    case ActionKind::AppendConst:
      a.nargs = Value::integer(0);
      a.const_ = kw.get("const");
      a.default_ = kw.get("default");
      if (given("required")) a.required = kw.get("required");
      a.help = kw.get("help");
      if (spec.kind == ActionKind::AppendConst) a.metavar = kw.get("metavar");
      break;
    case ActionKind::StoreTrue:
    case ActionKind::StoreFalse: {
      const bool t_ = spec.kind == ActionKind::StoreTrue;
      a.nargs = Value::integer(0);
      a.const_ = Value::boolean(t_);
      a.default_ = given("default") ? kw.get("default") : Value::boolean(!t_);
      if (given("required")) a.required = kw.get("required");
      a.help = kw.get("help");
      break;
    }
    case ActionKind::Count:
      a.nargs = Value::integer(0);
      a.default_ = kw.get("default");
      if (given("required")) a.required = kw.get("required");
      a.help = kw.get("help");
      break;
    case ActionKind::Help:
      a.nargs = Value::integer(0);
      a.default_ = given("default") ? kw.get("default") : Value::str(kSuppress);
      a.help = kw.get("help");
      break;
    case ActionKind::Version:
      a.nargs = Value::integer(0);
      a.default_ = given("default") ? kw.get("default") : Value::str(kSuppress);
      a.help = given("help") ? kw.get("help") : Value::str("show program's version number and exit");
      a.version = kw.get("version");
      break;
    case ActionKind::BooleanOptional: {
      std::vector<std::string> opts;
      for (const std::string& s : option_strings) {
        opts.push_back(s);
        if (s.rfind("--", 0) == 0) opts.push_back("--no-" + s.substr(2));
      }
      a.option_strings = opts;
      a.nargs = Value::integer(0);
      a.default_ = kw.get("default");
      a.type_func = kw.get("type");
      a.choices = kw.get("choices");
      if (given("required")) a.required = kw.get("required");
      a.help = kw.get("help");
      a.metavar = kw.get("metavar");
      break;
    }
  }
  // The type registry maps None to the identity; anything else must be callable.
  if (!a.type_func.is_none() && !is_callable(a.type_func)) throw ValueError(repr(a.type_func) + " is not callable");
  action->type = cls(spec.cls);
  // A parser (not a group) checks that a metavar tuple fits nargs.
  if (!t.group) {
    make_formatter(in, *t.parser);  // (Python makes one: formatter_class is called here)
    try {
      format_args(in, a, Value());
    } catch (const tsh::Error& e) {
      if (!exception_is(e.kind(), "TypeError")) throw;
      throw ValueError("length of metavar tuple does not match nargs");
    }
  }
  add_action(in, t, action);
  return Value::object(Kind::Instance, action);
}

}  // namespace tsh::shell::argparse
