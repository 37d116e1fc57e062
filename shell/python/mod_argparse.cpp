// shell/python/mod_argparse.cpp — Python's argparse module (a subset that
// answers as CPython 3.11 does): ArgumentParser with positional and optional
// arguments, the store/store_const/store_true/store_false/append/append_const/
// count/extend/help/version actions and BooleanOptionalAction, nargs, type,
// choices, required, defaults, argument groups and mutually exclusive groups,
// parents, abbreviations, `--`; parse_args and parse_known_args into a
// Namespace; the usage and help text and the errors, which print usage and
// `prog: error: ...` to sys.stderr and exit with status 2. This file holds the
// module, ArgumentParser, its groups and Namespace; add_argument is in
// argparse_actions.cpp, the parsing in argparse_parse.cpp, the help in
// argparse_format.cpp.
//
// What tsh does not do is refused with a message, never ignored: subparsers,
// fromfile_prefix_chars, FileType, custom Action classes, register().
#include <algorithm>
#include <map>
#include <set>

#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/python/argparse.h"
#include "shell/terminal.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/python/modules.h"
#include "shell/python/unicode.h"

namespace tsh::shell {

namespace argparse {

bool is_suppress(const Value& v) { return v.is(Kind::Str) && v.as_str() == kSuppress; }
bool nargs_is(const Value& nargs, const char* s) { return nargs.is(Kind::Str) && nargs.as_str() == s; }

// --- small helpers (argparse.h) ---------------------------------------------------

bool identical(const Value& a, const Value& b) { return a.kind() == b.kind() && a.identity() == b.identity(); }

bool is_callable(const Value& v) {
  return v.is(Kind::Type) || v.is(Kind::Function) || v.is(Kind::Builtin) || v.is(Kind::Method);
}

// The first code point of s, and the rest.
std::string first_cp(const std::string& s) {
  std::vector<std::string> cps = code_points(s);
  return cps.empty() ? "" : cps[0];
}
std::string cp_at(const std::string& s, size_t i) {
  std::vector<std::string> cps = code_points(s);
  return i < cps.size() ? cps[i] : "";
}
std::string cp_from(const std::string& s, size_t i) {
  std::vector<std::string> cps = code_points(s);
  std::string out;
  for (size_t k = i; k < cps.size(); ++k) out += cps[k];
  return out;
}
bool in_chars(const std::string& ch, const std::string& chars) { return !ch.empty() && chars.find(ch) != std::string::npos; }

std::string str_repr(const std::string& s) { return repr(Value::str(s)); }

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

Value str_list(const std::vector<std::string>& v) {
  std::vector<Value> out;
  for (const auto& s : v) out.push_back(Value::str(s));
  return Value::list(std::move(out));
}

// Binds a call to a Python method's parameters `names` (the first `required`
// of them required); `implicit` leading parameters (self) count in the
// messages, as Python counts them. A parameter not given is nullopt.
std::vector<std::optional<Value>> bind(const std::string& fname, const Args& a, const Kwargs& kw,
                                       const std::vector<std::string>& names, size_t required, size_t implicit) {
  if (a.size() > names.size()) {
    const size_t lo = required + implicit, hi = names.size() + implicit, given = a.size() + implicit;
    const std::string takes = lo == hi ? std::to_string(hi) + " positional argument" + (hi == 1 ? "" : "s")
                                       : "from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                             " positional arguments";
    throw TypeError(fname + "() takes " + takes + " but " + std::to_string(given) + (given == 1 ? " was" : " were") +
                    " given");
  }
  std::vector<std::optional<Value>> out(names.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i];
  for (const auto& [k, v] : kw) {
    size_t i = 0;
    while (i < names.size() && names[i] != k) ++i;
    if (i == names.size()) throw TypeError(fname + "() got an unexpected keyword argument '" + k + "'");
    if (out[i]) throw TypeError(fname + "() got multiple values for argument '" + k + "'");
    out[i] = v;
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i]) throw TypeError(fname + "() missing 1 required positional argument: '" + names[i] + "'");
  return out;
}

Value or_value(const std::optional<Value>& v, const Value& dflt) { return v ? *v : dflt; }

Value sys_attr(Interpreter& in, const char* name) { return in.get_attr(in.lookup_module("sys"), name); }

// ArgumentParser._print_message: file.write(message), where a file without
// write (or one that fails) is passed over, as Python passes it over.
void print_message(Interpreter& in, const std::string& message, Value file) {
  if (message.empty()) return;
  if (!truthy(file)) file = sys_attr(in, "stderr");
  try {
    Value write = in.get_attr(file, "write");
    Args a{Value::str(message)};
    Kwargs kw;
    in.call(write, a, kw);
  } catch (const tsh::Error& e) {
    if (!exception_is(e.kind(), "AttributeError") && !exception_is(e.kind(), "OSError")) throw;
  }
}

namespace {

// The classes of the module, made once (their identity is what type(x) and isinstance see).
Value make_class(const std::string& qualname, Fn ctor) {
  auto t = std::make_shared<TypeObj>();
  t->name = qualname;
  t->ctor = std::move(ctor);
  return Value::object(Kind::Type, t);
}

Value refusing_class(const std::string& qualname, const std::string& why) {
  return make_class(qualname, [why](Interpreter&, Args&, Kwargs&) -> Value { throw NotImplementedError(why); });
}

std::map<std::string, Value>& classes() {
  static std::map<std::string, Value> table;
  return table;
}

}  // namespace

Value cls(const std::string& name) {
  auto& t = classes();
  auto it = t.find(name);
  if (it != t.end()) return it->second;
  // A class whose objects only argparse makes (the action classes).
  Value c = make_class("argparse." + name, [name](Interpreter&, Args&, Kwargs&) -> Value {
    throw NotImplementedError("argparse." + name + " objects are made by add_argument in tsh; calling the class is not supported");
  });
  t[name] = c;
  return c;
}

// --- argparse.Namespace -----------------------------------------------------------

namespace {

bool is_identifier(const std::string& s) {
  std::vector<uint32_t> cps = decode(s);
  if (cps.empty()) return false;
  for (size_t i = 0; i < cps.size(); ++i) {
    const uint32_t c = cps[i];
    const bool ok = c == '_' || (c < 128 ? std::isalpha(static_cast<int>(c)) != 0 : is_alpha(c)) ||
                    (i > 0 && (c < 128 ? std::isdigit(static_cast<int>(c)) != 0 : is_digit(c)));
    if (!ok) return false;
  }
  return true;
}

struct NamespaceObj : TrackedInstance {
  Value dict = make_dict();  // __dict__, in the order the attributes were set
  void each_value(const std::function<void(Value&)>& f) override { f(dict); }
  std::string class_name() const override { return "Namespace"; }
  std::string module_name() const override { return "argparse"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "__dict__") return dict;
    if (Value* v = dict_of(dict).find(Value::str(name))) return *v;
    throw AttributeError("'Namespace' object has no attribute '" + name + "'");
  }
  void set_attr(Interpreter&, const Value&, const std::string& name, const Value& v) override {
    dict_of(dict).set(Value::str(name), v);
  }
  void del_attr(Interpreter&, const Value&, const std::string& name) override {
    if (!dict_of(dict).erase(Value::str(name))) throw AttributeError("'Namespace' object has no attribute '" + name + "'");
  }
  std::vector<std::string> attr_names() const override {
    std::vector<std::string> out;
    for (const Value& k : dict_of(dict).keys())
      if (k.is(Kind::Str)) out.push_back(k.as_str());
    return out;
  }
  std::string repr_of(const Value&) const override {
    std::vector<std::string> parts;
    std::vector<Value> star;
    for (const Value& item : dict_of(dict).items()) {
      const Value& k = item.items()[0];
      if (k.is(Kind::Str) && is_identifier(k.as_str()))
        parts.push_back(k.as_str() + "=" + repr(item.items()[1]));
      else
        star.push_back(item);
    }
    if (!star.empty()) {
      Value d = make_dict();
      for (const Value& item : star) dict_of(d).set(item.items()[0], item.items()[1]);
      parts.push_back("**" + repr(d));
    }
    return "Namespace(" + join(parts, ", ") + ")";
  }
  std::optional<bool> equals(const Value&, const Value& other) const override {
    auto* o = other.is(Kind::Instance) ? dynamic_cast<NamespaceObj*>(other.as<InstanceObj>()) : nullptr;
    if (!o) return std::nullopt;
    return values_equal(dict, o->dict);
  }
  std::optional<int64_t> hash(const Value&) const override { throw TypeError("unhashable type: 'Namespace'"); }
  std::optional<bool> contains(Interpreter&, const Value&, const Value& key) override {
    return dict_of(dict).find(key) != nullptr;
  }
  Value instance_dict(const Value&) override { return dict; }
};

}  // namespace

