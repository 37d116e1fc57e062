// grammar/lexer.cpp — the tokenizer: CPython 3.11's tok_get, rewritten over
// a normalized copy of the source, producing spans instead of pointers.
// Literal details live in literals.cpp, character classes in chars.cpp.
#include "grammar/lexer.h"

#include <utf8proc.h>

#include <cstdio>
#include <cstdlib>

#include "grammar/chars.h"
#include "grammar/literals.h"

namespace tsh::grammar {

namespace {

constexpr int kEof = -1;
constexpr size_t kMaxBrackets = 200;  // CPython's MAXLEVEL
constexpr size_t kMaxIndent = 100;    // CPython's MAXINDENT
constexpr int kTabSize = 8;

// Every line ends with '\n', as CPython's compile() arranges.
std::string normalize(std::string_view src) {
  std::string out;
  out.reserve(src.size() + 1);
  for (size_t i = 0; i < src.size(); ++i) {
    if (src[i] == '\r') {
      out += '\n';
      if (i + 1 < src.size() && src[i + 1] == '\n') ++i;
    } else {
      out += src[i];
    }
  }
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

Span eof_span(const std::string& s) {
  Span sp{1, 0, 1, 0};
  if (s.empty()) return sp;
  // s ends with '\n': the last line is the one that '\n' closes.
  int line = 1;
  size_t last_start = 0;
  for (size_t i = 0; i + 1 < s.size(); ++i)
    if (s[i] == '\n') ++line, last_start = i + 1;
  const int len = static_cast<int>(s.size() - 1 - last_start);
  return Span{line, len, line, len};
}

std::string hex4(int32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(cp));
  return buf;
}

class Lexer {
 public:
  explicit Lexer(LexResult& out) : out_(out), s_(*out.text) {}

  void run() {
    if (bad_encoding()) return;
    while (next_token()) {
    }
  }

 private:
  LexResult& out_;
  const std::string& s_;
  size_t pos_ = 0;
  size_t line_start_ = 0;
  size_t buf_start_ = 0;  // start of the first line of a chain joined by
                          // backslashes or a multi-line string (CPython's
                          // tok->buf), which one error counts columns from
  int line_ = 1;
  bool at_bol_ = true;
  int pending_ = 0;  // > 0: INDENTs to emit, < 0: DEDENTs
  // The next token starts a logical line (outside brackets): where a `%`
  // opens an IPython magic instead of being the modulo operator.
  bool first_on_line_ = false;
  std::vector<int> indents_{0}, alt_indents_{0};  // columns with tabs of 8 and of 1
  struct Bracket {
    char ch;
    int line, col;
  };
  std::vector<Bracket> brackets_;

  int ch(size_t p) const { return p < s_.size() ? static_cast<unsigned char>(s_[p]) : kEof; }
  int col(size_t p) const { return static_cast<int>(p - line_start_); }
  // Steps over the '\n' at p.
  void passed_newline(size_t p) {
    ++line_;
    line_start_ = p + 1;
  }

  Token& emit(TokenKind kind, size_t start, size_t end) {
    Token t;
    t.kind = kind;
    t.span = Span{line_, col(start), line_, col(end)};
    t.text = std::string_view(s_).substr(start, end - start);
    t.level = static_cast<int>(brackets_.size());
    out_.tokens.push_back(std::move(t));
    return out_.tokens.back();
  }

  // Stops the lexer with `e`, leaving an Error token at its place.
  bool fail(LexError e) {
    if (!brackets_.empty()) {
      const Bracket& b = brackets_.back();
      e.open_bracket = b.ch;
      e.bracket_span = Span{b.line, b.col, b.line, b.col + 1};
    }
    Token t;
    t.kind = TokenKind::Error;
    t.span = e.span;
    t.level = static_cast<int>(brackets_.size());
    out_.tokens.push_back(std::move(t));
    out_.error = std::move(e);
    return false;
  }
  // CPython's syntaxerror(): one caret on the character at byte `at` of the
  // current line (the span covers all of its bytes).
  bool fail_at(size_t at, std::string message, LexError::Kind kind = LexError::Kind::Raised,
               const char* type = "SyntaxError") {
    LexError e;
    e.type = type;
    e.message = std::move(message);
    size_t len = 1;
    if (at < s_.size() && static_cast<unsigned char>(s_[at]) >= 0x80) decode_utf8(s_, at, len);
    e.span = Span{line_, col(at), line_, col(at) + static_cast<int>(len)};
    e.kind = kind;
    return fail(std::move(e));
  }

