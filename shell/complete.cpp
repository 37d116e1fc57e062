// shell/complete.cpp — tab completion from the interpreter's names and the op registry.
#include "shell/complete.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "grammar/token.h"
#include "shell/help.h"
#include "shell/interp.h"
#include "shell/magics/magics.h"
#include "shell/python/modules.h"
#include "shell/torch/registry.h"
#include "shell/torch/tensor_attrs.h"

namespace tsh::shell {

namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// "a.b.c" → {"a", "b", "c"}; false unless every part is an identifier.
bool split_chain(std::string_view s, std::vector<std::string>& parts) {
  parts.clear();
  size_t pos = 0;
  for (;;) {
    size_t dot = s.find('.', pos);
    std::string_view part = s.substr(pos, dot == std::string_view::npos ? std::string_view::npos : dot - pos);
    if (part.empty() || !ident_start(part[0]) ||
        !std::all_of(part.begin(), part.end(), ident_char))
      return false;
    parts.emplace_back(part);
    if (dot == std::string_view::npos) return true;
    pos = dot + 1;
  }
}

// Just enough of Python's tokens to know which brackets are open at the end
// of `text`, and whether the end lies inside a string or a comment.
struct Scan {
  bool in_string = false, in_comment = false;
  std::vector<size_t> open;  // positions of the unclosed ( [ {
};

// The end of the string literal whose quote is at text[i], or npos when it is not closed.
size_t skip_string(std::string_view text, size_t i) {
  const char q = text[i];
  const bool triple = text.substr(i, 3) == std::string(3, q);
  const std::string close = triple ? std::string(3, q) : std::string(1, q);
  for (size_t j = i + close.size(); j < text.size();) {
    if (text[j] == '\\') {
      j += 2;
    } else if (text.substr(j, close.size()) == close) {
      return j + close.size();
    } else {
      ++j;
    }
  }
  return std::string_view::npos;
}

Scan scan(std::string_view text) {
  Scan r;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '#') {
      r.in_comment = true;
      return r;
    }
    if (c == '\'' || c == '"') {
      i = skip_string(text, i);
      if (i == std::string_view::npos) {
        r.in_string = true;
        return r;
      }
      continue;
    }
    if (c == '(' || c == '[' || c == '{') r.open.push_back(i);
    if ((c == ')' || c == ']' || c == '}') && !r.open.empty()) r.open.pop_back();
    ++i;
  }
  return r;
}

// `name=` arguments already written in the call whose arguments are `args`.
std::set<std::string> keywords_given(std::string_view args) {
  std::set<std::string> given;
  int depth = 0;
  for (size_t i = 0; i < args.size();) {
    const char c = args[i];
    if (c == '\'' || c == '"') {
      i = skip_string(args, i);
      if (i == std::string_view::npos) break;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && ident_start(c) && (i == 0 || (!ident_char(args[i - 1]) && args[i - 1] != '.'))) {
      size_t e = i;
      while (e < args.size() && ident_char(args[e])) ++e;
      size_t k = e;
      while (k < args.size() && args[k] == ' ') ++k;
      if (k < args.size() && args[k] == '=' && (k + 1 >= args.size() || args[k + 1] != '='))
        given.emplace(args.substr(i, e - i));
      i = e;
      continue;
    }
    ++i;
  }
  return given;
}

// rlcompleter's suffix for an op: "()" when no overload takes an argument
// (besides a method's self), else "(".
std::string call_suffix(const std::vector<const OpEntry*>* overloads) {
  if (!overloads) return "(";
  for (const OpEntry* e : *overloads)
    for (const Param& p : e->sig.params)
      if (p.name != "self") return "(";
  return "()";
}

std::string suffix_for(const Value& v) {
  switch (v.kind()) {
    case Kind::Builtin: return call_suffix(registry().functions(v.as<BuiltinObj>()->name));
    case Kind::Method: return call_suffix(registry().methods(v.as<MethodObj>()->name));
    case Kind::Function: {
      const auto* f = v.as<FunctionObj>();
      return f->params.empty() && f->varargs.empty() && f->varkw.empty() ? "()" : "(";
    }
    case Kind::Type: return "(";
    default: return "";
  }
}

// torch.linalg_solve does not exist: linalg ops live in torch.linalg only.
bool torch_function(const std::string& name) { return name.rfind("linalg_", 0) != 0; }

// Collects candidates for one prefix: the first offer of a name wins (so a
// global shadows a torch function of the same name, as lookup does).
class Matches {
 public:
  explicit Matches(std::string_view prefix) : prefix_(prefix) {}
  void offer(const std::string& name, const std::string& suffix) {
    if (!starts_with(name, prefix_)) return;
    if (!name.empty() && name[0] == '_' && !starts_with(prefix_, "_")) return;
    if (!seen_.insert(name).second) return;
    out_.push_back(name + suffix);
  }
  std::vector<std::string>& out() { return out_; }

