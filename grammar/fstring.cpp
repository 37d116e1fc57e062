// grammar/fstring.cpp — f-strings, as CPython 3.11 reads them: the lexer
// hands over the whole literal as one String token; here its body is split
// into literal text and `{expr!c:spec}` fields (braces doubled to escape
// them, specs nesting one level), and each field's expression is parsed
// from its own text "(expr)", so a syntax error in it reads
// "f-string: ..." and shows that text, as Python 3.11 shows it.
#include <functional>

#include "grammar/literals.h"
#include "grammar/parser_impl.h"

namespace tsh::grammar {

namespace {

constexpr int kMaxFieldNesting = 200;  // CPython's MAXLEVEL for brackets in a field

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Appends literal text to an FString, merging it into a literal just before.
void add_literal(Expr& joined, const std::string& text, Span span) {
  if (text.empty()) return;
  if (!joined.items.empty() && joined.items.back()->kind == ExprKind::Str) {
    joined.items.back()->text += text;
    return;
  }
  auto s = make_expr(ExprKind::Str, span);
  s->text = text;
  joined.items.push_back(std::move(s));
}

// The source line `line` (1-based) of `text`.
std::string line_of(const std::string& text, int line) {
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string::npos) return "";
    start = nl + 1;
  }
  const size_t nl = text.find('\n', start);
  return text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
}

}  // namespace

// Parses one field's expression text, which starts at (line, col) of the
// source, as CPython's fstring_compile_expr does.
ExprPtr Parser::fstring_expression(const std::string& text, int line, int col) {
  const std::string src = "(" + text + ")";
  const LexResult lex = tokenize(src);
  std::vector<StmtPtr> stmts;
  std::optional<ParseError> error;
  bool compile_time = false;
  Parser first(lex, /*second_pass=*/false, /*interactive=*/false);
  try {
    stmts = first.module();
    error = first.compile_error();
    compile_time = true;
  } catch (const Failure& f) {
    if (f.kind != Failure::Kind::Generic) {
      error = first.resolve(f);
    } else {
      Parser second(lex, /*second_pass=*/true, /*interactive=*/false);
      second.set_farthest_read(first.farthest_read());
      try {
        second.module();
      } catch (const Failure& g) {
        if (g.kind != Failure::Kind::Generic) error = second.resolve(g);
      }
      if (!error) error = first.resolve(f);
    }
  }
  // The text's first line is shifted by the '(' in front of it.
  if (error && compile_time) {
    Span s = error->span;
    if (s.line == 1) s.col += col - 1;
    if (s.end_line == 1) s.end_col += col - 1;
    s.line += line - 1;
    s.end_line += line - 1;
    note_compile_error(compiler_error_, error->message, s);
    error.reset();
  }
  if (error) {
    Failure f{Failure::Kind::Specific, *error, false};
    f.error.message = "f-string: " + error->message;
    f.error.text = line_of(*lex.text, error->span.line);
    f.error.span.line += line - 1;
    f.error.span.end_line += line - 1;
    f.error.incomplete = false;
    throw f;
  }
  if (stmts.size() != 1 || stmts[0]->kind != StmtKind::Expr) fail_generic();
  shift_spans(stmts, line - 1, col - 1);
  return std::move(stmts[0]->value);
}

