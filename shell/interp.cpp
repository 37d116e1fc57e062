// shell/interp.cpp — statements, expressions, names, calls and function frames.
#include "shell/interp.h"
#include "grammar/scopes.h"
#include "shell/terminal.h"
#include "shell/python/bytes.h"
#include "shell/python/exceptions.h"
#include "shell/python/gc.h"

#include <algorithm>
#include <deque>
#include <array>
#include <cassert>
#include <memory>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/format/shape_repr.h"

#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/attr_site.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/methods.h"
#include "shell/python/pyops.h"
#include "shell/python/unicode.h"
#include "shell/stack_guard.h"
#include "shell/suggest.h"
#include "shell/torch/registry.h"
#include "shell/torch/tensor_attrs.h"

namespace tsh::shell {

using grammar::ExceptHandler;
using grammar::Expr;
using grammar::ExprKind;
using grammar::Op;
using grammar::Stmt;
using grammar::StmtKind;

namespace {
// A Name's attr_memo.flags: its remembered place is a builtin's (read it, never write it), or
// the place an assignment to it bound (write it, in any scope).
constexpr uint8_t kResolvedBuiltin = 1;
constexpr uint8_t kResolvedBinding = 2;

// Whether the free names of the running def (in `scope`) always resolve through the same
// namespaces: the def was made at the top of a module, whose namespace is the session's globals
// or, for a module tsh loads from its own Python files (torch.nn's), one isolated scope made once
// (any name bound in or removed from either moves the globals' epoch).
inline bool module_namespace(const Scope& s) {
  return s.isolated && !s.enclosing && !s.locals && s.class_qualname.empty();
}
[[gnu::always_inline]] inline bool free_names_fixed(const Scope& scope) {
  if (!scope.vars.empty()) return false;
  const Scope* around = scope.enclosing.get();
  return !around || module_namespace(*around);
}

// A literal written as itself (a number, a str, True, False, None): evaluating it runs no code.
bool is_literal(const grammar::Expr& e) {
  switch (e.kind) {
    case ExprKind::Int: case ExprKind::Float: case ExprKind::Imag: case ExprKind::Str:
    case ExprKind::True: case ExprKind::False: case ExprKind::None:
      return true;
    default:
      return false;
  }
}

// A number literal, a negative one, or arithmetic on them already folded (a Binary's `resolved`).
bool is_constant(const grammar::Expr& e) {
  switch (e.kind) {
    case ExprKind::Int: return !e.int_overflow;
    case ExprKind::Float: case ExprKind::Imag: return true;
    case ExprKind::Unary:
      return e.op == grammar::Op::Neg && (e.items[0]->kind == ExprKind::Float ||
                                         (e.items[0]->kind == ExprKind::Int && !e.items[0]->int_overflow));
    case ExprKind::Binary: return e.resolved != nullptr;
    default: return false;
  }
}

// Where folded constants live, for as long as the process: a node keeps a pointer to its value
// (a deque never moves what it holds). Numbers are immutable, so one value serves every use.
const Value& keep_constant(const Value& v) {
  static std::deque<Value> constants;
  return constants.emplace_back(v);
}

// A slot, bound or not, gets a value: inline to the last step (GCC otherwise calls std::optional's
// assignment, which tests and moves through a second copy).
[[gnu::always_inline]] inline void store_slot(std::optional<Value>& slot, Value&& v) {
  if (slot)
    *slot = std::move(v);
  else
    std::construct_at(&slot, std::in_place, std::move(v));
}

// The slot of the running def's local that `name` denotes; null for any other name (a global, a
// free name) and outside a def. A def's slots never move while it runs.
[[gnu::always_inline]] inline std::optional<Value>* own_slot(const grammar::Expr& name, Scope* scope) {
  if (name.slot < 0 || !scope || scope->locals.get() != name.slot_owner) return nullptr;
  return &scope->slots[static_cast<size_t>(name.slot)];
}

// The value of an int literal under 2**64 or a float literal, made once and kept on its node
// (`resolved`, which a literal has no other use for): read in place, as a variable's value is.
// Null for any other expression.
[[gnu::always_inline]] inline const Value* kept_number(const grammar::Expr& e) {
  if (e.resolved) [[likely]]
    return (e.kind == ExprKind::Int || e.kind == ExprKind::Float) ? static_cast<const Value*>(e.resolved) : nullptr;
  if (e.kind == ExprKind::Int && !e.int_overflow)
    e.resolved = &keep_constant(Value::integer(static_cast<Int>(e.int_value)));
  else if (e.kind == ExprKind::Float)
    e.resolved = &keep_constant(Value::floating(e.float_value));
  return static_cast<const Value*>(e.resolved);
}

// The epoch under which a Name's remembered place holds where it is evaluated now (in `scope`):
// the globals' for module-level code and for the free names of a def made at the top of a module
// (a call, which changes the scope, leaves those alone), the names' otherwise.
inline uint64_t name_stamp(const grammar::Expr& e, const Scope* scope, uint64_t globals_epoch, uint64_t names_epoch) {
  if (!scope) return globals_epoch;
  if (e.slot_owner && scope->locals.get() == e.slot_owner && free_names_fixed(*scope)) return globals_epoch;
  return names_epoch;
}
}

[[gnu::always_inline]] inline const Value* Interpreter::peek_name(const Expr& e) const {
  if (e.kind != ExprKind::Name) return nullptr;
  if (!scope_)  // module-level code: a global or builtin, whose place only a change of names moves
    return e.resolved_epoch == globals_epoch_ ? static_cast<const Value*>(e.resolved) : nullptr;
  if (e.slot_owner && scope_->locals.get() == e.slot_owner) {  // a name of the running def
    if (e.slot >= 0) {
      const std::optional<Value>& v = scope_->slots[static_cast<size_t>(e.slot)];
      return v ? &*v : nullptr;
    }
    if (free_names_fixed(*scope_))
      return e.resolved_epoch == globals_epoch_ ? static_cast<const Value*>(e.resolved) : nullptr;
  }
  return e.resolved_epoch == names_epoch_ ? static_cast<const Value*>(e.resolved) : nullptr;
}

Interpreter::Interpreter(Output output) : out_(std::move(output)) {
  install_builtins(*this, builtins_);
  torch_ = make_torch_module(*this);
  builtins_["torch"] = torch_;  // the torch namespace is always present, imported or not
  builtins_["__name__"] = Value::str("__main__");  // `if __name__ == '__main__':` runs, as in a script
  names_changed();
  // A collection that frees closure scopes removes names from namespaces the name cache may point into.
  gc_on_scope_cleared([] { names_changed(); });
  // Anomaly mode asks where a node's forward call was: this interpreter's frames.
  autograd::set_forward_trace_source([this] { return forward_trace(); });
}

Interpreter::~Interpreter() {
  autograd::set_forward_trace_source(nullptr);
  names_changed();
  scope_ = nullptr;
  handling_.clear();
  retired_.clear();
  // Each namespace is emptied before its values die: a generator that dies with them runs its
  // finally block, which must find a namespace (empty, or whole), never one in mid-clear.
  for (auto* names : {&globals_, &modules_, &builtins_}) {
    std::map<std::string, Value> dying;
    dying.swap(*names);
    names_changed();
  }
  torch_ = Value();
  // The embedded files' namespaces are cleared by holders kept here (run_embedded): before the last
  // collection, so that what their classes still hold in cycles (a class attribute holding an
  // instance of it, as timedelta.max) is collected too. Trees still in use are held by their users.
  asts_.clear();
  gc_collect();
}

// ---------------------------------------------------------------- statements

void Interpreter::exec_module(const std::vector<grammar::StmtPtr>& stmts) {
  for (const auto& s : stmts) exec_toplevel(*s);
}

void Interpreter::exec_toplevel(const Stmt& s) {
  check_interrupt();
  clear_trace();
  if (s.kind != StmtKind::Expr) {
    // As Python's interactive mode: an expression statement inside a
    // top-level for/if/with/try shows its value too (not inside a def).
    struct Shown {
      bool& flag;
      Shown(bool& f, bool on) : flag(f) { flag = on; }
      ~Shown() { flag = false; }
    } shown{show_nested_values_, echo_expressions && (s.kind == StmtKind::For || s.kind == StmtKind::While || s.kind == StmtKind::If ||
                                     s.kind == StmtKind::With || s.kind == StmtKind::Try)};
    exec(s);
    check_interrupt();  // Ctrl-C during a kernel that cannot stop (BLAS) ends this statement, not the next
    return;
  }
  Value v = eval(*s.value);
  check_interrupt();
  if (echo_expressions) display(v);
  check_interrupt();  // Ctrl-C during a long display ends it here, not at the next statement
}

// A method call holds its def only through its frame (call_plainly), so a def taken from its class
// while it runs (`del A.step` in A.step) stays here until none of the frames is its call: the
// next retirement lets go of the defs no longer running.
void Interpreter::retire_class_attr(Value&& old) {
  auto running = [&](const Value& v) {
    if (!v.is(Kind::Function)) return false;
    for (const Frame& frame : frames_)
      if (frame.function == v.as<FunctionObj>()) return true;
    return false;
  };
  std::erase_if(retired_, [&](const Value& v) { return !running(v); });
  if (running(old)) retired_.push_back(std::move(old));
}

void Interpreter::loop_interrupted(const Stmt& loop) {
  // The traceback shows the loop's header line, without carets, as Python's
  // does when Ctrl-C lands between iterations.
  grammar::Span header = loop.span;
  header.end_line = header.line;
  header.end_col = INT32_MAX;
  record_failure(header);
  check_interrupt();
}

namespace {

// The metadata mode's comment lines for t, folded to `width` columns; `names` are the global
// variables that hold it or a view of its storage.
std::string meta_lines(const Tensor& t, const std::vector<std::string>& names, size_t width) {
  const std::vector<std::string> items = {dtype_repr(t.dtype()),
                                          t.device().str(),
                                          "size " + format::tuple_repr(t.sizes()),
                                          "stride " + format::tuple_repr(t.strides()),
                                          "offset " + std::to_string(t.storage_offset()),
                                          t.is_contiguous() ? "contiguous" : "not contiguous"};
  std::vector<std::string> lines = fold_items(items, width, ", ", "# ", "# ");
  if (!names.empty()) {
    std::vector<std::string> viewers = names;
    viewers[0] = "storage viewed by " + viewers[0];
    const std::vector<std::string> more = fold_items(viewers, width, ", ", "# ", "# ");
    if (more.size() == 1 && text_width(lines.back()) + 2 + text_width(more[0]) - 2 <= width) {
      lines.back() += "; " + more[0].substr(2);
    } else {
      lines.back() += ";";
      lines.insert(lines.end(), more.begin(), more.end());
    }
  }
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

}  // namespace

void Interpreter::display(const Value& v) {
  if (v.is_none()) return;
  if (globals_.insert_or_assign("_", v).second) names_changed();
  if (display_hook) {
    display_hook(v);
    return;
  }
  out_.out(repr(v) + "\n");
  if (show_meta && v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    std::vector<std::string> names;
    for (const auto& [name, value] : globals_)
      if (name != "_" && value.is(Kind::Tensor) && value.as_tensor().storage() == t.storage()) names.push_back(name);
    out_.out(meta_lines(t, names, static_cast<size_t>(terminal_columns(out_.terminal))));
  }
}

// The statements of a loop's body: a call, an augmented assignment, inline in the loops that run
// statements (step_statement's frame, which every other statement needs, costs more to enter).
[[gnu::always_inline]] inline Flow Interpreter::step(const Stmt& s) {
  gc_maybe_collect();  // a statement boundary: no half-built container is in flight
  frames_.back().stmt = &s;
  switch (s.kind) {
    case StmtKind::Expr: {
      Value v = s.value->kind == ExprKind::Call ? eval_recorded(*s.value) : eval(*s.value);
      if (show_nested_values_ && !scope_) display(v);
      return Flow::Normal;
    }
    case StmtKind::AugAssign:
      if (s.targets[0]->kind == ExprKind::Attribute && augment_field_in_place(s)) return Flow::Normal;
      return augmented_assign(s);
    case StmtKind::Assign:
      if (s.targets.size() == 1 && s.targets[0]->kind == ExprKind::Name) {
        assign_name(*s.targets[0], eval(*s.value));
        return Flow::Normal;
      }
      if (s.targets.size() == 1 && s.targets[0]->kind == ExprKind::Subscript) {
        // d[k] = v: the value first, as Python does, then the target's object and index.
        Value v = eval(*s.value);
        if (!store_in_dict(*s.targets[0], v)) assign(*s.targets[0], v);
        return Flow::Normal;
      }
      return step_statement(s);
    default: return step_statement(s);
  }
}

// `for i in range(start, end, inc)` in a def, i the def's own local (in `slot`), the bounds and step
// within 2^62 (so that i, and i + inc, fit an int64_t): the usual range, counted in 64 bits, in a
// function of its own so that the count, the bound and the slot stay in registers between
// iterations. A body of one statement (a call, an update) runs here, with no exec_block between.
[[gnu::noinline]] Flow Interpreter::range_loop_in_slot(const Stmt& s, std::optional<Value>& slot, int64_t i,
                                                       int64_t end, int64_t inc) {
  const Stmt* only = s.body.size() == 1 ? s.body[0].get() : nullptr;
  for (; inc > 0 ? i < end : i > end; i += inc) {
    loop_interrupt_point(s);
    if (slot)
      slot->set_inline_int(i);
    else
      slot.emplace(Value::integer(i));  // (the first time: i was unbound)
    if (Flow f = only ? step(*only) : exec_block(s.body); f != Flow::Normal && f != Flow::Continue)
      return f == Flow::Break ? Flow::Normal : f;  // a break skips the loop's else
  }
  return exec_block(s.orelse);
}

// d[k] = v (v already evaluated) where d is a dict in a variable and k an int held inline or a
// str, in a variable or as a number literal: stored straight into the dict, with set_item's steps
// and none of assign's before it. False, having done nothing, otherwise.
[[gnu::always_inline]] inline bool Interpreter::store_in_dict(const Expr& target, const Value& v) {
  const Value* obj = peek_name(*target.items[0]);
  if (!obj || !obj->is(Kind::Dict)) return false;
  const Expr& at = *target.items[1];
  const Value* key = at.kind == ExprKind::Name ? peek_name(at) : kept_number(at);
  if (!key || !((key->is(Kind::Int) && !key->obj()) || key->is(Kind::Str))) return false;
  // Held: a key of the dict that compares equal by __eq__ runs code, which could rebind either.
  const Value dict = *obj, index = *key;
  try {
    check_writable(dict_of(dict));
    dict_of(dict).set(index, v);
  } catch (...) {
    record_failure(target.span, &target);
    throw;
  }
  return true;
}

Flow Interpreter::exec_block(const std::vector<grammar::StmtPtr>& body) {
  for (const auto& s : body)
    if (Flow f = step(*s); f != Flow::Normal) return f;
  return Flow::Normal;
}

void Interpreter::exec(const Stmt& s) {
  if (Flow f = step(s); f != Flow::Normal) throw_flow(f);
}

void Interpreter::throw_flow(Flow f) {
  switch (f) {
    case Flow::Break: throw BreakSignal{};
    case Flow::Continue: throw ContinueSignal{};
    case Flow::Return: throw ReturnSignal{std::move(return_value_)};
    case Flow::Normal: break;
  }
  throw std::logic_error("throw_flow without a break, continue or return");
}

// A function's body: a return anywhere in it (a loop, a try, a with) comes back here as
// Flow::Return with its value in return_value_, never as a C++ exception, whose unwinding costs
// tens of thousands of instructions (an optimizer's step returns from inside `with no_grad()`).
[[gnu::always_inline]] inline bool Interpreter::run_body(const std::vector<grammar::StmtPtr>& body, Value& result) {
  for (const auto& sp : body) {
    const Flow f = step(*sp);
    if (f == Flow::Normal) continue;
    if (f != Flow::Return) throw_flow(f);  // break or continue outside a loop
    result = std::move(return_value_);
    return_value_ = Value();
    return true;
  }
  return false;
}

std::string Interpreter::forward_trace() const {
  const std::string file = argv_.empty() || argv_[0].empty() ? "<stdin>" : argv_[0];
  std::string out;
  for (const Frame& frame : frames_) {
    const Stmt* s = frame.stmt;
    if (!s) continue;
    out += "  File \"" + file + "\", line " + std::to_string(s->span.line) + ", in " + *frame.name + "\n";
    const std::shared_ptr<const std::string>& source = frame_source(frame);
    if (!source) continue;
    size_t at = 0;  // the start of the statement's line
    for (int line = 1; line < s->span.line && at != std::string::npos; ++line) {
      at = source->find('\n', at);
      if (at != std::string::npos) ++at;
    }
    if (s->span.line < 1 || at == std::string::npos) continue;
    const std::string text = source->substr(at, source->find('\n', at) - at);
    const size_t a = text.find_first_not_of(" \t");
    if (a != std::string::npos) out += "    " + text.substr(a, text.find_last_not_of(" \t\r") + 1 - a) + "\n";
  }
  return out;
}

// Evaluates e into `out` when that runs no Python code and cannot fail (a variable the caches
// know, a literal) or, with `or_index`, is t[i] of a tensor and an int variable (which runs no
// code but may raise IndexError); false, with nothing evaluated, otherwise. Such a value may be
// evaluated before reading something else, when that cannot fail either, with the same result.
bool Interpreter::eval_if_no_code(const Expr& e, Value& out, bool or_index) {
  if (is_literal(e)) {
    out = eval(e);
    return true;
  }
  switch (e.kind) {
    case ExprKind::Name:
      if (const Value* v = peek_name(e)) {
        out = *v;
        return true;
      }
      return false;
    case ExprKind::Subscript: {
      if (!or_index) return false;
      const Value* obj = peek_name(*e.items[0]);
      if (!obj || !obj->is(Kind::Tensor)) return false;
      const Value* idx = peek_name(*e.items[1]);
      if (!idx || !idx->is(Kind::Int)) return false;
      try {
        out = eval_subscript(*obj, *idx);
      } catch (...) {
        record_failure(e.span, &e);
        throw;
      }
      return true;
    }
    default:
      return false;
  }
}

// self.total += x where self is a variable, x a variable or a number literal (whose evaluation runs no
// code that could rebind either before the store) and total a number or tensor field of a plain
// tsh object: updated where it lives in the object's __dict__. False, having done nothing, otherwise.
[[gnu::always_inline]] inline bool Interpreter::augment_field_in_place(const Stmt& s) {
  const Expr& target = *s.targets[0];
  const Value* obj = peek_name(*target.items[0]);
  if (!obj) return false;
  // A variable's value or a number literal's, read where it is kept (no temporary to make).
  const Value* value = s.value->kind == ExprKind::Name ? peek_name(*s.value) : kept_number(*s.value);
  if (!value) return false;
  Value* slot = site_instance_attr(*obj, target, true);
  if (!slot) return false;
  if ((s.op == Op::Add || s.op == Op::Sub) && slot->add_inline_int(*value, s.op == Op::Sub)) return true;
  if (!(slot->is_number() || slot->is(Kind::Tensor)) || !(value->is_number() || value->is(Kind::Tensor))) return false;
  *slot = binary(s.op, *slot, *value, true);
  return true;
}

// `target op= value` in Python's order: the target's object (and index) first, then its current
// value, then the value, then the in-place operation, then the store. Where the value runs no
// code, reading the target after it is the same, and a plain variable or field holding a tensor
// or number is then updated where it lives.
Flow Interpreter::augmented_assign(const Stmt& s) {
  const Expr& target = *s.targets[0];
  Value rhs;
  auto apply = [&](const Value& cur, const Value& rhs) {
    try {
      return binary(s.op, cur, rhs, true);
    } catch (...) {
      record_failure(s.span);
      throw;
    }
  };
  auto in_place_kinds = [](const Value& cur, const Value& rhs) {
    return (cur.is_number() || cur.is(Kind::Tensor)) && (rhs.is_number() || rhs.is(Kind::Tensor));
  };
  switch (target.kind) {
    case ExprKind::Name: {
      // t += x on a tensor variable: in place on the tensor where the variable keeps it (tensor
      // arithmetic runs no code that could rebind it), which still holds the same object after.
      if (const Value* cur = peek_name(target); cur && eval_if_no_code(*s.value, rhs, true)) {
        // i += 1 where the variable lives where the assignment binds it (the def's own local, or a
        // global at module level; not a class body's, which binds a name it read elsewhere).
        const bool bound_here = own_slot(target, scope_) || (!scope_ && !(target.attr_memo.flags & kResolvedBuiltin));
        if (bound_here && (s.op == Op::Add || s.op == Op::Sub) &&
            const_cast<Value*>(cur)->add_inline_int(rhs, s.op == Op::Sub))
          return Flow::Normal;
        if (cur->is(Kind::Tensor) && in_place_kinds(*cur, rhs)) {
          Value result = apply(*cur, rhs);
          if (!(result.is(Kind::Tensor) && result.obj() == cur->obj())) assign_name(target, std::move(result));
          return Flow::Normal;
        }
        const Value held = *cur;  // x += y may run __iadd__, which could rebind or delete x
        assign_name(target, apply(held, rhs));
        return Flow::Normal;
      }
      if (std::optional<Value>* slot = own_slot(target, scope_); slot && *slot) {
        // total += a * b, total the def's own bound local: its value taken before the value runs
        // (which a closure could make rebind it), the result stored in its slot, which stays put.
        const Value cur = **slot;
        rhs = eval(*s.value);
        store_slot(*slot, apply(cur, rhs));
        return Flow::Normal;
      }
      Value cur = lookup_name(target);
      rhs = eval(*s.value);
      assign_name(target, apply(cur, rhs));
      return Flow::Normal;
    }
    case ExprKind::Subscript: {
      Value obj = eval(*target.items[0]);
      Value idx = eval(*target.items[1]);
      Value cur = eval_subscript(obj, idx);
      rhs = eval(*s.value);
      Value result = binary(s.op, cur, rhs, true);
      // An in-place tensor op already wrote through a view (basic indexing);
      // advanced indexing gave a copy, which Python's __setitem__ writes back.
      if (!(cur.is(Kind::Tensor) && result.is(Kind::Tensor) && result.as_tensor().is_same(cur.as_tensor()) &&
            obj.is(Kind::Tensor) && cur.as_tensor().storage() == obj.as_tensor().storage()))
        set_item(obj, idx, result);
      return Flow::Normal;
    }
    case ExprKind::Attribute: {  // (a plain field's short way, augment_field_in_place, came first)
      Value obj = eval(*target.items[0]);
      Value cur = get_attr(obj, target.text);
      rhs = eval(*s.value);
      set_attr(obj, target.text, binary(s.op, cur, rhs, true));
      return Flow::Normal;
    }
    default:  // the parser takes no other target
      throw std::logic_error("augmented assignment to an expression the grammar refuses");
  }
}

Flow Interpreter::step_statement(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr: return step(s);
    case StmtKind::Assign: {
      Value v = eval(*s.value);
      if (s.targets.size() == 1 && s.targets[0]->kind == ExprKind::Name) {
        assign_name(*s.targets[0], std::move(v));
        return Flow::Normal;
      }
      for (const auto& t : s.targets) assign(*t, v);
      return Flow::Normal;
    }
    case StmtKind::AugAssign: return step(s);
    case StmtKind::Import:
      for (const auto& imp : s.imports) {
        // `import torch.linalg` binds torch (once the submodule is found); `import torch.linalg as la` the submodule.
        const std::string root = imp.module.substr(0, imp.module.find('.'));
        const Value mod = import_module(imp.module);
        bind_name(imp.alias.empty() ? root : imp.alias, imp.alias.empty() ? import_module(root) : mod);
      }
      return Flow::Normal;
    case StmtKind::Del:
      for (const auto& t : s.targets) {
        if (t->kind == ExprKind::Name) {
          Scope* sc = binding_scope(t->text);
          if (!(sc ? sc->erase(t->text) : globals_.erase(t->text) > 0)) {
            if (sc && sc == scope_ && sc->declares_local(t->text))
              throw PyError("UnboundLocalError",
                            "cannot access local variable '" + t->text + "' where it is not associated with a value");
            throw NameError("name '" + t->text + "' is not defined");
          }
          namespace_changed(sc);
        } else if (t->kind == ExprKind::Subscript) {
          Value obj = eval(*t->items[0]);
          Value idx = eval(*t->items[1]);
          if (obj.is(Kind::Dict)) {
            check_writable(dict_of(obj));
            if (!dict_of(obj).erase(idx)) key_error(idx);
            continue;
          }
          if (obj.is(Kind::Instance)) {
            obj.as<InstanceObj>()->del_item(*this, obj, idx);
            continue;
          }
          if (!obj.is(Kind::List))
            throw TypeError("'" + type_name(obj) + "' object doesn't support item deletion");
          auto& items = obj.items();
          if (idx.is(Kind::Slice)) {
            list_delete_slice(items, idx);
            continue;
          }
          int64_t i = normalize_index(idx, static_cast<int64_t>(items.size()), "list");
          items.erase(items.begin() + i);
        } else if (t->kind == ExprKind::Attribute) {
          Value obj = eval(*t->items[0]);
          if (obj.is(Kind::Instance)) {
            obj.as<InstanceObj>()->del_attr(*this, obj, t->text);
          } else if (is_user_class(obj)) {  // del Class.attr: from the class's own namespace
            const std::string& cls_name = obj.as<TypeObj>()->name;
            auto& attrs = obj.as<TypeObj>()->attrs;
            auto it = attrs.find(t->text);
            if (it == attrs.end())
              throw AttributeError("type object '" + cls_name.substr(cls_name.rfind('.') + 1) + "' has no attribute '" + t->text + "'");
            Value old = std::move(it->second);
            attrs.erase(it);
            classes_changed();
            retire_class_attr(std::move(old));
          } else {
            // Python: an attribute the object has is read-only; one it lacks is missing.
            bool has = true;
            try {
              get_attr(obj, t->text);
            } catch (const tsh::Error&) {
              has = false;
            }
            if (has)
              throw AttributeError("attribute '" + t->text + "' of '" + type_name(obj) + "' objects is not writable");
            throw AttributeError("'" + type_name(obj) + "' object has no attribute '" + t->text + "'");
          }
        } else {
          throw SyntaxErr("cannot delete this expression");
        }
      }
      return Flow::Normal;
    case StmtKind::ImportFrom: import_from(s); return Flow::Normal;
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Return:
      return_value_ = s.value ? eval(*s.value) : Value();
      return Flow::Return;
    case StmtKind::If:
      return exec_block(truthy(eval(*s.test)) ? s.body : s.orelse);
    case StmtKind::While:
      while (truthy(eval(*s.test))) {
        loop_interrupt_point(s);
        const Flow f = exec_block(s.body);
        if (f == Flow::Break) return Flow::Normal;  // a break skips the loop's else
        if (f == Flow::Return) return f;
      }
      return exec_block(s.orelse);
    case StmtKind::For: {
      Value it = eval(*s.iter);
      // One iteration; Normal to go on, Break to stop the loop, Return to leave the function.
      // `for i in ...` moves each item straight into i; other targets unpack it.
      const bool plain_target = s.target->kind == ExprKind::Name;
      auto run_body = [&](Value&& item) __attribute__((always_inline)) -> Flow {
        loop_interrupt_point(s);
        if (plain_target)
          assign_name(*s.target, std::move(item));
        else
          assign(*s.target, item);
        const Flow f = exec_block(s.body);
        return f == Flow::Continue ? Flow::Normal : f;
      };
      // After the loop stopped at `f`: a break skips the loop's else, a return leaves.
      auto stopped = [](Flow f) { return f == Flow::Break ? Flow::Normal : f; };
      if (it.is(Kind::Range)) {  // no materialised list for range(10**6)
        auto* r = it.as<RangeObj>();
        const Expr& target = *s.target;
        if (std::optional<Value>* slot = plain_target ? own_slot(target, scope_) : nullptr) {
          // `for i in range(n)` in a def: i is the def's local, whose slot the loop writes itself
          // (the body's calls come back to this same scope, whose slots never move).
          constexpr Int kNear = Int(1) << 62;  // bounds within it: i, and i + step, fit an int64_t
          const Int start = r->start, stop = r->stop, by = r->step;
          if (start > -kNear && start < kNear && stop > -kNear && stop < kNear && by > -kNear && by < kNear)
            return range_loop_in_slot(s, *slot, static_cast<int64_t>(start), static_cast<int64_t>(stop),
                                      static_cast<int64_t>(by));
          for (Int i = start; by > 0 ? i < stop : i > stop; i += by) {
            loop_interrupt_point(s);
            *slot = Value::integer(i);
            if (Flow f = exec_block(s.body); f != Flow::Normal && f != Flow::Continue) return stopped(f);
          }
          return exec_block(s.orelse);
        }
        for (Int i = r->start; r->step > 0 ? i < r->stop : i > r->stop; i += r->step)
          if (Flow f = run_body(Value::integer(i)); f != Flow::Normal) return stopped(f);
        return exec_block(s.orelse);
      }
      if (it.is(Kind::List) || it.is(Kind::Tuple)) {
        // By index, read live as Python's list iterator reads: an append in the body is seen.
        const std::vector<Value>& items = it.items();  // (the list lives while `it` holds it)
        for (size_t i = 0; i < items.size(); ++i)
          if (Flow f = run_body(Value(items[i])); f != Flow::Normal) return stopped(f);
        return exec_block(s.orelse);
      }
      // Iterators are consumed lazily (map(print, xs) prints as the loop
      // runs); dicts, sets and files are read live, as Python reads
      // them: a dict or set changing size is an error.
      if (it.is(Kind::Dict) || it.is(Kind::DictView) || it.is(Kind::Set) ||
          it.is(Kind::FrozenSet) || it.is(Kind::Instance))
        it = make_iterator(*this, it);
      if (it.is(Kind::Iterator)) {
        for (;;) {  // each item let go before the next is asked for: zip and enumerate reuse their tuple
          Value item;
          if (!iter_next(*this, it, item)) break;
          if (Flow f = run_body(std::move(item)); f != Flow::Normal) return stopped(f);
        }
        return exec_block(s.orelse);
      }
      for (Value& item : iterate(it))
        if (Flow f = run_body(std::move(item)); f != Flow::Normal) return stopped(f);
      return exec_block(s.orelse);
    }
    case StmtKind::Magic:
    case StmtKind::Help:
      if (!run_escape) throw PyError("UsageError", "magics and help requests need a tsh session");
      run_escape(s);
      return Flow::Normal;
    case StmtKind::Assert:
      if (!truthy(eval(*s.test))) {
        std::vector<Value> args;
        if (s.value) args.push_back(eval(*s.value));
        throw RaisedError(make_exception("AssertionError", std::move(args)));
      }
      return Flow::Normal;
    case StmtKind::Raise: raise_statement(s); return Flow::Normal;
    case StmtKind::Try: return try_statement(s);
    case StmtKind::Def: {
      const std::vector<Value> decorators = eval_decorators(s);
      Value f = make_function(s.name, s.params, &s.body, nullptr);
      auto* fn = f.as<FunctionObj>();
      fn->generator = s.generator;
      fn->locals = grammar::def_locals(s);
      set_param_slots(*fn);
      fn->qualname = qualname_for(s.name);
      if (!s.body.empty() && s.body[0]->kind == StmtKind::Expr && s.body[0]->value->kind == ExprKind::Str)
        fn->attrs["__doc__"] = Value::str(s.body[0]->value->text);
      bool annotated = s.annotation != nullptr;
      for (const auto& p : s.params) annotated |= p.annotation != nullptr;
      if (annotated) {  // evaluated when the def runs, as Python does; never checked
        Value ann = make_dict();
        for (const auto& p : s.params)
          if (p.annotation) dict_of(ann).set(Value::str(p.name), eval(*p.annotation));
        if (s.annotation) dict_of(ann).set(Value::str("return"), eval(*s.annotation));
        fn->attrs["__annotations__"] = ann;
      }
      bind_name(s.name, decorate(s, decorators, f));
      return Flow::Normal;
    }
    case StmtKind::Class: class_statement(s); return Flow::Normal;
    case StmtKind::AnnAssign: annotate(s); return Flow::Normal;
    case StmtKind::With: return with_statement(s, 0);
    case StmtKind::Global:
    case StmtKind::Nonlocal: declare_names(s); return Flow::Normal;
  }
  return Flow::Normal;
}

// raise, raise E, raise E(...), raise e, raise ... from cause.
void Interpreter::raise_statement(const Stmt& s) {
  if (!s.value) {
    if (handling_.empty()) throw PyError("RuntimeError", "No active exception to reraise");
    std::rethrow_exception(handling_.back());
  }
  Value exc = eval(*s.value);
  if (s.target) {  // the cause: evaluated (it must be an exception or None), then not shown
    const Value cause = eval(*s.target);
    if (!cause.is_none() && !is_exception_class(cause) && !(cause.is(Kind::Instance) && cause.as<InstanceObj>()))
      throw TypeError("exception causes must derive from BaseException");
  }
  if (is_exception_class(exc)) {
    Args none;
    Kwargs nokw;
    exc = call(exc, none, nokw);
  }
  if (!is_exception_instance(exc)) throw TypeError("exceptions must derive from BaseException");
  record_failure(s.span);  // the raise is the traceback's innermost frame, as in Python
  throw RaisedError(exc);
}

// try/except/else/finally. Errors are tsh::Error (KeyboardInterrupt included); break, continue
// and return come back as the Flow of the block that ran them.
Flow Interpreter::try_statement(const Stmt& s) {
  // The finally block, run however the rest ended (`then`): its own break, continue or return
  // wins over that ending (an exception in flight is dropped, as in Python). A pending return's
  // value is kept aside meanwhile: the finally block may call functions that return in their turn.
  auto run_finally = [&](Flow then) -> Flow {
    if (s.finalbody.empty()) return then;
    Value pending = std::move(return_value_);
    const Flow f = exec_block(s.finalbody);
    if (f != Flow::Normal) return f;
    return_value_ = std::move(pending);
    return then;
  };
  bool failed = false;
  Flow flow = Flow::Normal;
  try {
    flow = exec_block(s.body);
  } catch (const tsh::Error& e) {
    failed = true;
    const std::exception_ptr current = std::current_exception();
    const std::string kind = e.kind();
    const ExceptHandler* chosen = nullptr;
    for (const auto& h : s.handlers) {
      if (!h.type) {
        chosen = &h;
        break;
      }
      const Value t = eval(*h.type);
      std::vector<Value> classes = t.is(Kind::Tuple) ? t.items() : std::vector<Value>{t};
      bool match = false;
      const auto* raised = dynamic_cast<const RaisedError*>(&e);
      for (const Value& c : classes) {
        if (!is_exception_class(c))
          throw TypeError("catching classes that do not inherit from BaseException is not allowed");
        // A tsh class's instance matches along its MRO; a builtin error never is one of a tsh class.
        if (std::optional<bool> is = raised ? user_isinstance(raised->object, c) : std::nullopt) match |= *is;
        else if (!is_user_class(c) && exception_is(kind, c.as<TypeObj>()->name)) match = true;
      }
      if (match) {
        chosen = &h;
        break;
      }
    }
    if (!chosen) {
      if (Flow f = run_finally(Flow::Normal); f != Flow::Normal) return f;
      throw;
    }
    handling_.push_back(current);
    try {
      if (!chosen->name.empty()) bind_name(chosen->name, exception_object(e));
      flow = exec_block(chosen->body);
    } catch (...) {
      handling_.pop_back();
      if (!chosen->name.empty()) unbind_name(chosen->name);
      if (Flow f = run_finally(Flow::Normal); f != Flow::Normal) return f;
      throw;
    }
    handling_.pop_back();
    if (!chosen->name.empty()) unbind_name(chosen->name);
  } catch (...) {  // anything else leaving the body (a signal thrown past a class body): finally still runs
    if (Flow f = run_finally(Flow::Normal); f != Flow::Normal) return f;
    throw;
  }
  if (!failed && flow == Flow::Normal) {  // else: the body ran to its end
    try {
      flow = exec_block(s.orelse);
    } catch (...) {
      if (Flow f = run_finally(Flow::Normal); f != Flow::Normal) return f;
      throw;
    }
  }
  return run_finally(flow);
}

// with A() as a, B(): enters A, then B (the rest of the items, then the
// body, run inside); each manager's __exit__ runs however its inside ends,
// and an __exit__ returning true swallows the error, as in Python.
Flow Interpreter::with_statement(const Stmt& s, size_t item) {
  if (item == s.with_items.size()) return exec_block(s.body);
  const grammar::WithItem& w = s.with_items[item];
  const Value manager = eval(*w.context);
  Value enter, exit;
  try {
    enter = get_attr(manager, "__enter__");
  } catch (const tsh::Error&) {
    throw TypeError("'" + type_name(manager) + "' object does not support the context manager protocol");
  }
  try {
    exit = get_attr(manager, "__exit__");
  } catch (const tsh::Error&) {
    throw TypeError("'" + type_name(manager) +
                    "' object does not support the context manager protocol (missed __exit__ method)");
  }
  Kwargs nokw;
  Args noargs;
  const Value entered = call(enter, noargs, nokw);
  Flow flow = Flow::Normal;
  try {
    if (w.target) assign(*w.target, entered);
    flow = with_statement(s, item + 1);
  } catch (const tsh::Error& e) {
    Args info{exception_class(e.kind()), exception_object(e), Value::none()};
    if (truthy(call(exit, info, nokw))) return Flow::Normal;
    throw;
  } catch (...) {  // anything else: the manager still exits
    Args none{Value::none(), Value::none(), Value::none()};
    call(exit, none, nokw);
    throw;
  }
  // However the inside ended (a break, a return), the manager exits; a return's value waits.
  Value pending = std::move(return_value_);
  Args none{Value::none(), Value::none(), Value::none()};
  call(exit, none, nokw);
  return_value_ = std::move(pending);
  return flow;
}

void Interpreter::declare_names(const Stmt& s) {
  if (!scope_) return;  // `global x` at module level changes nothing
  for (const std::string& name : s.names) {
    // Where this scope's names resolve changes; a module's namespaces do not (namespace_changed).
    if (s.kind == StmtKind::Global) {
      if (scope_->global_names.insert(name).second) namespace_changed(scope_);
      continue;
    }
    if (!scope_->enclosing) throw SyntaxErr("no binding for nonlocal '" + name + "' found");
    if (scope_->nonlocal_names.insert(name).second) namespace_changed(scope_);
  }
}

Scope* Interpreter::binding_scope(const std::string& name) {
  if (!scope_ || scope_->global_names.count(name)) return nullptr;
  if (scope_->nonlocal_names.count(name)) {
    for (Scope* sc = scope_->enclosing.get(); sc; sc = sc->enclosing.get())
      if (sc->declares_local(name) || sc->vars.count(name)) return sc;
    return scope_->enclosing.get();
  }
  return scope_;
}

// A name came to or left `sc` (null: the globals). Every place remembered under the names' epoch
// may be stale; those under the globals' epoch only when sc is a namespace they are read through
// (the globals, a module's own: free_names_fixed). So a comprehension's variable, bound in its
// fresh scope each time it runs, leaves the globals' places alone.
void Interpreter::namespace_changed(const Scope* sc) {
  if (!sc || module_namespace(*sc))
    names_changed();
  else
    ++names_epoch_;
}

void Interpreter::bind_name(const std::string& name, const Value& v) {
  Scope* sc = binding_scope(name);
  if (sc ? sc->set(name, v) : globals_.insert_or_assign(name, v).second) namespace_changed(sc);
}

void Interpreter::unbind_name(const std::string& name) {
  Scope* sc = binding_scope(name);
  if (sc ? sc->erase(name) : globals_.erase(name) > 0) namespace_changed(sc);
}

void Interpreter::assign_name(const Expr& target, Value&& v) {
  if (std::optional<Value>* slot = own_slot(target, scope_)) {
    store_slot(*slot, std::move(v));
    return;
  }
  // Where a read found the name is where it binds at module level and in a def (whose other names
  // are declared global or nonlocal); not in a class body or a comprehension, whose `x += 1`
  // reads a global x and binds its own, unless an assignment there found the place.
  if ((!scope_ || scope_->locals || (target.attr_memo.flags & kResolvedBinding)) &&
      target.resolved_epoch == name_stamp(target, scope_, globals_epoch_, names_epoch_) &&
      !(target.attr_memo.flags & kResolvedBuiltin)) {
    *static_cast<Value*>(const_cast<void*>(target.resolved)) = std::move(v);
    return;
  }
  Scope* sc = binding_scope(target.text);
  Value* existing = nullptr;
  if (sc) {
    existing = sc->find(target.text);
  } else if (auto it = globals_.find(target.text); it != globals_.end()) {
    existing = &it->second;
  }
  if (!existing) {
    bind_name(target.text, v);
    return;
  }
  *existing = std::move(v);
  target.resolved = existing;
  target.resolved_epoch = name_stamp(target, scope_, globals_epoch_, names_epoch_);
  target.attr_memo.flags = kResolvedBinding;
}

namespace {
[[noreturn]] void unpack_count_error(size_t got, size_t expected) {
  if (got > expected) throw ValueError("too many values to unpack (expected " + std::to_string(expected) + ")");
  throw ValueError("not enough values to unpack (expected " + std::to_string(expected) + ", got " +
                   std::to_string(got) + ")");
}
}  // namespace

void Interpreter::assign(const Expr& target, const Value& v) {
  switch (target.kind) {
    case ExprKind::Name:
      assign_name(target, Value(v));
      return;
    case ExprKind::Tuple:
    case ExprKind::List: {
      const auto& targets = target.items;
      size_t star = targets.size();
      for (size_t i = 0; i < targets.size(); ++i)
        if (targets[i]->kind == ExprKind::Starred) {
          if (star != targets.size()) throw SyntaxErr("multiple starred expressions in assignment");
          star = i;
        }
      const size_t n = targets.size();
      if (star == n && v.is(Kind::Tuple)) {
        // a, (b, c) = t of a tuple: its items in place, no copy (a tuple never changes; held here,
        // since a target may be the variable that keeps it)
        const Value held = v;
        const std::vector<Value>& items = held.as<SeqObj>()->items;
        if (items.size() != n) unpack_count_error(items.size(), n);
        for (size_t i = 0; i < n; ++i) {
          if (targets[i]->kind == ExprKind::Name)
            assign_name(*targets[i], Value(items[i]));
          else
            assign(*targets[i], items[i]);
        }
        return;
      }
      std::vector<Value> items;
      try {
        items = iterate(v);
      } catch (const tsh::Error& e) {
        if (std::string(e.kind()) == "TypeError" && std::string(e.what()).ends_with("object is not iterable"))
          throw TypeError("cannot unpack non-iterable " + type_name(v) + " object");
        throw;
      }
      if (star < n) {  // a, *rest, b = ...: the starred name takes a list of what is left
        if (items.size() < n - 1)
          throw ValueError("not enough values to unpack (expected at least " + std::to_string(n - 1) + ", got " +
                           std::to_string(items.size()) + ")");
        const size_t after = n - 1 - star;
        for (size_t i = 0; i < star; ++i) assign(*targets[i], items[i]);
        std::vector<Value> rest(items.begin() + static_cast<std::ptrdiff_t>(star),
                                items.end() - static_cast<std::ptrdiff_t>(after));
        assign(*targets[star]->items[0], Value::list(std::move(rest)));
        for (size_t i = 0; i < after; ++i) assign(*targets[star + 1 + i], items[items.size() - after + i]);
        return;
      }
      if (items.size() != n) unpack_count_error(items.size(), n);
      for (size_t i = 0; i < items.size(); ++i) assign(*targets[i], items[i]);
      return;
    }
    case ExprKind::Subscript: {
      Value obj = eval(*target.items[0]);
      Value idx = eval(*target.items[1]);
      try {
        set_item(obj, idx, v);
      } catch (...) {
        record_failure(target.span, &target);  // d[k] marked as CPython marks it: ~^^^
        throw;
      }
      return;
    }
    case ExprKind::Attribute: {
      Value obj = eval(*target.items[0]);
      if (obj.is(Kind::Instance) && site_instance_store(obj, target, v)) return;  // self.x = v: in its __dict__
      set_attr(obj, target.text, v);
      return;
    }
    default:
      throw SyntaxErr("cannot assign to expression");
  }
}

// ---------------------------------------------------------------- expressions

void Interpreter::record_failure(const grammar::Span& span, const Expr* failed) {
  // Record the innermost failing expression once per frame.
  size_t depth = frames_.size();
  if (depth >= trace_depth_recorded_) return;
  const Frame& frame = frames_.back();
  TraceEntry entry{*frame.name, span, frame_source(frame)};
  if (frame.function && !frame.function->generator) {
    const FunctionObj& f = *frame.function;
    std::string sig = "(";
    for (size_t i = 0; i < f.params.size(); ++i) sig += (i ? ", " : "") + f.params[i];
    if (!f.varargs.empty()) sig += (sig.size() > 1 ? ", *" : "*") + f.varargs;
    if (!f.varkw.empty()) sig += (sig.size() > 1 ? ", **" : "**") + f.varkw;
    entry.signature = sig + ")";
  }
  if (failed && span.line == span.end_line && failed->items.size() >= 2 && failed->items[0] && failed->items[1]) {
    const grammar::Span &l = failed->items[0]->span, &r = failed->items[1]->span;
    if (l.end_line == span.line && r.line == span.line && r.end_line == span.line) {
      if (failed->kind == ExprKind::Binary) {
        entry.anchor_left = l.end_col;
        entry.anchor_right = r.col;
      } else if (failed->kind == ExprKind::Subscript) {
        entry.anchor_left = l.end_col;
        entry.anchor_right = r.end_col;
        entry.subscript = true;
      }
    }
  }
  trace_.insert(trace_.begin(), std::move(entry));
  trace_depth_recorded_ = depth;
}

Value Interpreter::eval(const Expr& e) {
  if (e.kind == ExprKind::Name)  // a variable whose place the caches know: nothing can fail
    if (const Value* v = peek_name(e)) return *v;
  if (e.kind == ExprKind::Attribute)  // o.w, a field of a tsh object in a variable: no code runs
    if (const Value* held = peek_name(*e.items[0]); held && held->is(Kind::Instance))
      if (const Value* v = site_instance_attr(*held, e, false)) return *v;
  if (e.kind == ExprKind::Unary && e.op == grammar::Op::Neg) {  // -1, -0.5: a negative literal
    const Expr& x = *e.items[0];
    if (x.kind == ExprKind::Int && !x.int_overflow) return Value::integer(-static_cast<Int>(x.int_value));
    if (x.kind == ExprKind::Float) return Value::floating(-x.float_value);
  }
  switch (e.kind) {
    case ExprKind::Call:
    case ExprKind::Binary:
    case ExprKind::Unary:
    case ExprKind::Subscript:
    case ExprKind::Attribute:
    case ExprKind::Name:
    case ExprKind::Compare:
      return eval_recorded(e);
    default:
      return eval_inner(e);
  }
}

// e evaluated, recorded as the failing expression when it raises (a break, continue or return
// passes through). A call goes straight to eval_call: a loop's `obj.step(x)` statement comes
// here with no look at the other kinds first.
[[gnu::always_inline]] inline Value Interpreter::eval_recorded(const Expr& e) {
  try {
    return e.kind == ExprKind::Call ? eval_call(e) : eval_inner(e);
  } catch (const ReturnSignal&) {
    throw;
  } catch (const BreakSignal&) {
    throw;
  } catch (const ContinueSignal&) {
    throw;
  } catch (...) {
    record_failure(e.span, &e);
    throw;
  }
}

// stack_nearly_full in a function of its own: the frame address it reads would make each function
// check_depth is inlined into (the call of every def) keep a frame pointer, a register fewer.
[[gnu::noinline]] static bool stack_nearly_full_out_of_line() { return stack_nearly_full(); }

[[gnu::always_inline]] inline void Interpreter::check_depth() {
  // The stack is measured every 4th level: four calls' C++ frames are a few kilobytes, far inside
  // the reserve that stack_nearly_full keeps (a megabyte).
  // The depth is the frames' count above the module's: calls, generators running, class bodies,
  // each a frame of Python's too.
  const size_t depth = frames_.size() - 1;
  if (depth >= kMaxRecursion - 1 || ((depth & 3) == 0 && stack_nearly_full_out_of_line())) [[unlikely]]
    recursion_too_deep();
}

// A scope for a call of f: the one f's last call left (recycle_scope), given f's closure again, or
// the pool's last when it last served f and f has no closure to set (a def's slots come back
// unbound and sized), or one set up by scope_for_general.
[[gnu::always_inline]] inline std::shared_ptr<Scope> Interpreter::scope_for(const FunctionObj& f) {
  if (f.spare_scope && !f.spare_lent) [[likely]] {
    std::shared_ptr<Scope> scope = std::move(f.spare_scope);
    if (f.closure) scope->enclosing = f.closure;  // (let go of when the last call's scope was emptied)
    return scope;
  }
  if (!scope_pool_.empty() && !f.closure && f.locals) {
    const Scope& last = *scope_pool_.back();
    if (last.locals == f.locals && last.slots.size() == f.locals->size()) {
      std::shared_ptr<Scope> scope = std::move(scope_pool_.back());
      scope_pool_.pop_back();
      return scope;
    }
  }
  return scope_for_general(f);
}

// An unbound slot gets its value, built in place: there is nothing in it to destroy first
// (std::optional's emplace would check, which GCC makes a call per argument of each call).
[[gnu::always_inline]] inline void bind_slot(std::optional<Value>& slot, const Value& v) {
  assert(!slot);
  std::construct_at(&slot, std::in_place, v);
}
[[gnu::always_inline]] inline void bind_slot(std::optional<Value>& slot, Value&& v) {
  assert(!slot);
  std::construct_at(&slot, std::in_place, std::move(v));
}

// An argument into its parameter's (unbound) slot: a variable's value copied straight there.
[[gnu::always_inline]] inline void Interpreter::eval_into(const Expr& e, std::optional<Value>& slot) {
  if (const Value* v = peek_name(e))
    bind_slot(slot, *v);
  else
    bind_slot(slot, eval(e));
}

Value* Interpreter::find_variable(const std::string& name, bool* in_builtins) {
  if (in_builtins) *in_builtins = false;
  bool isolated = false;  // inside a namespace of its own (a benchmark Timer's)
  Scope* first = scope_ && scope_->global_names.count(name) ? nullptr : scope_;
  for (Scope* s = first; s && !isolated; s = s->enclosing.get()) {
    if (int i = s->slot_of(name); i >= 0) {  // a def's local; unbound: lookup() says which error
      std::optional<Value>& slot = s->slots[static_cast<size_t>(i)];
      return slot ? &*slot : nullptr;
    }
    auto it = s->vars.find(name);
    if (it != s->vars.end()) return &it->second;
    isolated = s->isolated;
  }
  if (auto it = globals_.find(name); !isolated && it != globals_.end()) return &it->second;
  if (auto it = builtins_.find(name); it != builtins_.end()) {
    if (in_builtins) *in_builtins = true;
    return &it->second;
  }
  return nullptr;
}


Value Interpreter::lookup_name(const Expr& e) {
  if (const Value* v = peek_name(e)) return *v;
  const bool in_def = e.slot_owner && scope_ && scope_->locals.get() == e.slot_owner;
  // A local not yet bound is lookup()'s UnboundLocalError; anything else found is remembered
  // (name_stamp), marked when it is a builtin, which an assignment must never write.
  if (!(in_def && e.slot >= 0)) {
    bool builtin = false;
    if (Value* v = find_variable(e.text, &builtin)) {
      e.resolved = v;
      e.resolved_epoch = name_stamp(e, scope_, globals_epoch_, names_epoch_);
      e.attr_memo.flags = builtin ? kResolvedBuiltin : 0;
      return *v;
    }
  }
  return lookup(e.text);
}

Value Interpreter::lookup(const std::string& name) {
  if (Value* v = find_variable(name)) return *v;
  // A name the running def (or one around it) binds somewhere, read before it is bound here.
  Scope* first = scope_ && scope_->global_names.count(name) ? nullptr : scope_;
  for (Scope* s = first; s; s = s->enclosing.get()) {
    if (s->declares_local(name)) {
      if (s == scope_)
        throw PyError("UnboundLocalError",
                      "cannot access local variable '" + name + "' where it is not associated with a value");
      throw NameError("cannot access free variable '" + name +
                      "' where it is not associated with a value in enclosing scope");
    }
    if (s->isolated) break;
  }
  // Bare torch names: rand(2, 3) is torch.rand(2, 3).
  auto* torch_mod = torch_.as<ModuleObj>();
  if (auto it = torch_mod->attrs.find(name); it != torch_mod->attrs.end()) return it->second;
  if (registry().functions(name)) return get_attr(torch_, name);
  std::string msg = "name '" + name + "' is not defined";
  std::vector<std::string> candidates;
  for (Scope* s = scope_; s; s = s->enclosing.get())
    for (auto& [n, _] : s->bound_names()) candidates.push_back(n);
  for (auto& [n, _] : globals_) candidates.push_back(n);
  for (auto& [n, _] : builtins_) candidates.push_back(n);
  if (auto best = did_you_mean(name, candidates)) msg += ". Did you mean: '" + *best + "'?";
  throw NameError(msg);
}

Value Interpreter::eval_inner(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name: return lookup_name(e);
    case ExprKind::NamedExpr: {
      Value v = eval(*e.items[0]);
      if (scope_ && scope_->comprehension) {  // PEP 572: in a comprehension, the scope around it
        Scope* around = scope_;  // (kept alive by the comprehension's enclosing chain)
        while (around && around->comprehension) around = around->enclosing.get();
        Scope* saved = scope_;
        set_scope(around);
        try {
          bind_name(e.text, v);
        } catch (...) {
          set_scope(saved);
          throw;
        }
        set_scope(saved);
        return v;
      }
      bind_name(e.text, v);
      return v;
    }
    case ExprKind::Int:
      if (e.int_overflow) {  // >= 2**64: the literal's digits, read exactly
        if (std::optional<Value> v = int_parse(e.text, 0)) return *v;
        throw SyntaxErr("invalid integer literal");
      }
      return Value::integer(static_cast<Int>(e.int_value));
    case ExprKind::Float: return Value::floating(e.float_value);
    case ExprKind::Imag: return Value::complex({0.0, e.float_value});
    case ExprKind::Str: return e.bytes ? make_bytes(e.text) : Value::str(e.text);
    case ExprKind::True: return Value::boolean(true);
    case ExprKind::False: return Value::boolean(false);
    case ExprKind::None: return Value::none();
    case ExprKind::Ellipsis: return Value::ellipsis();
    case ExprKind::Tuple:
    case ExprKind::List: {
      std::vector<Value> items;
      items.reserve(e.items.size());
      for (const auto& x : e.items) {
        if (x->kind == ExprKind::Starred) {
          for (Value& v : iterate(eval(*x->items[0]))) items.push_back(v);
        } else {
          items.push_back(eval(*x));
        }
      }
      return e.kind == ExprKind::Tuple ? Value::tuple(std::move(items))
                                       : Value::list(std::move(items));
    }
    case ExprKind::Unary: return unary(e.op, eval(*e.items[0]));
    case ExprKind::Binary: {
      if (e.resolved) return *static_cast<const Value*>(e.resolved);  // a constant, folded below
      const Expr& left = *e.items[0], &right = *e.items[1];
      if (left.kind == ExprKind::Name && (right.kind == ExprKind::Name || (right.kind == ExprKind::Int && !right.int_overflow))) {
        // i % 10, a * b of numbers or tensors in variables: read where the variables keep them, with
        // no copy (evaluating a name or a literal runs no code, nor does their arithmetic, so
        // nothing can rebind a variable meanwhile).
        auto plain = [](const Value& v) { return v.is_number() || v.is(Kind::Tensor); };
        if (const Value* a = peek_name(left); a && plain(*a)) {
          if (right.kind == ExprKind::Int) return binary(e.op, *a, *kept_number(right), false);
          if (const Value* b = peek_name(right); b && plain(*b)) return binary(e.op, *a, *b, false);
        }
      }
      Value a = eval(left);
      Value b = eval(right);
      Value result = binary(e.op, a, b, false);
      // Arithmetic on number literals (2 * 3.14, 1 / 3, -1 + 2**10) runs no code and gives the
      // same number every time: kept in the node, it is not worked out again. One that raises
      // (1 / 0) raises every time.
      if (is_constant(*e.items[0]) && is_constant(*e.items[1])) e.resolved = &keep_constant(result);
      return result;
    }
    case ExprKind::And: {
      Value a = eval(*e.items[0]);
      return truthy(a) ? eval(*e.items[1]) : a;
    }
    case ExprKind::Or: {
      Value a = eval(*e.items[0]);
      return truthy(a) ? a : eval(*e.items[1]);
    }
    case ExprKind::Compare: {
      // a < b < c  ==  (a < b) and (b < c), each operand evaluated once.
      Value left = eval(*e.items[0]);
      Value result = Value::boolean(true);
      for (size_t i = 0; i < e.ops.size(); ++i) {
        Value right = eval(*e.items[i + 1]);
        Value tensor_result;
        bool r = compare(e.ops[i], left, right, &tensor_result);
        if (!tensor_result.is_none()) {
          result = tensor_result;
          if (i + 1 < e.ops.size() && !truthy(result)) return result;
        } else {
          result = Value::boolean(r);
          if (!r) return result;
        }
        left = right;
      }
      return result;
    }
    case ExprKind::IfExp:
      return truthy(eval(*e.items[1])) ? eval(*e.items[0]) : eval(*e.items[2]);
    case ExprKind::Lambda: return make_function("<lambda>", e.params, nullptr, e.items[0].get());
    case ExprKind::Call: return eval_call(e);
    case ExprKind::Attribute: {
      // o.w of a tsh object: from its __dict__ when its class has no say, o read where its
      // variable keeps it (finding the field runs no code).
      if (const Value* held = peek_name(*e.items[0]); held && held->is(Kind::Instance))
        if (const Value* v = site_instance_attr(*held, e, false)) return *v;
      Value obj = eval(*e.items[0]);
      if (obj.is(Kind::Instance))
        if (const Value* v = site_instance_attr(obj, e, false)) return *v;
      return get_attr(obj, e.text);
    }
    case ExprKind::Subscript: {
      // t[i] of two variables, a tensor and an int: read where the variables keep them (no copy);
      // int indexing of a tensor runs no code that could change either.
      if (const Value* obj = peek_name(*e.items[0]); obj && obj->is(Kind::Tensor))
        if (const Value* idx = peek_name(*e.items[1]); idx && idx->is(Kind::Int)) return eval_subscript(*obj, *idx);
      Value obj = eval(*e.items[0]);
      Value idx = eval(*e.items[1]);
      return eval_subscript(obj, idx);
    }
    case ExprKind::Slice: {
      auto s = std::make_shared<SliceObj>();
      if (e.items.size() > 0 && e.items[0]) s->start = eval(*e.items[0]);
      if (e.items.size() > 1 && e.items[1]) s->stop = eval(*e.items[1]);
      if (e.items.size() > 2 && e.items[2]) s->step = eval(*e.items[2]);
      return Value::object(Kind::Slice, s);
    }
    case ExprKind::ListComp: {
      if (e.generator) return generator_expression(e);
      std::vector<Value> out;
      comprehension(e, [&] { out.push_back(eval(*e.items[0])); }, &out);
      return Value::list(std::move(out));
    }
    case ExprKind::Dict:
    case ExprKind::DictComp:
    case ExprKind::Set:
    case ExprKind::SetComp:
    case ExprKind::FString:
    case ExprKind::FormattedValue: return eval_display(e);
    case ExprKind::Starred: throw SyntaxErr("can't use starred expression here");
    case ExprKind::Yield: return yield_value(e.items.empty() ? Value() : eval(*e.items[0]));
    case ExprKind::YieldFrom: return yield_from(eval(*e.items[0]));
  }
  throw RuntimeError("unknown expression");
}

