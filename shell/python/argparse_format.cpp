// shell/python/argparse_format.cpp — argparse's HelpFormatter: the usage line
// (wrapped when it is longer than the terminal), the help text of each
// argument group, descriptions and epilogs filled as Python's textwrap fills
// them (argparse_textwrap.cpp). The rules are Python 3.11's, so `-h` prints
// what python3 prints.

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>

#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/python/argparse.h"
#include "shell/terminal.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/unicode.h"

namespace tsh::shell::argparse {

namespace {

using U = std::vector<uint32_t>;

bool ascii_space(uint32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// --- strings ----------------------------------------------------------------

std::string spaces(long n) { return std::string(static_cast<size_t>(std::max(0L, n)), ' '); }

// Python's re.sub(r'\s+', ' ', text).strip() (ASCII whitespace, then str.strip()).
std::string collapse_whitespace(const std::string& text) {
  U t = decode(text), out;
  for (size_t i = 0; i < t.size();) {
    if (ascii_space(t[i])) {
      out.push_back(' ');
      while (i < t.size() && ascii_space(t[i])) ++i;
    } else {
      out.push_back(t[i++]);
    }
  }
  size_t b = 0, e = out.size();
  while (b < e && is_space(out[b])) ++b;
  while (e > b && is_space(out[e - 1])) --e;
  return encode(U(out.begin() + static_cast<long>(b), out.begin() + static_cast<long>(e)));
}

// str.splitlines(keepends).
std::vector<std::string> split_lines(const std::string& text, bool keepends) {
  U t = decode(text);
  std::vector<std::string> out;
  size_t start = 0;
  auto is_break = [](uint32_t c) {
    return c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == 0x1c || c == 0x1d || c == 0x1e || c == 0x85 ||
           c == 0x2028 || c == 0x2029;
  };
  for (size_t i = 0; i < t.size(); ++i) {
    if (!is_break(t[i])) continue;
    size_t end = i + 1;
    if (t[i] == '\r' && i + 1 < t.size() && t[i + 1] == '\n') end = i + 2;
    out.push_back(encode(U(t.begin() + static_cast<long>(start), t.begin() + static_cast<long>(keepends ? end : i))));
    start = end;
    i = end - 1;
  }
  if (start < t.size()) out.push_back(encode(U(t.begin() + static_cast<long>(start), t.end())));
  return out;
}

std::string upper(const std::string& s) {
  U t = decode(s);
  for (uint32_t& c : t) c = to_upper(c);
  return encode(t);
}

// A dict {'prog': prog} for `text % dict(prog=...)`.
Value prog_dict(const Value& prog) {
  Value d = make_dict();
  dict_of(d).set(Value::str("prog"), prog);
  return d;
}

std::string percent(Interpreter& in, const Value& fmt, const Value& mapping) {
  return str(in.binary(grammar::Op::Mod, fmt, mapping, false));
}

// `fmt % items` for a format of n plain %s: Python's TypeErrors when the
// counts differ (a metavar tuple that does not fit nargs).
std::vector<std::string> fit(const std::vector<std::string>& items, size_t n) {
  if (items.size() < n) throw TypeError("not enough arguments for format string");
  if (items.size() > n) throw TypeError("not all arguments converted during string formatting");
  return items;
}

// HelpFormatter._metavar_formatter: the metavar (a str, or a tuple of one per
// value), else the choices as {a,b}, else the default.
struct Metavar {
  bool is_tuple = false;
  std::vector<std::string> items;
  std::vector<std::string> operator()(size_t n) const {
    if (is_tuple) return items;
    return std::vector<std::string>(n, items[0]);
  }
};

Metavar metavar_of(Interpreter& in, const ActionObj& a, const Value& default_metavar) {
  Metavar m;
  if (!a.metavar.is_none()) {
    if (a.metavar.is(Kind::Tuple)) {
      m.is_tuple = true;
      for (const Value& v : a.metavar.items()) m.items.push_back(str(v));
    } else {
      m.items = {str(a.metavar)};
    }
  } else if (!a.choices.is_none()) {
    std::string s = "{";
    bool first = true;
    for (const Value& c : in.iterate(a.choices)) {
      s += (first ? "" : ",") + str(c);
      first = false;
    }
    m.items = {s + "}"};
  } else {
    m.items = {str(default_metavar)};
  }
  return m;
}

// The type's __name__ (MetavarTypeHelpFormatter's metavars).
Value type_name_of(Interpreter& in, const Value& type) { return in.get_attr(type, "__name__"); }

class Formatter {
 public:
  Formatter(Interpreter& in, const FormatterObj& f) : in_(in), f_(f), prog_(str(f.prog)) {
    max_help_position_ = std::min(f.max_help_position, std::max(f.width - 20, f.indent_increment * 2));
  }

  void indent() { current_indent_ += f_.indent_increment; }
  void dedent() { current_indent_ -= f_.indent_increment; }

  Value default_optional_metavar(const ActionObj& a) {
    return f_.metavar_type() ? type_name_of(in_, a.type_func) : Value::str(upper(str(a.dest)));
  }
  Value default_positional_metavar(const ActionObj& a) {
    return f_.metavar_type() ? type_name_of(in_, a.type_func) : a.dest;
  }

  // _format_action_invocation: "-f FOO, --foo FOO", "-v, --verbose", "name".
  std::string invocation(const ActionObj& a) {
    if (a.option_strings.empty()) {
      Metavar m = metavar_of(in_, a, default_positional_metavar(a));
      std::vector<std::string> one = m(1);
      if (one.size() > 1) throw ValueError("too many values to unpack (expected 1)");
      if (one.empty()) throw ValueError("not enough values to unpack (expected 1, got 0)");
      return one[0];
    }
    std::string out;
    if (a.takes_no_values()) {
      for (size_t i = 0; i < a.option_strings.size(); ++i) out += (i ? ", " : "") + a.option_strings[i];
      return out;
    }
    const std::string args = format_args(in_, a, default_optional_metavar(a));
    for (size_t i = 0; i < a.option_strings.size(); ++i) out += (i ? ", " : "") + a.option_strings[i] + " " + args;
    return out;
  }

  // add_argument's bookkeeping: the widest invocation sets where help starts.
  void note_action(const ActionObj& a) {
    if (is_suppress(a.help)) return;
    action_max_length_ = std::max(action_max_length_, static_cast<int>(text_len(invocation(a))) + current_indent_);
  }

  // _format_text: a description or epilog, filled to the width (or kept as
  // written by the Raw formatters).
  std::string text(const Value& v) {
    if (v.is_none() || is_suppress(v)) return "";
    if (!v.is(Kind::Str)) throw TypeError("argument of type '" + type_name(v) + "' is not iterable");
    std::string t = v.as_str();
    if (t.find("%(prog)") != std::string::npos) t = percent(in_, v, prog_dict(f_.prog));
    const int width = std::max(f_.width - current_indent_, 11);
    const std::string indent = spaces(current_indent_);
    return fill(t, width, indent) + "\n\n";
  }

  std::string fill(const std::string& t, int width, const std::string& indent) {
    if (f_.raw_description()) {
      std::string out;
      for (const std::string& line : split_lines(t, true)) out += indent + line;
      return out;
    }
    std::string out;
    const std::vector<std::string> lines = text_wrap(collapse_whitespace(t), width, indent, indent);
    for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
    return out;
  }

  std::vector<std::string> split_help(const std::string& t, int width) {
    if (f_.raw_text()) return split_lines(t, false);
    return text_wrap(collapse_whitespace(t), width);
  }

  // _get_help_string and _expand_help: the help with %(default)s, %(prog)s,
  // %(type)s ... filled in.
  std::string expand_help(const ActionObj& a) {
    Value help = a.help;
    if (f_.show_defaults()) {
      std::string h = help.is_none() ? "" : str(help);
      if (h.find("%(default)") == std::string::npos && !is_suppress(a.default_) &&
          (!a.option_strings.empty() || nargs_is(a.nargs, "?") || nargs_is(a.nargs, "*")))
        h += " (default: %(default)s)";
      help = Value::str(h);
    }
    std::vector<Value> opts;
    for (const std::string& s : a.option_strings) opts.push_back(Value::str(s));
    std::vector<std::pair<std::string, Value>> params = {
        {"option_strings", Value::list(opts)}, {"dest", a.dest},       {"nargs", a.nargs},
        {"const", a.const_},                   {"default", a.default_}, {"type", a.type_func},
        {"choices", a.choices},                {"required", a.required}, {"help", a.help},
        {"metavar", a.metavar}};
    if (a.kind == ActionKind::Version) params.emplace_back("version", a.version);
    params.emplace_back("prog", f_.prog);
    Value d = make_dict();
    for (auto& [name, v] : params) {
      if (is_suppress(v)) continue;
      Value shown = v;
      if (v.is(Kind::Type) || v.is(Kind::Function) || v.is(Kind::Builtin) || v.is(Kind::Method))
        shown = in_.get_attr(v, "__name__");
      if (name == "choices" && !v.is_none()) {
        std::string s;
        bool first = true;
        for (const Value& c : in_.iterate(v)) {
          s += (first ? "" : ", ") + str(c);
          first = false;
        }
        shown = Value::str(s);
      }
      dict_of(d).set(Value::str(name), shown);
    }
    return percent(in_, help, d);
  }

  // _format_action: the invocation, then the help wrapped beside or below it.
  std::string action(const ActionObj& a) {
    const int help_position = std::min(action_max_length_ + 2, max_help_position_);
    const int help_width = std::max(f_.width - help_position, 11);
    const int action_width = help_position - current_indent_ - 2;
    std::string header = invocation(a);
    int indent_first = 0;
    const bool has_help = truthy(a.help);
    if (!has_help) {
      header = spaces(current_indent_) + header + "\n";
    } else if (static_cast<int>(text_len(header)) <= action_width) {
      header = spaces(current_indent_) + header + spaces(action_width - static_cast<long>(text_len(header))) + "  ";
    } else {
      header = spaces(current_indent_) + header + "\n";
      indent_first = help_position;
    }
    std::string out = header;
    bool help_text_shown = false;
    if (has_help) {
      if (!a.help.is(Kind::Str))
        throw AttributeError("'" + type_name(a.help) + "' object has no attribute 'strip'");
      help_text_shown = !collapse_whitespace(a.help.as_str()).empty();  // help.strip()
    }
    if (help_text_shown) {
      const std::string help_text = expand_help(a);
      if (!help_text.empty()) {
        std::vector<std::string> lines = split_help(help_text, help_width);
        if (lines.empty()) throw IndexError("list index out of range");
        out += spaces(indent_first) + lines[0] + "\n";
        for (size_t i = 1; i < lines.size(); ++i) out += spaces(help_position) + lines[i] + "\n";
      }
    } else if (out.empty() || out.back() != '\n') {
      out += "\n";
    }
    return out;
  }

  // _format_actions_usage: the arguments of the usage line, with the
  // mutually exclusive groups as [-a | -b] or (-a | -b).
  std::string actions_usage(const std::vector<ActionPtr>& actions, const std::vector<std::shared_ptr<GroupData>>& groups) {
    std::map<size_t, std::string> inserts;
    std::vector<const ActionObj*> grouped;
    auto in_group = [&](const ActionObj* a) { return std::find(grouped.begin(), grouped.end(), a) != grouped.end(); };
    for (const auto& g : groups) {
      if (g->actions.empty())
        throw ValueError("empty group <argparse._MutuallyExclusiveGroup object at " + hex_address(g.get()) + ">");
      auto first = std::find(actions.begin(), actions.end(), g->actions[0]);
      if (first == actions.end()) continue;
      const size_t start = static_cast<size_t>(first - actions.begin());
      const size_t end = start + g->actions.size();
      if (end > actions.size() || !std::equal(g->actions.begin(), g->actions.end(), actions.begin() + static_cast<long>(start)))
        continue;
      size_t suppressed = 0;
      for (const auto& a : g->actions) {
        grouped.push_back(a.get());
        if (is_suppress(a->help)) ++suppressed;
      }
      const size_t exposed = g->actions.size() - suppressed;
      auto add = [&](size_t i, const std::string& s) {
        if (inserts.count(i)) inserts[i] += " " + s;
        else inserts[i] = s;
      };
      if (!truthy(g->required)) {
        add(start, "[");
        if (inserts.count(end)) inserts[end] += "]";
        else inserts[end] = "]";
      } else if (exposed > 1) {
        add(start, "(");
        if (inserts.count(end)) inserts[end] += ")";
        else inserts[end] = ")";
      }
      for (size_t i = start + 1; i < end; ++i) inserts[i] = "|";
    }
    std::vector<std::optional<std::string>> parts;
    for (size_t i = 0; i < actions.size(); ++i) {
      const ActionObj& a = *actions[i];
      if (is_suppress(a.help)) {
        parts.push_back(std::nullopt);
        if (inserts.count(i) && inserts[i] == "|") inserts.erase(i);
        else if (inserts.count(i + 1) && inserts[i + 1] == "|") inserts.erase(i + 1);
      } else if (a.option_strings.empty()) {
        std::string part = format_args(in_, a, default_positional_metavar(a));
        if (in_group(&a)) {
          if (part.empty()) throw IndexError("string index out of range");
          if (part.front() == '[' && part.back() == ']') part = part.substr(1, part.size() - 2);
        }
        parts.push_back(part);
      } else {
        std::string part;
        if (a.takes_no_values()) {
          part = a.option_strings[0];
          if (a.kind == ActionKind::BooleanOptional) {
            part.clear();
            for (size_t k = 0; k < a.option_strings.size(); ++k) part += (k ? " | " : "") + a.option_strings[k];
          }
        } else {
          part = a.option_strings[0] + " " + format_args(in_, a, default_optional_metavar(a));
        }
        if (!truthy(a.required) && !in_group(&a)) part = "[" + part + "]";
        parts.push_back(part);
      }
    }
    for (auto it = inserts.rbegin(); it != inserts.rend(); ++it)
      parts.insert(parts.begin() + static_cast<long>(std::min(it->first, parts.size())), it->second);
    std::string text;
    bool first = true;
    for (const auto& p : parts) {
      if (!p) continue;
      text += (first ? "" : " ") + *p;
      first = false;
    }
    // The separators' clean-up: no space after an opening bracket or before a
    // closing one, and no empty brackets.
    auto open = [](char c) { return c == '[' || c == '('; };
    auto close = [](char c) { return c == ']' || c == ')'; };
    std::string s;
    for (size_t i = 0; i < text.size(); ++i) {
      s += text[i];
      if (open(text[i]) && i + 1 < text.size() && text[i + 1] == ' ') ++i;
    }
    text.swap(s);
    s.clear();
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == ' ' && i + 1 < text.size() && close(text[i + 1])) continue;
      s += text[i];
    }
    text.swap(s);
    s.clear();
    for (size_t i = 0; i < text.size(); ++i) {
      if (open(text[i])) {
        size_t j = i + 1;
        while (j < text.size() && text[j] == ' ') ++j;
        if (j < text.size() && close(text[j])) {
          i = j;
          continue;
        }
      }
      s += text[i];
    }
    const size_t b = s.find_first_not_of(" \t\n\r\v\f");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\n\r\v\f") - b + 1);
  }

