// shell/python/argparse_parse.cpp — how an ArgumentParser reads a command
// line, as CPython 3.11's _parse_known_args does: each argument classed as an
// option ('O'), a value ('A') or `--` ('-'); options found by exact name,
// `--opt=value`, clustered short flags (-vvx3) and unique prefixes; values
// given to each action by matching its nargs pattern, greedily, the way
// Python's regular expressions match; then type=, choices, the required
// arguments and the mutually exclusive groups. Errors exit through
// parser_error: usage and `prog: error: ...` on sys.stderr, status 2.
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

namespace {

// --- parsing ----------------------------------------------------------------------

// One step of a regular expression over the pattern of the arguments ('O' an
// option, 'A' an argument, '-' a `--`): a character class repeated min..max times.
struct Tok {
  std::string set;
  size_t min, max;  // max SIZE_MAX: unbounded
};
using Pattern = std::vector<Tok>;

// _get_nargs_pattern: (-*A-*) for one argument, (-*[A-]*) for '*', ...; an
// option's pattern has no '-'.
Pattern nargs_pattern(const ActionObj& a) {
  const size_t inf = SIZE_MAX;
  const Tok dashes{"-", 0, inf}, one{"A", 1, 1};
  Pattern p;
  const Value& n = a.nargs;
  if (n.is_none()) p = {dashes, one, dashes};
  else if (nargs_is(n, "?")) p = {dashes, {"A", 0, 1}, dashes};
  else if (nargs_is(n, "*")) p = {dashes, {"A-", 0, inf}};
  else if (nargs_is(n, "+")) p = {dashes, one, {"A-", 0, inf}};
  else if (nargs_is(n, "...")) p = {{"-AO", 0, inf}};
  else if (nargs_is(n, "A...")) p = {dashes, one, {"-AO", 0, inf}};
  else if (is_suppress(n)) p = {dashes, dashes};
  else if (n.is_intlike()) {
    p = {dashes};
    for (Int i = 0; i < n.as_int(); ++i) {
      if (i) p.push_back(dashes);
      p.push_back(one);
    }
    p.push_back(dashes);
  } else {
    throw TypeError("can't multiply sequence by non-int of type '" + type_name(n) + "'");
  }
  if (!a.option_strings.empty()) {
    Pattern q;
    for (Tok t : p) {
      if (t.set == "-") continue;
      t.set.erase(std::remove(t.set.begin(), t.set.end(), '-'), t.set.end());
      q.push_back(t);
    }
    p = q;
  }
  return p;
}

// re.match of the groups, one after another, at the start of s: the length
// each group takes, found by greedy backtracking as Python's re finds it.
std::optional<std::vector<size_t>> match_groups(const std::vector<Pattern>& groups, const std::string& s) {
  std::vector<std::pair<size_t, const Tok*>> toks;  // (group, tok)
  for (size_t g = 0; g < groups.size(); ++g)
    for (const Tok& t : groups[g]) toks.emplace_back(g, &t);
  std::vector<size_t> took(toks.size(), 0);
  std::function<bool(size_t, size_t)> rec = [&](size_t k, size_t pos) -> bool {
    if (k == toks.size()) return true;
    const Tok& t = *toks[k].second;
    size_t n = 0;
    while (pos + n < s.size() && n < t.max && t.set.find(s[pos + n]) != std::string::npos) ++n;
    for (size_t c = n + 1; c-- > t.min;) {
      took[k] = c;
      if (rec(k + 1, pos + c)) return true;
    }
    return false;
  };
  if (!rec(0, 0)) return std::nullopt;
  std::vector<size_t> lens(groups.size(), 0);
  for (size_t k = 0; k < toks.size(); ++k) lens[toks[k].first] += took[k];
  return lens;
}

struct OptionTuple {
  ActionPtr action;  // null: an option the parser does not have
  std::string option_string;
  std::optional<std::string> explicit_arg;
};

class Parse {
 public:
  Parse(Interpreter& in, ParserObj& p, const Value& self, std::vector<std::string> args, Value ns)
      : in_(in), p_(p), self_(self), args_(std::move(args)), ns_(std::move(ns)) {}