void Interpreter::with_scope(const std::shared_ptr<Scope>& scope, const std::function<void()>& fn) {
  Scope* saved = scope_;
  const std::shared_ptr<Scope> keep = scope;  // the code run may let go of the caller's reference
  const auto saved_trace = trace_;
  const size_t saved_depth = trace_depth_recorded_;
  set_scope(keep.get());
  try {
    fn();
  } catch (...) {
    set_scope(saved);
    trace_ = saved_trace;
    trace_depth_recorded_ = saved_depth;
    throw;
  }
  set_scope(saved);
}

// Runs a comprehension's for/if clauses in a scope of its own (Python 3),
// calling `emit` once per element. An iterator is consumed lazily.
void Interpreter::comprehension(const Expr& e, const std::function<void()>& emit, std::vector<Value>* sized) {
  // The first iterable is evaluated in the enclosing scope, as Python does ([x for x in x]); the
  // rest runs in the comprehension's own, whose variables live in slots (comprehension_locals).
  Value first = eval(*e.comps[0].iter);
  Scope* saved = scope_;
  auto comp_scope = std::make_shared<Scope>();
  comp_scope->enclosing = current_scope();
  comp_scope->comprehension = true;
  comp_scope->locals = grammar::comprehension_locals(e);
  comp_scope->slots.assign(comp_scope->locals->size(), std::nullopt);
  set_scope(comp_scope.get());
  try {
    std::function<void(size_t)> loop = [&](size_t level) {
      if (level == e.comps.size()) {
        emit();
        return;
      }
      const auto& c = e.comps[level];
      auto step = [&](const Value& item) {
        check_interrupt();
        assign(*c.target, item);
        bool ok = true;
        for (const auto& cond : c.ifs) ok = ok && truthy(eval(*cond));
        if (ok) loop(level + 1);
      };
      Value it = level == 0 ? std::move(first) : eval(*c.iter);  // (level 0 runs once)
      if (it.is(Kind::List) || it.is(Kind::Tuple)) {
        const std::vector<Value>& items = it.items();  // (the list lives while `it` holds it)
        if (sized && e.comps.size() == 1 && c.ifs.empty()) sized->reserve(sized->size() + items.size());
        for (size_t i = 0; i < items.size(); ++i) {  // by index, read live, as Python's list iterator
          const Value item = items[i];
          step(item);
        }
      } else if (it.is(Kind::Iterator)) {
        for (;;) {  // each item let go before the next is asked for: zip and enumerate reuse their tuple
          Value item;
          if (!iter_next(*this, it, item)) break;
          step(item);
        }
      } else {
        for (const Value& item : iterate(it)) step(item);
      }
    };
    loop(0);
  } catch (...) {
    set_scope(saved);
    throw;
  }
  set_scope(saved);
}

