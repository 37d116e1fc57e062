// shell/python/timed_code.cpp — code run under a timer (see timed_code.h).
#include "shell/python/timed_code.h"

#include <algorithm>

#include "shell/interp.h"
#include "shell/python/errors.h"

namespace tsh::shell {

std::shared_ptr<grammar::ParseResult> compile_timer_source(const std::string& code) {
  auto parsed = std::make_shared<grammar::ParseResult>(grammar::parse(code));
  if (parsed->error) {
    const auto& e = *parsed->error;
    throw PyError(e.type, e.message + " (<timeit-src>, line " + std::to_string(e.span.line) + ")");
  }
  return parsed;
}

Value run_timed(Interpreter& in, const TimedCode& code, Int number, const std::function<Value()>& now) {
  static thread_local int depth = 0;
  if (depth >= 100) throw RecursionError("maximum recursion depth exceeded");
  ++depth;
  struct Leave {
    ~Leave() { --depth; }
  } leave;
  auto local = std::make_shared<Scope>();  // the locals of inner()
  local->enclosing = code.globals;
  Value t0, t1;
  Args none;
  Kwargs no_kw;
  in.with_scope(local, [&] {
    if (code.setup_src) {
      for (const auto& s : code.setup_src->stmts) in.exec(*s);
    } else {
      in.call(code.setup_fn, none, no_kw);
    }
    t0 = now();
    for (Int i = 0; i < number; ++i) {
      check_interrupt();
      if (code.stmt_src) {
        for (const auto& s : code.stmt_src->stmts) in.exec(*s);
      } else {
        in.call(code.stmt_fn, none, no_kw);
      }
    }
    t1 = now();
  });
  return in.binary(grammar::Op::Sub, t1, t0, false);
}

std::vector<Value> bind_method_params(const std::string& fname, const std::vector<std::string>& names, size_t required,
                                      const std::vector<Value>& defaults, const Args& a, const Kwargs& kw) {
  const size_t n = names.size();
  if (a.size() > n) {
    const std::string takes = required == n ? std::to_string(n + 1)
                                            : "from " + std::to_string(required + 1) + " to " + std::to_string(n + 1);
    throw TypeError(fname + "() takes " + takes + " positional arguments but " + std::to_string(a.size() + 1) +
                    " were given");
  }
  std::vector<Value> out(n);
  std::vector<bool> set(n, false);
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i], set[i] = true;
  for (auto& [k, v] : kw) {
    auto it = std::find(names.begin(), names.end(), k);
    if (it == names.end()) throw TypeError(fname + "() got an unexpected keyword argument '" + k + "'");
    const auto i = static_cast<size_t>(it - names.begin());
    if (set[i]) throw TypeError(fname + "() got multiple values for argument '" + k + "'");
    out[i] = v, set[i] = true;
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < n; ++i) {
    if (set[i]) continue;
    if (i < required) missing.push_back("'" + names[i] + "'");
    else out[i] = defaults[i - required];
  }
  if (!missing.empty()) {
    std::string list;
    for (size_t i = 0; i < missing.size(); ++i)
      list += (i == 0 ? "" : i + 1 == missing.size() ? (missing.size() > 2 ? ", and " : " and ") : ", ") + missing[i];
    throw TypeError(fname + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                    (missing.size() == 1 ? "" : "s") + ": " + list);
  }
  return out;
}

}  // namespace tsh::shell