Value new_namespace() {
  auto ns = std::make_shared<NamespaceObj>();
  ns->type = cls("Namespace");
  return Value::object(Kind::Instance, ns);
}

bool ns_has(Interpreter& in, const Value& ns, const std::string& name) {
  try {
    in.get_attr(ns, name);
    return true;
  } catch (const tsh::Error& e) {
    if (!exception_is(e.kind(), "AttributeError")) throw;
    return false;
  }
}

Value ns_get(Interpreter& in, const Value& ns, const std::string& name, const Value& dflt) {
  try {
    return in.get_attr(ns, name);
  } catch (const tsh::Error& e) {
    if (!exception_is(e.kind(), "AttributeError")) throw;
    return dflt;
  }
}

const std::string& attr_name(const Value& v) {
  if (!v.is(Kind::Str)) throw TypeError("attribute name must be string, not '" + type_name(v) + "'");
  return v.as_str();
}

// --- the parser and its groups -----------------------------------------------------

namespace {

Value new_formatter(const std::string& name, Args& a, Kwargs& kw) {
  std::vector<std::optional<Value>> v =
      bind(name + ".__init__", a, kw, {"prog", "indent_increment", "max_help_position", "width"}, 1);
  auto f = std::make_shared<FormatterObj>();
  f->cls = name;
  f->prog = *v[0];
  auto int_arg = [](const std::optional<Value>& x, int dflt) {
    if (!x) return dflt;
    if (!x->is_intlike()) throw NotImplementedError("argparse: a HelpFormatter setting that is not an int is not supported by tsh");
    return static_cast<int>(x->as_int());
  };
  f->indent_increment = int_arg(v[1], 2);
  f->max_help_position = int_arg(v[2], 24);
  f->width = v[3] && !v[3]->is_none() ? int_arg(v[3], 0) : terminal_columns() - 2;
  f->type = cls(name);
  return Value::object(Kind::Instance, f);
}

struct GroupObj;
Value group_value(const std::shared_ptr<ParserObj>& p, const std::shared_ptr<GroupData>& g);

std::shared_ptr<GroupData> new_group(const Value& conflict_handler, const Value& prefix_chars,
                                     const Value& argument_default) {
  auto g = std::make_shared<GroupData>();
  g->conflict_handler = conflict_handler;
  g->prefix_chars = prefix_chars;
  g->argument_default = argument_default;
  return g;
}

// add_argument_group(title=None, description=None, **kwargs) on the parser
// (container null) or on a group.
std::shared_ptr<GroupData> add_argument_group(ParserObj& p, const GroupData* container, Args& a, Kwargs& kw) {
  std::vector<std::optional<Value>> v = bind("_ArgumentGroup.__init__", a, kw,
                                             {"title", "description", "conflict_handler", "prefix_chars", "argument_default"}, 0, 2);
  if (a.size() > 2) throw TypeError("_ArgumentGroup.__init__() takes from 2 to 4 positional arguments but " + std::to_string(a.size() + 2) + " were given");
  const Value handler = or_value(v[2], container ? container->conflict_handler : p.conflict_handler);
  check_conflict_handler(handler);
  auto g = new_group(handler, or_value(v[3], container ? container->prefix_chars : p.prefix_chars),
                     or_value(v[4], container ? container->argument_default : p.argument_default));
  g->title = or_value(v[0], Value());
  g->description = or_value(v[1], Value());
  // A group made from a group is not the parser's: its arguments do not show in the help (Python 3.11).
  if (!container) p.action_groups.push_back(g);
  return g;
}

std::shared_ptr<GroupData> add_mutex_group(ParserObj& p, const std::shared_ptr<GroupData>& container, Args& a, Kwargs& kw) {
  if (!a.empty())
    throw TypeError("_ActionsContainer.add_mutually_exclusive_group() takes 1 positional argument but " +
                    std::to_string(a.size() + 1) + " were given");
  std::vector<std::optional<Value>> v = bind("_MutuallyExclusiveGroup.__init__", a, kw, {"required"}, 0, 2);
  const GroupData* c = container.get();
  auto g = new_group(c ? c->conflict_handler : p.conflict_handler, c ? c->prefix_chars : p.prefix_chars,
                     c ? c->argument_default : p.argument_default);
  g->mutex = true;
  g->required = or_value(v[0], Value::boolean(false));
  g->container = container;
  p.mutex_groups.push_back(g);
  return g;
}

void set_defaults(Interpreter&, ParserObj& p, const char* fname, Args& a, Kwargs& kw) {
  if (!a.empty())
    throw TypeError(std::string(fname) + "() takes 1 positional argument but " + std::to_string(a.size() + 1) + " were given");
  for (const auto& [k, v] : kw) dict_of(p.defaults).set(Value::str(k), v);
  for (const auto& action : p.actions)
    for (const auto& [k, v] : kw)
      if (action->dest.is(Kind::Str) && action->dest.as_str() == k) action->default_ = v;
}

Value get_default(ParserObj& p, const char* fname, Args& a, Kwargs& kw) {
  std::vector<std::optional<Value>> v = bind(fname, a, kw, {"dest"}, 1);
  for (const auto& action : p.actions)
    if (values_equal(action->dest, *v[0]) && !action->default_.is_none()) return action->default_;
  Value* d = dict_of(p.defaults).find(*v[0]);
  return d ? *d : Value();
}

// The methods every container has (the parser and its groups).
std::optional<Value> container_method(const std::shared_ptr<ParserObj>& p, const std::shared_ptr<GroupData>& g,
                                      const std::string& name) {
  const std::string owner = g ? (g->mutex ? "_MutuallyExclusiveGroup" : "_ArgumentGroup") : "ArgumentParser";
  auto method = [&](Fn fn) { return make_builtin(name, "<bound method _ActionsContainer." + name + " of " + owner + ">", std::move(fn)); };
  if (name == "add_argument")
    return method([p, g](Interpreter& in, Args& a, Kwargs& kw) { return add_argument(in, Target{p.get(), g}, a, kw); });
  if (name == "add_argument_group")
    return method([p, g](Interpreter&, Args& a, Kwargs& kw) {
      std::shared_ptr<GroupData> made = add_argument_group(*p, g.get(), a, kw);
      return group_value(p, made);
    });
  if (name == "add_mutually_exclusive_group")
    return method([p, g](Interpreter&, Args& a, Kwargs& kw) { return group_value(p, add_mutex_group(*p, g, a, kw)); });
  if (name == "set_defaults")
    return method([p](Interpreter& in, Args& a, Kwargs& kw) {
      set_defaults(in, *p, "_ActionsContainer.set_defaults", a, kw);
      return Value();
    });
  if (name == "get_default")
    return method([p](Interpreter&, Args& a, Kwargs& kw) { return get_default(*p, "_ActionsContainer.get_default", a, kw); });
  if (name == "register")
    return method([](Interpreter&, Args&, Kwargs&) -> Value {
      throw NotImplementedError("argparse: register() (actions and types of your own) is not supported by tsh");
    });
  return std::nullopt;
}

struct GroupObj : InstanceObj {
  std::shared_ptr<ParserObj> parser;
  std::shared_ptr<GroupData> group;
  std::string class_name() const override { return group->mutex ? "_MutuallyExclusiveGroup" : "_ArgumentGroup"; }
  std::string module_name() const override { return "argparse"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "title") return group->title;
    if (name == "description") return group->description;
    if (name == "conflict_handler") return group->conflict_handler;
    if (name == "prefix_chars") return group->prefix_chars;
    if (name == "argument_default") return group->argument_default;
    if (name == "required" && group->mutex) return group->required;
    if (auto m = container_method(parser, group, name)) return *m;
    throw AttributeError("'" + class_name() + "' object has no attribute '" + name + "'");
  }
  void set_attr(Interpreter&, const Value&, const std::string& name, const Value& v) override {
    if (name == "title") group->title = v;
    else if (name == "description") group->description = v;
    else if (name == "required" && group->mutex) group->required = v;
    else throw NotImplementedError("argparse: setting the attribute '" + name + "' of a group is not supported by tsh");
  }
  std::vector<std::string> attr_names() const override {
    std::vector<std::string> out = {"add_argument", "add_argument_group", "add_mutually_exclusive_group",
                                    "argument_default", "conflict_handler", "description", "get_default",
                                    "prefix_chars", "set_defaults", "title"};
    if (group->mutex) out.push_back("required");
    return out;
  }
};

