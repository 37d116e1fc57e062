// grammar/dump.h — prints syntax trees as S-expressions, for tests and for
// debugging the parser: `a + b * c` dumps as `(+ a (* b c))`.
#pragma once

#include <string>
#include <vector>

#include "grammar/ast.h"

namespace tsh::grammar {

// Forms (each child dumped the same way; `_` marks an omitted part):
//   names and literals as written: x 3 2.5 1.5j 'text' True None ...
//   (- x) (not x) (+ a b) (and a b) (< a b) (chain a < b <= c)
//   (ifexp body cond orelse) (lambda (a b=1) body) (call f a (* args) (kw k v))
//   (. obj name) ([] obj index) (slice lower upper step) (tuple ...) (list ...)
//   (listcomp elt (for target iter (if cond)...)...) (genexp ...) (* x)
// Statements: (expr e) (= t1 t2 value) (+= t value) (import m (as m alias))
//   (del t...) (pass) (break) (continue) (return [v]) (if test (body) [(orelse)])
//   (while test (body)) (for target iter (body)) (def name (params) (body))
//   (magic name 'args') (help? 'text' target) (help?? 'text' target)
std::string dump(const Expr& e);
std::string dump(const Stmt& s);
std::string dump(const std::vector<StmtPtr>& stmts);  // one statement a line

// "line:col-end_line:end_col"
std::string dump(const Span& s);

}  // namespace tsh::grammar