  // _format_usage: "usage: prog [-h] [--foo FOO] bar\n\n", wrapped when long.
  std::string usage(const Value& custom, const std::vector<ActionPtr>& actions,
                    const std::vector<std::shared_ptr<GroupData>>& groups, const std::string& prefix) {
    std::string text;
    if (!custom.is_none()) {
      text = percent(in_, custom, prog_dict(f_.prog));
    } else if (actions.empty()) {
      text = prog_;
    } else {
      std::vector<ActionPtr> optionals, positionals, all;
      for (const auto& a : actions) (a->option_strings.empty() ? positionals : optionals).push_back(a);
      all = optionals;
      all.insert(all.end(), positionals.begin(), positionals.end());
      const std::string action_usage = actions_usage(all, groups);
      text = prog_.empty() ? action_usage : action_usage.empty() ? prog_ : prog_ + " " + action_usage;
      const long text_width = f_.width - current_indent_;
      if (static_cast<long>(text_len(prefix) + text_len(text)) > text_width) {
        const std::string opt_usage = actions_usage(optionals, groups);
        const std::string pos_usage = actions_usage(positionals, groups);
        const std::vector<std::string> opt_parts = usage_parts(opt_usage);
        const std::vector<std::string> pos_parts = usage_parts(pos_usage);
        if (join(opt_parts) != opt_usage || join(pos_parts) != pos_usage) throw PyError("AssertionError", "");
        auto get_lines = [&](const std::vector<std::string>& parts, const std::string& indent,
                             const std::string* pfx) {
          std::vector<std::string> lines, line;
          long line_len = static_cast<long>(text_len(pfx ? *pfx : indent)) - 1;
          for (const std::string& part : parts) {
            if (line_len + 1 + static_cast<long>(text_len(part)) > text_width && !line.empty()) {
              lines.push_back(indent + join(line));
              line.clear();
              line_len = static_cast<long>(text_len(indent)) - 1;
            }
            line.push_back(part);
            line_len += static_cast<long>(text_len(part)) + 1;
          }
          if (!line.empty()) lines.push_back(indent + join(line));
          if (pfx && !lines.empty()) lines[0] = lines[0].substr(indent.size());
          return lines;
        };
        std::vector<std::string> lines;
        if (static_cast<double>(text_len(prefix) + text_len(prog_)) <= 0.75 * static_cast<double>(text_width)) {
          const std::string indent = spaces(static_cast<long>(text_len(prefix) + text_len(prog_)) + 1);
          if (!opt_parts.empty()) {
            std::vector<std::string> parts{prog_};
            parts.insert(parts.end(), opt_parts.begin(), opt_parts.end());
            lines = get_lines(parts, indent, &prefix);
            std::vector<std::string> more = get_lines(pos_parts, indent, nullptr);
            lines.insert(lines.end(), more.begin(), more.end());
          } else if (!pos_parts.empty()) {
            std::vector<std::string> parts{prog_};
            parts.insert(parts.end(), pos_parts.begin(), pos_parts.end());
            lines = get_lines(parts, indent, &prefix);
          } else {
            lines = {prog_};
          }
        } else {
          const std::string indent = spaces(static_cast<long>(text_len(prefix)));
          std::vector<std::string> parts = opt_parts;
          parts.insert(parts.end(), pos_parts.begin(), pos_parts.end());
          lines = get_lines(parts, indent, nullptr);
          if (lines.size() > 1) {
            lines = get_lines(opt_parts, indent, nullptr);
            std::vector<std::string> more = get_lines(pos_parts, indent, nullptr);
            lines.insert(lines.end(), more.begin(), more.end());
          }
          lines.insert(lines.begin(), prog_);
        }
        text.clear();
        for (size_t i = 0; i < lines.size(); ++i) text += (i ? "\n" : "") + lines[i];
      }
    }
    return prefix + text + "\n\n";
  }

