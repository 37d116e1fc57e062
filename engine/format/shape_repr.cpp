// engine/format/shape_repr.cpp — reprs of torch.Size and int tuples.
#include "engine/format/shape_repr.h"

namespace tsh::format {

namespace {
std::string join(const Shape& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s[i]);
  }
  return out;
}
}  // namespace

std::string size_repr(const Shape& s) { return "torch.Size([" + join(s) + "])"; }

// A one-element tuple needs its trailing comma, as Python writes it.
std::string tuple_repr(const Shape& s) { return "(" + join(s) + (s.size() == 1 ? ",)" : ")"); }

}  // namespace tsh::format
