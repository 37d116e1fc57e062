// shell/magics/magics_whos.h — %whos: the session's variables as IPython's table
// (Variable / Type / Data/Info), with a tensor-aware Data/Info column.
//
// IPython's layout: each column is as wide as its longest entry (at least its
// label) plus 3 spaces; the Data/Info column follows after one more space; a
// line of dashes spans the labels. Names starting with `_` are not listed.
// Data/Info is `n=3` for lists, tuples and dicts, and str() of other values
// with newlines shown as `\n`, cut to 25 + `<...>` + 25 characters from 50
// on. tsh adds, for tensors and storages, what a teacher asks about:
//   a   Tensor   2x5 float32 cpu, 40 bytes storage, shares storage with b
//   s   Tensor   0-d int64 cpu, 8 bytes storage
// (shape as numpy's %whos writes it, dtype, device, the bytes of the whole
// storage under the view, and the other variables viewing the same storage).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

struct WhosRow {
  std::string name, type, info;
};

// The rows for the variables of `globals` (sorted by name) whose type is one
// of `types` (any when empty).
std::vector<WhosRow> whos_rows(Interpreter& in, const std::map<std::string, Value>& globals,
                               const std::vector<std::string>& types);
// The table, each line ended by a newline.
std::string whos_table(const std::vector<WhosRow>& rows);

// IPython's `type(x).__name__`: "Tensor", "Size", "dtype", "builtin_function_or_method".
std::string short_type_name(const Value& v);

}  // namespace tsh::shell
