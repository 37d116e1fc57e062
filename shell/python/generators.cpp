// shell/python/generators.cpp — generator functions: a def whose body yields.
//
// Calling one binds its arguments and returns a generator; each next() runs the
// body on its coroutine (coroutine.h) until the next `yield`, whose value
// next() returns. While the body runs, its frame sits on the interpreter's
// frame stack above whoever called next() (tracebacks show it there, as
// Python's do); while it is suspended, the frame is kept here. A generator that
// dies before it finished is closed: GeneratorExit is raised at its yield, so
// its `finally` blocks and `with` exits run.
#include <memory>

#include "shell/interp.h"
#include "shell/python/coroutine.h"
#include "shell/python/exceptions.h"

namespace tsh::shell {

struct GeneratorRun {
  Interpreter* in = nullptr;
  Value func;                     // the FunctionObj
  std::shared_ptr<Scope> scope;   // its locals
  std::unique_ptr<Coroutine> co;
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

Value Interpreter::make_generator(const Value& func, std::shared_ptr<Scope> scope) {
  auto g = std::make_shared<GeneratorRun>();
  g->in = this;
  g->func = func;
  g->scope = std::move(scope);
  GeneratorRun* raw = g.get();
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
        if (!g->co->started() && !a[0].is_none())
          throw TypeError("can't send non-None value to a just-started generator");
        Value out;
        if (!in.generator_resume(*g, a[0], out)) throw PyError("StopIteration", "");
        return out;
      });
    if (name == "close")
      return make_builtin("close", "<built-in method close of generator object>", [g](Interpreter& in, Args&, Kwargs&) {
        if (g->co->started() && !g->co->finished()) in.generator_close(*g);
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
        if (!g->co->started() || g->co->finished()) throw RaisedError(exc);
        g->thrown = std::make_exception_ptr(RaisedError(exc));
        Value out;
        if (!in.generator_resume(*g, Value(), out)) throw PyError("StopIteration", "");
        return out;
      });
    if (name == "gi_running") return Value::boolean(g->co->running());
    return std::nullopt;
  };
  return Value::object(Kind::Iterator, it);
}

bool Interpreter::generator_resume(GeneratorRun& g, const Value& sent, Value& out) {
  if (g.co->running()) throw ValueError("generator already executing");
  if (g.co->finished()) return false;
  if (depth_ >= 999 /* Python's recursion limit, less the module frame */) throw RecursionError("maximum recursion depth exceeded");
  const FunctionObj& f = *g.func.as<FunctionObj>();
  // The generator's frame goes on top of the caller's for as long as the body runs.
  std::shared_ptr<Scope> saved_scope = std::move(scope_);
  GeneratorRun* saved_running = running_generator_;
  const size_t handling_base = handling_.size();
  frames_.push_back(Frame{&f.name, &f.source, g.stmt, &f, false});
  if (!g.handling.empty()) handling_.insert(handling_.end(), g.handling.begin(), g.handling.end());
  ++depth_;
  set_scope(g.scope);
  running_generator_ = &g;
  g.sent = sent;
  auto leave = [&] {
    --depth_;
    g.stmt = frames_.back().stmt;
    if (handling_.size() > handling_base || !g.handling.empty()) {  // `except` blocks it stopped in
      g.handling.assign(handling_.begin() + static_cast<std::ptrdiff_t>(handling_base), handling_.end());
      handling_.resize(handling_base);
    }
    frames_.pop_back();
    running_generator_ = saved_running;
    set_scope(std::move(saved_scope));
  };
  bool suspended;
  try {
    suspended = g.co->resume();
  } catch (...) {
    leave();
    throw;
  }
  leave();
  if (!suspended) return false;
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

Value Interpreter::yield_value(const Value& v) {
  GeneratorRun* g = running_generator_;
  if (!g) throw SyntaxErr("'yield' outside function");
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
