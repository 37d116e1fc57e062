// shell/python/argparse.h — Python's argparse module (a subset), shared by its
// files: mod_argparse.cpp (the module, ArgumentParser, its groups, Namespace),
// argparse_actions.cpp (add_argument and the actions it makes),
// argparse_parse.cpp (reading a command line), argparse_format.cpp
// (HelpFormatter: the usage line and help text, wrapped as Python 3.11 wraps
// them) and argparse_textwrap.cpp (Python's textwrap, which wraps them).
//
// The objects follow CPython 3.11's classes: an ArgumentParser holds its
// actions (one per add_argument), the groups that list them in the help
// (positional arguments, options, add_argument_group's) and its mutually
// exclusive groups. An action is shared by the parser and the groups that
// list it, as in Python.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "shell/python/value.h"

namespace tsh::shell::argparse {

// argparse.SUPPRESS: a default that sets no attribute, a help that hides the argument.
constexpr const char* kSuppress = "==SUPPRESS==";
bool is_suppress(const Value& v);
// argparse.OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE, REMAINDER, PARSER: the nargs strings.
bool nargs_is(const Value& nargs, const char* s);

// The action classes add_argument's action= names.
enum class ActionKind {
  Store, StoreConst, StoreTrue, StoreFalse, Append, AppendConst, Count, Help, Version, Extend, BooleanOptional
};

struct GroupData;

// What add_argument returns: argparse._StoreAction(option_strings=[...], dest=...).
struct ActionObj : TrackedInstance {
  ActionKind kind = ActionKind::Store;
  std::vector<std::string> option_strings;
  Value dest, nargs, const_, default_, type_func, choices, required, help, metavar;  // type_func: type=
  Value version;                     // _VersionAction only
  void each_value(const std::function<void(Value&)>& f) override {
    for (Value* v : {&dest, &nargs, &const_, &default_, &type_func, &choices, &required, &help, &metavar, &version}) f(*v);
  }
  std::weak_ptr<GroupData> container;  // the argument group that lists it

  std::string class_name() const override;
  std::string module_name() const override { return "argparse"; }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  void set_attr(Interpreter& in, const Value& self, const std::string& name, const Value& v) override;
  std::vector<std::string> attr_names() const override;
  std::string repr_of(const Value& self) const override;
  bool takes_no_values() const;  // nargs == 0: store_true and the other flags
};
using ActionPtr = std::shared_ptr<ActionObj>;

// An argument group (add_argument_group; "positional arguments" and
// "options" are two) or a mutually exclusive group.
struct GroupData {
  Value title, description;
  std::vector<ActionPtr> actions;  // _group_actions
  bool mutex = false;
  Value required = Value::boolean(false);  // a mutually exclusive group's
  // A mutually exclusive group adds its actions through this group; null:
  // through the parser (to "positional arguments" or "options").
  std::shared_ptr<GroupData> container;
  Value conflict_handler, prefix_chars, argument_default;  // copied from the parser
};

// A HelpFormatter object, as formatter_class(prog=...) makes it.
struct FormatterObj : InstanceObj {
  std::string cls = "HelpFormatter";  // or RawDescriptionHelpFormatter, ...
  Value prog;
  int indent_increment = 2;
  int max_help_position = 24;
  int width = 78;
  bool raw_description() const { return cls == "RawDescriptionHelpFormatter" || raw_text(); }
  bool raw_text() const { return cls == "RawTextHelpFormatter"; }
  bool show_defaults() const { return cls == "ArgumentDefaultsHelpFormatter"; }
  bool metavar_type() const { return cls == "MetavarTypeHelpFormatter"; }

  std::string class_name() const override { return cls; }
  std::string module_name() const override { return "argparse"; }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
};

// Its actions and groups are shared with the group objects, and not shown to the collector:
// they stay alive while the parser or a group does.
struct ParserObj : TrackedInstance {
  Value prog, usage, description, epilog, formatter_class, prefix_chars, fromfile_prefix_chars, argument_default,
      conflict_handler, add_help, allow_abbrev, exit_on_error;
  std::vector<ActionPtr> actions;
  std::vector<std::pair<std::string, ActionPtr>> option_string_actions;  // in insertion order
  std::vector<std::shared_ptr<GroupData>> action_groups, mutex_groups;
  std::shared_ptr<GroupData> positionals, optionals;
  Value defaults;  // set_defaults: a dict
  std::map<std::string, Value> extra;  // attributes set by hand (parser.version = '1.0')
  bool has_negative_number_optionals = false;
  void each_value(const std::function<void(Value&)>& f) override {
    for (Value* v : {&prog, &usage, &description, &epilog, &formatter_class, &prefix_chars, &fromfile_prefix_chars,
                     &argument_default, &conflict_handler, &add_help, &allow_abbrev, &exit_on_error, &defaults})
      f(*v);
    for (auto& [name, v] : extra) f(v);
  }

