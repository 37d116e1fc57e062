// shell/python/timed_code.h — running code under a timer, apart from the
// session: what Python's timeit.Timer and torch.utils.benchmark.Timer share.
// Their stmt and setup are tsh source (or, for timeit, callables); they run
// as the body of timeit's generated inner() function: setup once, then stmt
// `number` times between two readings of the clock, with locals of their own
// and, for globals, a namespace of their own (Scope::isolated), never the
// session's.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "grammar/parser.h"
#include "shell/python/value.h"

namespace tsh::shell {

// Parses timer source as timeit compiles it; a syntax error is Python's,
// naming <timeit-src> and the line there.
std::shared_ptr<grammar::ParseResult> compile_timer_source(const std::string& code);

// What a timer runs: setup, then stmt, each parsed source or a callable (called with no arguments).
struct TimedCode {
  std::shared_ptr<Scope> globals;  // the namespace the code sees (isolated)
  std::shared_ptr<grammar::ParseResult> setup_src, stmt_src;  // null where a callable is given
  Value setup_fn, stmt_fn;
};

// timeit's inner(): setup, t0 = now(), stmt `number` times (none for a
// number below 1), t1 = now(); returns t1 - t0 as Python subtracts the two
// readings. Ctrl-C stops the loop; a stmt that runs its own timer, deeper
// than Python's recursion limit, is a RecursionError.
Value run_timed(Interpreter& in, const TimedCode& code, Int number, const std::function<Value()>& now);

// Binds a call to a method written in Python, `self` counted as Python
// counts it: names in order, the first `required` required and the rest
// taking `defaults`; Python's TypeErrors for too many, unknown, repeated or
// missing arguments ("Timer.timeit() takes from 1 to 2 positional arguments
// but 3 were given").
std::vector<Value> bind_method_params(const std::string& fname, const std::vector<std::string>& names, size_t required,
                                      const std::vector<Value>& defaults, const Args& a, const Kwargs& kw);

}  // namespace tsh::shell
