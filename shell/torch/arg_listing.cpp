// shell/torch/arg_listing.cpp — the "invalid combination of arguments" TypeError.
//
// When no overload fits and none alone is plausible, PyTorch lists every visible
// overload and, under those whose argument count fits, says why it did not match,
// marking each argument whose type is wrong (`!str!`, or red and green on a
// terminal). It rebuilds that verdict from the printed listing itself, so its
// quirks are part of the format users see and tsh keeps them: a `*` counts as an
// argument, a parameter printed with a default (`bool keepdim = False`) can never
// match a keyword, a `Number` never matches, and keywords appear in the order of
// the C++ hash map PyTorch collects them in (reproduced here with the same map).
#include <unistd.h>

#include <unordered_map>

#include "shell/python/errors.h"
#include "shell/torch/arg_parser.h"

namespace tsh::shell {

namespace {

struct OptionArg {
  std::string name, type;
};

// Splits a printed overload "(T a, *, U b = None)" back into (type, name) pairs the
// way PyTorch does: on ", ", the name being the text after the last space.
std::vector<OptionArg> parse_option(const std::string& printed) {
  const std::string body = printed.substr(1, printed.size() - 2);
  std::vector<OptionArg> out;
  size_t start = 0;
  while (true) {
    size_t end = body.find(", ", start);
    std::string token = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
    size_t sp = token.rfind(' ');
    OptionArg a;
    a.name = sp == std::string::npos ? token : token.substr(sp + 1);
    a.type = sp == std::string::npos ? token : token.substr(0, sp);
    out.push_back(std::move(a));
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return out;
}

bool type_matches(const std::string& type, const Value& v) {
  const std::string tp = type_name(v);
  if (type == "float") return tp == "float" || tp == "int" || tp == "long";
  if (type == "int") return tp == "int" || tp == "long";
  return tp == type;
}

using KwargMap = std::unordered_map<std::string, const Value*>;

struct Marks {
  std::string red, reset_red, green, reset_green;
};

Marks marks() {
  if (isatty(1) && isatty(2)) return {"\33[31;1m", "\33[0m", "\33[32;1m", "\33[0m"};
  return {"!", "!", "", ""};
}

std::string describe_value(const Value& v) {
  const bool is_tuple = v.is(Kind::Tuple) || v.is(Kind::Size);
  if (!is_tuple && !v.is(Kind::List)) return type_name(v);
  std::string out = type_name(v) + " of " + (is_tuple ? "(" : "[");
  const auto& items = v.items();
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + type_name(items[i]);
  if (is_tuple) out += items.size() == 1 ? ",)" : ")";
  else out += "]";
  return out;
}

// "(Tensor, int, dim=str)": trailing ", " stays when only keywords were given, as in PyTorch.
std::string arg_desc(const std::vector<Value>& args, const KwargMap& kwargs) {
  std::string out = "(";
  for (const Value& a : args) out += type_name(a) + ", ";
  for (const auto& [k, v] : kwargs) out += k + "=" + type_name(*v) + ", ";
  if (!args.empty()) out.erase(out.size() - 2);
  return out + ")";
}

std::string formatted_arg_desc(const std::vector<OptionArg>& option, const std::vector<Value>& args,
                               const KwargMap& kwargs) {
  const Marks m = marks();
  const size_t n = args.size() + kwargs.size();
  std::string out = "(";
  for (size_t i = 0; i < n; ++i) {
    const bool is_kwarg = i >= args.size();
    const Value* arg = nullptr;
    if (is_kwarg) {
      auto it = i < option.size() ? kwargs.find(option[i].name) : kwargs.end();
      if (it == kwargs.end()) throw tsh::Error("_Map_base::at");  // std::out_of_range in PyTorch
      arg = it->second;
    } else {
      arg = &args[i];
    }
    const bool matching = i < option.size() && type_matches(option[i].type, *arg);
    out += matching ? m.green : m.red;
    if (is_kwarg) out += option[i].name + "=";
    out += describe_value(*arg);
    out += matching ? m.reset_green : m.reset_red;
    out += ", ";
  }
  if (!args.empty()) out.erase(out.size() - 2);
  return out + ")";
}

bool argcount_match(const std::vector<OptionArg>& option, const std::vector<Value>& args, const KwargMap& kwargs) {
  return option.size() == args.size() + kwargs.size();
}

// The keywords not found among the option's last len(kwargs) names.
std::vector<std::string> unmatched_kwargs(const std::vector<OptionArg>& option, const KwargMap& kwargs) {
  long start = static_cast<long>(option.size()) - static_cast<long>(kwargs.size());
  if (start < 0) start = 0;
  std::vector<std::string> out;
  for (const auto& [k, v] : kwargs) {
    bool found = false;
    for (size_t i = static_cast<size_t>(start); i < option.size(); ++i) found = found || option[i].name == k;
    if (!found) out.push_back(k);
  }
  return out;
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

void throw_no_match(const std::vector<const Signature*>& sigs, bool is_method, const Args& all_args,
                    const Kwargs& kw) {
  const size_t first = is_method ? 1 : 0;
  const std::vector<Value> args(all_args.begin() + static_cast<long>(first), all_args.end());
  const size_t num_args = args.size() + kw.size();

  // One plausible overload (by argument count) gives its own, more precise error.
  std::vector<const Signature*> plausible;
  std::vector<std::string> options;
  for (const Signature* s : sigs) {
    if (s->hidden) continue;
    size_t lo = 0, hi = 0;
    options.push_back(listing_signature(*s, is_method, &lo, &hi));
    if (num_args >= lo && num_args <= hi) plausible.push_back(s);
  }
  if (plausible.size() == 1) {
    Bound b;
    bind_signature(*plausible[0], is_method, all_args, kw, b, true);
  }

  KwargMap kwargs;
  for (const auto& [k, v] : kw) kwargs.emplace(k, &v);
  std::string msg = sigs[0]->name + "() received an invalid combination of arguments - ";
  if (options.size() == 1) {
    const auto option = parse_option(options[0]);
    const auto unmatched = kwargs.empty() ? std::vector<std::string>{} : unmatched_kwargs(option, kwargs);
    if (!unmatched.empty()) {
      msg += "got unrecognized keyword arguments: " + join_names(unmatched);
    } else {
      msg += "got ";
      msg += argcount_match(option, args, kwargs) ? formatted_arg_desc(option, args, kwargs)
                                                  : arg_desc(args, kwargs);
      msg += ", but expected " + options[0];
    }
  } else {
    msg += "got " + arg_desc(args, kwargs) + ", but expected one of:\n";
    for (const std::string& printed : options) {
      msg += " * " + printed + "\n";
      const auto option = parse_option(printed);
      if (!argcount_match(option, args, kwargs)) continue;
      const auto unmatched = kwargs.empty() ? std::vector<std::string>{} : unmatched_kwargs(option, kwargs);
      if (!unmatched.empty())
        msg += "      didn't match because some of the keywords were incorrect: " + join_names(unmatched) + "\n";
      else
        msg += "      didn't match because some of the arguments have invalid types: " +
               formatted_arg_desc(option, args, kwargs) + "\n";
    }
  }
  throw_parser_error(msg);
}

}  // namespace tsh::shell
