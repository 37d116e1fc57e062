// shell/interp.h — evaluates the syntax tree against the engine.
//
// Names resolve local → enclosing def → global → builtins → torch, so
// `rand(2, 3)` and `torch.rand(2, 3)` are the same call. When an error
// escapes a statement, `trace()` says which expression failed in each
// active frame, for the script traceback with carets.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/core/interrupt.h"
#include "grammar/ast.h"
#include "shell/python/value.h"

namespace tsh::shell {

// The engine's Ctrl-C flag (engine/core/interrupt.h), set by the SIGINT
// handler; checked between statements, in loops and calls, and by kernels.
using tsh::g_interrupted;
using tsh::check_interrupt;  // throws KeyboardInterrupt and clears the flag

// Where output goes: the terminal, or a buffer (doctest).
struct Output {
  std::function<void(std::string_view)> out;  // stdout
  std::function<void(std::string_view)> err;  // stderr (stdout is flushed first)
  // Whether warnings (shell/python/warnings.h) reach err: off under --doctest,
  // as the oracle that writes the goldens ignores them.
  bool warnings = true;
  // Whether stdout is a terminal a person reads: the magics' drawings may use
  // colour there (shell/terminal.h). Never under --doctest or into a pipe.
  bool terminal = false;
  // A frontend that shows pictures (a Jupyter kernel): the magics that draw (%storage) hand it one
  // bundle of mime type → data (image/png as raw bytes) instead of printing their text.
  std::function<void(const std::vector<std::pair<std::string, std::string>>& bundle)> display = {};
};

// One frame of a traceback: where the failing expression is.
struct TraceEntry {
  std::string function;  // "<module>" or the def's name
  grammar::Span span;
  std::shared_ptr<const std::string> source;  // the text `span` points into (null when unknown)
  // Python 3.11's caret anchors, for a failing `a op b` or `a[i]` on one line:
  // the columns where the left operand (or the subscripted value) ends and
  // where the right operand (or the index) starts / ends; -1 otherwise.
  int anchor_left = -1, anchor_right = -1;
  bool subscript = false;
  std::string signature = {};  // a function frame's parameters, "(a, b, *c, **d)", as IPython shows them
};

// How a statement ended: run to its end, or by break, continue or return (loops and
// functions act on these; no C++ exception carries them).
enum class Flow : uint8_t { Normal, Break, Continue, Return };
enum class GenStep : uint8_t;  // a stackless generator body's step (shell/python/generators.cpp)

// StopIteration for an exhausted iterator: with the value a generator returned, the first time.
[[noreturn]] void throw_generator_stop(const Value& it);

class Interpreter {
 public:
  explicit Interpreter(Output output);
  // Lets go of every namespace, then collects the cycles that leaves unreachable.
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Runs statements at module level. An expression statement whose value is
  // not None prints its repr. Errors propagate (tsh::Error); see trace().
  void exec_module(const std::vector<grammar::StmtPtr>& stmts);
  // One module-level statement (clears the traceback first).
  void exec_toplevel(const grammar::Stmt& s);
  // Keeps a parsed chunk alive for the functions defined in it.
  void keep_alive(std::shared_ptr<void> ast) { asts_.push_back(std::move(ast)); }
  // Shows a value as an expression statement does: its repr, and `_` bound to
  // it; None shows nothing.
  void display(const Value& v);
  // Runs IPython's escapes, `%magic args` and `x?` (StmtKind::Magic, Help),
  // which need the session around the interpreter (shell/magics/magics.h). Set by
  // Session; without it they raise UsageError.
  std::function<void(const grammar::Stmt&)> run_escape;
  // The metadata mode (%meta on, --meta): display() follows a tensor with one comment line of
  // its dtype, device, size, stride, offset, contiguity and the variables viewing its storage.
  bool show_meta = false;
  // Whether a top-level expression statement shows its value: a session's and a .tsh script's
  // rule. A .py script runs with Python's rule (nothing shown), as python3 runs it.
  bool echo_expressions = true;
  // Python's sys.displayhook: where a shown value goes instead of its repr on stdout (a Jupyter
  // kernel publishes it as the cell's Out[n]). `_` is bound either way.
  std::function<void(const Value&)> display_hook;
  // Where input() reads a line: a Jupyter kernel asks its frontend. Unset: stdin.
  std::function<std::string(const std::string& prompt)> input_hook;

