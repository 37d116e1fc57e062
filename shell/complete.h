// shell/complete.h — tab completion: what may follow the text left of the cursor.
//
// A pure function of the interpreter's state and one line, so it is tested
// without a terminal; shell/repl.cpp hands its answer to GNU readline.
// Completion never runs user code or kernels: an `expr.` prefix is resolved
// only when expr is a chain of names and attributes (`t`, `torch.linalg`),
// never a call or a subscript.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tsh::shell {

class Interpreter;

// The candidates for the word that ends at `cursor` in `line`, sorted and
// without duplicates. Each candidate replaces line[*word_start, cursor).
// Contexts, as Python's rlcompleter and IPython offer them:
//  - names: keywords, globals, builtins, the torch namespace;
//  - attributes after a name/attribute chain: `torch.li` → `torch.linalg`,
//    `t.str` → `t.stride(`;
//  - keyword arguments at an argument position of a call, from the op
//    registry's signatures (every overload) or a def's parameters:
//    `torch.sum(t, di` → `dim=`; they come with the matching globals only;
//  - magics after a leading `%`, scripts and folders after `%run `,
//    folders after `%cd `, module names after `import `.
// Callables get rlcompleter's suffix: `(`, or `()` when no overload takes an
// argument; keywords get a space (`for `), except True/False/None/break/
// continue/pass/else. A `_private` name is offered only when the word starts
// with `_`. Inside a string literal or a comment there is nothing to offer.
std::vector<std::string> complete(Interpreter& in, std::string_view line, size_t cursor,
                                  size_t* word_start);

}  // namespace tsh::shell
