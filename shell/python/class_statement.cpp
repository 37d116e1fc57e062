// shell/python/class_statement.cpp — running `class` statements, decorators and
// annotated assignments, and what super() asks of the running frame.
#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"

namespace tsh::shell {

using grammar::ExprKind;
using grammar::Stmt;
using grammar::StmtKind;

// A def or class named `name` here: "A.f" inside class A's body, "f.<locals>.g" inside def f.
std::string Interpreter::qualname_for(const std::string& name) const {
  if (scope_ && !scope_->class_qualname.empty()) return scope_->class_qualname + "." + name;
  const FunctionObj* f = frames_.back().function;
  if (scope_ && f) return f->error_name() + ".<locals>." + name;
  return name;
}

// Decorators are evaluated top to bottom before the def or class, and applied bottom up after it.
std::vector<Value> Interpreter::eval_decorators(const Stmt& s) {
  std::vector<Value> out;
  for (const auto& d : s.decorators) out.push_back(eval(*d));
  return out;
}

Value Interpreter::decorate(const Stmt& s, const std::vector<Value>& decorators, Value v) {
  for (size_t i = decorators.size(); i-- > 0;) {
    Args a{v};
    Kwargs kw;
    try {
      v = call(decorators[i], a, kw);
    } catch (...) {
      record_failure(s.decorators[i]->span);
      throw;
    }
  }
  return v;
}

void Interpreter::class_statement(const Stmt& s) {
  const std::vector<Value> decorators = eval_decorators(s);
  std::vector<Value> bases;
  for (const auto& b : s.bases) bases.push_back(eval(*b));
  if (!s.keywords.empty())
    throw NotImplementedError("class keyword arguments ('" + s.keywords[0].name + "=') are not supported by tsh");
  // The body runs in a namespace of its own, which becomes the class's.
  auto ns = std::make_shared<Scope>();
  ns->enclosing = current_scope();
  ns->class_qualname = qualname_for(s.name);
  // __module__ is the enclosing module's __name__: a class in torch/nn's Python source is
  // torch.nn.modules.linear.Linear, one typed at the prompt __main__.Linear.
  Value module_name = Value::str("__main__");
  for (const Scope* sc = scope_; sc; sc = sc->enclosing.get())
    if (auto it = sc->vars.find("__name__"); it != sc->vars.end() && it->second.is(Kind::Str)) {
      module_name = it->second;
      break;
    }
  ns->vars["__module__"] = module_name;
  ns->vars["__qualname__"] = Value::str(ns->class_qualname);
  if (!s.body.empty() && s.body[0]->kind == StmtKind::Expr && s.body[0]->value->kind == ExprKind::Str)
    ns->vars["__doc__"] = Value::str(s.body[0]->value->text);
  Scope* saved = scope_;
  set_scope(ns.get());
  frames_.push_back(Frame{&s.name, frames_.back().source, nullptr, nullptr});
  auto leave = [&] {
    frames_.pop_back();
    set_scope(saved);
  };
  Flow flow;
  try {
    flow = exec_block(s.body);
  } catch (...) {
    leave();
    throw;
  }
  leave();
  if (flow != Flow::Normal) throw_flow(flow);  // a break or return in a class body: Python's SyntaxError says so
  std::map<std::string, Value> vars = std::move(ns->vars);
  ns->vars.clear();
  Value cls;
  try {
    cls = make_class(*this, s.name, std::move(bases), std::move(vars), ns->class_qualname);
  } catch (...) {
    record_failure(s.span);
    throw;
  }
  bind_name(s.name, decorate(s, decorators, cls));
}

// x: int = 1 binds x (when a value is given) and, in a module or class body, records
// the annotation in __annotations__; annotations are never checked, as in Python.
void Interpreter::annotate(const Stmt& s) {
  const grammar::Expr& target = *s.targets[0];
  Value annotation;
  const bool record = target.kind == ExprKind::Name && !target.parenthesized && (!scope_ || !scope_->class_qualname.empty());
  if (record || !scope_) annotation = eval(*s.annotation);
  if (s.value) assign(target, eval(*s.value));
  if (!record) return;
  std::map<std::string, Value>& vars = scope_ ? scope_->vars : globals_;
  auto [it, fresh] = vars.try_emplace("__annotations__");
  if (fresh) {
    it->second = make_dict();
    names_changed();
  }
  if (it->second.is(Kind::Dict)) dict_of(it->second).set(Value::str(target.text), annotation);
}

std::pair<Value, const Value*> Interpreter::current_method_frame() {
  const FunctionObj* f = frames_.back().function;
  if (!f || !scope_) return {Value(), nullptr};
  auto owner = f->owner.lock();
  const Value cls = owner ? Value::object(Kind::Type, owner) : Value();
  if (f->argcount > 0) {
    if (Value* self = scope_->find(f->params[0])) return {cls, self};
  } else if (!f->varargs.empty()) {
    Value* args = scope_->find(f->varargs);
    if (args && args->is(Kind::Tuple) && !args->items().empty()) return {cls, &args->items()[0]};
  }
  return {cls, nullptr};
}

}  // namespace tsh::shell