// Splits the f-string token `t` into literal parts and fields, appended to `joined`.
void Parser::fstring(const Token& t, Expr& joined) {
  const std::string_view text = t.text;
  size_t q = 0;
  bool raw = false;
  while (q < text.size() && text[q] != '\'' && text[q] != '"') {
    raw |= text[q] == 'r' || text[q] == 'R';
    ++q;
  }
  const char quote = text[q];
  const size_t qs = text.size() >= q + 6 && text[q + 1] == quote && text[q + 2] == quote ? 3 : 1;
  const std::string body(text.substr(q + qs, text.size() - q - 2 * qs));
  const size_t end = body.size();

  // Where body[k] is in the source. Fields come left to right, so the walk
  // resumes where the last one stopped.
  size_t walked = 0;
  int walk_line = t.span.line, walk_col = t.span.col;
  auto where = [&](size_t k, int& line, int& col) {
    if (q + qs + k < walked) walked = 0, walk_line = t.span.line, walk_col = t.span.col;
    for (; walked < q + qs + k; ++walked) {
      if (text[walked] == '\n') {
        ++walk_line;
        walk_col = 0;
      } else {
        ++walk_col;
      }
    }
    line = walk_line;
    col = walk_col;
  };
  // Errors about the f-string itself point at the token after the strings.
  auto error = [&](const std::string& message) { error_at_token(message, peek()); };
  auto literal = [&](Expr& out, size_t from, size_t to) {
    if (to <= from) return;
    std::string value, bad;
    const std::string_view chunk(body.data() + from, to - from);
    if (raw) value = std::string(chunk);
    else if (!decode_escapes(chunk, value, bad)) error(bad);
    add_literal(out, value, t.span);
  };

  std::function<void(size_t&, int, Expr&)> parts;
  // A field `{expr=!c:spec}` starting at body[pos] == '{'.
  auto field = [&](size_t& pos, int level, Expr& out) {
    if (level >= 2) error("f-string: expressions nested too deeply");
    const size_t expr_start = ++pos;
    char quote_char = 0;
    int string_type = 0;
    std::string brackets;
    for (; pos < end; ++pos) {
      const char ch = body[pos];
      if (ch == '\\') error("f-string expression part cannot include a backslash");
      if (quote_char) {
        if (ch != quote_char) continue;
        if (string_type == 3) {
          if (pos + 2 < end && body[pos + 1] == ch && body[pos + 2] == ch) {
            pos += 2;
            string_type = 0, quote_char = 0;
          }
          continue;
        }
        string_type = 0, quote_char = 0;
        continue;
      }
      if (ch == '\'' || ch == '"') {
        if (pos + 2 < end && body[pos + 1] == ch && body[pos + 2] == ch) {
          string_type = 3;
          pos += 2;
        } else {
          string_type = 1;
        }
        quote_char = ch;
      } else if (ch == '[' || ch == '{' || ch == '(') {
        if (brackets.size() >= kMaxFieldNesting) error("f-string: too many nested parenthesis");
        brackets += ch;
      } else if (ch == '#') {
        error("f-string expression part cannot include '#'");
      } else if (brackets.empty() &&
                 (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
        // `!=`, `==`, `<=`, `>=` and lone `<`, `>` belong to the expression.
        if (pos + 1 < end && body[pos + 1] == '=' && ch != ':' && ch != '}') {
          ++pos;
          continue;
        }
        if (ch == '>' || ch == '<') continue;
        break;
      } else if (ch == ']' || ch == '}' || ch == ')') {
        if (brackets.empty()) error(std::string("f-string: unmatched '") + ch + "'");
        const char opening = brackets.back();
        brackets.pop_back();
        if (!((opening == '(' && ch == ')') || (opening == '[' && ch == ']') || (opening == '{' && ch == '}')))
          error(std::string("f-string: closing parenthesis '") + ch + "' does not match opening parenthesis '" +
                opening + "'");
      }
    }
    const size_t expr_end = pos;
    if (quote_char) error("f-string: unterminated string");
    if (!brackets.empty()) error(std::string("f-string: unmatched '") + brackets.back() + "'");
    if (pos >= end) error("f-string: expecting '}'");
    bool blank = true;
    for (size_t i = expr_start; i < expr_end; ++i)
      if (!(body[i] == ' ' || body[i] == '\t' || body[i] == '\n' || body[i] == '\f')) blank = false;
    if (blank) {
      const char c = body[expr_end];
      if (c == '!' || c == ':' || c == '=')
        error(std::string("f-string: expression required before '") + c + "'");
      error("f-string: empty expression not allowed");
    }
    int line, col;
    where(expr_start, line, col);
    ExprPtr value = fstring_expression(body.substr(expr_start, expr_end - expr_start), line, col);
    std::string debug_text;  // `{x=}` shows "x=" before the value
    if (body[pos] == '=') {
      ++pos;
      while (pos < end && is_space(body[pos])) ++pos;
      if (pos >= end) error("f-string: expecting '}'");
      debug_text = body.substr(expr_start, pos - expr_start);
    }
    std::string conversion;
    if (body[pos] == '!') {
      if (++pos >= end) error("f-string: expecting '}'");
      const char c = body[pos++];
      if (c != 's' && c != 'r' && c != 'a')
        error("f-string: invalid conversion character: expected 's', 'r', or 'a'");
      conversion = std::string(1, c);
    }
    ExprPtr spec;
    if (pos < end && body[pos] == ':') {
      if (++pos >= end) error("f-string: expecting '}'");
      spec = make_expr(ExprKind::FString, t.span);
      parts(pos, level + 1, *spec);
    }
    if (pos >= end || body[pos] != '}') error("f-string: expecting '}'");
    ++pos;
    if (!debug_text.empty() && !spec && conversion.empty()) conversion = "r";
    add_literal(out, debug_text, t.span);
    auto fv = make_expr(ExprKind::FormattedValue, value->span);
    fv->text = conversion;
    fv->items.push_back(std::move(value));
    fv->items.push_back(std::move(spec));
    out.items.push_back(std::move(fv));
  };
  // Literal text and fields up to the end (level 0) or the '}' closing a spec.
  parts = [&](size_t& pos, int level, Expr& out) {
    while (true) {
      size_t start = pos;
      while (pos < end) {
        char ch = body[pos++];
        if (!raw && ch == '\\' && pos < end) {
          ch = body[pos++];
          if (ch == 'N' && pos < end && body[pos] == '{') {  // \N{NAME} is no field
            while (pos < end && body[pos++] != '}') {
            }
            continue;
          }
        }
        if (ch != '{' && ch != '}') continue;
        if (level == 0) {
          if (pos < end && body[pos] == ch) {  // a doubled brace is one literal brace
            literal(out, start, pos);
            start = ++pos;
            continue;
          }
          if (ch == '}') error("f-string: single '}' is not allowed");
        }
        --pos;
        break;
      }
      literal(out, start, pos);
      if (pos >= end || body[pos] == '}') break;
      field(pos, level, out);
    }
    if (level > 0 && (pos >= end || body[pos] != '}')) error("f-string: expecting '}'");
  };
  size_t pos = 0;
  parts(pos, 0, joined);
}

}  // namespace tsh::grammar