// (x for x in y): a lazy iterator. The outermost iterable is evaluated now, in
// the enclosing scope, as Python does; the rest runs as items are asked for.
struct Interpreter::GenState {
  const Expr* expr = nullptr;
  std::shared_ptr<Scope> scope;
  std::vector<Value> iters;  // one per active for-clause
  std::shared_ptr<void> keep_alive;
  bool running = false;
};

Value Interpreter::generator_expression(const Expr& e) {
  auto st = std::make_shared<GenState>();
  st->expr = &e;
  st->scope = std::make_shared<Scope>();
  st->scope->enclosing = current_scope();
  st->scope->comprehension = true;
  st->scope->locals = grammar::comprehension_locals(e);  // its variables in slots, as a comprehension's
  st->scope->slots.assign(st->scope->locals->size(), std::nullopt);
  if (!asts_.empty()) st->keep_alive = asts_.back();
  st->iters.push_back(make_iterator(*this, eval(*e.comps[0].iter)));
  auto it = std::make_shared<IterObj>();
  it->type_name = "generator";
  it->next = [st](Interpreter& in, Value& out) { return in.generator_next(*st, out); };
  it->holds = [st](GcVisitor& visit) {
    visit(st->scope);
    for (const Value& v : st->iters) visit(v);
  };
  return Value::object(Kind::Iterator, it);
}

