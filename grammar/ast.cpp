// grammar/ast.cpp — the printable spelling of each operator of ast.h.
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
