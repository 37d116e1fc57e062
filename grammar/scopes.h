// grammar/scopes.h — which names a function body binds: Python's local variables.
//
// Python decides at compile time that a name assigned anywhere in a def is local
// to it everywhere in it: reading it before the assignment is UnboundLocalError,
// never the global of that name. This is that decision, made on the tree.
#pragma once

#include <string>
#include <vector>

#include "grammar/ast.h"

namespace tsh::grammar {

// The local variables of a def: its parameters and every name its body binds
// (assignment and augmented-assignment targets, for and with targets, `except
// ... as`, imports, nested def and class names, del targets, `:=` anywhere but
// in a lambda), less those the body declares `global` or `nonlocal`. Nested
// def, class and lambda bodies are scopes of their own and are not entered;
// comprehension variables belong to the comprehension. Sorted, no repeats.
std::vector<std::string> local_names(const std::vector<Param>& params, const std::vector<StmtPtr>& body);

// A def's local variables (local_names), worked out once and kept on the def (Stmt::locals).
// The first time, every Name in the body that denotes one of them and is evaluated in the def's
// own scope (not inside a nested def, class body, lambda or comprehension, which have scopes of
// their own) gets its index as Expr::slot (-2 for a free name), and the list as Expr::slot_owner.
const std::shared_ptr<const std::vector<std::string>>& def_locals(const Stmt& def);

// A comprehension's (or generator expression's) own variables, the names its for clauses bind,
// worked out once and kept on it (Expr::locals). The first time, every Name it evaluates in its
// own scope (its element, its targets, its ifs, the iterables after the first, which the
// enclosing scope evaluates) gets its index as Expr::slot (-2 for a free name), as def_locals does.
const std::shared_ptr<const std::vector<std::string>>& comprehension_locals(const Expr& comp);

}  // namespace tsh::grammar
