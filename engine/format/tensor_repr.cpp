// engine/format/tensor_repr.cpp — laying out a tensor's body and joining its suffixes.
#include "engine/format/tensor_repr.h"

#include <algorithm>
#include <optional>

#include "engine/autograd/variable.h"
#include "engine/core/dtype.h"
#include "engine/core/interrupt.h"
#include "engine/core/memory.h"
#include "engine/format/formatter.h"
#include "engine/format/gather.h"
#include "engine/format/shape_repr.h"
#include "engine/format/options.h"

namespace tsh::format {

namespace {

// Python's floor division, for linewidth smaller than the indent.
int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// Writes the nested brackets of one tensor, consuming the gathered elements
// in row-major order (the order widen() produced them).
class Layout {
 public:
  Layout(const Plan& plan, const Visible& vals, const Formatter& f1,
         const std::optional<Formatter>& f2, const PrintOptions& opts)
      : plan_(plan), vals_(vals), f1_(f1), f2_(f2), opts_(opts) {}

  std::string run(int64_t indent) {
    if (plan_.empty()) {
      out_ += element(0);  // 0-d: the bare element
    } else {
      block(0, indent);
    }
    return std::move(out_);
  }

 private:
  // Element i as text; a complex one is "re" + "+im" with the sign of im kept.
  std::string element(size_t i) {
    if (vals_.kind == Visible::Kind::Integer || vals_.kind == Visible::Kind::Bool)
      return f1_.format(vals_.ints[i]);
    std::string re = f1_.format(vals_.re[i]);
    if (!f2_) return re;
    std::string im = f2_->format(vals_.im[i]) + "j";
    im.erase(0, im.find_first_not_of(' '));  // Python's lstrip()
    if (im[0] == '+' || im[0] == '-') return re + im;
    return re + "+" + im;
  }

  // One dim of the nesting. Slices are separated by "," plus one newline per
  // remaining dim (so 3-d blocks get a blank line between them) and indented
  // one column deeper than this bracket.
  void block(size_t d, int64_t indent) {
    if (d + 1 == plan_.size()) return vector(d, indent);
    const DimPlan& p = plan_[d];
    const std::string sep = "," + std::string(plan_.size() - d - 1, '\n') +
                            std::string(static_cast<size_t>(indent + 1), ' ');
    out_ += '[';
    bool first = true;
    auto next = [&] {
      if (!first) out_ += sep;
      first = false;
    };
    const int64_t n = p.count();
    for (int64_t i = 0; i <= n; ++i) {
      if (i == p.marker) {
        next();
        out_ += "...";  // omitted rows/blocks: bare dots, no leading space
      }
      if (i == n) break;
      next();
      block(d + 1, indent + 1);
    }
    out_ += ']';
  }

  // The innermost dim: elements joined by ", ", wrapped so that each line
  // holds floor((linewidth - indent) / element_length) of them (at least 1).
  void vector(size_t d, int64_t indent) {
    const DimPlan& p = plan_[d];
    int64_t elem_len = f1_.width() + 2;              // + ", "
    if (f2_) elem_len += f2_->width() + 1;           // + the imaginary part and "j"
    const int64_t per_line = std::max<int64_t>(1, floor_div(opts_.linewidth - indent, elem_len));
    const std::string line_sep = ",\n" + std::string(static_cast<size_t>(indent + 1), ' ');
    // PyTorch 2.x shows a lone "..." when edgeitems is 0, else " ..." (4 characters, unpadded).
    const char* marker = opts_.edgeitems == 0 ? "..." : " ...";
    out_ += '[';
    int64_t k = 0;  // items written on all lines so far (the marker counts as one)
    auto put = [&](const std::string& item) {
      if (k > 0) out_ += (k % per_line == 0) ? line_sep : ", ";
      out_ += item;
      ++k;
    };
    const int64_t n = p.count();
    for (int64_t i = 0; i <= n; ++i) {
      if (i == p.marker) put(marker);
      if (i == n) break;
      if ((cursor_ & 4095) == 4095) check_interrupt();  // a full print of a huge tensor stops at Ctrl-C
      put(element(cursor_++));
    }
    out_ += ']';
  }