  std::pair<Value, std::vector<std::string>> run();

 private:
  const std::string& chars() const { return p_.prefix_chars.as_str(); }
  std::optional<OptionTuple> parse_optional(const std::string& arg);
  std::vector<OptionTuple> option_tuples(const std::string& arg);
  size_t match_argument(const ActionObj& a, const std::string& pattern);
  std::vector<size_t> match_partial(const std::vector<ActionPtr>& actions, const std::string& pattern);
  Value get_values(const ActionObj& a, std::vector<std::string> strings);
  Value get_value(const ActionObj& a, const Value& s);
  void check_value(const ActionObj& a, const Value& v);
  void take_action(const ActionPtr& a, const std::vector<std::string>& strings, const std::optional<std::string>& option);
  void call_action(const ActionObj& a, const Value& values, const std::optional<std::string>& option);
  size_t consume_optional(size_t start);
  size_t consume_positionals(size_t start);

  Interpreter& in_;
  ParserObj& p_;
  Value self_;
  std::vector<std::string> args_;
  Value ns_;
  std::string pattern_;
  std::map<size_t, OptionTuple> option_indices_;
  std::map<const ActionObj*, std::vector<const ActionObj*>> conflicts_;
  std::set<const ActionObj*> seen_, seen_non_default_;
  std::vector<ActionPtr> positionals_;
  std::vector<std::string> extras_;
};

std::optional<OptionTuple> Parse::parse_optional(const std::string& arg) {
  if (arg.empty()) return std::nullopt;
  if (!in_chars(first_cp(arg), chars())) return std::nullopt;
  for (auto& [k, a] : p_.option_string_actions)
    if (k == arg) return OptionTuple{a, arg, std::nullopt};
  if (text_len(arg) == 1) return std::nullopt;
  if (const size_t eq = arg.find('='); eq != std::string::npos) {
    const std::string opt = arg.substr(0, eq);
    for (auto& [k, a] : p_.option_string_actions)
      if (k == opt) return OptionTuple{a, opt, arg.substr(eq + 1)};
  }
  std::vector<OptionTuple> tuples = option_tuples(arg);
  if (tuples.size() > 1) {
    std::vector<std::string> names;
    for (const auto& t : tuples) names.push_back(t.option_string);
    parser_error(in_, p_, "ambiguous option: " + arg + " could match " + join(names, ", "));
  }
  if (tuples.size() == 1) return tuples[0];
  if (negative_number_like(arg) && !p_.has_negative_number_optionals) return std::nullopt;
  if (arg.find(' ') != std::string::npos) return std::nullopt;
  return OptionTuple{nullptr, arg, std::nullopt};
}

std::vector<OptionTuple> Parse::option_tuples(const std::string& arg) {
  std::vector<OptionTuple> out;
  const std::string c0 = cp_at(arg, 0), c1 = cp_at(arg, 1);
  if (in_chars(c0, chars()) && in_chars(c1, chars())) {
    if (truthy(p_.allow_abbrev)) {
      std::string prefix = arg;
      std::optional<std::string> explicit_arg;
      if (const size_t eq = arg.find('='); eq != std::string::npos) {
        prefix = arg.substr(0, eq);
        explicit_arg = arg.substr(eq + 1);
      }
      for (auto& [k, a] : p_.option_string_actions)
        if (k.rfind(prefix, 0) == 0) out.push_back({a, k, explicit_arg});
    }
  } else if (in_chars(c0, chars()) && !in_chars(c1, chars())) {
    const std::string short_prefix = c0 + c1, short_explicit = cp_from(arg, 2);
    for (auto& [k, a] : p_.option_string_actions) {
      if (k == short_prefix) out.push_back({a, k, short_explicit});
      else if (k.rfind(arg, 0) == 0) out.push_back({a, k, std::nullopt});
    }
  } else {
    parser_error(in_, p_, "unexpected option string: " + arg);
  }
  return out;
}

size_t Parse::match_argument(const ActionObj& a, const std::string& pattern) {
  std::optional<std::vector<size_t>> m = match_groups({nargs_pattern(a)}, pattern);
  if (m) return (*m)[0];
  std::string msg;
  if (a.nargs.is_none()) msg = "expected one argument";
  else if (nargs_is(a.nargs, "?")) msg = "expected at most one argument";
  else if (nargs_is(a.nargs, "+")) msg = "expected at least one argument";
  else {
    const bool one = a.nargs.is_intlike() && a.nargs.as_int() == 1;
    msg = "expected " + str(a.nargs) + (one ? " argument" : " arguments");
  }
  argument_error(in_, &a, msg);
}

std::vector<size_t> Parse::match_partial(const std::vector<ActionPtr>& actions, const std::string& pattern) {
  for (size_t i = actions.size(); i > 0; --i) {
    std::vector<Pattern> groups;
    for (size_t k = 0; k < i; ++k) groups.push_back(nargs_pattern(*actions[k]));
    if (auto m = match_groups(groups, pattern)) return *m;
  }
  return {};
}

Value Parse::get_value(const ActionObj& a, const Value& s) {
  if (a.type_func.is_none()) return s;  // the identity
  if (!is_callable(a.type_func)) argument_error(in_, &a, repr(a.type_func) + " is not callable");
  auto b = in_.builtins().find("str");
  if (b != in_.builtins().end() && identical(a.type_func, b->second) && s.is(Kind::Str)) return s;  // str(s) is s
  try {
    Args args{s};
    Kwargs kw;
    return in_.call(a.type_func, args, kw);
  } catch (const tsh::Error& e) {
    const std::string kind = e.kind();
    if (kind == "argparse.ArgumentTypeError") argument_error(in_, &a, e.what());
    if (!exception_is(kind, "TypeError") && !exception_is(kind, "ValueError")) throw;
  }
  std::string name;
  try {
    name = str(in_.get_attr(a.type_func, "__name__"));
  } catch (const tsh::Error& e) {
    if (!exception_is(e.kind(), "AttributeError")) throw;
    name = repr(a.type_func);
  }
  argument_error(in_, &a, "invalid " + name + " value: " + repr(s));
}

void Parse::check_value(const ActionObj& a, const Value& v) {
  if (a.choices.is_none()) return;
  if (in_.compare(grammar::Op::In, v, a.choices, nullptr)) return;
  std::vector<std::string> shown;
  for (const Value& c : in_.iterate(a.choices)) shown.push_back(repr(c));
  argument_error(in_, &a, "invalid choice: " + repr(v) + " (choose from " + join(shown, ", ") + ")");
}

Value Parse::get_values(const ActionObj& a, std::vector<std::string> strings) {
  const Value& n = a.nargs;
  if (!nargs_is(n, "A...") && !nargs_is(n, "...")) {
    auto it = std::find(strings.begin(), strings.end(), "--");
    if (it != strings.end()) strings.erase(it);
  }
  auto values = [&](bool check_each) {
    std::vector<Value> out;
    for (const std::string& s : strings) out.push_back(get_value(a, Value::str(s)));
    if (check_each)
      for (const Value& v : out) check_value(a, v);
    return out;
  };
  if (strings.empty() && nargs_is(n, "?")) {
    Value v = a.option_strings.empty() ? a.default_ : a.const_;
    if (v.is(Kind::Str)) {
      v = get_value(a, v);
      check_value(a, v);
    }
    return v;
  }
  if (strings.empty() && nargs_is(n, "*") && a.option_strings.empty()) {
    Value v = a.default_.is_none() ? Value::list({}) : a.default_;
    check_value(a, v);
    return v;
  }
  if (strings.size() == 1 && (n.is_none() || nargs_is(n, "?"))) {
    Value v = get_value(a, Value::str(strings[0]));
    check_value(a, v);
    return v;
  }
  if (nargs_is(n, "...")) return Value::list(values(false));
  if (nargs_is(n, "A...")) {
    std::vector<Value> v = values(false);
    check_value(a, v.at(0));
    return Value::list(std::move(v));
  }
  if (is_suppress(n)) return Value::str(kSuppress);
  return Value::list(values(true));
}

// _AppendAction's _copy_items: a copy of the list so far (a new one for None).
Value copy_items(const Value& items, const char* method) {
  if (items.is_none()) return Value::list({});
  if (items.is(Kind::List)) return Value::list(items.items());
  throw AttributeError("'" + type_name(items) + "' object has no attribute '" + method + "'");
}

void Parse::call_action(const ActionObj& a, const Value& values, const std::optional<std::string>& option) {
  switch (a.kind) {
    case ActionKind::Store: in_.set_attr(ns_, attr_name(a.dest), values); return;
    case ActionKind::StoreConst:
    case ActionKind::StoreTrue:
    case ActionKind::StoreFalse: in_.set_attr(ns_, attr_name(a.dest), a.const_); return;
    case ActionKind::Append:
    case ActionKind::AppendConst:
    case ActionKind::Extend: {
      const std::string& dest = attr_name(a.dest);
      Value items = copy_items(ns_get(in_, ns_, dest, Value()), a.kind == ActionKind::Extend ? "extend" : "append");
      if (a.kind == ActionKind::Extend) {
        for (const Value& v : in_.iterate(values)) items.items().push_back(v);
      } else {
        items.items().push_back(a.kind == ActionKind::Append ? values : a.const_);
      }
      in_.set_attr(ns_, dest, items);
      return;
    }
    case ActionKind::Count: {
      const std::string& dest = attr_name(a.dest);
      Value count = ns_get(in_, ns_, dest, Value());
      if (count.is_none()) count = Value::integer(0);
      in_.set_attr(ns_, dest, in_.binary(grammar::Op::Add, count, Value::integer(1), false));
      return;
    }
    case ActionKind::Help:
      print_help_to(in_, p_, Value());
      parser_exit(in_, Value::integer(0), Value());
    case ActionKind::Version: {
      Value version = a.version;
      if (version.is_none()) version = in_.get_attr(self_, "version");
      print_message(in_, format_version(in_, p_, version), sys_attr(in_, "stdout"));
      parser_exit(in_, Value::integer(0), Value());
    }
    case ActionKind::BooleanOptional:
      if (option && std::find(a.option_strings.begin(), a.option_strings.end(), *option) != a.option_strings.end())
        in_.set_attr(ns_, attr_name(a.dest), Value::boolean(option->rfind("--no-", 0) != 0));
      return;
  }
}

void Parse::take_action(const ActionPtr& a, const std::vector<std::string>& strings,
                        const std::optional<std::string>& option) {
  seen_.insert(a.get());
  Value values = get_values(*a, strings);
  // Arguments that take their default do not count as present for the
  // mutually exclusive groups.
  if (!identical(values, a->default_)) {
    seen_non_default_.insert(a.get());
    for (const ActionObj* c : conflicts_[a.get()])
      if (seen_non_default_.count(c)) argument_error(in_, a.get(), "not allowed with argument " + percent_s(action_name(in_, c)));
  }
  if (!is_suppress(values)) call_action(*a, values, option);
}

size_t Parse::consume_optional(size_t start) {
  OptionTuple t = option_indices_.at(start);
  ActionPtr action = t.action;
  std::string option_string = t.option_string;
  std::optional<std::string> explicit_arg = t.explicit_arg;
  std::vector<std::tuple<ActionPtr, std::vector<std::string>, std::string>> tuples;
  size_t stop = start;
  while (true) {
    if (!action) {
      extras_.push_back(args_[start]);
      return start + 1;
    }
    if (explicit_arg) {
      const size_t count = match_argument(*action, "A");
      if (count == 0 && !in_chars(cp_at(option_string, 1), chars()) && !explicit_arg->empty()) {
        // -xyz: -x takes no value, so y and z are flags too.
        tuples.emplace_back(action, std::vector<std::string>{}, option_string);
        option_string = cp_at(option_string, 0) + first_cp(*explicit_arg);
        const std::string rest = cp_from(*explicit_arg, 1);
        ActionPtr next;
        for (auto& [k, a] : p_.option_string_actions)
          if (k == option_string) next = a;
        if (!next) argument_error(in_, action.get(), "ignored explicit argument " + str_repr(*explicit_arg));
        action = next;
        explicit_arg = rest.empty() ? std::nullopt : std::optional<std::string>(rest);
      } else if (count == 1) {
        stop = start + 1;
        tuples.emplace_back(action, std::vector<std::string>{*explicit_arg}, option_string);
        break;
      } else {
        argument_error(in_, action.get(), "ignored explicit argument " + str_repr(*explicit_arg));
      }
    } else {
      const size_t first = start + 1;
      const size_t count = match_argument(*action, pattern_.substr(std::min(first, pattern_.size())));
      stop = first + count;
      tuples.emplace_back(action, std::vector<std::string>(args_.begin() + static_cast<long>(first),
                                                           args_.begin() + static_cast<long>(stop)),
                          option_string);
      break;
    }
  }
  for (auto& [a, strings, opt] : tuples) take_action(a, strings, opt);
  return stop;
}

size_t Parse::consume_positionals(size_t start) {
  std::vector<size_t> counts = match_partial(positionals_, pattern_.substr(std::min(start, pattern_.size())));
  for (size_t i = 0; i < counts.size(); ++i) {
    std::vector<std::string> strings(args_.begin() + static_cast<long>(start),
                                     args_.begin() + static_cast<long>(start + counts[i]));
    start += counts[i];
    take_action(positionals_[i], strings, std::nullopt);
  }
  positionals_.erase(positionals_.begin(), positionals_.begin() + static_cast<long>(counts.size()));
  return start;
}

std::pair<Value, std::vector<std::string>> Parse::run() {
  for (const auto& g : p_.mutex_groups)
    for (size_t i = 0; i < g->actions.size(); ++i)
      for (size_t k = 0; k < g->actions.size(); ++k)
        if (k != i) conflicts_[g->actions[i].get()].push_back(g->actions[k].get());
  for (size_t i = 0; i < args_.size(); ++i) {
    if (args_[i] == "--") {
      pattern_ += '-';
      pattern_ += std::string(args_.size() - i - 1, 'A');
      break;
    }
    std::optional<OptionTuple> t = parse_optional(args_[i]);
    if (t) {
      option_indices_[i] = *t;
      pattern_ += 'O';
    } else {
      pattern_ += 'A';
    }
  }
  for (const auto& a : p_.actions)
    if (a->option_strings.empty()) positionals_.push_back(a);
  size_t start = 0;
  const long max_option = option_indices_.empty() ? -1 : static_cast<long>(option_indices_.rbegin()->first);
  while (static_cast<long>(start) <= max_option) {
    const size_t next = option_indices_.lower_bound(start)->first;
    if (start != next) {
      const size_t end = consume_positionals(start);
      if (end > start) {
        start = end;
        continue;
      }
      start = end;
    }
    if (!option_indices_.count(start)) {
      extras_.insert(extras_.end(), args_.begin() + static_cast<long>(start), args_.begin() + static_cast<long>(next));
      start = next;
    }
    start = consume_optional(start);
  }
  const size_t stop = consume_positionals(start);
  if (stop < args_.size()) extras_.insert(extras_.end(), args_.begin() + static_cast<long>(stop), args_.end());
  std::vector<std::optional<Value>> required;
  for (const auto& a : p_.actions) {
    if (seen_.count(a.get())) continue;
    if (truthy(a->required)) {
      required.push_back(action_name(in_, a.get()));
    } else if (a->default_.is(Kind::Str) && a->dest.is(Kind::Str) && ns_has(in_, ns_, a->dest.as_str()) &&
               identical(a->default_, in_.get_attr(ns_, a->dest.as_str()))) {
      // A str default goes through type= now, once, when it is used.
      in_.set_attr(ns_, a->dest.as_str(), get_value(*a, a->default_));
    }
  }
  if (!required.empty()) parser_error(in_, p_, "the following arguments are required: " + join_names(required, ", "));
  for (const auto& g : p_.mutex_groups) {
    if (!truthy(g->required)) continue;
    bool present = false;
    for (const auto& a : g->actions) present = present || seen_non_default_.count(a.get()) > 0;
    if (present) continue;
    std::vector<std::optional<Value>> names;
    for (const auto& a : g->actions)
      if (!is_suppress(a->help)) names.push_back(action_name(in_, a.get()));
    parser_error(in_, p_, "one of the arguments " + join_names(names, " ") + " is required");
  }
  return {ns_, extras_};
}

}  // namespace