bool Interpreter::generator_next(GenState& st, Value& out) {
  if (st.running) throw ValueError("generator already executing");
  const Expr& e = *st.expr;
  struct Enter {
    Interpreter& in;
    GenState& st;
    Scope* saved;
    std::shared_ptr<Scope> keep;  // the running scope, whatever happens to the generator meanwhile
    Enter(Interpreter& i, GenState& s) : in(i), st(s), saved(i.scope_), keep(s.scope) {
      in.set_scope(keep.get());
      st.running = true;
    }
    ~Enter() {
      st.running = false;
      in.set_scope(saved);
    }
  } enter(*this, st);
  try {
    while (!st.iters.empty()) {
      check_interrupt();
      const size_t level = st.iters.size() - 1;
      Value item;
      if (!iter_next(*this, st.iters.back(), item)) {
        st.iters.pop_back();
        continue;
      }
      const auto& c = e.comps[level];
      assign(*c.target, item);
      bool ok = true;
      for (const auto& cond : c.ifs)
        if (!truthy(eval(*cond))) {
          ok = false;
          break;
        }
      if (!ok) continue;
      if (level + 1 == e.comps.size()) {
        out = eval(*e.items[0]);
        return true;
      }
      st.iters.push_back(make_iterator(*this, eval(*e.comps[level + 1].iter)));
    }
  } catch (...) {
    st.iters.clear();  // an error ends the generator, as in Python
    throw;
  }
  return false;
}