  // A section: an argument group's heading, description and arguments.
  std::string section(const GroupData& g) {
    indent();
    std::string items = text(g.description);
    for (const auto& a : g.actions)
      if (!is_suppress(a->help)) items += action(*a);
    dedent();
    if (items.empty()) return "";
    std::string heading;
    if (!g.title.is_none() && !is_suppress(g.title)) heading = spaces(current_indent_) + str(g.title) + ":\n";
    return "\n" + heading + items + "\n";
  }

  // HelpFormatter.format_help: \n\n\n+ becomes \n\n; one newline at the end.
  static std::string finish(const std::string& help) {
    if (help.empty()) return "";
    std::string s;
    for (size_t i = 0; i < help.size();) {
      if (help.compare(i, 3, "\n\n\n") == 0) {
        size_t j = i;
        while (j < help.size() && help[j] == '\n') ++j;
        s += "\n\n";
        i = j;
      } else {
        s += help[i++];
      }
    }
    const size_t b = s.find_first_not_of('\n');
    if (b == std::string::npos) return "\n";
    return s.substr(b, s.find_last_not_of('\n') - b + 1) + "\n";
  }

  int current_indent_ = 0;

 private:
  static std::string hex_address(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", p);
    return buf;
  }
  static std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? " " : "") + parts[i];
    return out;
  }
  // The usage's wrappable parts: r'\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+'.
  static std::vector<std::string> usage_parts(const std::string& s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
    std::vector<std::string> out;
    size_t p = 0;
    while (p < s.size()) {
      if (space(s[p])) {
        ++p;
        continue;
      }
      size_t end = std::string::npos;
      if (s[p] == '(' || s[p] == '[') {
        const char close = s[p] == '(' ? ')' : ']';
        for (size_t k = p + 1; k < s.size() && s[k] != '\n'; ++k) {
          if (s[k] != close) continue;
          size_t r = k;
          while (r < s.size() && s[r] == close) ++r;
          if (r == s.size() || space(s[r])) {
            end = r;
            break;
          }
        }
      }
      if (end == std::string::npos) {
        end = p;
        while (end < s.size() && !space(s[end])) ++end;
      }
      out.push_back(s.substr(p, end - p));
      p = end;
    }
    return out;
  }

  Interpreter& in_;
  const FormatterObj& f_;
  std::string prog_;
  int max_help_position_ = 24;
  int action_max_length_ = 0;
};

}  // namespace