Value group_value(const std::shared_ptr<ParserObj>& p, const std::shared_ptr<GroupData>& g) {
  auto o = std::make_shared<GroupObj>();
  o->parser = p;
  o->group = g;
  o->type = cls(g->mutex ? "_MutuallyExclusiveGroup" : "_ArgumentGroup");
  return Value::object(Kind::Instance, o);
}

// _ActionsContainer._add_container_actions: a parent's arguments, in groups of the same titles.
void add_parent(Interpreter& in, ParserObj& p, const Value& parent_value) {
  auto* parent = parent_value.is(Kind::Instance) ? dynamic_cast<ParserObj*>(parent_value.as<InstanceObj>()) : nullptr;
  if (!parent) throw NotImplementedError("argparse: parents that are not ArgumentParser objects are not supported by tsh");
  std::vector<std::pair<std::string, std::shared_ptr<GroupData>>> titles;  // by repr of the title
  auto find_title = [&](const Value& title) -> std::shared_ptr<GroupData> {
    for (auto& [k, g] : titles)
      if (values_equal(g->title, title)) return g;
    return nullptr;
  };
  for (const auto& g : p.action_groups) {
    if (find_title(g->title)) throw ValueError("cannot merge actions - two groups are named " + repr(g->title));
    titles.emplace_back(repr(g->title), g);
  }
  std::map<const ActionObj*, Target> group_map;
  for (const auto& g : parent->action_groups) {
    std::shared_ptr<GroupData> mine = find_title(g->title);
    if (!mine) {
      check_conflict_handler(g->conflict_handler);
      mine = new_group(g->conflict_handler, p.prefix_chars, p.argument_default);
      mine->title = g->title;
      mine->description = g->description;
      p.action_groups.push_back(mine);
      titles.emplace_back(repr(g->title), mine);
    }
    for (const auto& a : g->actions) group_map[a.get()] = Target{&p, mine};
  }
  for (const auto& g : parent->mutex_groups) {
    auto mine = new_group(p.conflict_handler, p.prefix_chars, p.argument_default);
    mine->mutex = true;
    mine->required = g->required;
    p.mutex_groups.push_back(mine);
    for (const auto& a : g->actions) group_map[a.get()] = Target{&p, mine};
  }
  for (const auto& a : std::vector<ActionPtr>(parent->actions)) {
    auto it = group_map.find(a.get());
    add_action(in, it == group_map.end() ? Target{&p, nullptr} : it->second, a);
  }
  for (const Value& item : dict_of(parent->defaults).items()) dict_of(p.defaults).set(item.items()[0], item.items()[1]);
}