namespace {

// A tensor method call of at most this many arguments (self included), all positional, is
// tried as a plain call first (Registry::call_plain): the plain ops are unary and binary.
constexpr size_t kPlainArgs = 3;
// A call of a def with at most this many positional arguments (self included) passes them on the stack.
constexpr size_t kStackArgs = 4;

// Whether n positional arguments bind to f's parameters one by one into slots, with nothing to
// check: a def(a, b) called with two (no defaults used, no *args, **kwargs, not a generator).
inline bool binds_plainly(const FunctionObj& f, size_t n) { return f.plain_arity == static_cast<int>(n); }

bool has_starred(const Expr& call) {
  for (const auto& a : call.args)
    if (a->kind == ExprKind::Starred) return true;
  return false;
}

// What a call needs to know of its arguments (Expr::call_shape), worked out the first time it runs.
constexpr uint8_t kShapeKnown = 1;
constexpr uint8_t kShapePositional = 2;  // no keywords, no *args or **kwargs
constexpr uint8_t kShapeNoCode = 4;      // positional, each a name or a literal: evaluating them runs no code
// With kShapeNoCode, the bits from here up hold the arguments' count with obj's, in obj.method(...):
// what a method call compares with its def's plain_arity, with nothing else to read.
constexpr int kShapeArity = 3;
inline uint8_t call_shape(const Expr& call) {
  if (call.call_shape) [[likely]] return call.call_shape;
  uint8_t shape = kShapeKnown;
  if (call.keywords.empty() && !has_starred(call)) {
    shape |= kShapePositional;
    bool no_code = call.args.size() + 1 < (1u << (8 - kShapeArity));
    for (const auto& a : call.args)
      if (a->kind != ExprKind::Name && !is_literal(*a)) no_code = false;
    if (no_code) shape |= static_cast<uint8_t>(kShapeNoCode | (call.args.size() + 1) << kShapeArity);
  }
  return call.call_shape = shape;
}

bool plain_shaped(const Expr& call) {
  if (!call.keywords.empty() || call.args.size() >= kPlainArgs) return false;
  for (const auto& a : call.args)
    if (a->kind == ExprKind::Starred) return false;
  return true;
}

}  // namespace


