// grammar/token.h — the token kinds of tsh's Python-like language and the
// Token record the lexer hands to the parser.
//
// Every kind is declared once in TSH_TOKENS (an X-macro) so that the enum, the
// printable names and the keyword table cannot drift apart.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "grammar/ast.h"

namespace tsh::grammar {

// X(kind, text): `text` is the exact spelling for operators and keywords and
// a descriptive name for the other kinds.
#define TSH_TOKENS(X)                                                   \
  /* structure */                                                       \
  X(EndMarker, "end of input") X(Newline, "newline")                    \
  X(Indent, "indent") X(Dedent, "dedent")                               \
  X(Name, "name") X(Number, "number") X(String, "string")               \
  X(Unknown, "unknown character") /* `$`, `?`, `!`, a backtick: always  \
                                     a parse error, as in CPython */    \
  X(Error, "error") /* the lexer stopped here; LexResult.error says why */ \
  X(Magic, "magic") /* `%name args`, first on its line: the whole line, raw \
                       (IPython's escape; never Python) */                \
  /* brackets */                                                        \
  X(LParen, "(") X(RParen, ")") X(LBracket, "[") X(RBracket, "]")       \
  X(LBrace, "{") X(RBrace, "}")                                         \
  /* punctuation */                                                     \
  X(Colon, ":") X(Comma, ",") X(Semi, ";") X(Dot, ".")                  \
  X(Ellipsis, "...") X(Arrow, "->") X(ColonEqual, ":=")                 \
  X(Equal, "=")                                                         \
  /* arithmetic and bitwise operators */                                \
  X(Plus, "+") X(Minus, "-") X(Star, "*") X(Slash, "/")                 \
  X(DoubleSlash, "//") X(Percent, "%") X(DoubleStar, "**") X(At, "@")   \
  X(LeftShift, "<<") X(RightShift, ">>") X(Amper, "&") X(VBar, "|")     \
  X(Circumflex, "^") X(Tilde, "~")                                      \
  /* comparison operators */                                            \
  X(Less, "<") X(Greater, ">") X(EqEqual, "==") X(NotEqual, "!=")       \
  X(LessEqual, "<=") X(GreaterEqual, ">=")                              \
  /* augmented assignment */                                            \
  X(PlusEqual, "+=") X(MinusEqual, "-=") X(StarEqual, "*=")             \
  X(SlashEqual, "/=") X(DoubleSlashEqual, "//=") X(PercentEqual, "%=")  \
  X(DoubleStarEqual, "**=") X(AtEqual, "@=") X(AmperEqual, "&=")        \
  X(VBarEqual, "|=") X(CircumflexEqual, "^=") X(LeftShiftEqual, "<<=")  \
  X(RightShiftEqual, ">>=")                                             \
  /* keywords tsh implements */                                         \
  X(KwFalse, "False") X(KwNone, "None") X(KwTrue, "True")               \
  X(KwAnd, "and") X(KwOr, "or") X(KwNot, "not") X(KwIn, "in")           \
  X(KwIs, "is") X(KwIf, "if") X(KwElif, "elif") X(KwElse, "else")       \
  X(KwFor, "for") X(KwWhile, "while") X(KwDef, "def")                   \
  X(KwReturn, "return") X(KwBreak, "break") X(KwContinue, "continue")   \
  X(KwPass, "pass") X(KwImport, "import") X(KwAs, "as") X(KwDel, "del") \
  X(KwLambda, "lambda")                                                 \
  /* keywords Python reserves but tsh does not implement: lexed as      \
     keywords so that `class = 1` fails as it does in Python */         \
  X(KwAssert, "assert") X(KwAsync, "async") X(KwAwait, "await")         \
  X(KwClass, "class") X(KwExcept, "except") X(KwFinally, "finally")     \
  X(KwFrom, "from") X(KwGlobal, "global") X(KwNonlocal, "nonlocal")     \
  X(KwRaise, "raise") X(KwTry, "try") X(KwWith, "with")                 \
  X(KwYield, "yield")

enum class TokenKind : uint8_t {
#define TSH_TOKEN_ENUM(kind, text) kind,
  TSH_TOKENS(TSH_TOKEN_ENUM)
#undef TSH_TOKEN_ENUM
};

// The spelling of an operator or keyword, or a description of the others.
const char* token_text(TokenKind kind);

// The keyword spelled `word`, or TokenKind::Name when it is not one.
TokenKind keyword_kind(std::string_view word);

inline bool is_keyword(TokenKind k) {
  return k >= TokenKind::KwFalse && k <= TokenKind::KwYield;
}

// One token. Invariants: `span` covers exactly `text` (a triple-quoted
// string may end on a later line); INDENT, DEDENT, ENDMARKER and a NEWLINE
// without a comment before it are empty spans.
struct Token {
  TokenKind kind = TokenKind::EndMarker;
  Span span;
  int level = 0;          // bracket depth after this token, as CPython counts
                          // it: `(` is at depth 1, its `)` at depth 0
  std::string_view text;  // source text (for a Name: the identifier)

  // Number: which literal it is and its value.
  ExprKind number_kind = ExprKind::Int;  // Int, Float or Imag
  uint64_t int_value = 0;
  bool int_overflow = false;  // the literal is >= 2^64
  double float_value = 0;

  // String: the decoded value and what its prefix said.
  std::string str_value;
  bool str_bytes = false;   // b'...': a bytes literal
  bool str_format = false;  // f'...': not supported by tsh
  // A bad escape (`'\x4'`) is reported by the parser, as CPython does, at
  // the token after the string: the message is kept until then.
  std::string str_error;
};

}  // namespace tsh::grammar