Value new_parser(Interpreter& in, Args& a, Kwargs& kw) {
  std::vector<std::optional<Value>> v = bind(
      "ArgumentParser.__init__", a, kw,
      {"prog", "usage", "description", "epilog", "parents", "formatter_class", "prefix_chars", "fromfile_prefix_chars",
       "argument_default", "conflict_handler", "add_help", "allow_abbrev", "exit_on_error"},
      0);
  auto p = std::make_shared<ParserObj>();
  p->type = cls("ArgumentParser");
  p->usage = or_value(v[1], Value());
  p->description = or_value(v[2], Value());
  p->epilog = or_value(v[3], Value());
  p->formatter_class = or_value(v[5], cls("HelpFormatter"));
  p->prefix_chars = or_value(v[6], Value::str("-"));
  p->fromfile_prefix_chars = or_value(v[7], Value());
  p->argument_default = or_value(v[8], Value());
  p->conflict_handler = or_value(v[9], Value::str("error"));
  p->add_help = or_value(v[10], Value::boolean(true));
  p->allow_abbrev = or_value(v[11], Value::boolean(true));
  p->exit_on_error = or_value(v[12], Value::boolean(true));
  p->defaults = make_dict();
  check_conflict_handler(p->conflict_handler);
  if (!p->fromfile_prefix_chars.is_none())
    throw NotImplementedError("argparse: fromfile_prefix_chars (arguments read from files) is not supported by tsh");
  if (!p->prefix_chars.is(Kind::Str) || p->prefix_chars.as_str().empty())
    throw NotImplementedError("argparse: a prefix_chars that is not a non-empty str is not supported by tsh");
  Value prog = or_value(v[0], Value());
  if (prog.is_none()) {
    // os.path.basename(sys.argv[0])
    std::vector<Value> argv = in.iterate(sys_attr(in, "argv"));
    if (argv.empty()) throw IndexError("list index out of range");
    if (!argv[0].is(Kind::Str)) throw TypeError("expected str, bytes or os.PathLike object, not " + type_name(argv[0]));
    const std::string& s = argv[0].as_str();
    prog = Value::str(s.substr(s.rfind('/') == std::string::npos ? 0 : s.rfind('/') + 1));
  }
  p->prog = prog;
  Args none;
  Kwargs title;
  title = {{"title", Value::str("positional arguments")}};
  p->positionals = add_argument_group(*p, nullptr, none, title);
  title = {{"title", Value::str("options")}};
  p->optionals = add_argument_group(*p, nullptr, none, title);
  if (truthy(p->add_help)) {
    const std::string& chars = p->prefix_chars.as_str();
    const std::string dp = chars.find('-') != std::string::npos ? "-" : first_cp(chars);
    Args h{Value::str(dp + "h"), Value::str(dp + dp + "help")};
    Kwargs hk{{"action", Value::str("help")}, {"default", Value::str(kSuppress)},
              {"help", Value::str("show this help message and exit")}};
    add_argument(in, Target{p.get(), nullptr}, h, hk);
  }
  if (v[4]) {
    for (const Value& parent : in.iterate(*v[4])) add_parent(in, *p, parent);
  }
  return Value::object(Kind::Instance, p);
}

}  // namespace

