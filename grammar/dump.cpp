// grammar/dump.cpp — S-expression printing of syntax trees (see dump.h).
#include "grammar/dump.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tsh::grammar {

namespace {

// Python's repr(float): the shortest digits that round-trip, in fixed
// notation for exponents -4..15 and scientific otherwise.
std::string number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, r.ptr);  // "-1.5e+10"
  std::string sign;
  if (sci[0] == '-') sign = "-", sci.erase(0, 1);
  const size_t e = sci.find('e');
  std::string digits = sci.substr(0, e);
  if (digits.size() > 1) digits.erase(1, 1);  // drop the '.'
  const int exp = std::stoi(sci.substr(e + 1));
  if (exp >= -4 && exp < 16) {
    std::string out;
    if (exp >= 0) {
      std::string ip = digits.substr(0, std::min<size_t>(digits.size(), exp + 1));
      ip.append(static_cast<size_t>(exp + 1) - ip.size(), '0');
      const std::string fp = digits.size() > static_cast<size_t>(exp + 1) ? digits.substr(exp + 1) : "0";
      out = ip + "." + fp;
    } else {
      out = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string out = digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  const int a = exp < 0 ? -exp : exp;
  return sign + out + "e" + (exp < 0 ? "-" : "+") + (a < 10 ? "0" : "") + std::to_string(a);
}

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (unsigned char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\'': out += "\\'"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "'";
}

std::string opt(const ExprPtr& e) { return e ? dump(*e) : "_"; }

std::string params(const std::vector<Param>& ps) {
  std::string out = "(";
  for (size_t i = 0; i < ps.size(); ++i) {
    if (i) out += ' ';
    if (ps[i].kind == ParamKind::KeywordOnly &&
        (i == 0 || (ps[i - 1].kind != ParamKind::VarArgs && ps[i - 1].kind != ParamKind::KeywordOnly)))
      out += "* ";
    if (ps[i].kind == ParamKind::VarArgs) out += '*';
    if (ps[i].kind == ParamKind::VarKeywords) out += "**";
    out += ps[i].name;
    if (ps[i].kind == ParamKind::PositionalOnly && (i + 1 == ps.size() || ps[i + 1].kind != ParamKind::PositionalOnly))
      out += " /";
    if (ps[i].default_value) out += "=" + dump(*ps[i].default_value);
  }
  return out + ")";
}

std::string body(const std::vector<StmtPtr>& stmts) {
  std::string out = "(";
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (i) out += ' ';
    out += dump(*stmts[i]);
  }
  return out + ")";
}

std::string list(const char* head, const std::vector<ExprPtr>& items) {
  std::string out = std::string("(") + head;
  for (const auto& item : items) out += " " + opt(item);
  return out + ")";
}

}  // namespace

