// shell/python/generators.cpp — generator functions: a def whose body yields.
//
// Calling one binds its arguments and returns a generator; each next() runs the
// body on its coroutine (coroutine.h) until the next `yield`, whose value
// next() returns. While the body runs, its frame sits on the interpreter's
// frame stack above whoever called next() (tracebacks show it there, as
// Python's do); while it is suspended, the frame is kept here. A generator that
// dies before it finished is closed: GeneratorExit is raised at its yield, so
// its `finally` blocks and `with` exits run.
//
// Most generators need no stack of their own: when every yield of the body is a statement
// `yield x` in the blocks of if, while and for statements (grammar::Stmt::yield_shape), the body
// runs on the caller's stack and a yield returns out of it, leaving in `levels` where each block
// stopped (a statement's index, a loop's iterator); the next resume walks back down to the
// statement after the yield. That costs no stack switch, whose mispredicted returns made each
// item of sum(gen(n)) six times CPython's. A yield anywhere else (in an expression, a try or a
// with) runs the body on its coroutine.
#include <algorithm>
#include <memory>
#include <utility>

#include "shell/interp.h"
#include "shell/python/coroutine.h"
#include "shell/python/exceptions.h"
#include "shell/stack_guard.h"

namespace tsh::shell {

using grammar::ExprKind;
using grammar::Stmt;
using grammar::StmtKind;
using grammar::StmtPtr;

// What running a block of a stackless generator's body came to: a statement's Flow, or a yield.
enum class GenStep : uint8_t { Normal, Break, Continue, Return, Yield };

struct GeneratorRun {
  Interpreter* in = nullptr;
  Value func;                     // the FunctionObj
  std::shared_ptr<Scope> scope;   // its locals
  std::unique_ptr<Coroutine> co;  // null for a stackless body
  // Where a stackless body stopped, outermost block first: the statement to go on from (the
  // one after the yield, innermost; the if, while or for the yield is in, outer), whether that
  // was the statement's else block, and a for loop's iterator (a range's next number). A running
  // for loop keeps its iterator in its block's level too, in place: a yield moves nothing.
  // `levels` only grows; the first `stopped` of them say where the body stopped (none while it
  // runs, or before it starts).
  struct Level {
    size_t index = 0;
    bool in_else = false;
    bool range = false;
    Int next = 0, stop = 0, step = 1;
    Value iter;
  };
  std::vector<Level> levels;
  size_t stopped = 0;
  bool begun = false, done = false, active = false;  // a stackless body's started, finished, running
  bool closed_unstarted = false;  // close() before the first next(): finished without running
  bool returned_fresh = false;    // it has just returned `returned`: the next StopIteration carries it
  bool started() const { return co ? co->started() : begun; }
  bool finished() const { return closed_unstarted || (co ? co->finished() : done); }
  bool running() const { return co ? co->running() : active; }
  const grammar::Stmt* stmt = nullptr;            // the statement it stopped in
  std::vector<std::exception_ptr> handling;       // `except` blocks it stopped inside
  Value sent, yielded, returned;
  std::exception_ptr thrown;  // gen.throw(e): raised at the yield
  bool closing = false;
  ~GeneratorRun() {
    try {
      if (co && co->started() && !co->finished()) in->generator_close(*this);
    } catch (...) {  // Python reports and ignores what a dying generator raises
    }
  }
};

namespace {

// Stmt::yield_shape's values.
constexpr int8_t kNoYield = 0;      // no yield in the statement (a def or class it makes aside)
constexpr int8_t kPlainYields = 1;  // each a statement `yield x`, in blocks of if, while and for
constexpr int8_t kOtherYields = 2;  // some yield elsewhere: in an expression, a try, a with

// Whether e holds a yield or yield from (in a lambda's body too: then the caller only loses the
// stackless way, never correctness).
bool expr_yields(const grammar::Expr& e);
bool exprs_yield(const std::vector<grammar::ExprPtr>& exprs) {
  return std::any_of(exprs.begin(), exprs.end(), [](const grammar::ExprPtr& x) { return x && expr_yields(*x); });
}
bool expr_yields(const grammar::Expr& e) {
  if (e.kind == ExprKind::Yield || e.kind == ExprKind::YieldFrom) return true;
  if (exprs_yield(e.items) || exprs_yield(e.args)) return true;
  for (const auto& k : e.keywords)
    if (k.value && expr_yields(*k.value)) return true;
  for (const auto& p : e.params)
    if ((p.default_value && expr_yields(*p.default_value)) || (p.annotation && expr_yields(*p.annotation))) return true;
  for (const auto& c : e.comps)
    if ((c.target && expr_yields(*c.target)) || (c.iter && expr_yields(*c.iter)) || exprs_yield(c.ifs)) return true;
  return false;
}

int8_t block_shape(const std::vector<StmtPtr>& block);

// The statement's yield shape, worked out once (kept in the statement).
int8_t stmt_shape(const Stmt& s) {
  if (s.yield_shape >= 0) return s.yield_shape;
  int8_t shape = kNoYield;
  auto expr = [&](const grammar::Expr* e) {
    if (e && expr_yields(*e)) shape = kOtherYields;
  };
  auto loop_or_if = [&](const std::vector<StmtPtr>& body, const std::vector<StmtPtr>& orelse) {
    shape = std::max({shape, block_shape(body), block_shape(orelse)});
  };
  switch (s.kind) {
    case StmtKind::Expr:
      if (s.value->kind == ExprKind::Yield)
        shape = s.value->items.empty() || !expr_yields(*s.value->items[0]) ? kPlainYields : kOtherYields;
      else
        expr(s.value.get());
      break;
    case StmtKind::If:
    case StmtKind::While:
      expr(s.test.get());
      loop_or_if(s.body, s.orelse);
      break;
    case StmtKind::For:
      expr(s.target.get());
      expr(s.iter.get());
      loop_or_if(s.body, s.orelse);
      break;
    case StmtKind::Def:
    case StmtKind::Class:  // the body is a scope of its own; what the statement evaluates here is not
      if (exprs_yield(s.decorators) || exprs_yield(s.bases)) shape = kOtherYields;
      expr(s.annotation.get());
      for (const auto& p : s.params) {
        expr(p.default_value.get());
        expr(p.annotation.get());
      }
      for (const auto& k : s.keywords) expr(k.value.get());
      break;
    default: {
      if (exprs_yield(s.targets)) shape = kOtherYields;
      for (const grammar::Expr* e : {s.value.get(), s.test.get(), s.target.get(), s.iter.get(), s.annotation.get()})
        expr(e);
      for (const auto& w : s.with_items) {
        expr(w.context.get());
        expr(w.target.get());
      }
      bool blocks = block_shape(s.body) || block_shape(s.orelse) || block_shape(s.finalbody);
      for (const auto& h : s.handlers) {
        expr(h.type.get());
        blocks = blocks || block_shape(h.body);
      }
      if (blocks) shape = kOtherYields;  // a yield in a try's or a with's block
    }
  }
  s.yield_shape = shape;
  return shape;
}

int8_t block_shape(const std::vector<StmtPtr>& block) {
  int8_t shape = kNoYield;
  for (const auto& s : block) shape = std::max(shape, stmt_shape(*s));
  return shape;
}

GenStep step_of(Flow f) {
  switch (f) {
    case Flow::Normal: return GenStep::Normal;
    case Flow::Break: return GenStep::Break;
    case Flow::Continue: return GenStep::Continue;
    case Flow::Return: return GenStep::Return;
  }
  return GenStep::Normal;
}

}  // namespace

// The StopIteration that ends a generator: with the value its body returned, the first time.
[[noreturn]] static void throw_stop_iteration(GeneratorRun& g) {
  if (!std::exchange(g.returned_fresh, false)) throw PyError("StopIteration", "");
  throw RaisedError(make_exception("StopIteration", {g.returned}));
}

void throw_generator_stop(const Value& it) {
  // A generator function's iterator holds its GeneratorRun (`native`); a generator expression's,
  // also a "generator", holds none and returns no value.
  if (!it.is(Kind::Iterator) || !it.as<IterObj>()->native) throw PyError("StopIteration", "");
  throw_stop_iteration(*std::static_pointer_cast<GeneratorRun>(it.as<IterObj>()->native));
}

Value Interpreter::make_generator(const Value& func, std::shared_ptr<Scope> scope) {
  auto g = std::make_shared<GeneratorRun>();
  g->in = this;
  g->func = func;
  g->scope = std::move(scope);
  GeneratorRun* raw = g.get();
  const FunctionObj& def = *func.as<FunctionObj>();
  if (!def.body || block_shape(*def.body) == kOtherYields)
    g->co = std::make_unique<Coroutine>([this, raw] {
      const FunctionObj& f = *raw->func.as<FunctionObj>();
      try {
        const Flow flow = exec_block(*f.body);
        if (flow == Flow::Return) {
          raw->returned = std::move(return_value_);
          return_value_ = Value();
        } else if (flow != Flow::Normal) {
          throw_flow(flow);
        }
      } catch (ReturnSignal& r) {
        raw->returned = std::move(r.value);
      }
    });
  auto it = std::make_shared<IterObj>();
  it->type_name = "generator";
  it->native = g;
  it->next = [g](Interpreter& in, Value& out) { return in.generator_resume(*g, Value(), out); };
  it->holds = [g](GcVisitor& visit) {
    visit(g->func);
    visit(g->scope);
    for (const auto& level : g->levels) visit(level.iter);
  };
  const std::string shown = func.as<FunctionObj>()->error_name();
  IterObj* self = it.get();
  it->repr = [shown, self] { return "<generator object " + shown + " at " + hex_addr(self) + ">"; };
  std::weak_ptr<GeneratorRun> weak = g;
  it->attr = [weak](Interpreter&, const std::string& name) -> std::optional<Value> {
    auto g = weak.lock();
    if (!g) return std::nullopt;
    if (name == "send")
      return make_builtin("send", "<built-in method send of generator object>", [g](Interpreter& in, Args& a, Kwargs&) {
        if (a.size() != 1) throw TypeError("generator.send() takes exactly one argument (" + std::to_string(a.size()) + " given)");
        if (!g->started() && !a[0].is_none())
          throw TypeError("can't send non-None value to a just-started generator");
        Value out;
        if (!in.generator_resume(*g, a[0], out)) throw_stop_iteration(*g);
        return out;
      });
    if (name == "close")
      return make_builtin("close", "<built-in method close of generator object>", [g](Interpreter& in, Args&, Kwargs&) {
        if (g->started() && !g->finished()) in.generator_close(*g);
        else if (!g->started()) g->closed_unstarted = true;
        return Value();
      });
    if (name == "throw")
      return make_builtin("throw", "<built-in method throw of generator object>", [g](Interpreter& in, Args& a, Kwargs&) {
        if (a.empty()) throw TypeError("throw expected at least 1 argument, got 0");
        Value exc = a[0];
        if (is_exception_class(exc) || exc.is(Kind::Type)) {
          Args none;
          Kwargs nokw;
          exc = in.call(exc, none, nokw);
        }
        if (!is_exception_instance(exc))
          throw TypeError("exceptions must be classes or instances deriving from BaseException, not " + type_name(exc));
        if (!g->started()) g->closed_unstarted = true;  // thrown in before it ran: it has ended
        if (!g->started() || g->finished()) throw RaisedError(exc);
        g->thrown = std::make_exception_ptr(RaisedError(exc));
        Value out;
        if (!in.generator_resume(*g, Value(), out)) throw_stop_iteration(*g);
        return out;
      });
    if (name == "gi_running") return Value::boolean(g->running());
    return std::nullopt;
  };
  return Value::object(Kind::Iterator, it);
}

bool Interpreter::generator_resume(GeneratorRun& g, const Value& sent, Value& out) {
  if (g.running()) throw ValueError("generator already executing");
  if (g.finished()) return false;
  if (frames_.size() >= kMaxRecursion)  // (the module's frame is one of them, as in check_depth)
    throw RecursionError("maximum recursion depth exceeded");
  // A stackless body runs on the caller's stack: generators nested a thousand deep must not run it out.
  if (!g.co && stack_nearly_full()) throw RecursionError("maximum recursion depth exceeded");
  const FunctionObj& f = *g.func.as<FunctionObj>();
  // The generator's frame goes on top of the caller's for as long as the body runs.
  Scope* saved_scope = scope_;
  GeneratorRun* saved_running = running_generator_;
  const size_t handling_base = handling_.size();
  frames_.push_back(Frame{&f.name, &f.source, g.stmt, &f});
  if (!g.handling.empty()) handling_.insert(handling_.end(), g.handling.begin(), g.handling.end());
  set_scope(g.scope.get());  // (g, which its caller holds, keeps it while the body runs)
  running_generator_ = &g;
  if (g.co) g.sent = sent;  // (a stackless body's yields are statements: what is sent is dropped)
  auto leave = [&]() __attribute__((always_inline)) {
    g.stmt = frames_.back().stmt;
    if (handling_.size() > handling_base || !g.handling.empty()) {  // `except` blocks it stopped in
      g.handling.assign(handling_.begin() + static_cast<std::ptrdiff_t>(handling_base), handling_.end());
      handling_.resize(handling_base);
    }
    frames_.pop_back();
    running_generator_ = saved_running;
    set_scope(saved_scope);
  };
  bool suspended;
  try {
    suspended = g.co ? g.co->resume() : resume_stackless(g);
  } catch (...) {
    leave();
    throw;
  }
  leave();
  if (!suspended) {
    g.returned_fresh = !g.returned.is_none();
    return false;
  }
  out = std::move(g.yielded);
  g.yielded = Value();
  return true;
}

void Interpreter::generator_close(GeneratorRun& g) {
  g.closing = true;
  Value out;
  try {
    if (generator_resume(g, Value(), out)) throw RuntimeError("generator ignored GeneratorExit");
  } catch (const tsh::Error& e) {  // GeneratorExit came back out: closed; anything else goes on
    if (std::string_view(e.kind()) != "GeneratorExit") throw;
  }
}

// A stackless body, from where it stopped to its next yield (true) or its end (false).
bool Interpreter::resume_stackless(GeneratorRun& g) {
  g.begun = true;
  auto end = [&g] {
    g.done = true;
    g.active = false;
    g.levels.clear();
    g.stopped = 0;
  };
  if (g.closing) {  // close(): no try or with can see a GeneratorExit here
    end();
    return false;
  }
  if (g.thrown) {  // gen.throw(e): raised at the yield it stopped at (the frame's statement)
    std::exception_ptr e = std::exchange(g.thrown, nullptr);
    end();
    std::rethrow_exception(e);
  }
  g.active = true;
  GenStep step;
  try {
    step = run_stackless_block(g, 0, *g.func.as<FunctionObj>()->body);
  } catch (ReturnSignal& r) {
    end();
    g.returned = std::move(r.value);
    return false;
  } catch (...) {
    end();
    throw;
  }
  if (step == GenStep::Yield) {
    g.active = false;
    return true;
  }
  end();
  if (step == GenStep::Return) g.returned = std::exchange(return_value_, Value());
  return false;
}

// One block of a stackless body at nesting `depth`: from the statement levels[depth] names when
// resuming there, else from the first. A statement with no yield in it runs as anywhere else.
GenStep Interpreter::run_stackless_block(GeneratorRun& g, size_t depth, const std::vector<StmtPtr>& block) {
  // Resuming inside this block's statement `first` (an if or loop the yield is in, whose state is
  // in levels[depth]); the innermost level names the statement after the yield instead, which
  // starts afresh, and ends the resume.
  size_t first = 0;
  bool resuming = false, saved_in_else = false;
  if (depth < g.stopped) {
    first = g.levels[depth].index;
    saved_in_else = g.levels[depth].in_else;
    if (depth + 1 == g.stopped)
      g.stopped = 0;
    else
      resuming = true;
  }
  // Stops at a yield below this block's statement i. (Levels are indexed afresh after any call
  // that runs a block: a yield deeper down may have grown the vector.)
  auto stop_at = [&](size_t i, bool in_else) {
    g.levels[depth].index = i;
    g.levels[depth].in_else = in_else;
    return GenStep::Yield;
  };
  for (size_t i = first; i < block.size(); ++i, resuming = false) {
    const Stmt& s = *block[i];
    gc_maybe_collect();
    frames_.back().stmt = &s;
    if (stmt_shape(s) == kNoYield) {
      if (const Flow f = step_statement(s); f != Flow::Normal) return step_of(f);
      continue;
    }
    switch (s.kind) {
      case StmtKind::Expr: {  // yield x: on resume, the statement after it
        g.yielded = s.value->items.empty() ? Value() : eval(*s.value->items[0]);
        if (g.levels.size() <= depth) g.levels.resize(depth + 1);
        g.stopped = depth + 1;
        return stop_at(i + 1, false);
      }
      case StmtKind::If: {
        const bool in_else = resuming ? saved_in_else : !truthy(eval(*s.test));
        const GenStep r = run_stackless_block(g, depth + 1, in_else ? s.orelse : s.body);
        if (r == GenStep::Yield) return stop_at(i, in_else);
        if (r != GenStep::Normal) return r;
        continue;
      }
      case StmtKind::While:
      case StmtKind::For: {
        // The loop's state, in levels[depth] from its start to its end: a for loop's iterator or
        // range position (a while loop has only its test).
        bool in_body = false, broke = false;
        if (resuming) {
          in_body = !saved_in_else;
        } else {
          if (g.levels.size() <= depth) g.levels.resize(depth + 1);
          if (s.kind == StmtKind::For) {
            Value it = eval(*s.iter);
            GeneratorRun::Level& loop = g.levels[depth];
            if (it.is(Kind::Range)) {
              const auto* r = it.as<RangeObj>();
              loop.range = true;
              loop.next = r->start, loop.stop = r->stop, loop.step = r->step;
              loop.iter = Value();
            } else {
              loop.range = false;
              loop.iter = make_iterator(*this, it);
            }
          }
        }
        // The next round: a while's test, or a for's next item bound to its target; false at the end.
        auto next_round = [&] {
          loop_interrupt_point(s);
          if (s.kind == StmtKind::While) return truthy(eval(*s.test));
          GeneratorRun::Level& loop = g.levels[depth];
          if (loop.range) {
            if (loop.step > 0 ? loop.next >= loop.stop : loop.next <= loop.stop) return false;
            const Int n = loop.next;
            loop.next += loop.step;
            if (s.target->kind == ExprKind::Name)
              assign_name(*s.target, Value::integer(n));
            else
              assign(*s.target, Value::integer(n));
            return true;
          }
          Value item;
          if (!iter_next(*this, loop.iter, item)) return false;
          if (s.target->kind == ExprKind::Name)
            assign_name(*s.target, std::move(item));
          else
            assign(*s.target, item);
          return true;
        };
        if (!(resuming && saved_in_else)) {
          while (in_body || next_round()) {
            in_body = false;
            const GenStep r = run_stackless_block(g, depth + 1, s.body);
            if (r == GenStep::Yield) return stop_at(i, false);
            if (r == GenStep::Break) {
              broke = true;
              break;
            }
            if (r == GenStep::Return) return r;
          }
        }
        g.levels[depth].iter = Value();  // the loop is over: its iterator goes
        if (!broke) {
          const GenStep r = run_stackless_block(g, depth + 1, s.orelse);
          if (r == GenStep::Yield) return stop_at(i, true);
          if (r != GenStep::Normal) return r;
        }
        continue;
      }
      default:  // (yield_shape sends any other statement with a yield to the coroutine)
        throw RuntimeError("tsh: a yield the stackless generator cannot run");
    }
  }
  return GenStep::Normal;
}

Value Interpreter::yield_value(const Value& v) {
  GeneratorRun* g = running_generator_;
  if (!g) throw SyntaxErr("'yield' outside function");
  if (!g->co) throw RuntimeError("tsh: a yield in a generator run without a stack of its own");  // (yield_shape rules it out)
  g->yielded = v;
  g->co->suspend();
  // close(): GeneratorExit at the yield, which `finally` sees and `except GeneratorExit` (or
  // BaseException, or a bare except) may catch, as in Python; `except Exception` does not.
  if (g->closing) throw PyError("GeneratorExit", "");
  if (g->thrown) {
    std::exception_ptr e = g->thrown;
    g->thrown = nullptr;
    std::rethrow_exception(e);
  }
  Value sent = std::move(g->sent);
  g->sent = Value();
  return sent;
}

// yield from x: every item of x goes out through this generator; a generator's
// sends go on to it, and its return value is the expression's value.
Value Interpreter::yield_from(const Value& iterable) {
  Value it = make_iterator(*this, iterable);
  if (it.is(Kind::Iterator)) {
    if (auto sub = std::static_pointer_cast<GeneratorRun>(it.as<IterObj>()->native)) {
      Value item, sent;
      while (generator_resume(*sub, sent, item)) sent = yield_value(item);
      return sub->returned;
    }
  }
  Value item;
  while (iter_next(*this, it, item)) yield_value(item);
  return Value();
}

}  // namespace tsh::shell
