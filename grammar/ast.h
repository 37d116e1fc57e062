// grammar/ast.h — the syntax tree the parser produces and the shell evaluates.
//
// One flat node type for expressions and one for statements, in the manner of
// clox: a kind tag plus the few fields each kind uses (documented beside the
// field). Every node carries the exact source span it came from so that any
// error can point at its text. The grammar knows nothing of tensors.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tsh::grammar {

// A region of source. Lines are 1-based; columns are 0-based byte offsets in
// their line; the end is exclusive. A node spanning lines has end_line > line.
struct Span {
  int line = 0, col = 0;
  int end_line = 0, end_col = 0;
};

enum class ExprKind {
  Name,       // text = identifier
  Int,        // int_value; int_overflow when the literal is >= 2^64 (text = the literal)
  Float,      // float_value
  Imag,       // float_value = imaginary part (`2j`)
  Str,        // text = decoded string (adjacent literals already joined)
  True, False, None,
  Ellipsis,   // `...`
  Tuple,      // items (a parenthesised or bare `a, b`; `()` is empty)
  List,       // items
  Unary,      // op (Neg, Pos, Invert, Not), items[0] = operand
  Binary,     // op (Add ... MatMul, BitOr ...), items[0] op items[1]
  And, Or,    // items[0], items[1]; short-circuit
  Compare,    // items = n+1 operands, ops = n comparison operators (chained)
  IfExp,      // items[0] if items[1] else items[2]   (body, cond, orelse)
  Lambda,     // params, items[0] = body expression
  Call,       // items[0] = callee, args = positional, keywords
  Attribute,  // items[0] = object, text = attribute name
  Subscript,  // items[0] = object, items[1] = index (a Tuple for `a[i, j]`)
  Slice,      // items[0..2] = lower, upper, step; a null pointer where omitted
  ListComp,   // items[0] = element; comps = the for/if clauses in order
  Starred,    // items[0]: `*x` in a call's arguments
  Dict,       // items = key0, value0, key1, value1, ...; a `**m` entry
              // has a null key and m as its value
  DictComp,   // items[0] = key, items[1] = value; comps as for ListComp
  FString,    // items = the parts in order: Str and FormattedValue nodes
  FormattedValue,  // `{value!c:spec}` of an f-string: items[0] = value,
                   // items[1] = the spec (an FString) or null; text = the
                   // conversion "s", "r", "a", or empty for none
  NamedExpr,  // `name := value`: text = name, items[0] = value
  Set,        // items (may hold Starred): `{a, *b}`
  SetComp,    // items[0] = element; comps as for ListComp
  Yield,      // `yield` (no items) or `yield value` (items[0]), inside a def
  YieldFrom,  // `yield from items[0]`
};

enum class Op {
  // arithmetic / bitwise (Binary and AugAssign)
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul,
  LShift, RShift, BitAnd, BitOr, BitXor,
  // unary
  Neg, Pos, Invert, Not,
  // comparison
  Eq, NotEq, Lt, LtE, Gt, GtE, In, NotIn, Is, IsNot,
};

const char* op_symbol(Op op);  // "+", "//", "not in", ...

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

struct Keyword {
  std::string name;
  ExprPtr value;
  Span span;  // covers `name=value`
};

// How a parameter binds arguments (Python's parameter kinds). In a list they
// come in this order; `/` and a bare `*` are not parameters of their own:
// they make the parameters before `/` PositionalOnly and those after `*`
// KeywordOnly.
enum class ParamKind {
  Normal,          // positional or keyword
  PositionalOnly,  // before `/`
  VarArgs,         // *args: the extra positional arguments, as a tuple
  KeywordOnly,     // after `*` or `*args`
  VarKeywords,     // **kwargs: the extra keyword arguments, as a dict
};

struct Param {
  std::string name;
  ExprPtr default_value;  // null when there is none
  ExprPtr annotation;     // `name: annotation`; null when there is none
  Span span;
  ParamKind kind = ParamKind::Normal;
};

// One `for target in iter` clause of a comprehension, with its `if`s.
struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

struct Expr {
  ExprKind kind;
  Span span;
  std::string text;               // Name, Str, Attribute, FormattedValue
  bool bytes = false;             // Str: a bytes literal (b'...'); text holds its bytes
  uint64_t int_value = 0;         // Int
  bool int_overflow = false;      // Int
  double float_value = 0;         // Float, Imag
  Op op = Op::Add;                // Unary, Binary
  std::vector<Op> ops;            // Compare
  std::vector<ExprPtr> items;     // children, as documented per kind
  std::vector<ExprPtr> args;      // Call: positional arguments (may hold Starred)
  std::vector<Keyword> keywords;  // Call
  std::vector<Param> params;      // Lambda
  // Whatever the evaluator worked out once about this node and may reuse (the shell keeps the
  // tensor-method overloads an Attribute callee names here); null until then.
  mutable const void* resolved = nullptr;
  // For a Name: the stamp (the shell's namespace epoch) under which `resolved` points at the name's
  // variable; 0 when it points nowhere.
  mutable uint64_t resolved_epoch = 0;
  // A Name the body of a def evaluates in the def's own scope (grammar/scopes.h, def_locals): its
  // index among the def's local variables, or -2 when it is not one of them (a free name), and
  // which def's list of locals that is; -1 / null elsewhere. The shell keeps a call's locals in
  // an array by this index: no local is looked up by name at run time.
  mutable int32_t slot = -1;
  mutable const void* slot_owner = nullptr;
  // For an Attribute (obj.name): what the evaluator last learned about the objects it found here,
  // kept to skip the same lookups next time (the shell's attribute sites, shell/python/attr_site.h).
  // A Name uses only `flags`, for the evaluator's marks on what `resolved` points at.
  struct AttrMemo {
    uint64_t owner_serial = 0, owner_epoch = 0;  // whose facts these are, and as of when
    const void* found = nullptr;                  // what the owner's lookup of `text` found
    uint64_t table_version = 0;                   // a table seen without `text` in it
    int64_t text_hash = 0;                        // hash of `text`, when hashed
    uint32_t position = UINT32_MAX;               // where `text` was last found in a table
    const void* key = nullptr;                    // the interned str that key was (shell/python/value.h)
    uint8_t flags = 0;
  };
  mutable AttrMemo attr_memo;
  // For a Call: what the evaluator worked out once about the shape of its arguments (the shell's
  // flags: positional only, each a name or a literal); 0 until then.
  mutable uint8_t call_shape = 0;
  // For a ListComp, DictComp or SetComp: its own variables, the names its for clauses bind
  // (grammar::comprehension_locals); null until it first runs.
  mutable std::shared_ptr<const std::vector<std::string>> locals;
  std::vector<Comprehension> comps;  // ListComp, DictComp
  bool parenthesized = false;     // written inside (...) — `(a)` vs `a`
  // Added by the grammar: a ListComp written as a generator expression,
  // `(x for x in y)` or the sole argument in `f(x for x in y)`.
  bool generator = false;
};

