// grammar/ast.cpp — the printable spelling of each operator of ast.h, and moving spans.
#include "grammar/ast.h"

namespace tsh::grammar {

const char* op_symbol(Op op) {
  switch (op) {
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::FloorDiv: return "//";
    case Op::Mod: return "%";
    case Op::Pow: return "**";
    case Op::MatMul: return "@";
    case Op::LShift: return "<<";
    case Op::RShift: return ">>";
    case Op::BitAnd: return "&";
    case Op::BitOr: return "|";
    case Op::BitXor: return "^";
    case Op::Neg: return "-";
    case Op::Pos: return "+";
    case Op::Invert: return "~";
    case Op::Not: return "not";
    case Op::Eq: return "==";
    case Op::NotEq: return "!=";
    case Op::Lt: return "<";
    case Op::LtE: return "<=";
    case Op::Gt: return ">";
    case Op::GtE: return ">=";
    case Op::In: return "in";
    case Op::NotIn: return "not in";
    case Op::Is: return "is";
    case Op::IsNot: return "is not";
  }
  return "?";
}

}  // namespace tsh::grammar

namespace tsh::grammar {

namespace {

void shift(Span& s, int lines, int cols) {
  if (s.line == 1) s.col += cols;
  if (s.end_line == 1) s.end_col += cols;
  s.line += lines;
  s.end_line += lines;
}

void shift_expr(Expr& e, int lines, int cols) {
  shift(e.span, lines, cols);
  for (auto& x : e.items)
    if (x) shift_expr(*x, lines, cols);
  for (auto& x : e.args) shift_expr(*x, lines, cols);
  for (auto& k : e.keywords) {
    shift(k.span, lines, cols);
    shift_expr(*k.value, lines, cols);
  }
  for (auto& p : e.params) {
    shift(p.span, lines, cols);
    if (p.default_value) shift_expr(*p.default_value, lines, cols);
    if (p.annotation) shift_expr(*p.annotation, lines, cols);
  }
  for (auto& c : e.comps) {
    shift_expr(*c.target, lines, cols);
    shift_expr(*c.iter, lines, cols);
    for (auto& x : c.ifs) shift_expr(*x, lines, cols);
  }
}

}  // namespace

void shift_spans(std::vector<StmtPtr>& stmts, int lines, int cols) {
  for (auto& s : stmts) {
    shift(s->span, lines, cols);
    shift(s->text_span, lines, cols);
    for (auto& t : s->targets) shift_expr(*t, lines, cols);
    for (ExprPtr* e : {&s->value, &s->test, &s->target, &s->iter, &s->annotation})
      if (*e) shift_expr(**e, lines, cols);
    for (auto& d : s->decorators) shift_expr(*d, lines, cols);
    for (auto& b : s->bases) shift_expr(*b, lines, cols);
    for (auto& k : s->keywords) {
      shift(k.span, lines, cols);
      shift_expr(*k.value, lines, cols);
    }
    for (auto& i : s->imports) shift(i.span, lines, cols);
    for (auto& p : s->params) {
      shift(p.span, lines, cols);
      if (p.default_value) shift_expr(*p.default_value, lines, cols);
      if (p.annotation) shift_expr(*p.annotation, lines, cols);
    }
    shift_spans(s->body, lines, cols);
    shift_spans(s->orelse, lines, cols);
    shift_spans(s->finalbody, lines, cols);
    for (auto& w : s->with_items) {
      shift_expr(*w.context, lines, cols);
      if (w.target) shift_expr(*w.target, lines, cols);
    }
    for (auto& h : s->handlers) {
      shift(h.span, lines, cols);
      if (h.type) shift_expr(*h.type, lines, cols);
      shift_spans(h.body, lines, cols);
    }
  }
}

}  // namespace tsh::grammar