std::string dump(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name: return e.text;
    case ExprKind::Int: return e.int_overflow ? "(int-overflow)" : std::to_string(e.int_value);
    case ExprKind::Float: return number(e.float_value);
    case ExprKind::Imag: return number(e.float_value) + "j";
    case ExprKind::Str: return (e.bytes ? "b" : "") + quoted(e.text);
    case ExprKind::True: return "True";
    case ExprKind::False: return "False";
    case ExprKind::None: return "None";
    case ExprKind::Ellipsis: return "...";
    case ExprKind::Tuple: return list("tuple", e.items);
    case ExprKind::List: return list("list", e.items);
    case ExprKind::Unary: return std::string("(") + op_symbol(e.op) + " " + dump(*e.items[0]) + ")";
    case ExprKind::Binary:
      return std::string("(") + op_symbol(e.op) + " " + dump(*e.items[0]) + " " + dump(*e.items[1]) + ")";
    case ExprKind::And: return "(and " + dump(*e.items[0]) + " " + dump(*e.items[1]) + ")";
    case ExprKind::Or: return "(or " + dump(*e.items[0]) + " " + dump(*e.items[1]) + ")";
    case ExprKind::Compare: {
      if (e.ops.size() == 1)
        return std::string("(") + op_symbol(e.ops[0]) + " " + dump(*e.items[0]) + " " +
               dump(*e.items[1]) + ")";
      std::string out = "(chain " + dump(*e.items[0]);
      for (size_t i = 0; i < e.ops.size(); ++i)
        out += std::string(" ") + op_symbol(e.ops[i]) + " " + dump(*e.items[i + 1]);
      return out + ")";
    }
    case ExprKind::IfExp:
      return "(ifexp " + dump(*e.items[0]) + " " + dump(*e.items[1]) + " " + dump(*e.items[2]) + ")";
    case ExprKind::Lambda: return "(lambda " + params(e.params) + " " + dump(*e.items[0]) + ")";
    case ExprKind::Call: {
      std::string out = "(call " + dump(*e.items[0]);
      for (const auto& a : e.args) out += " " + dump(*a);
      for (const auto& k : e.keywords)
        out += k.name.empty() ? " (** " + dump(*k.value) + ")" : " (kw " + k.name + " " + dump(*k.value) + ")";
      return out + ")";
    }
    case ExprKind::Attribute: return "(. " + dump(*e.items[0]) + " " + e.text + ")";
    case ExprKind::Subscript: return "([] " + dump(*e.items[0]) + " " + dump(*e.items[1]) + ")";
    case ExprKind::Slice: return list("slice", e.items);
    case ExprKind::ListComp: {
      std::string out = std::string(e.generator ? "(genexp " : "(listcomp ") + dump(*e.items[0]);
      for (const auto& c : e.comps) {
        out += " (for " + dump(*c.target) + " " + dump(*c.iter);
        for (const auto& cond : c.ifs) out += " (if " + dump(*cond) + ")";
        out += ")";
      }
      return out + ")";
    }
    case ExprKind::Starred: return "(* " + dump(*e.items[0]) + ")";
    case ExprKind::Dict: {
      std::string out = "(dict";
      for (size_t i = 0; i + 1 < e.items.size(); i += 2)
        out += e.items[i] ? " (: " + dump(*e.items[i]) + " " + dump(*e.items[i + 1]) + ")"
                          : " (** " + dump(*e.items[i + 1]) + ")";
      return out + ")";
    }
    case ExprKind::DictComp: {
      std::string out = "(dictcomp " + dump(*e.items[0]) + " " + dump(*e.items[1]);
      for (const auto& c : e.comps) {
        out += " (for " + dump(*c.target) + " " + dump(*c.iter);
        for (const auto& cond : c.ifs) out += " (if " + dump(*cond) + ")";
        out += ")";
      }
      return out + ")";
    }
    case ExprKind::FString: return list("fstring", e.items);
    case ExprKind::NamedExpr: return "(:= " + e.text + " " + dump(*e.items[0]) + ")";
    case ExprKind::Set: return list("set", e.items);
    case ExprKind::SetComp: {
      std::string out = "(setcomp " + dump(*e.items[0]);
      for (const auto& c : e.comps) {
        out += " (for " + dump(*c.target) + " " + dump(*c.iter);
        for (const auto& cond : c.ifs) out += " (if " + dump(*cond) + ")";
        out += ")";
      }
      return out + ")";
    }
    case ExprKind::Yield: return list("yield", e.items);
    case ExprKind::YieldFrom: return "(yieldfrom " + dump(*e.items[0]) + ")";
    case ExprKind::FormattedValue:
      return "(fvalue " + dump(*e.items[0]) + (e.text.empty() ? "" : " !" + e.text) +
             (e.items.size() > 1 && e.items[1] ? " " + dump(*e.items[1]) : "") + ")";
  }
  return "?";
}