 private:
  std::string_view prefix_;
  std::set<std::string> seen_;
  std::vector<std::string> out_;
};

// Evaluates a name/attribute chain without calling anything. False on any error.
bool resolve(Interpreter& in, const std::vector<std::string>& parts, Value& out) {
  try {
    Value v = in.lookup(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i) v = in.get_attr(v, parts[i]);
    out = v;
    return true;
  } catch (...) {
    return false;
  }
}

void offer_keywords(Matches& m) {
  using grammar::TokenKind;
  for (int k = static_cast<int>(TokenKind::KwFalse); k <= static_cast<int>(TokenKind::KwLambda); ++k) {
    std::string word = grammar::token_text(static_cast<TokenKind>(k));
    static const std::set<std::string> bare = {"False", "None", "True", "break", "continue", "pass", "else"};
    m.offer(word, bare.count(word) ? "" : " ");
  }
}

void offer_names(Interpreter& in, Matches& m) {
  offer_keywords(m);
  for (auto& [n, v] : in.globals()) m.offer(n, suffix_for(v));
  for (auto& [n, v] : in.builtins()) m.offer(n, suffix_for(v));
  for (auto& [n, v] : in.torch().as<ModuleObj>()->attrs) m.offer(n, suffix_for(v));
  for (const std::string& n : registry().function_names())
    if (torch_function(n)) m.offer(n, call_suffix(registry().functions(n)));
}

void offer_attributes(Interpreter& in, const Value& v, Matches& m) {
  if (v.is(Kind::Tensor)) {
    for (const std::string& n : tensor_property_names()) m.offer(n, "");
    for (const std::string& n : registry().method_names()) m.offer(n, call_suffix(registry().methods(n)));
    return;
  }
  if (v.is(Kind::Module)) {
    auto* mod = v.as<ModuleObj>();
    for (auto& [n, a] : mod->attrs) m.offer(n, suffix_for(a));
    if (mod->name == "torch")
      for (const std::string& n : registry().function_names())
        if (torch_function(n)) m.offer(n, call_suffix(registry().functions(n)));
    return;
  }
  for (const std::string& n : attribute_names(in, v)) {
    std::string suffix;
    try {
      suffix = suffix_for(in.get_attr(v, n));
    } catch (...) {
    }
    m.offer(n, suffix);
  }
}

// The parameter names a call to `callee` (a name/attribute chain) accepts by keyword.
std::vector<std::string> keyword_params(Interpreter& in, std::string_view callee) {
  std::vector<std::string> parts, out;
  if (!split_chain(callee, parts)) return out;
  auto add_sig = [&](const std::vector<const OpEntry*>* overloads) {
    if (!overloads) return;
    for (const OpEntry* e : *overloads)
      for (const Param& p : e->sig.params)
        if (p.name != "self") out.push_back(p.name);
  };
  Value fn;
  if (parts.size() > 1) {
    Value owner;
    std::vector<std::string> head(parts.begin(), parts.end() - 1);
    if (!resolve(in, head, owner)) return out;
    if (owner.is(Kind::Tensor) && !is_tensor_property(parts.back())) {
      add_sig(registry().methods(parts.back()));
      return out;
    }
    try {
      fn = in.get_attr(owner, parts.back());
    } catch (...) {
      return out;
    }
  } else if (!resolve(in, parts, fn)) {
    return out;
  }
  if (fn.is(Kind::Builtin)) add_sig(registry().functions(fn.as<BuiltinObj>()->name));
  if (fn.is(Kind::Method)) add_sig(registry().methods(fn.as<MethodObj>()->name));
  if (fn.is(Kind::Function)) {  // the parameters a keyword can name
    const auto* f = fn.as<FunctionObj>();
    out.assign(f->params.begin() + static_cast<std::ptrdiff_t>(f->posonly), f->params.end());
  }
  return out;
}

// Keyword arguments for the word at `ws` when it sits at an argument position
// of a call (right after its `(` or a `,`). Empty otherwise.
std::vector<std::string> keyword_candidates(Interpreter& in, std::string_view before, size_t ws,
                                            const Scan& s, std::string_view prefix) {
  std::vector<std::string> out;
  if (s.open.empty() || before[s.open.back()] != '(') return out;
  const size_t open = s.open.back();
  size_t p = ws;
  while (p > open + 1 && std::isspace(static_cast<unsigned char>(before[p - 1]))) --p;
  if (p != open + 1 && before[p - 1] != ',') return out;
  // The callee: the name/attribute chain right before the bracket.
  size_t end = open;
  while (end > 0 && before[end - 1] == ' ') --end;
  size_t start = end;
  while (start > 0 && (ident_char(before[start - 1]) || before[start - 1] == '.')) --start;
  std::set<std::string> given = keywords_given(before.substr(open + 1, ws - open - 1));
  Matches m(prefix);
  for (const std::string& n : keyword_params(in, before.substr(start, end - start)))
    if (!given.count(n)) m.offer(n, "=");
  return std::move(m.out());
}