  std::string class_name() const override { return "ArgumentParser"; }
  std::string module_name() const override { return "argparse"; }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  void set_attr(Interpreter& in, const Value& self, const std::string& name, const Value& v) override;
  std::vector<std::string> attr_names() const override;
  std::string repr_of(const Value& self) const override;
};

// --- mod_argparse.cpp: helpers -------------------------------------------------------

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

bool identical(const Value& a, const Value& b);  // Python's `is`
bool is_callable(const Value& v);
// Code points of a str: the first, the i-th ("" past the end), those from i on.
std::string first_cp(const std::string& s);
std::string cp_at(const std::string& s, size_t i);
std::string cp_from(const std::string& s, size_t i);
bool in_chars(const std::string& ch, const std::string& chars);  // `ch in prefix_chars`
std::string str_repr(const std::string& s);
std::string join(const std::vector<std::string>& v, const std::string& sep);
Value str_list(const std::vector<std::string>& v);
// Binds a call to a method's parameters `names` (the first `required` of them
// required); `implicit` leading parameters (self) count in the messages, as
// Python counts them. A parameter not given is nullopt.
std::vector<std::optional<Value>> bind(const std::string& fname, const Args& a, const Kwargs& kw,
                                       const std::vector<std::string>& names, size_t required, size_t implicit = 1);
Value or_value(const std::optional<Value>& v, const Value& dflt);
Value sys_attr(Interpreter& in, const char* name);  // sys.stdout, sys.argv, ... as they are now
// ArgumentParser._print_message: file.write(message) (sys.stderr for a false file).
void print_message(Interpreter& in, const std::string& message, Value file);
Value cls(const std::string& name);  // the class argparse.<name>
Value new_namespace();
// hasattr, getattr with a default, and setattr's name check, on a namespace.
bool ns_has(Interpreter& in, const Value& ns, const std::string& name);
Value ns_get(Interpreter& in, const Value& ns, const std::string& name, const Value& dflt);
const std::string& attr_name(const Value& v);

// --- argparse_actions.cpp -------------------------------------------------------------

// Where add_argument adds: the parser itself (group null) or one of its groups.
struct Target {
  ParserObj* parser;
  std::shared_ptr<GroupData> group;
};
Value add_argument(Interpreter& in, const Target& t, Args& args, Kwargs& kwargs);
// _add_action: the conflict check, then the parser's and the groups' lists.
void add_action(Interpreter& in, const Target& t, const ActionPtr& action);
void check_conflict_handler(const Value& handler);  // 'error' or 'resolve'
bool negative_number_like(const std::string& s);    // -1, -2.5, -.5
// _get_action_name: how errors name an argument; nullopt where Python's is None.
std::optional<Value> action_name(Interpreter& in, const ActionObj* a);
// sep.join(names), with Python's TypeError for a name that is not a str.
std::string join_names(const std::vector<std::optional<Value>>& names, const std::string& sep);
// 'text %s' % name (a tuple fills it only with one item).
std::string percent_s(const std::optional<Value>& name);
// Raises argparse.ArgumentError: "argument --foo: message".
[[noreturn]] void argument_error(Interpreter& in, const ActionObj* a, const std::string& message);
bool is_argument_error(const tsh::Error& e);

// --- argparse_parse.cpp ---------------------------------------------------------------

// parse_known_args(args, namespace): the namespace and the arguments left over.
std::pair<Value, std::vector<std::string>> parse_known(Interpreter& in, const Value& parser, const Value& args,
                                                       Value ns);
// parser.exit(status, message) and parser.error(message): SystemExit.
[[noreturn]] void parser_exit(Interpreter& in, const Value& status, const Value& message);
[[noreturn]] void parser_error(Interpreter& in, const ParserObj& p, const std::string& message);
void print_help_to(Interpreter& in, const ParserObj& p, const Value& file);

// --- argparse_format.cpp, argparse_textwrap.cpp -------------------------------------

// The formatter parser.formatter_class(prog=parser.prog) makes.
std::shared_ptr<FormatterObj> make_formatter(Interpreter& in, const ParserObj& p);
// parser.format_usage(), format_help(), and the text the version action prints.
std::string format_usage(Interpreter& in, const ParserObj& p);
std::string format_help(Interpreter& in, const ParserObj& p);
std::string format_version(Interpreter& in, const ParserObj& p, const Value& version);
// HelpFormatter._format_args: how an action's values show ("FOO", "[FOO ...]");
// Python's TypeError when a metavar tuple does not fit nargs, ValueError for
// an nargs that is not one.
std::string format_args(Interpreter& in, const ActionObj& a, const Value& default_metavar);
// str(x) for a %s, with Python's length in code points.
size_t text_len(const std::string& s);
// textwrap.wrap(text, width, initial_indent=, subsequent_indent=) with its defaults.
std::vector<std::string> text_wrap(const std::string& text, int width, const std::string& initial_indent = "",
                                   const std::string& subsequent_indent = "");

}  // namespace tsh::shell::argparse