  Value eval(const grammar::Expr& e);
  // Runs a statement. A break, continue or return that leaves it (outside any loop or
  // function) is thrown as BreakSignal, ContinueSignal or ReturnSignal.
  void exec(const grammar::Stmt& s);
  // Runs `fn` with `scope` as the local scope, as a function body runs (a
  // benchmark Timer's statements). A failure inside leaves no traceback
  // entries: the caller's expression is where it shows.
  void with_scope(const std::shared_ptr<Scope>& scope, const std::function<void()>& fn);
  Value call(const Value& callee, Args& args, Kwargs& kwargs);
  Value get_attr(const Value& obj, const std::string& name);
  void set_attr(const Value& obj, const std::string& name, const Value& v);
  Value eval_subscript(const Value& obj, const Value& index);
  void set_item(const Value& obj, const Value& index, const Value& v);
  // Python-level operators, shared by expressions, augmented assignment and builtins.
  // int and float + - *, the arithmetic of every loop counter and running total, inline at the
  // caller (an int held inline is within 2**126 of zero: the sum or difference of two cannot
  // overflow, nor can the product of two under 2**62); everything else in binary_general.
  Value binary(grammar::Op op, const Value& a, const Value& b, bool inplace) {
    if (a.kind() == b.kind() && (op == grammar::Op::Add || op == grammar::Op::Sub || op == grammar::Op::Mul)) {
      if (a.is(Kind::Int) && !a.obj() && !b.obj()) {
        const Int x = a.as_int(), y = b.as_int();
        if (op != grammar::Op::Mul) return Value::integer(op == grammar::Op::Add ? x + y : x - y);
        constexpr Int kSmall = Int(1) << 62;
        if (x > -kSmall && x < kSmall && y > -kSmall && y < kSmall) return Value::integer(x * y);
      }
      if (a.is(Kind::Float)) {
        const double x = a.as_float(), y = b.as_float();
        return Value::floating(op == grammar::Op::Add ? x + y : op == grammar::Op::Sub ? x - y : x * y);
      }
    }
    return binary_general(op, a, b, inplace);
  }
  Value binary_general(grammar::Op op, const Value& a, const Value& b, bool inplace);
  Value unary(grammar::Op op, const Value& v);
  // Returns the truth of `a op b`; for tensors, sets *tensor_result instead.
  bool compare(grammar::Op op, const Value& a, const Value& b, Value* tensor_result);
  std::vector<Value> iterate(const Value& v);  // materialises an iterable
  // The class whose body defined the running function and that function's first argument
  // (super() without arguments); None / null outside such a method.
  std::pair<Value, const Value*> current_method_frame();
  bool in_function() const { return frames_.back().function != nullptr; }
  // Generators (shell/python/generators.cpp): one runs until its next yield (false when it
  // has ended); closing raises GeneratorExit at the yield it stopped at.
  bool generator_resume(struct GeneratorRun& g, const Value& sent, Value& out);
  void generator_close(struct GeneratorRun& g);
  Value lookup_module(const std::string& name);  // math
  Value lookup(const std::string& name);  // throws NameError

  // The text of the chunk or script about to run, for tracebacks (functions
  // keep the text they were defined in).
  void set_source(std::shared_ptr<const std::string> source) { source_ = std::move(source); }
  const std::shared_ptr<const std::string>& source() const { return source_; }

  // sys.argv: the script and its arguments (python's rules: [''] for a session, ['-c', ...] for -c).
  void set_argv(std::vector<std::string> argv) { argv_ = std::move(argv); }
  const std::vector<std::string>& argv() const { return argv_; }
  // The running frames as a Python traceback's lines (File "...", line N, in f, and the line's text),
  // outermost first: what anomaly mode keeps for each autograd node.
  std::string forward_trace() const;

