// grammar/scopes.cpp — the local variables of a def (see scopes.h).
#include "grammar/scopes.h"

#include <algorithm>
#include <set>

namespace tsh::grammar {

namespace {

// Calls f on each sub-expression of e held in items, args and keywords (not comprehension clauses).
template <class F>
void each_child(const Expr& e, F&& f) {
  for (const ExprPtr& item : e.items)
    if (item) f(*item);
  for (const ExprPtr& arg : e.args)
    if (arg) f(*arg);
  for (const Keyword& k : e.keywords)
    if (k.value) f(*k.value);
}

struct Binder {
  std::set<std::string> bound, declared;

  // An assignment target: names bind; an attribute or subscript binds nothing,
  // but its object and index are expressions.
  void target(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Name: bound.insert(e.text); return;
      case ExprKind::Tuple:
      case ExprKind::List:
        for (const ExprPtr& item : e.items) target(*item);
        return;
      case ExprKind::Starred: target(*e.items[0]); return;
      default: expr(e); return;
    }
  }

  // An expression binds only through `:=`; a lambda's body is its own scope.
  void expr(const Expr& e) {
    if (e.kind == ExprKind::Lambda) {
      for (const Param& p : e.params)
        if (p.default_value) expr(*p.default_value);
      return;
    }
    if (e.kind == ExprKind::NamedExpr) bound.insert(e.text);
    each_child(e, [this](const Expr& c) { expr(c); });
    for (const Comprehension& c : e.comps) {  // its targets are the comprehension's own
      expr(*c.iter);
      for (const ExprPtr& cond : c.ifs) expr(*cond);
    }
  }

  void stmts(const std::vector<StmtPtr>& body) {
    for (const StmtPtr& s : body) stmt(*s);
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Assign:
      case StmtKind::AugAssign:
      case StmtKind::Del:
        for (const ExprPtr& t : s.targets) target(*t);
        break;
      case StmtKind::AnnAssign:
        target(*s.targets[0]);
        expr(*s.annotation);
        break;
      case StmtKind::For: target(*s.target); break;
      case StmtKind::Def:
        bound.insert(s.name);
        for (const Param& p : s.params) {
          if (p.default_value) expr(*p.default_value);
          if (p.annotation) expr(*p.annotation);
        }
        for (const ExprPtr& d : s.decorators) expr(*d);
        if (s.annotation) expr(*s.annotation);
        return;  // the body is the nested function's
      case StmtKind::Class:
        bound.insert(s.name);
        for (const ExprPtr& b : s.bases) expr(*b);
        for (const Keyword& k : s.keywords) expr(*k.value);
        for (const ExprPtr& d : s.decorators) expr(*d);
        return;  // the body is the class's namespace
      case StmtKind::Import:
        for (const ImportName& imp : s.imports)
          bound.insert(imp.alias.empty() ? imp.module.substr(0, imp.module.find('.')) : imp.alias);
        break;
      case StmtKind::ImportFrom:
        for (const ImportName& imp : s.imports)
          if (imp.module != "*") bound.insert(imp.alias.empty() ? imp.module : imp.alias);
        break;
      case StmtKind::Global:
      case StmtKind::Nonlocal:
        declared.insert(s.names.begin(), s.names.end());
        break;
      case StmtKind::With:
        for (const WithItem& w : s.with_items) {
          expr(*w.context);
          if (w.target) target(*w.target);
        }
        break;
      case StmtKind::Try:
        for (const ExceptHandler& h : s.handlers) {
          if (h.type) expr(*h.type);
          if (!h.name.empty()) bound.insert(h.name);
          stmts(h.body);
        }
        stmts(s.finalbody);
        break;
      default: break;
    }
    if (s.value) expr(*s.value);
    if (s.test) expr(*s.test);
    if (s.iter) expr(*s.iter);
    if (s.kind != StmtKind::For && s.target) expr(*s.target);  // raise ... from target
    stmts(s.body);
    stmts(s.orelse);
  }
};

}  // namespace