std::string format_args(Interpreter& in, const ActionObj& a, const Value& default_metavar) {
  const Metavar m = metavar_of(in, a, default_metavar);
  const Value& n = a.nargs;
  if (n.is_none()) return fit(m(1), 1)[0];
  if (nargs_is(n, "?")) return "[" + fit(m(1), 1)[0] + "]";
  if (nargs_is(n, "*")) {
    std::vector<std::string> v = m(1);
    if (v.size() == 2) return "[" + v[0] + " [" + v[1] + " ...]]";
    return "[" + fit(v, 1)[0] + " ...]";
  }
  if (nargs_is(n, "+")) {
    std::vector<std::string> v = fit(m(2), 2);
    return v[0] + " [" + v[1] + " ...]";
  }
  if (nargs_is(n, "...")) return "...";
  if (nargs_is(n, "A...")) return fit(m(1), 1)[0] + " ...";
  if (is_suppress(n)) return "";
  if (!n.is_intlike()) throw ValueError("invalid nargs value");
  const long count = std::max<long>(0, static_cast<long>(n.as_int()));
  std::vector<std::string> v = fit(m(static_cast<size_t>(count)), static_cast<size_t>(count));
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? " " : "") + v[i];
  return out;
}

std::shared_ptr<FormatterObj> make_formatter(Interpreter& in, const ParserObj& p) {
  Args args;
  Kwargs kw{{"prog", p.prog}};
  Value f = in.call(p.formatter_class, args, kw);
  auto* obj = f.is(Kind::Instance) ? dynamic_cast<FormatterObj*>(f.as<InstanceObj>()) : nullptr;
  if (!obj)
    throw NotImplementedError(
        "argparse: a formatter_class that does not return one of argparse's formatters (HelpFormatter, "
        "RawDescriptionHelpFormatter, RawTextHelpFormatter, ArgumentDefaultsHelpFormatter, "
        "MetavarTypeHelpFormatter) is not supported by tsh");
  return std::static_pointer_cast<FormatterObj>(f.obj());
}

std::string format_usage(Interpreter& in, const ParserObj& p) {
  auto f = make_formatter(in, p);
  Formatter fm(in, *f);
  return Formatter::finish(fm.usage(p.usage, p.actions, p.mutex_groups, "usage: "));
}

std::string format_help(Interpreter& in, const ParserObj& p) {
  auto f = make_formatter(in, p);
  Formatter fm(in, *f);
  // What add_argument records while the sections are built: the widest invocation.
  for (const auto& g : p.action_groups) {
    fm.indent();
    for (const auto& a : g->actions) fm.note_action(*a);
    fm.dedent();
  }
  std::string help = fm.usage(p.usage, p.actions, p.mutex_groups, "usage: ");
  help += fm.text(p.description);
  for (const auto& g : p.action_groups) help += fm.section(*g);
  help += fm.text(p.epilog);
  return Formatter::finish(help);
}

std::string format_version(Interpreter& in, const ParserObj& p, const Value& version) {
  auto f = make_formatter(in, p);
  Formatter fm(in, *f);
  return Formatter::finish(fm.text(version));
}

}  // namespace tsh::shell::argparse