// The registry is fixed once built: what an attribute name means on a tensor is looked up once
// per node (kept in the Attribute node's `resolved`). Null for a property or no method.
static const std::vector<const OpEntry*>* tensor_method(const Expr& callee) {
  static const char not_a_method = 0;
  if (!callee.resolved) {
    const auto* found = is_tensor_property(callee.text) ? nullptr : registry().methods(callee.text);
    callee.resolved = found ? static_cast<const void*>(found) : &not_a_method;
  }
  return callee.resolved != &not_a_method ? static_cast<const std::vector<const OpEntry*>*>(callee.resolved)
                                          : nullptr;
}

// obj.method(a) of a variable holding a tsh object whose class's def(self, a) it is, the call of
// every training loop's model and every lesson's class: obj straight into the self slot, with no
// copy in between, in a frame smaller than the general way's. What is known already decides it,
// with nothing worked out and no call made but the one that runs it, so that this function
// needs no registers of its own saved (no C++ prologue); anything else is eval_call_method's.
Value Interpreter::eval_call(const Expr& e) {
  const Expr& callee = *e.items[0];
  if (callee.kind != ExprKind::Attribute) return eval_call_general(e, nullptr);
  const Value* self = peek_name(*callee.items[0]);
  if (const uint8_t shape = e.call_shape; self && self->is(Kind::Instance) && (shape & kShapeNoCode)) {  // (0: not yet worked out)
    // Nothing can rebind the def while its arguments are evaluated: no need to hold it (its body
    // may take it from its class: retire_class_attr keeps it while it runs).
    if (const Value* f = site_method<false>(*self, callee); f && binds_plainly(*f->as<FunctionObj>(), shape >> kShapeArity))
      return call_plainly(*f->as<FunctionObj>(), self, e.args);
  }
  if (self && (self->is(Kind::List) || self->is(Kind::Dict) || self->is(Kind::Str))) return eval_call_container(e, self);
  return eval_call_method(e, self);
}


// eval_call's every other call of an attribute: `self` is where the variable the attribute is
// read from keeps its value, when the caches know.
Value Interpreter::eval_call_method(const Expr& e, const Value* self) {
  const Expr& callee = *e.items[0];
  if (self && self->is(Kind::Instance)) {
    const uint8_t shape = call_shape(e);
    if (const Value* f = (shape & kShapePositional) ? site_method(*self, callee) : nullptr;
        f && binds_plainly(*f->as<FunctionObj>(), e.args.size() + 1)) {
      const FunctionObj& def = *f->as<FunctionObj>();
      if (shape & kShapeNoCode) return call_plainly(def, self, e.args);  // nothing can rebind the def meanwhile
      std::shared_ptr<Object> held = f->obj();  // the arguments' code may rebind it
      return call_plainly(def, self, e.args);
    }
  }
  return eval_call_general(e, self);
}

// A scope its call has ended, emptied for another: its variables unbound (its slots kept sized for
// the next call of the def), its names' declarations gone. `locals` stays: the next call, often of
// the same def, then takes no reference to set it.
[[gnu::always_inline]] inline void empty_scope(Scope& s) {
  for (std::optional<Value>& slot : s.slots) slot.reset();
  if (!s.vars.empty()) s.vars.clear();
  if (!s.global_names.empty()) s.global_names.clear();
  if (!s.nonlocal_names.empty()) s.nonlocal_names.clear();
}

template <int kMode>
[[gnu::always_inline]] inline void Interpreter::recycle_scope(const FunctionObj& f, std::shared_ptr<Scope>&& s) {
  if constexpr (kMode == kLentScope) {
    // f's own scope, lent to the call that ended (s is f.spare_scope): emptied where it is when
    // nothing else holds it, else left to what does (a closure, a generator, locals()).
    if (s.use_count() == 1) [[likely]] {
      empty_scope(*s);
      if (s->enclosing) s->enclosing.reset();
    } else {
      s.reset();
    }
    f.spare_lent = false;
    return;
  }
  // Only one no closure, generator or locals() kept: then nothing else can ever see it again.
  if (s.use_count() != 1) return;
  // (kDefScope: s's locals are f's, which a def has)
  const bool spare = !f.spare_scope && (kMode == kDefScope || (f.locals && s->locals == f.locals));
  if (!spare && scope_pool_.size() >= kScopePool) return;
  empty_scope(*s);
  if (spare) {
    // f's own scope, as its call left it: no class body's, never isolated, enclosed by f's closure.
    if (s->enclosing) s->enclosing.reset();
    f.spare_scope = std::move(s);  // f's next call takes it at once (scope_for)
    return;
  }
  s->enclosing.reset();
  s->isolated = false;
  s->class_qualname.clear();
  scope_pool_.push_back(std::move(s));
}