std::string dump(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr: return "(expr " + dump(*s.value) + ")";
    case StmtKind::Assign: {
      std::string out = "(=";
      for (const auto& t : s.targets) out += " " + dump(*t);
      return out + " " + dump(*s.value) + ")";
    }
    case StmtKind::AugAssign:
      return std::string("(") + op_symbol(s.op) + "= " + dump(*s.targets[0]) + " " + dump(*s.value) + ")";
    case StmtKind::Import: {
      std::string out = "(import";
      for (const auto& i : s.imports)
        out += i.alias.empty() ? " " + i.module : " (as " + i.module + " " + i.alias + ")";
      return out + ")";
    }
    case StmtKind::Del: return list("del", s.targets);
    case StmtKind::Pass: return "(pass)";
    case StmtKind::Break: return "(break)";
    case StmtKind::Continue: return "(continue)";
    case StmtKind::Return: return s.value ? "(return " + dump(*s.value) + ")" : "(return)";
    case StmtKind::If: {
      std::string out = "(if " + dump(*s.test) + " " + body(s.body);
      if (!s.orelse.empty()) out += " " + body(s.orelse);
      return out + ")";
    }
    case StmtKind::While:
      return "(while " + dump(*s.test) + " " + body(s.body) + (s.orelse.empty() ? "" : " (else " + body(s.orelse) + ")") +
             ")";
    case StmtKind::For:
      return "(for " + dump(*s.target) + " " + dump(*s.iter) + " " + body(s.body) +
             (s.orelse.empty() ? "" : " (else " + body(s.orelse) + ")") + ")";
    case StmtKind::Def: {
      std::string out = "(def " + s.name + " " + params(s.params) + " " + body(s.body);
      if (s.annotation) out += " (-> " + dump(*s.annotation) + ")";
      for (const auto& d : s.decorators) out += " (@ " + dump(*d) + ")";
      return out + (s.generator ? " generator)" : ")");
    }
    case StmtKind::Class: {
      std::string out = "(class " + s.name + " " + list("bases", s.bases);
      for (const auto& k : s.keywords) out += " (= " + k.name + " " + dump(*k.value) + ")";
      out += " " + body(s.body);
      for (const auto& d : s.decorators) out += " (@ " + dump(*d) + ")";
      return out + ")";
    }
    case StmtKind::AnnAssign:
      return "(annassign " + dump(*s.targets[0]) + " " + dump(*s.annotation) + " " + opt(s.value) + ")";
    case StmtKind::ImportFrom: {
      std::string out = "(from " + s.name;
      for (const auto& i : s.imports)
        out += i.alias.empty() ? " " + i.module : " (as " + i.module + " " + i.alias + ")";
      return out + ")";
    }
    case StmtKind::Assert: return "(assert " + dump(*s.test) + " " + opt(s.value) + ")";
    case StmtKind::Raise: return "(raise " + opt(s.value) + " " + opt(s.target) + ")";
    case StmtKind::Try: {
      std::string out = "(try " + body(s.body);
      for (const auto& h : s.handlers)
        out += " (except " + opt(h.type) + (h.name.empty() ? "" : " " + h.name) + " " + body(h.body) + ")";
      if (!s.orelse.empty()) out += " (else " + body(s.orelse) + ")";
      if (!s.finalbody.empty()) out += " (finally " + body(s.finalbody) + ")";
      return out + ")";
    }
    case StmtKind::With: {
      std::string out = "(with";
      for (const auto& w : s.with_items)
        out += w.target ? " (as " + dump(*w.context) + " " + dump(*w.target) + ")" : " " + dump(*w.context);
      return out + " " + body(s.body) + ")";
    }
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      std::string out = s.kind == StmtKind::Global ? "(global" : "(nonlocal";
      for (const auto& n : s.names) out += " " + n;
      return out + ")";
    }
    case StmtKind::Magic: return "(magic " + s.name + " " + quoted(s.text) + ")";
    case StmtKind::Help:
      return std::string(s.level == 2 ? "(help?? " : "(help? ") + quoted(s.text) + " " + opt(s.value) + ")";
  }
  return "?";
}

std::string dump(const std::vector<StmtPtr>& stmts) {
  std::string out;
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (i) out += '\n';
    out += dump(*stmts[i]);
  }
  return out;
}

std::string dump(const Span& s) {
  return std::to_string(s.line) + ":" + std::to_string(s.col) + "-" + std::to_string(s.end_line) +
         ":" + std::to_string(s.end_col);
}

}  // namespace tsh::grammar