  const Plan& plan_;
  const Visible& vals_;
  const Formatter& f1_;
  const std::optional<Formatter>& f2_;
  const PrintOptions& opts_;
  size_t cursor_ = 0;
  std::string out_;
};

}  // namespace

std::string tensor_body(const Tensor& t, int64_t indent) {
  if (t.device().is_meta()) return "...";
  if (t.numel() == 0) return "[]";
  const PrintOptions& opts = print_options();
  const bool summarize = static_cast<double>(t.numel()) > opts.threshold;
  const Plan plan = make_plan(t.sizes(), summarize, opts.edgeitems);
  // Only the shown elements leave the tensor's storage, through the memory interface.
  const Tensor shown = compact_on_cpu(t, plan);
  std::vector<char> bytes(static_cast<size_t>(shown.numel() * shown.itemsize()));
  read_bytes(bytes.data(), shown.storage(), 0, static_cast<int64_t>(bytes.size()));
  const Visible vals = widen(bytes.data(), shown.numel(), shown.dtype());
  std::optional<Formatter> f2;
  Formatter f1 = [&] {
    switch (vals.kind) {
      case Visible::Kind::Integer: return Formatter::integral(vals.ints, false, vals.unsigned_ints);
      case Visible::Kind::Bool: return Formatter::integral(vals.ints, true);
      case Visible::Kind::Complex: f2 = Formatter::floating(vals.im, opts); break;
      case Visible::Kind::Floating: break;
    }
    return Formatter::floating(vals.re, opts);
  }();
  return Layout(plan, vals, f1, f2, opts).run(indent);
}

std::vector<std::string> standard_suffixes(const Tensor& t) {
  std::vector<std::string> suffixes;
  if (!t.device().is_cpu()) suffixes.push_back("device='" + t.device().str() + "'");
  const DType d = t.dtype();
  if (t.device().is_meta()) {
    // No values: the body is "...", so the size is always shown, and any dtype but the default.
    suffixes.push_back("size=" + tuple_repr(t.sizes()));
    if (d != default_dtype()) suffixes.push_back("dtype=" + dtype_repr(d));
  } else if (t.numel() == 0) {
    // Nothing to infer the dtype from, so only the default float dtype is implied.
    if (t.dim() != 1) suffixes.push_back("size=" + tuple_repr(t.sizes()));
    if (d != default_dtype()) suffixes.push_back("dtype=" + dtype_repr(d));
  } else {
    // PyTorch 2.x: with edgeitems 0 the body is "[...]", so the shape is shown.
    if (print_options().edgeitems == 0) suffixes.push_back("size=" + tuple_repr(t.sizes()));
    const bool has_default_dtype = d == default_dtype() || d == default_complex_dtype() ||
                                   d == DType::Int64 || d == DType::Bool;
    if (!has_default_dtype) suffixes.push_back("dtype=" + dtype_repr(d));
  }
  return suffixes;
}

std::string add_suffixes(std::string s, const std::vector<std::string>& suffixes, int64_t indent,
                         bool force_newline) {
  const int64_t linewidth = print_options().linewidth;
  // PyTorch's quirk: len(s) - s.rfind('\n') + 1 is the last line's length + 2
  // (and len(s) + 2 without a newline, since rfind gives -1).
  const size_t nl = s.rfind('\n');
  int64_t last_line_len = static_cast<int64_t>(s.size()) -
                          (nl == std::string::npos ? -1 : static_cast<int64_t>(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    const int64_t len = static_cast<int64_t>(suffix.size());
    if (force_newline || last_line_len + len + 2 > linewidth) {
      s += ",\n" + std::string(static_cast<size_t>(indent), ' ') + suffix;
      last_line_len = indent + len;
      force_newline = false;
    } else {
      s += ", " + suffix;
      last_line_len += len + 2;
    }
  }
  return s + ")";
}

std::string tensor_repr(const Tensor& t, const std::vector<std::string>& extra_suffixes) {
  static const std::string prefix = "tensor(";
  const int64_t indent = static_cast<int64_t>(prefix.size());
  std::vector<std::string> suffixes = standard_suffixes(t);
  suffixes.insert(suffixes.end(), extra_suffixes.begin(), extra_suffixes.end());
  // Autograd's part, as PyTorch prints it: the node that made a non-leaf, or a leaf's requires_grad.
  if (auto fn = autograd::grad_fn(t)) suffixes.push_back("grad_fn=<" + fn->name + ">");
  else if (autograd::requires_grad(t)) suffixes.push_back("requires_grad=True");
  return add_suffixes(prefix + tensor_body(t, indent), suffixes, indent);
}

}  // namespace tsh::format