// True when `head` (the text before the word) is `import `: the word names a module.
bool is_import_head(std::string_view head) {
  const size_t b = head.find_first_not_of(" \t");
  if (b == std::string_view::npos) return false;
  head = head.substr(b);
  return starts_with(head, "import") && head.size() > 6 &&
         head.find_first_not_of(" \t", 6) == std::string_view::npos;
}


// Folders, and (unless dirs_only) the scripts %run takes: .tsh and .py files.
void offer_files(std::string_view arg, bool dirs_only, std::vector<std::string>& out) {
  std::string dir(arg.substr(0, arg.rfind('/') == std::string_view::npos ? 0 : arg.rfind('/') + 1));
  std::string_view base = arg.substr(dir.size());
  std::string open_dir = dir.empty() ? "." : dir;
  if (starts_with(open_dir, "~/"))
    if (const char* home = std::getenv("HOME")) open_dir = home + open_dir.substr(1);
  namespace fs = std::filesystem;
  std::error_code ec;
  for (fs::directory_iterator it(open_dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!starts_with(name, base) || (name[0] == '.' && !starts_with(base, "."))) continue;
    std::error_code dir_ec;
    if (it->is_directory(dir_ec))
      out.push_back(dir + name + "/");
    else if (!dirs_only && (ends_with(name, ".tsh") || ends_with(name, ".py")))
      out.push_back(dir + name);
  }
}

std::vector<std::string> complete_magic(Interpreter& in, std::string_view line, size_t cursor,
                                        size_t pct, size_t* word_start) {
  std::string_view before = line.substr(0, cursor);
  size_t name_end = before.find_first_of(" \t", pct);
  std::vector<std::string> out;
  if (name_end == std::string_view::npos) {  // the magic's name itself
    *word_start = pct;
    std::string_view prefix = before.substr(pct + 1);
    for (const MagicInfo& magic : magic_list())
      if (starts_with(magic.name, prefix)) out.push_back(std::string("%") + magic.name);
    return out;
  }
  std::string_view name = before.substr(pct + 1, name_end - pct - 1);
  size_t arg = before.find_first_not_of(" \t", name_end);
  if (arg == std::string_view::npos) arg = cursor;
  if (name == "run" || name == "cd") {
    size_t ws = before.find_last_of(" \t") + 1;
    *word_start = ws;
    offer_files(before.substr(ws), name == "cd", out);
    return out;
  }
  // Other magics take code (`%timeit t.sum()`, `%storage t`): complete it as a line.
  out = complete(in, line.substr(arg), cursor - arg, word_start);
  *word_start += arg;
  return out;
}

}  // namespace

std::vector<std::string> complete(Interpreter& in, std::string_view line, size_t cursor,
                                  size_t* word_start) {
  cursor = std::min(cursor, line.size());
  *word_start = cursor;
  std::string_view before = line.substr(0, cursor);
  std::vector<std::string> out;
  const size_t first = before.find_first_not_of(" \t");
  if (first == std::string_view::npos) return out;  // nothing typed: the REPL indents instead
  if (before[first] == '%') {
    out = complete_magic(in, line, cursor, first, word_start);
  } else {
    const Scan s = scan(before);
    if (s.in_string || s.in_comment) return out;
    size_t ws = cursor;
    while (ws > 0 && (ident_char(before[ws - 1]) || before[ws - 1] == '.')) --ws;
    *word_start = ws;
    std::string_view word = before.substr(ws);
    if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0]))) return out;  // a number
    std::string_view head = before.substr(0, ws);
    const bool after_import = is_import_head(head);
    const size_t dot = word.rfind('.');
    if (dot != std::string_view::npos) {
      std::vector<std::string> parts;
      Value owner;
      if (!split_chain(word.substr(0, dot), parts) || !resolve(in, parts, owner)) return out;
      Matches m(word.substr(dot + 1));
      if (after_import) {  // `import torch.li`: submodules only
        if (owner.is(Kind::Module)) load_module(in, owner);
        if (owner.is(Kind::Module))
          for (auto& [n, a] : owner.as<ModuleObj>()->attrs)
            if (a.is(Kind::Module)) m.offer(n, "");
      } else {
        offer_attributes(in, owner, m);
      }
      for (const std::string& a : m.out()) out.push_back(std::string(word.substr(0, dot + 1)) + a);
    } else if (after_import) {
      Matches m(word);
      m.offer("torch", "");  // the modules `import` knows
      for (const StdModule& sm : std_modules()) m.offer(sm.name, "");
      out = std::move(m.out());
    } else {
      out = keyword_candidates(in, before, ws, s, word);
      Matches m(word);
      if (!out.empty()) {  // at an argument position: the keywords and the user's own names
        for (auto& [n, v] : in.globals()) m.offer(n, suffix_for(v));
      } else {
        offer_names(in, m);
      }
      for (std::string& n : m.out()) out.push_back(std::move(n));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace tsh::shell