std::vector<std::string> local_names(const std::vector<Param>& params, const std::vector<StmtPtr>& body) {
  Binder b;
  for (const Param& p : params) b.bound.insert(p.name);
  b.stmts(body);
  std::vector<std::string> names;
  for (const std::string& n : b.bound)
    if (!b.declared.count(n)) names.push_back(n);
  return names;  // std::set kept them sorted
}

}  // namespace tsh::grammar

namespace tsh::grammar {

namespace {

// Gives each Name the def's body evaluates in its own scope the index of the local it denotes.
struct SlotMarker {
  const std::vector<std::string>& locals;

  void expr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Name: {
        auto it = std::lower_bound(locals.begin(), locals.end(), e.text);
        e.slot = it != locals.end() && *it == e.text ? static_cast<int32_t>(it - locals.begin()) : -2;
        e.slot_owner = &locals;
        return;
      }
      case ExprKind::Lambda:  // its defaults run here; its body is its own scope
        params(e.params);
        return;
      case ExprKind::ListComp:
      case ExprKind::DictComp:
      case ExprKind::SetComp:
        // Its first iterable is evaluated here; the rest runs in the comprehension's own scope.
        if (!e.comps.empty()) expr(*e.comps[0].iter);
        return;
      default: break;
    }
    each_child(e, [this](const Expr& c) { expr(c); });
  }

  void params(const std::vector<Param>& ps) {
    for (const Param& p : ps) {
      if (p.default_value) expr(*p.default_value);
      if (p.annotation) expr(*p.annotation);
    }
  }

  void stmts(const std::vector<StmtPtr>& body) {
    for (const StmtPtr& s : body) stmt(*s);
  }

  void stmt(const Stmt& s) {
    if (s.kind == StmtKind::Magic || s.kind == StmtKind::Help) return;  // IPython's escapes look names up by text
    for (const ExprPtr& d : s.decorators) expr(*d);
    if (s.kind == StmtKind::Def) {  // what the def statement evaluates; the body is the nested function's
      params(s.params);
      if (s.annotation) expr(*s.annotation);
      return;
    }
    if (s.kind == StmtKind::Class) {
      for (const ExprPtr& b : s.bases) expr(*b);
      for (const Keyword& k : s.keywords) expr(*k.value);
      return;
    }
    for (const ExprPtr& t : s.targets) expr(*t);
    for (const ExprPtr* e : {&s.value, &s.test, &s.target, &s.iter, &s.annotation})
      if (*e) expr(**e);
    for (const WithItem& w : s.with_items) {
      expr(*w.context);
      if (w.target) expr(*w.target);
    }
    for (const ExceptHandler& h : s.handlers) {
      if (h.type) expr(*h.type);
      stmts(h.body);
    }
    stmts(s.body);
    stmts(s.orelse);
    stmts(s.finalbody);
  }
};

}  // namespace

const std::shared_ptr<const std::vector<std::string>>& comprehension_locals(const Expr& comp) {
  if (!comp.locals) {
    Binder binder;  // the names its for clauses' targets bind
    for (const Comprehension& c : comp.comps) binder.target(*c.target);
    auto names = std::make_shared<const std::vector<std::string>>(binder.bound.begin(), binder.bound.end());
    SlotMarker marker{*names};
    each_child(comp, [&marker](const Expr& c) { marker.expr(c); });
    for (size_t i = 0; i < comp.comps.size(); ++i) {
      const Comprehension& c = comp.comps[i];
      marker.expr(*c.target);
      if (i > 0) marker.expr(*c.iter);
      for (const ExprPtr& cond : c.ifs) marker.expr(*cond);
    }
    comp.locals = std::move(names);
  }
  return comp.locals;
}

const std::shared_ptr<const std::vector<std::string>>& def_locals(const Stmt& def) {
  if (!def.locals) {
    auto names = std::make_shared<const std::vector<std::string>>(local_names(def.params, def.body));
    SlotMarker{*names}.stmts(def.body);
    def.locals = std::move(names);
  }
  return def.locals;
}

}  // namespace tsh::grammar