// f's body (or a lambda's expression) run in `scope`, which the caller holds meanwhile. kDefScope:
// f is a def whose scope came from scope_for (its locals are f's); kLentScope: the def's own spare
// scope, lent to the call where it is (`scope` is f.spare_scope).
template <int kMode>
[[gnu::always_inline]] inline Value Interpreter::run_in_scope(const FunctionObj& f, std::shared_ptr<Scope>& scope) {
  Scope* saved = scope_;
  set_scope(scope.get());
  frames_.push_back(Frame{&f.name, &f.source, nullptr, &f});
  // Back to the caller's scope; the call's own is kept for the next call when nothing holds it.
  auto leave = [&]() __attribute__((always_inline)) {
    frames_.pop_back();
    scope_ = saved;
    ++names_epoch_;
    recycle_scope<kMode>(f, std::move(scope));
  };
  Value result;
  try {
    if (kMode == kAnyScope && f.lambda_body) {
      result = eval(*f.lambda_body);
    } else {
      try {
        run_body(*f.body, result);
      } catch (ReturnSignal& r) {
        result = std::move(r.value);
      }
    }
  } catch (...) {
    leave();
    throw;
  }
  leave();
  return result;
}

// A call of f whose positional arguments bind plainly (binds_plainly): `first` (obj, in
// obj.method(...); null for none), then each argument evaluated straight into its slot of the
// call's scope, then the body, all in one function of its own: the method call of every loop pays
// for one C++ call between eval_call and the body, and for no test a def's call need not make (a
// lambda's body, whose scope). The scope is the def's spare one, lent where it is (no reference to
// it taken or moved: the def outlives the call, held by what calls it or, for a method taken from
// its class meanwhile, by retire_class_attr); when that one is in use (a recursive call) or gone
// (kept by a closure), one from scope_for.
[[gnu::noinline]] Value Interpreter::call_plainly(const FunctionObj& f, const Value* first,
                                                  const std::vector<grammar::ExprPtr>& args) {
  if (!f.spare_scope || f.spare_lent) [[unlikely]] return call_plainly_in_new_scope(f, first, args);
  f.spare_lent = true;
  Scope& scope = *f.spare_scope;
  if (f.closure) scope.enclosing = f.closure;  // (let go of when the last call's scope was emptied)
  try {
    bind_plainly(f, scope.slots.data(), first, args);
  } catch (...) {  // an argument failed: the scope goes back as it was
    recycle_scope<kLentScope>(f, std::move(f.spare_scope));
    throw;
  }
  check_depth();
  return run_in_scope<kLentScope>(f, f.spare_scope);
}

[[gnu::noinline]] Value Interpreter::call_plainly_in_new_scope(const FunctionObj& f, const Value* first,
                                                               const std::vector<grammar::ExprPtr>& args) {
  std::shared_ptr<Scope> scope = scope_for(f);
  bind_plainly(f, scope->slots.data(), first, args);  // (no one else sees the scope yet: it stays put)
  check_depth();
  return run_in_scope<kDefScope>(f, scope);
}

// `first` and args into their parameters' slots, all unbound.
[[gnu::always_inline]] inline void Interpreter::bind_plainly(const FunctionObj& f, std::optional<Value>* slots,
                                                             const Value* first,
                                                             const std::vector<grammar::ExprPtr>& args) {
  const uint32_t* at = f.param_slots.data();
  if (first) bind_slot(slots[*at++], *first);
  for (const auto& a : args) eval_into(*a, slots[*at++]);
}

// s.upper(), out.append(x), d.get(k, 0): a method of a str, list, tuple or dict called at once by its
// method table, with no bound method made for the call (CPython 3.11 specializes list.append the
// same way). The lookup comes first, then the arguments, as in Python. True with the result in
// `out`; false when obj is no such value or the call has *args or **kwargs, or with the attribute
// in `out` when the name is no method (a call then calls it as usual).
bool Interpreter::plain_method_call(const Value& obj, const Expr& e, Value& out) {
  return plain_method_call_inline(obj, e, out);
}

// out.append(x), d.get(k, 0), s.strip(): the method table's call, with none of the general way's
// steps before it (plain_method_call's, inline here). The object is held: an argument or the
// method may rebind its variable.
Value Interpreter::eval_call_container(const Expr& e, const Value* self) {
  const Value obj = *self;
  if (Value out; plain_method_call_inline(obj, e, out)) return out;
  return eval_call_general(e, &obj);
}

[[gnu::always_inline]] inline bool Interpreter::plain_method_call_inline(const Value& obj, const Expr& e, Value& out) {
  switch (obj.kind()) {
    case Kind::Str: case Kind::List: case Kind::Tuple: case Kind::Size: break;
    case Kind::Dict:
      if (dict_of(obj).flavor != DictObj::Flavor::Dict) return false;  // a Counter's own methods first
      break;
    default: return false;
  }
  const Expr& callee = *e.items[0];
  if (callee.text.starts_with("__") || has_starred(e)) return false;  // x.__class__(...): get_attr's
  for (const auto& kw : e.keywords)
    if (kw.name.empty()) return false;
  // The two calls of every counting and collecting loop, straight from here: list.append (as
  // CPython 3.11 specializes it) and dict.get.
  // (The names compared with a fixed length, which GCC compares inline, not by a memcmp call.)
  auto named = [&]<size_t N>(const char (&name)[N]) {
    return callee.text.size() == N - 1 && __builtin_memcmp(callee.text.data(), name, N - 1) == 0;
  };
  if (obj.is(Kind::List) && e.args.size() == 1 && e.keywords.empty() && named("append")) {
    Value item = eval(*e.args[0]);
    obj.items().push_back(std::move(item));
    out = Value();
    return true;
  }
  if (obj.is(Kind::Dict) && (e.args.size() == 1 || e.args.size() == 2) && e.keywords.empty() && named("get")) {
    Value key = eval(*e.args[0]);
    Value fallback = e.args.size() == 2 ? eval(*e.args[1]) : Value();
    const Value* found = dict_of(obj).find(key);
    out = found ? *found : std::move(fallback);
    return true;
  }
  struct Context {
    Interpreter* in;
    const Expr* call;
    bool found = false;  // the lookup succeeded: errors from here on are the arguments' or the method's
  } context{this, &e};
  MethodCall call{*this, [](void* c, Args& args, Kwargs& kwargs) {
    auto& x = *static_cast<Context*>(c);
    x.found = true;
    for (const auto& a : x.call->args) args.push_back(x.in->eval(*a));
    for (const auto& kw : x.call->keywords) kwargs.emplace_back(kw.name, x.in->eval(*kw.value));
  }, &context, Value(), false};
  try {
    Value attr = obj.is(Kind::Str)    ? str_attr(obj, callee.text, &call)
                 : obj.is(Kind::Dict) ? dict_attr(*this, obj, callee.text, &call)
                                      : list_attr(obj, callee.text, &call);
    if (call.called) {
      out = std::move(call.result);
      return true;
    }
    out = std::move(attr);
    return false;
  } catch (...) {
    if (!context.found) record_failure(callee.span);
    throw;
  }
}

// `self`: where the variable an attribute callee is read from keeps its value, when the caches know.
Value Interpreter::eval_call_general(const Expr& e, const Value* self) {
  const Expr& callee = *e.items[0];
  // `t.view(2, 5)`: call the tensor method directly, with no bound-method object.
  const std::vector<const OpEntry*>* method = nullptr;
  Value obj, fn;
  bool self_first = false;  // fn is a tsh class's function to be called with obj first
  if (callee.kind == ExprKind::Attribute) {
    // `a.add_(b)` of variables only: a plain op reads the tensors where the variables keep them,
    // with no copy; evaluating a name runs no code, so none can change before the op reads it.
    if (self && self->is(Kind::Tensor) && plain_shaped(e)) {
      if (const auto* m = tensor_method(callee)) {
        std::array<const Value*, kPlainArgs> plain{self};
        size_t n = 1;
        for (const auto& a : e.args) {
          if (!(plain[n] = peek_name(*a))) break;
          ++n;
        }
        Value result;
        if (n == e.args.size() + 1 &&
            registry().call_plain(*m, true, std::span<const Value* const>(plain.data(), n), result))
          return result;
      }
    }
    obj = eval(*callee.items[0]);
    if (obj.is(Kind::Tensor)) method = tensor_method(callee);
    if (!method && obj.is(Kind::Instance)) {
      // obj.method(...) on a tsh object: the class's function, called with obj first, and no
      // bound-method object made in between (the hot path of every training loop's model calls).
      if (const Value* f = site_method(obj, callee)) {
        fn = *f;
        self_first = true;
      }
    }
    if (!method && !self_first && plain_method_call(obj, e, fn)) return fn;
    if (!method && !self_first && fn.is_none()) {
      try {
        fn = get_attr(obj, callee.text);
      } catch (...) {
        record_failure(callee.span);
        throw;
      }
    }
  } else {
    fn = eval(callee);
  }
  if (method && plain_shaped(e)) {
    // Evaluated onto the stack: a plain call (t.add_(u + 1)) then needs no vector at all.
    std::array<Value, kPlainArgs> held;
    std::array<const Value*, kPlainArgs> plain;
    size_t n = 0;
    held[n] = std::move(obj);
    plain[n] = &held[n];
    for (const auto& a : e.args) {
      held[++n] = eval(*a);
      plain[n] = &held[n];
    }
    ++n;
    Value result;
    if (registry().call_plain(*method, true, std::span<const Value* const>(plain.data(), n), result)) return result;
    ArgsLease lease;
    lease.args.assign(std::make_move_iterator(held.begin()), std::make_move_iterator(held.begin() + n));
    Kwargs none;
    return registry().call(*this, *method, true, lease.args, none);
  }
  const auto positional_only = [&] { return e.keywords.empty() && !has_starred(e); };
  if (!method && fn.is(Kind::Function) && binds_plainly(*fn.as<FunctionObj>(), e.args.size() + self_first) &&
      positional_only()) {
    // f(a, b) or obj.method(a) of a def(a, b), the usual call: each argument is evaluated straight
    // into its slot in the call's scope, with nothing to check.
    return call_plainly(*fn.as<FunctionObj>(), self_first ? &obj : nullptr, e.args);
  }
  if (!method && fn.is(Kind::Function) && e.args.size() + self_first <= kStackArgs && positional_only()) {
    // f(a) of a def with defaults, *args or **kwargs, positional only: the arguments go onto the
    // stack and from there into the call's slots, with no vector.
    std::array<Value, kStackArgs> stack;
    size_t n = 0;
    if (self_first) stack[n++] = std::move(obj);
    for (const auto& a : e.args) stack[n++] = eval(*a);
    Kwargs none;
    return call_function(*fn.as<FunctionObj>(), std::span<Value>(stack.data(), n), none, &fn, true);
  }
  ArgsLease lease;
  Args& args = lease.args;
  Kwargs kwargs;
  args.reserve(e.args.size() + 1);
  if (method || self_first) args.push_back(std::move(obj));
  auto callee_name = [&] { return method ? "Tensor." + callee.text + "()" : call_name(fn); };
  for (const auto& a : e.args) {
    if (a->kind == ExprKind::Starred) {
      expand_args(*this, callee_name(), eval(*a->items[0]), args);
    } else {
      args.push_back(eval(*a));
    }
  }
  for (const auto& kw : e.keywords) {
    if (kw.name.empty()) {  // f(**mapping)
      expand_kwargs(callee_name(), eval(*kw.value), kwargs);
      continue;
    }
    kwargs.emplace_back(kw.name, eval(*kw.value));
  }
  if (method) return registry().call(*this, *method, true, args, kwargs);
  return call(fn, args, kwargs);
}