// --- exits, and parse_known_args ---------------------------------------------------------

[[noreturn]] void parser_exit(Interpreter& in, const Value& status, const Value& message) {
  if (truthy(message)) print_message(in, str(message), sys_attr(in, "stderr"));
  Args a{status};
  Kwargs kw;
  in.call(in.builtins().at("exit"), a, kw);
  throw SystemExit("", 0, false, false);  // (exit always raises)
}

void parser_error(Interpreter& in, const ParserObj& p, const std::string& message) {
  print_message(in, format_usage(in, p), sys_attr(in, "stderr"));
  parser_exit(in, Value::integer(2), Value::str(str(p.prog) + ": error: " + message + "\n"));
}

void print_help_to(Interpreter& in, const ParserObj& p, const Value& file) {
  print_message(in, format_help(in, p), file.is_none() ? sys_attr(in, "stdout") : file);
}

namespace {

std::vector<std::string> arg_strings(Interpreter& in, const Value& args) {
  std::vector<Value> items;
  if (args.is_none()) {
    Value argv = sys_attr(in, "argv");
    std::vector<Value> all = in.iterate(argv);
    if (!all.empty()) items.assign(all.begin() + 1, all.end());
  } else {
    items = in.iterate(args);
  }
  std::vector<std::string> out;
  for (const Value& v : items) {
    if (!v.is(Kind::Str)) throw NotImplementedError("argparse: arguments that are not str (" + type_name(v) + ") are not supported by tsh");
    out.push_back(v.as_str());
  }
  return out;
}

}  // namespace