  bool bad_encoding();
  bool next_token();
  bool indentation();
  bool continuation(size_t backslash);
  bool name_or_string(size_t start);
  bool string(size_t start, size_t quote_pos, bool raw, bool bytes, bool format);
  bool number(size_t start);
  bool op(size_t start);
  bool magic(size_t start);
};

// The source must be UTF-8 without NUL bytes; CPython refuses both before
// it tokenizes anything, so the error comes first. True when refused.
bool Lexer::bad_encoding() {
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < s_.size();) {
    const auto b = static_cast<unsigned char>(s_[i]);
    std::string msg;
    if (b == 0) {
      msg = "source code string cannot contain null bytes";
    } else if (b >= 0x80) {
      size_t len;
      if (decode_utf8(s_, i, len) >= 0) {
        i += len;
        continue;
      }
      char buf[128];
      const bool lead = (b & 0xE0) == 0xC0 || (b & 0xF0) == 0xE0 || (b & 0xF8) == 0xF0;
      std::snprintf(buf, sizeof buf,
                    "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %zu: %s",
                    b, i - line_start, lead ? "invalid continuation byte" : "invalid start byte");
      msg = buf;
    } else {
      if (b == '\n') ++line, line_start = i + 1;
      ++i;
      continue;
    }
    line_ = line;
    line_start_ = line_start;
    return !fail_at(i, msg);
  }
  return false;
}

// At the start of a line: measure its indentation and queue INDENT/DEDENT
// tokens (CPython's `if (tok->atbol)` block). Returns false on an error.
bool Lexer::indentation() {
  int col = 0, altcol = 0, cont_col = 0;
  while (true) {
    const int c = ch(pos_);
    if (c == ' ') {
      ++col, ++altcol;
    } else if (c == '\t') {
      col = (col / kTabSize + 1) * kTabSize;
      ++altcol;
    } else if (c == '\f') {
      col = altcol = 0;
    } else if (c == '\\') {
      // A backslash in the indentation: the first one fixes the level.
      cont_col = cont_col ? cont_col : col;
      if (!continuation(pos_)) return false;
      continue;
    } else {
      break;
    }
    ++pos_;
  }
  const int c = ch(pos_);
  if (c == '#' || c == '\n') return true;  // blank lines do not indent
  if (!brackets_.empty()) return true;
  if (cont_col) col = altcol = cont_col;
  if (col == indents_.back()) {
    if (altcol != alt_indents_.back()) goto tab_error;
  } else if (col > indents_.back()) {
    if (indents_.size() >= kMaxIndent)
      return fail_at(line_start_, "too many levels of indentation", LexError::Kind::Other,
                     "IndentationError");
    if (altcol <= alt_indents_.back()) goto tab_error;
    ++pending_;
    indents_.push_back(col);
    alt_indents_.push_back(altcol);
  } else {
    while (indents_.size() > 1 && col < indents_.back()) {
      --pending_;
      indents_.pop_back();
      alt_indents_.pop_back();
    }
    if (col != indents_.back()) {
      // CPython reports it after the whole line, at the line's length.
      size_t eol = pos_;
      while (ch(eol) != '\n' && ch(eol) != kEof) ++eol;
      return fail_at(eol, "unindent does not match any outer indentation level",
                     LexError::Kind::Other, "IndentationError");
    }
    if (altcol != alt_indents_.back()) goto tab_error;
  }
  return true;
tab_error:
  return fail_at(line_start_, "inconsistent use of tabs and spaces in indentation",
                 LexError::Kind::Other, "TabError");
}

// A backslash at `backslash` must end its line; the next line continues
// the current one.
bool Lexer::continuation(size_t backslash) {
  if (ch(backslash + 1) != '\n') {
    LexError e;
    e.type = "SyntaxError";
    e.message = "unexpected character after line continuation character";
    const int c = static_cast<int>(backslash + 1 - buf_start_);
    e.span = Span{line_, c, line_, c + 1};
    e.kind = LexError::Kind::Other;
    return fail(std::move(e));
  }
  if (ch(backslash + 2) == kEof) {
    if (!brackets_.empty()) {
      pos_ = backslash + 2;
      return next_token();  // reports the unclosed bracket
    }
    LexError e;
    e.type = "SyntaxError";
    e.message = "unexpected EOF while parsing";
    e.span = Span{line_, col(backslash + 1), line_, col(backslash + 1) + 1};
    e.incomplete = true;
    e.kind = LexError::Kind::Other;
    return fail(std::move(e));
  }
  passed_newline(backslash + 1);
  pos_ = backslash + 2;
  return true;
}

// Produces the next token; false once EndMarker or an Error is emitted.
bool Lexer::next_token() {
  while (true) {  // CPython's `nextline:`
    bool blankline = false;
    if (at_bol_) {
      at_bol_ = false;
      if (!indentation()) return false;
      blankline = ch(pos_) == '#' || ch(pos_) == '\n';
      first_on_line_ = brackets_.empty();
    }
    if (pending_ != 0) {
      const TokenKind kind = pending_ > 0 ? TokenKind::Indent : TokenKind::Dedent;
      pending_ += pending_ > 0 ? -1 : 1;
      Token& t = emit(kind, pos_, pos_);
      if (pos_ >= s_.size()) t.span = out_.eof;
      return true;
    }
    while (true) {  // CPython's `again:`
      while (ch(pos_) == ' ' || ch(pos_) == '\t' || ch(pos_) == '\f') ++pos_;
      const size_t start = pos_;
      if (ch(pos_) == '#')
        while (ch(pos_) != '\n' && ch(pos_) != kEof) ++pos_;
      const int c = ch(pos_);
      if (c == kEof) {
        if (!brackets_.empty()) {
          const Bracket& b = brackets_.back();
          LexError e;
          e.type = "SyntaxError";
          e.message = std::string("'") + b.ch + "' was never closed";
          e.span = Span{b.line, b.col, b.line, b.col + 1};
          e.incomplete = true;
          e.kind = LexError::Kind::UnclosedAtEof;
          return fail(std::move(e));
        }
        Token& t = emit(TokenKind::EndMarker, pos_, pos_);
        t.span = out_.eof;
        return false;
      }
      if (c == '\n') {
        at_bol_ = true;
        if (blankline || !brackets_.empty()) {
          passed_newline(pos_);
          buf_start_ = ++pos_;
          break;  // to the next line
        }
        emit(TokenKind::Newline, start, pos_);
        passed_newline(pos_);
        buf_start_ = ++pos_;
        return true;
      }
      if (c == '\\') {
        if (!continuation(pos_)) return false;
        continue;
      }
      const bool first = first_on_line_;
      first_on_line_ = false;
      if (c == '%' && first) return magic(start);
      if (c >= 0x80 || is_id_start_ascii(static_cast<unsigned char>(c))) return name_or_string(start);
      if ((c >= '0' && c <= '9') || (c == '.' && ch(pos_ + 1) >= '0' && ch(pos_ + 1) <= '9'))
        return number(start);
      if (c == '\'' || c == '"') return string(start, start, false, false, false);
      return op(start);
    }
  }
}

// A name, a keyword, or the prefix of a string (b'', r'', u'', f'' ...).
bool Lexer::name_or_string(size_t start) {
  bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
  int c = ch(pos_);
  while (true) {  // CPython accepts each prefix letter once, in these orders
    if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B'))
      saw_b = true;
    else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U'))
      saw_u = true;
    else if (!(saw_r || saw_u) && (c == 'r' || c == 'R'))
      saw_r = true;
    else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F'))
      saw_f = true;
    else
      break;
    c = ch(++pos_);
    if (c == '"' || c == '\'') return string(start, pos_, saw_r, saw_b, saw_f);
  }
  bool nonascii = false;
  while (c >= 0x80 || (c != kEof && is_id_char_ascii(static_cast<unsigned char>(c)))) {
    nonascii |= c >= 0x80;
    c = ch(++pos_);
  }
  if (nonascii) {
    // CPython's verify_identifier(): name the first character that cannot
    // be part of an identifier.
    for (size_t i = start; i < pos_;) {
      size_t len;
      const int32_t cp = decode_utf8(s_, i, len);
      if (!is_identifier_codepoint(cp, i == start)) {
        if (is_printable_codepoint(cp))
          return fail_at(i, "invalid character '" + s_.substr(i, len) + "' (U+" + hex4(cp) + ")");
        return fail_at(i, "invalid non-printable character U+" + hex4(cp));
      }
      i += len;
    }
  }
  const std::string_view word = std::string_view(s_).substr(start, pos_ - start);
  Token& t = emit(keyword_kind(word), start, pos_);
  // PEP 3131: a non-ASCII identifier means its NFKC form (after the keyword check, as in CPython).
  if (nonascii) {
    utf8proc_uint8_t* nfkc = utf8proc_NFKC(reinterpret_cast<const utf8proc_uint8_t*>(std::string(word).c_str()));
    if (nfkc) {
      const std::string normal(reinterpret_cast<const char*>(nfkc));
      std::free(nfkc);
      if (normal != word) t.text = out_.normalized->emplace_back(normal);
    }
  }
  return true;
}

bool Lexer::string(size_t start, size_t quote_pos, bool raw, bool bytes, bool format) {
  const char quote = s_[quote_pos];
  const int first_line = line_;
  const size_t first_line_start = line_start_;
  const int start_col = col(start);
  size_t p = quote_pos + 1;
  int quote_size = 1, end_quote_size = 0;
  if (ch(p) == quote) {
    if (ch(p + 1) == quote) {
      quote_size = 3;
      p += 2;
    } else {
      end_quote_size = 1;  // the empty string
      ++p;
    }
  }
  const size_t body_start = quote_pos + static_cast<size_t>(quote_size);
  while (end_quote_size != quote_size) {
    const int c = ch(p);
    if (c == kEof || (quote_size == 1 && c == '\n')) {
      LexError e;
      e.type = "SyntaxError";
      const int detected = c == kEof ? out_.eof.line : line_;
      e.message = std::string(quote_size == 3 ? "unterminated triple-quoted string literal"
                                              : "unterminated string literal") +
                  " (detected at line " + std::to_string(detected) + ")";
      e.span = Span{first_line, start_col, first_line, start_col + 1};
      // Input that ends inside the string could go on with more lines.
      e.incomplete = c == kEof;
      line_ = first_line;
      line_start_ = first_line_start;
      return fail(std::move(e));
    }
    ++p;
    if (c == quote) {
      ++end_quote_size;
      continue;
    }
    end_quote_size = 0;
    if (c == '\n') passed_newline(p - 1);
    if (c == '\\' && ch(p) != kEof) {  // the escaped character cannot end the string
      if (ch(p) == '\n') passed_newline(p);
      ++p;
    }
  }
  pos_ = p;
  Token t;
  t.kind = TokenKind::String;
  t.span = Span{first_line, start_col, line_, col(p)};
  t.text = std::string_view(s_).substr(start, p - start);
  t.level = static_cast<int>(brackets_.size());
  t.str_bytes = bytes;
  t.str_format = format;
  const std::string_view body =
      std::string_view(s_).substr(body_start, p - quote_size - body_start);
  if (bytes)
    decode_bytes_escapes(body, raw, t.str_value, t.str_error);
  else if (raw)
    t.str_value = std::string(body);
  else
    decode_escapes(body, t.str_value, t.str_error);
  out_.tokens.push_back(std::move(t));
  return true;
}

bool Lexer::number(size_t start) {
  Token t;
  size_t end = start;
  LiteralError err;
  if (!scan_number(s_, start, end, t, err)) {
    LexError e;
    e.type = "SyntaxError";
    e.message = std::move(err.message);
    e.span = Span{line_, col(err.pos), line_, col(err.end)};
    return fail(std::move(e));
  }
  pos_ = end;
  Token& out = emit(TokenKind::Number, start, end);
  out.number_kind = t.number_kind;
  out.int_value = t.int_value;
  out.int_overflow = t.int_overflow;
  out.float_value = t.float_value;
  return true;
}

// `%name args` first on a logical line: IPython's magic escape. The token is
// the rest of the line, raw (the arguments need not be Python), continued by
// a backslash at the end of a line as IPython continues it.
bool Lexer::magic(size_t start) {
  const int first_line = line_;
  const int start_col = col(start);
  size_t p = start;
  while (ch(p) != '\n' && ch(p) != kEof) {
    if (ch(p) == '\\' && ch(p + 1) == '\n') {
      if (!continuation(p)) return false;  // a backslash ending the input: more to come
      p = pos_;
      continue;
    }
    ++p;
  }
  pos_ = p;
  Token t;
  t.kind = TokenKind::Magic;
  t.span = Span{first_line, start_col, line_, col(p)};
  t.text = std::string_view(s_).substr(start, p - start);
  t.level = 0;
  out_.tokens.push_back(std::move(t));
  return true;
}

// Operators, brackets and stray characters.
bool Lexer::op(size_t start) {
  struct Spelling {
    const char* text;
    TokenKind kind;
  };
  // Longest first, so that `**=` is not read as `**` then `=`.
  static constexpr Spelling kOps[] = {
      {"**=", TokenKind::DoubleStarEqual}, {"//=", TokenKind::DoubleSlashEqual},
      {">>=", TokenKind::RightShiftEqual}, {"<<=", TokenKind::LeftShiftEqual},
      {"...", TokenKind::Ellipsis},        {"**", TokenKind::DoubleStar},
      {"//", TokenKind::DoubleSlash},      {">>", TokenKind::RightShift},
      {"<<", TokenKind::LeftShift},        {"==", TokenKind::EqEqual},
      {"!=", TokenKind::NotEqual},         {"<=", TokenKind::LessEqual},
      {">=", TokenKind::GreaterEqual},     {"+=", TokenKind::PlusEqual},
      {"-=", TokenKind::MinusEqual},       {"*=", TokenKind::StarEqual},
      {"/=", TokenKind::SlashEqual},       {"%=", TokenKind::PercentEqual},
      {"@=", TokenKind::AtEqual},          {"&=", TokenKind::AmperEqual},
      {"|=", TokenKind::VBarEqual},        {"^=", TokenKind::CircumflexEqual},
      {"->", TokenKind::Arrow},            {":=", TokenKind::ColonEqual},
      {"(", TokenKind::LParen},            {")", TokenKind::RParen},
      {"[", TokenKind::LBracket},          {"]", TokenKind::RBracket},
      {"{", TokenKind::LBrace},            {"}", TokenKind::RBrace},
      {":", TokenKind::Colon},             {",", TokenKind::Comma},
      {";", TokenKind::Semi},              {".", TokenKind::Dot},
      {"=", TokenKind::Equal},             {"+", TokenKind::Plus},
      {"-", TokenKind::Minus},             {"*", TokenKind::Star},
      {"/", TokenKind::Slash},             {"%", TokenKind::Percent},
      {"@", TokenKind::At},                {"&", TokenKind::Amper},
      {"|", TokenKind::VBar},              {"^", TokenKind::Circumflex},
      {"~", TokenKind::Tilde},             {"<", TokenKind::Less},
      {">", TokenKind::Greater},
  };
  const std::string_view rest = std::string_view(s_).substr(start);
  for (const Spelling& sp : kOps) {
    const std::string_view text(sp.text);
    if (rest.substr(0, text.size()) != text) continue;
    const char c = text[0];
    if (text.size() == 1 && (c == '(' || c == '[' || c == '{')) {
      if (brackets_.size() >= kMaxBrackets) {
        pos_ = start + 1;
        return fail_at(start, "too many nested parentheses");
      }
      brackets_.push_back(Bracket{c, line_, col(start)});
    } else if (text.size() == 1 && (c == ')' || c == ']' || c == '}')) {
      if (brackets_.empty()) return fail_at(start, std::string("unmatched '") + c + "'");
      const Bracket open = brackets_.back();
      brackets_.pop_back();
      const char want = open.ch == '(' ? ')' : open.ch == '[' ? ']' : '}';
      if (c != want) {
        std::string msg = std::string("closing parenthesis '") + c +
                          "' does not match opening parenthesis '" + open.ch + "'";
        if (open.line != line_) msg += " on line " + std::to_string(open.line);
        return fail_at(start, msg);
      }
    }
    pos_ = start + text.size();
    emit(sp.kind, start, pos_);
    return true;
  }
  const int c = ch(start);
  if (c < 0x20 || c == 0x7F) return fail_at(start, "invalid non-printable character U+" + hex4(c));
  pos_ = start + 1;  // `$`, `?`, `!`, a backtick: a token no rule accepts
  emit(TokenKind::Unknown, start, pos_);
  return true;
}

}  // namespace

const char* token_text(TokenKind kind) {
  switch (kind) {
#define TSH_TOKEN_TEXT(k, text) \
  case TokenKind::k:            \
    return text;
    TSH_TOKENS(TSH_TOKEN_TEXT)
#undef TSH_TOKEN_TEXT
  }
  return "?";
}

TokenKind keyword_kind(std::string_view word) {
  for (int k = static_cast<int>(TokenKind::KwFalse); k <= static_cast<int>(TokenKind::KwYield); ++k)
    if (word == token_text(static_cast<TokenKind>(k))) return static_cast<TokenKind>(k);
  return TokenKind::Name;
}

LexResult tokenize(std::string_view source) {
  LexResult out;
  auto text = std::make_unique<std::string>(normalize(source));
  out.eof = eof_span(*text);
  out.text = std::move(text);
  Lexer(out).run();
  return out;
}

}  // namespace tsh::grammar