enum class StmtKind {
  Expr,       // value
  Assign,     // targets = [t1, t2, ...] for `t1 = t2 = value`; value
  AugAssign,  // targets[0] op= value
  Import,     // imports
  Del,        // targets
  Pass, Break, Continue,
  Return,     // value (may be null)
  If,         // test, body, orelse (an `elif` is an If alone in orelse)
  While,      // test, body
  For,        // target, iter, body
  Def,        // name, params, body; decorators, annotation (the `-> returns`), generator
  Class,      // name, bases (positional), keywords (metaclass=... is refused), body; decorators
  AnnAssign,  // `targets[0]: annotation [= value]` (value may be null)
  ImportFrom,  // `from name import a as b, c`: name = the dotted module;
               // imports = the names, each `module` a name in it
  Assert,     // `assert test, value` (value may be null)
  Raise,      // `raise value from target` (value, target may be null)
  Try,        // body, handlers, orelse (`else:`), finalbody (`finally:`)
              // (While and For keep their loop `else:` in orelse too)
  With,       // with_items, body
  Global,     // names
  Nonlocal,   // names
  // IPython's escapes, which are not Python: no Python source parses to them.
  Magic,      // `%name args`: name (without '%'), text = the raw rest of the line
  Help,       // `x?`, `x??`, `?x`: text = the target as written; value = it parsed
              // (null when the text is no name/attribute/[int] chain); level 1 or 2
};

// One `except type as name:` clause of a try (type null for a bare `except:`).
struct ExceptHandler {
  ExprPtr type;
  std::string name;  // empty without `as`
  std::vector<StmtPtr> body;
  Span span;
};

// One `context as target` of a with statement (target null without `as`).
struct WithItem {
  ExprPtr context;
  ExprPtr target;
};

struct ImportName {
  std::string module;  // dotted: "torch", "torch.nn"
  std::string alias;   // empty when there is no `as`
  Span span;
};

struct Stmt {
  StmtKind kind;
  Span span;
  std::vector<ExprPtr> targets;  // Assign, AugAssign, Del
  ExprPtr value;                 // Expr, Assign, AugAssign, Return
  Op op = Op::Add;               // AugAssign
  std::vector<ImportName> imports;
  ExprPtr test;                  // If, While
  ExprPtr target, iter;          // For
  std::string name;              // Def, Class, Magic, ImportFrom
  std::vector<Param> params;     // Def
  std::vector<ExprPtr> decorators;  // Def, Class: `@d` lines, outermost first
  ExprPtr annotation;            // Def: the return annotation; AnnAssign: the annotation
  std::vector<ExprPtr> bases;    // Class: the positional arguments of `class C(A, B):`
  std::vector<Keyword> keywords; // Class: its keyword arguments
  bool generator = false;        // Def: the body yields, so a call makes a generator
  std::vector<StmtPtr> body, orelse;
  std::vector<ExceptHandler> handlers;  // Try
  std::vector<StmtPtr> finalbody;       // Try
  std::vector<WithItem> with_items;     // With
  std::vector<std::string> names;       // Global, Nonlocal
  std::string text;              // Magic (arguments, trimmed), Help (target)
  Span text_span;                // Magic, Help: where `text` starts and ends
  int level = 1;                 // Help: 1 for `?`, 2 for `??` (more detail)
  // Def: its local variables, sorted (grammar/scopes.h, def_locals), worked out the first time
  // the def runs; null until then.
  mutable std::shared_ptr<const std::vector<std::string>> locals;
  // Whether a yield is in this statement (not counting a def or class it makes): none (0), each a
  // statement `yield x` in blocks of if, while and for (1: the shell runs such a generator
  // without a stack of its own), or some elsewhere (2). Worked out by the shell; -1 until then.
  mutable int8_t yield_shape = -1;
};

// Moves every span of `stmts` (and their expressions) by `lines` lines and,
// on their first line, `cols` columns: code parsed out of a magic's argument
// text then points at the text's place in the enclosing source.
void shift_spans(std::vector<StmtPtr>& stmts, int lines, int cols);

}  // namespace tsh::grammar