  // The namespaces themselves. Whoever takes one may add or remove names, so the
  // name cache is dropped (see names_changed).
  std::map<std::string, Value>& globals() { names_changed(); return globals_; }
  // A copy of the innermost function's variables, or of the globals at module level (locals()).
  std::map<std::string, Value> local_names() const { return scope_ ? scope_->bound_names() : globals_; }
  std::map<std::string, Value>& builtins() { names_changed(); return builtins_; }
  const Value& torch() const { return torch_; }
  Output& output() { return out_; }
  void print_out(std::string_view s) { out_.out(s); }

  const std::vector<TraceEntry>& trace() const { return trace_; }
  void clear_trace() {
    trace_.clear();
    trace_depth_recorded_ = SIZE_MAX;
  }

 private:
  // try/except/raise (interp.cpp): the exceptions being handled, innermost last (for a bare raise).
  void raise_statement(const grammar::Stmt& s);
  Flow try_statement(const grammar::Stmt& s);
  Flow with_statement(const grammar::Stmt& s, size_t item);
  void declare_names(const grammar::Stmt& s);  // global / nonlocal
  // The scope a name binds in here: the function's, or what `nonlocal` made it refer to; null
  // for the globals (at module level, or after `global`).
  Scope* binding_scope(const std::string& name);
  // Works out which of a def's locals (Scope::slots) its parameters are.
  static void set_param_slots(FunctionObj& f);
  void bind_name(const std::string& name, const Value& v);
  void unbind_name(const std::string& name);
  // The name cache. A Name node remembers where its variable lives (Expr::resolved) under
  // the epoch it was found in; the epoch moves on whenever a name is added to or removed
  // from any namespace or the current scope changes, which are the only events that can
  // change what a name resolves to or free the variable it points at (a value bound
  // over an existing variable leaves it in place). One syntax tree is evaluated by one
  // interpreter; making or destroying an interpreter also moves the epoch on.
  //
  // A def's free names (Expr::slot -2: neither its locals nor, as it is defined at module level,
  // anyone else's) resolve to a global or a builtin whichever call of the def runs, so theirs are
  // stamped with globals_epoch_ instead, which a change of scope leaves alone: a method call in
  // a loop then costs the loop's global names nothing. Both stamps come from one counter,
  // names_epoch_ itself (each move is one increment in memory; globals_epoch_ takes the value it
  // moved to), so neither is ever mistaken for the other.
  static void names_changed() { globals_epoch_ = ++names_epoch_; }
  void namespace_changed(const Scope* sc);  // a name came to or left sc (null: the globals)
  static inline uint64_t names_epoch_ = 1, globals_epoch_ = 1;
  void set_scope(Scope* scope) {
    scope_ = scope;
    ++names_epoch_;
  }
  // The running scope, as a reference that keeps it (a closure's, a comprehension's enclosing one).
  std::shared_ptr<Scope> current_scope() const {
    return scope_ ? std::static_pointer_cast<Scope>(scope_->shared_from_this()) : nullptr;
  }
  // The variable `name` denotes in the namespaces (locals, enclosing defs, globals,
  // builtins), or null.
  // `in_builtins`, when given, says whether the variable found is a builtin.
  Value* find_variable(const std::string& name, bool* in_builtins = nullptr);
  Value lookup_name(const grammar::Expr& name);  // through the cache
  // Where the variable a Name denotes keeps its value, when the caches already say (nothing is
  // looked up, nothing can fail); null otherwise, and for any other expression.
  const Value* peek_name(const grammar::Expr& e) const;
  void eval_into(const grammar::Expr& e, std::optional<Value>& slot);
  void assign_name(const grammar::Expr& target, Value&& v);
  std::vector<std::exception_ptr> handling_;
  bool show_nested_values_ = false;  // inside a top-level compound statement (exec_toplevel)
  Value eval_inner(const grammar::Expr& e);
  Value eval_call(const grammar::Expr& e);
  Value eval_call_method(const grammar::Expr& e, const Value* self);  // eval_call's other calls of x.name(...)
  Value eval_call_container(const grammar::Expr& e, const Value* self);  // x.name(...) of a list, dict or str
  Value eval_call_general(const grammar::Expr& e, const Value* self);  // eval_call's all other calls
  bool plain_method_call(const Value& obj, const grammar::Expr& e, Value& out);  // s.upper(), l.append(x)
  bool plain_method_call_inline(const Value& obj, const grammar::Expr& e, Value& out);
  // Runs e's for and if clauses, calling emit for each item; `sized`, when given, is reserved
  // room for the items when there is one clause, with no if, over a list or tuple.
  void comprehension(const grammar::Expr& e, const std::function<void()>& emit, std::vector<Value>* sized = nullptr);
  struct GenState;
  Value generator_expression(const grammar::Expr& e);
  bool generator_next(GenState& st, Value& out);
  // Dict displays and comprehensions, f-strings (shell/python/eval_values.cpp).
  Value eval_display(const grammar::Expr& e);
  // `from module import a as b` (shell/python/eval_values.cpp).
  void import_from(const grammar::Stmt& s);
  Value import_module(const std::string& dotted);  // "torch.linalg"; ModuleNotFoundError if tsh has none
  void assign(const grammar::Expr& target, const Value& v);
  // Runs a statement; a break, continue or return it runs (here or in a block inside it) ends it
  // with that Flow, a return's value in return_value_ until the function running it takes it.
  Flow step(const grammar::Stmt& s);
  Flow step_statement(const grammar::Stmt& s);  // step()'s every other kind of statement
  Flow range_loop_in_slot(const grammar::Stmt& s, std::optional<Value>& slot, int64_t i, int64_t end, int64_t inc);
  bool augment_field_in_place(const grammar::Stmt& s);  // augmented_assign's self.total += x
  bool store_in_dict(const grammar::Expr& target, const Value& v);  // d[k] = v, step()'s short way
  Flow augmented_assign(const grammar::Stmt& s);
  bool eval_if_no_code(const grammar::Expr& e, Value& out, bool or_index);
  Flow exec_block(const std::vector<grammar::StmtPtr>& body);
  // Where a Flow leaves code that is no loop or function (a module-level break): as the signal.
  [[noreturn]] void throw_flow(Flow f);
  Value return_value_;
  // A function's body: true when it ran a `return`, whose value goes to `result`.
  bool run_body(const std::vector<grammar::StmtPtr>& body, Value& result);
  // Binds the arguments (moved from `args` when consume_args) and runs the function (run_call).
  Value call_function(const FunctionObj& f, std::span<Value> args, Kwargs& kwargs, const Value* func_value = nullptr,
                      bool consume_args = false);
  Value run_call(const FunctionObj& f, std::shared_ptr<Scope>&& scope);
  // How run_in_scope's scope came: any way (run_call), from scope_for for a def, lent by the def.
  static constexpr int kAnyScope = 0, kDefScope = 1, kLentScope = 2;
  template <int kMode> Value run_in_scope(const FunctionObj& f, std::shared_ptr<Scope>& scope);
  // A call whose arguments bind plainly: `first` (obj of obj.method(...), or null) and `args`
  // evaluated straight into the scope's slots, then the body: in the def's spare scope, lent, or
  // (when that one is in use or gone) in one from scope_for.
  Value call_plainly(const FunctionObj& f, const Value* first, const std::vector<grammar::ExprPtr>& args);
  Value call_plainly_in_new_scope(const FunctionObj& f, const Value* first, const std::vector<grammar::ExprPtr>& args);
  void bind_plainly(const FunctionObj& f, std::optional<Value>* slots, const Value* first,
                    const std::vector<grammar::ExprPtr>& args);
  // A class attribute's old value, replaced or deleted: kept while it is a def that is running.
  void retire_class_attr(Value&& old);
  std::vector<Value> retired_;
  // Scopes of calls that ended with nothing else holding them, emptied, for the next calls: a
  // call then makes no Scope (and registers none with the cycle collector).
  static constexpr size_t kScopePool = 64;  // scopes kept for the next calls
  std::vector<std::shared_ptr<Scope>> scope_pool_;
  std::shared_ptr<Scope> new_scope();
  // A scope for a call of f: its closure, its locals' slots, all unbound.
  std::shared_ptr<Scope> scope_for(const FunctionObj& f);
  std::shared_ptr<Scope> scope_for_general(const FunctionObj& f);
  // RecursionError at Python's limit (the module's frame is one of its 1000) or near the stack's end.
  static constexpr size_t kMaxRecursion = 1000;  // Python's default recursion limit
  void check_depth();
  [[noreturn]] static void recursion_too_deep();
  template <int kMode> void recycle_scope(const FunctionObj& f, std::shared_ptr<Scope>&& s);
  // class statements, decorators, annotations (shell/python/class_statement.cpp)
  void class_statement(const grammar::Stmt& s);
  Value decorate(const grammar::Stmt& s, const std::vector<Value>& decorators, Value v);
  std::vector<Value> eval_decorators(const grammar::Stmt& s);
  void annotate(const grammar::Stmt& s);  // `x: int = 1`
  std::string qualname_for(const std::string& name) const;
  // generators (shell/python/generators.cpp)
  Value make_generator(const Value& func, std::shared_ptr<Scope> scope);
  bool resume_stackless(struct GeneratorRun& g);
  GenStep run_stackless_block(struct GeneratorRun& g, size_t depth, const std::vector<grammar::StmtPtr>& block);
  Value yield_value(const Value& v);
  Value yield_from(const Value& iterable);
  struct GeneratorRun* running_generator_ = nullptr;
  Value make_function(const std::string& name, const std::vector<grammar::Param>& params,
                      const std::vector<grammar::StmtPtr>* body, const grammar::Expr* lambda_body);
  void record_failure(const grammar::Span& span, const grammar::Expr* failed = nullptr);
  // Between iterations of `loop`: raises KeyboardInterrupt after Ctrl-C.
  void loop_interrupt_point(const grammar::Stmt& loop) {
    if (interrupt_pending()) [[unlikely]] loop_interrupted(loop);
  }
  void loop_interrupted(const grammar::Stmt& loop);
  Value eval_recorded(const grammar::Expr& e);  // eval's last step, recording a failure's place
  std::vector<std::string> argv_{""};
  std::map<std::string, Value> modules_;  // imported non-torch modules