Value Interpreter::call(const Value& callee, Args& args, Kwargs& kwargs) {
  switch (callee.kind()) {
    case Kind::Builtin: return callee.as<BuiltinObj>()->fn(*this, args, kwargs);
    case Kind::Type: return callee.as<TypeObj>()->ctor(*this, args, kwargs);
    case Kind::Function: return call_function(*callee.as<FunctionObj>(), args, kwargs, &callee);
    case Kind::Method: {
      auto* m = callee.as<MethodObj>();
      Args full;
      full.reserve(args.size() + 1);
      full.push_back(m->self);
      full.insert(full.end(), args.begin(), args.end());
      return call(m->func, full, kwargs);
    }
    case Kind::Instance:
      if (std::optional<Value> r = callee.as<InstanceObj>()->call(*this, callee, args, kwargs)) return *r;
      [[fallthrough]];
    default:
      throw TypeError("'" + type_name(callee) + "' object is not callable");
  }
}

void Interpreter::set_param_slots(FunctionObj& f) {
  f.param_slots.clear();
  f.plain_arity = -1;
  std::vector<std::string> names = f.params;
  if (!f.varargs.empty()) names.push_back(f.varargs);
  if (!f.varkw.empty()) names.push_back(f.varkw);
  if (!f.locals) return;
  const std::vector<std::string>& locals = *f.locals;  // sorted (grammar/scopes.h)
  for (const std::string& n : names) {
    auto it = std::lower_bound(locals.begin(), locals.end(), n);
    if (it == locals.end() || *it != n) {  // a parameter the body declares global: bound by name
      f.param_slots.clear();
      return;
    }
    f.param_slots.push_back(static_cast<uint32_t>(it - locals.begin()));
  }
  if (f.argcount == f.params.size() && !f.param_slots.empty() && f.varargs.empty() && f.varkw.empty() && !f.generator)
    f.plain_arity = static_cast<int>(f.argcount);
}

Value Interpreter::make_function(const std::string& name, const std::vector<grammar::Param>& params,
                                 const std::vector<grammar::StmtPtr>* body,
                                 const grammar::Expr* lambda_body) {
  using grammar::ParamKind;
  auto f = std::make_shared<FunctionObj>();
  f->name = name;
  f->source = frame_source(frames_.back());
  std::vector<std::string> kwonly;
  for (const auto& p : params) {
    switch (p.kind) {
      case ParamKind::PositionalOnly:
        ++f->posonly;
        [[fallthrough]];
      case ParamKind::Normal:
        f->params.push_back(p.name);
        if (p.default_value) f->defaults.push_back(eval(*p.default_value));
        break;
      case ParamKind::VarArgs: f->varargs = p.name; break;
      case ParamKind::KeywordOnly:
        kwonly.push_back(p.name);
        f->kwdefaults.push_back(p.default_value ? std::optional<Value>(eval(*p.default_value)) : std::nullopt);
        break;
      case ParamKind::VarKeywords: f->varkw = p.name; break;
    }
  }
  f->argcount = f->params.size();
  f->params.insert(f->params.end(), kwonly.begin(), kwonly.end());
  f->body = body;
  f->lambda_body = lambda_body;
  if (!asts_.empty()) f->keep_alive = asts_.back();
  // A function defined in a class body does not see the class's names (Python's rule).
  std::shared_ptr<Scope> closure = current_scope();
  while (closure && !closure->class_qualname.empty()) closure = closure->enclosing;
  f->closure = closure;
  return Value::object(Kind::Function, f);
}

namespace {

// 'a'; 'a' and 'b'; 'a', 'b', and 'c' (CPython's missing_arguments).
std::string quoted_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? (names.size() > 2 ? ", and " : " and ") : ", ";
    out += "'" + names[i] + "'";
  }
  return out;
}

std::string plural(size_t n, const char* word) { return std::string(word) + (n == 1 ? "" : "s"); }

}  // namespace

std::shared_ptr<Scope> Interpreter::new_scope() {
  if (scope_pool_.empty()) return std::make_shared<Scope>();
  std::shared_ptr<Scope> s = std::move(scope_pool_.back());
  scope_pool_.pop_back();
  return s;
}

void Interpreter::recursion_too_deep() { throw RecursionError("maximum recursion depth exceeded"); }

std::shared_ptr<Scope> Interpreter::scope_for_general(const FunctionObj& f) {
  std::shared_ptr<Scope> scope = new_scope();
  if (f.closure) scope->enclosing = f.closure;
  // A scope back from the pool last served a def, usually this one: its slots are all unbound.
  const size_t n = f.locals ? f.locals->size() : 0;
  if (scope->locals != f.locals || scope->slots.size() != n) {
    scope->locals = f.locals;
    scope->slots.assign(n, std::nullopt);
  }
  return scope;
}

// Binds the arguments to the parameters in CPython's order (initialize_locals),
// which decides which error a bad call reports: keywords first, then too many
// positional arguments, then missing positional ones, then missing
// keyword-only ones.
Value Interpreter::call_function(const FunctionObj& f, std::span<Value> args, Kwargs& kwargs, const Value* func_value,
                                 bool consume_args) {
  check_depth();
  std::shared_ptr<Scope> scope = scope_for(f);
  const size_t np = f.params.size(), argc = f.argcount;
  if (kwargs.empty() && binds_plainly(f, args.size())) {
    // The usual call, f(a, b) of a def(a, b): each argument to its slot, nothing to check.
    for (size_t i = 0; i < argc; ++i)
      scope->slots[f.param_slots[i]] = consume_args ? std::move(args[i]) : args[i];
    return run_call(f, std::move(scope));
  }
  // Parameter k (params, then *args, then **kwargs) gets `v`: into its slot, or by name (a lambda).
  auto bind = [&](size_t k, const std::string& name, Value v) {
    if (f.param_slots.empty())
      scope->set(name, v);
    else
      scope->slots[f.param_slots[k]] = std::move(v);
  };
  std::array<bool, 16> set_small{};
  std::unique_ptr<bool[]> set_big;
  bool* set = np <= set_small.size() ? set_small.data() : (set_big = std::make_unique<bool[]>(np)).get();
  const size_t npos = std::min(args.size(), argc);
  for (size_t i = 0; i < npos; ++i) {
    bind(i, f.params[i], args[i]);
    set[i] = true;
  }
  if (!f.varargs.empty())
    bind(np, f.varargs, Value::tuple(std::vector<Value>(args.begin() + static_cast<std::ptrdiff_t>(npos), args.end())));
  Value extra = f.varkw.empty() ? Value() : make_dict();
  std::vector<std::string> posonly_as_keyword;
  for (auto& [k, v] : kwargs) {
    auto it = std::find(f.params.begin() + static_cast<std::ptrdiff_t>(f.posonly), f.params.end(), k);
    if (it == f.params.end()) {
      if (!extra.is_none()) {
        dict_of(extra).set(Value::str(k), v);
        continue;
      }
      if (std::find(f.params.begin(), f.params.begin() + static_cast<std::ptrdiff_t>(f.posonly), k) !=
          f.params.begin() + static_cast<std::ptrdiff_t>(f.posonly)) {
        posonly_as_keyword.push_back(k);
        continue;
      }
      throw TypeError(f.error_name() + "() got an unexpected keyword argument '" + k + "'");
    }
    const size_t i = static_cast<size_t>(it - f.params.begin());
    if (set[i]) throw TypeError(f.error_name() + "() got multiple values for argument '" + k + "'");
    bind(i, k, v);
    set[i] = true;
  }
  if (!posonly_as_keyword.empty()) {
    std::string names;
    for (const std::string& n : posonly_as_keyword) names += (names.empty() ? "" : ", ") + n;
    throw TypeError(f.error_name() + "() got some positional-only arguments passed as keyword arguments: '" + names + "'");
  }
  if (!extra.is_none()) bind(np + !f.varargs.empty(), f.varkw, extra);
  if (args.size() > argc && f.varargs.empty()) {
    size_t kwonly_given = 0;
    for (size_t i = argc; i < np; ++i) kwonly_given += set[i];
    const size_t ndef = f.defaults.size();
    const std::string takes =
        ndef ? "from " + std::to_string(argc - ndef) + " to " + std::to_string(argc) : std::to_string(argc);
    std::string given = std::to_string(args.size());
    if (kwonly_given)
      given += " " + plural(args.size(), "positional argument") + " (and " + std::to_string(kwonly_given) + " " +
               plural(kwonly_given, "keyword-only argument") + ")";
    throw TypeError(f.error_name() + "() takes " + takes + " " + (ndef ? "positional arguments" : plural(argc, "positional argument")) + " but " + given +
                    (args.size() == 1 && !kwonly_given ? " was" : " were") + " given");
  }
  const size_t first_default = argc - f.defaults.size();
  std::vector<std::string> missing;
  for (size_t i = 0; i < first_default; ++i)
    if (!set[i]) missing.push_back(f.params[i]);
  if (!missing.empty())
    throw TypeError(f.error_name() + "() missing " + std::to_string(missing.size()) + " required positional " +
                    plural(missing.size(), "argument") + ": " + quoted_names(missing));
  for (size_t i = first_default; i < argc; ++i)
    if (!set[i]) bind(i, f.params[i], f.defaults[i - first_default]);
  for (size_t i = argc; i < np; ++i) {
    if (set[i]) continue;
    if (const auto& d = f.kwdefaults[i - argc])
      bind(i, f.params[i], *d);
    else
      missing.push_back(f.params[i]);
  }
  if (!missing.empty())
    throw TypeError(f.error_name() + "() missing " + std::to_string(missing.size()) + " required keyword-only " +
                    plural(missing.size(), "argument") + ": " + quoted_names(missing));
  if (f.generator && func_value) return make_generator(*func_value, std::move(scope));
  return run_call(f, std::move(scope));
}

// `scope`, the caller's reference, keeps the call's scope alive while it runs.
Value Interpreter::run_call(const FunctionObj& f, std::shared_ptr<Scope>&& scope) {
  return run_in_scope<kAnyScope>(f, scope);
}

std::vector<Value> Interpreter::iterate(const Value& v) {
  switch (v.kind()) {
    case Kind::Tuple:
    case Kind::List:
    case Kind::Size: return v.items();
    case Kind::NamedTuple: return v.as<NamedTupleObj>()->items;
    case Kind::Range: {
      // list(range(10**12)) is a MemoryError at once, as in Python (whose
      // list() sizes itself from len()), not a slow march into swap.
      auto* r = v.as<RangeObj>();
      const Int n = r->step > 0 ? (r->stop - r->start + r->step - 1) / r->step
                                : (r->start - r->stop - r->step - 1) / -r->step;
      check_container_size(static_cast<long double>(n));
      std::vector<Value> out;
      if (n > 0) out.reserve(static_cast<size_t>(n));
      for (Int i = r->start; r->step > 0 ? i < r->stop : i > r->stop; i += r->step) {
        if ((out.size() & 0xFFFF) == 0) check_interrupt();
        out.push_back(Value::integer(i));
      }
      return out;
    }
    case Kind::Str: {  // code points
      std::vector<Value> out;
      for (std::string& c : code_points(v.as_str())) out.push_back(Value::str(std::move(c)));
      return out;
    }
    case Kind::Tensor: {
      const Tensor& t = v.as_tensor();
      if (t.dim() == 0) throw TypeError("iteration over a 0-d tensor");
      std::vector<Value> out;
      if (grad_enabled() && autograd::requires_grad(t) && !t.is_conj()) {  // PyTorch iterates over unbind(0)
        for (const Tensor& part : ag::unbind(t, 0)) out.push_back(Value::tensor(part));
        return out;
      }
      for (int64_t i = 0; i < t.size(0); ++i)
        out.push_back(eval_subscript(v, Value::integer(i)));
      return out;
    }
    default: return iterate_object(*this, v);  // dicts, views, iterators (python/builtins_iter.cpp)
  }
}

}  // namespace tsh::shell