Value ParserObj::attr(Interpreter&, const Value& self, const std::string& name) {
  if (name == "prog") return prog;
  if (name == "usage") return usage;
  if (name == "description") return description;
  if (name == "epilog") return epilog;
  if (name == "formatter_class") return formatter_class;
  if (name == "prefix_chars") return prefix_chars;
  if (name == "fromfile_prefix_chars") return fromfile_prefix_chars;
  if (name == "argument_default") return argument_default;
  if (name == "conflict_handler") return conflict_handler;
  if (name == "add_help") return add_help;
  if (name == "allow_abbrev") return allow_abbrev;
  if (name == "exit_on_error") return exit_on_error;
  if (auto it = extra.find(name); it != extra.end()) return it->second;
  auto p = std::static_pointer_cast<ParserObj>(self.obj());
  if (auto m = container_method(p, nullptr, name)) return *m;
  auto method = [&](Fn fn) {
    return make_builtin(name, "<bound method ArgumentParser." + name + " of " + repr_of(self) + ">", std::move(fn));
  };
  const std::string q = "ArgumentParser." + name;
  if (name == "parse_args" || name == "parse_known_args")
    return method([self, q, name](Interpreter& in, Args& a, Kwargs& kw) {
      std::vector<std::optional<Value>> v = bind(q, a, kw, {"args", "namespace"}, 0);
      auto [ns, extras] = parse_known(in, self, or_value(v[0], Value()), or_value(v[1], Value()));
      if (name == "parse_known_args") return Value::tuple({ns, str_list(extras)});
      if (!extras.empty()) parser_error(in, *self.as<ParserObj>(), "unrecognized arguments: " + join(extras, " "));
      return ns;
    });
  if (name == "format_usage" || name == "format_help")
    return method([self, q, name](Interpreter& in, Args& a, Kwargs& kw) {
      bind(q, a, kw, {}, 0);
      const ParserObj& p = *self.as<ParserObj>();
      return Value::str(name == "format_usage" ? format_usage(in, p) : format_help(in, p));
    });
  if (name == "print_usage" || name == "print_help")
    return method([self, q, name](Interpreter& in, Args& a, Kwargs& kw) {
      std::vector<std::optional<Value>> v = bind(q, a, kw, {"file"}, 0);
      const ParserObj& p = *self.as<ParserObj>();
      const Value file = v[0] && !v[0]->is_none() ? *v[0] : sys_attr(in, "stdout");
      print_message(in, name == "print_usage" ? format_usage(in, p) : format_help(in, p), file);
      return Value();
    });
  if (name == "exit")
    return method([q](Interpreter& in, Args& a, Kwargs& kw) -> Value {
      std::vector<std::optional<Value>> v = bind(q, a, kw, {"status", "message"}, 0);
      parser_exit(in, or_value(v[0], Value::integer(0)), or_value(v[1], Value()));
    });
  if (name == "error")
    return method([self, q](Interpreter& in, Args& a, Kwargs& kw) -> Value {
      std::vector<std::optional<Value>> v = bind(q, a, kw, {"message"}, 1);
      parser_error(in, *self.as<ParserObj>(), str(*v[0]));
    });
  if (name == "add_subparsers")
    return method([](Interpreter&, Args&, Kwargs&) -> Value {
      throw NotImplementedError("argparse: subparsers (add_subparsers) are not supported by tsh");
    });
  if (name == "parse_intermixed_args" || name == "parse_known_intermixed_args" || name == "convert_arg_line_to_args")
    return method([name](Interpreter&, Args&, Kwargs&) -> Value {
      throw NotImplementedError("argparse: ArgumentParser." + name + " is not supported by tsh");
    });
  throw AttributeError("'ArgumentParser' object has no attribute '" + name + "'");
}