// ArgumentParser.parse_known_args.
std::pair<Value, std::vector<std::string>> parse_known(Interpreter& in, const Value& self, const Value& args,
                                                       Value ns) {
  ParserObj& p = *self.as<ParserObj>();
  if (!p.fromfile_prefix_chars.is_none())
    throw NotImplementedError("argparse: fromfile_prefix_chars (arguments read from files) is not supported by tsh");
  if (!p.prefix_chars.is(Kind::Str)) throw NotImplementedError("argparse: a prefix_chars that is not a str is not supported by tsh");
  std::vector<std::string> strings = arg_strings(in, args);
  if (ns.is_none()) ns = new_namespace();
  for (const auto& a : p.actions) {
    if (is_suppress(a->dest)) continue;
    const std::string& dest = attr_name(a->dest);
    if (!ns_has(in, ns, dest) && !is_suppress(a->default_)) in.set_attr(ns, dest, a->default_);
  }
  for (const Value& item : dict_of(p.defaults).items()) {
    const std::string& dest = attr_name(item.items()[0]);
    if (!ns_has(in, ns, dest)) in.set_attr(ns, dest, item.items()[1]);
  }
  if (!truthy(p.exit_on_error)) return Parse(in, p, self, strings, ns).run();
  try {
    return Parse(in, p, self, strings, ns).run();
  } catch (const tsh::Error& e) {
    if (!is_argument_error(e)) throw;
    parser_error(in, p, e.what());
  }
}

}  // namespace tsh::shell::argparse