  Output out_;
  std::map<std::string, Value> globals_, builtins_;
  Value torch_;
  // Null at module level. Whoever makes a scope the running one keeps it alive until it is no longer
  // (a call's own reference, a comprehension's, a generator's), so that a call swaps a pointer.
  Scope* scope_ = nullptr;
  // One running frame: the module's, a def call's, a generator's or a class body's. What it points
  // at lives while it runs (the function being called, the syntax tree).
  struct Frame {
    const std::string* name;  // "<module>", or the def's or class's name
    // The text its code is in; null (or pointing at null) at module level: source_.
    const std::shared_ptr<const std::string>* source = nullptr;
    const grammar::Stmt* stmt = nullptr;    // the running statement
    // Null: the module, a class body. IPython's tracebacks show the signature of a call's function,
    // not of a generator's (whose def yields); the text is made only when an error needs it.
    const FunctionObj* function = nullptr;
  };
  static_assert(sizeof(Frame) == 32);  // a call writes four words; the frames' count is their size shifted
  static inline const std::string kModuleFrame = "<module>";
  std::vector<Frame> frames_{Frame{&kModuleFrame}};
  const std::shared_ptr<const std::string>& frame_source(const Frame& f) const {
    return f.source && *f.source ? *f.source : source_;
  }
  std::shared_ptr<const std::string> source_;
  std::vector<TraceEntry> trace_;
  size_t trace_depth_recorded_ = SIZE_MAX;  // depth of the shallowest frame recorded so far
  std::vector<std::shared_ptr<void>> asts_;
};

// Break, continue and return where no loop or function takes them (exec()), carried out as exceptions.
struct ReturnSignal {
  Value value;
};
struct BreakSignal {};
struct ContinueSignal {};

// Builtins and torch namespace set-up live in their own files.
void install_builtins(Interpreter& in, std::map<std::string, Value>& builtins);
Value make_torch_module(Interpreter& in);
Value make_builtin(const std::string& name, std::string qualname,
                   std::function<Value(Interpreter&, Args&, Kwargs&)> fn);

}  // namespace tsh::shell