void ParserObj::set_attr(Interpreter&, const Value&, const std::string& name, const Value& v) {
  if (name == "prog") prog = v;
  else if (name == "usage") usage = v;
  else if (name == "description") description = v;
  else if (name == "epilog") epilog = v;
  else if (name == "formatter_class") formatter_class = v;
  else if (name == "prefix_chars") prefix_chars = v;
  else if (name == "fromfile_prefix_chars") fromfile_prefix_chars = v;
  else if (name == "argument_default") argument_default = v;
  else if (name == "conflict_handler") conflict_handler = v;
  else if (name == "add_help") add_help = v;
  else if (name == "allow_abbrev") allow_abbrev = v;
  else if (name == "exit_on_error") exit_on_error = v;
  else extra[name] = v;  // parser.version = '1.0', as the version action reads it
}

std::vector<std::string> ParserObj::attr_names() const {
  std::vector<std::string> out = {"add_argument", "add_argument_group", "add_help", "add_mutually_exclusive_group",
                                  "add_subparsers", "allow_abbrev", "argument_default", "conflict_handler",
                                  "description", "epilog", "error", "exit", "exit_on_error", "format_help",
                                  "format_usage", "formatter_class", "fromfile_prefix_chars", "get_default",
                                  "parse_args", "parse_known_args", "prefix_chars", "print_help", "print_usage",
                                  "prog", "set_defaults", "usage"};
  for (const auto& [k, v] : extra) out.push_back(k);
  return out;
}

std::string ParserObj::repr_of(const Value&) const {
  return "ArgumentParser(prog=" + repr(prog) + ", usage=" + repr(usage) + ", description=" + repr(description) +
         ", formatter_class=" + repr(formatter_class) + ", conflict_handler=" + repr(conflict_handler) +
         ", add_help=" + repr(add_help) + ")";
}

}  // namespace argparse

void install_argparse(Interpreter&, Value& m) {
  using namespace argparse;
  auto& a = m.as<ModuleObj>()->attrs;
  auto& table = classes();
  if (table.empty()) {
    table["ArgumentParser"] = make_class("argparse.ArgumentParser", new_parser);
    table["Namespace"] = make_class("argparse.Namespace", [](Interpreter& in, Args& args, Kwargs& kw) {
      if (!args.empty())
        throw TypeError("Namespace.__init__() takes 1 positional argument but " + std::to_string(args.size() + 1) +
                        " were given");
      Value ns = new_namespace();
      for (const auto& [k, v] : kw) ns.as<InstanceObj>()->set_attr(in, ns, k, v);
      return ns;
    });
    for (const char* f : {"HelpFormatter", "RawDescriptionHelpFormatter", "RawTextHelpFormatter",
                          "ArgumentDefaultsHelpFormatter", "MetavarTypeHelpFormatter"}) {
      const std::string name = f;
      table[name] = make_class("argparse." + name, [name](Interpreter&, Args& args, Kwargs& kw) {
        return new_formatter(name, args, kw);
      });
    }
    table["BooleanOptionalAction"] = refusing_class(
        "argparse.BooleanOptionalAction",
        "argparse.BooleanOptionalAction is supported by tsh as add_argument's action= only; calling it is not");
    table["Action"] = refusing_class("argparse.Action",
                                     "argparse.Action (actions of your own) is not supported by tsh; use one of "
                                     "argparse's action names");
    table["FileType"] = refusing_class("argparse.FileType", "argparse.FileType is not supported by tsh");
  }
  for (const char* name : {"ArgumentParser", "Namespace", "HelpFormatter", "RawDescriptionHelpFormatter",
                           "RawTextHelpFormatter", "ArgumentDefaultsHelpFormatter", "MetavarTypeHelpFormatter",
                           "BooleanOptionalAction", "Action", "FileType"})
    a[name] = table[name];
  a["ArgumentError"] = exception_class("argparse.ArgumentError");
  a["ArgumentTypeError"] = exception_class("argparse.ArgumentTypeError");
  a["SUPPRESS"] = Value::str(kSuppress);
  a["OPTIONAL"] = Value::str("?");
  a["ZERO_OR_MORE"] = Value::str("*");
  a["ONE_OR_MORE"] = Value::str("+");
  a["PARSER"] = Value::str("A...");
  a["REMAINDER"] = Value::str("...");
}

}  // namespace tsh::shell
