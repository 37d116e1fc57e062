// shell/magics/magics_storage.cpp — %storage: drawing a storage and the cells a
// view covers (the picture and its rules are in magics_storage.h).
//
// Which cells a view covers comes from walking its elements (offset plus
// index times stride), so every geometry is drawn right, overlapping and
// stride-0 views included. Views too large to walk are drawn without marks.
#include "shell/magics/magics_storage.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "engine/core/memory.h"
#include "engine/core/convert.h"
#include "engine/core/shape.h"
#include "engine/format/formatter.h"
#include "engine/format/pyrepr.h"
#include "engine/ops/copy.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"

namespace tsh::shell {

namespace {

constexpr int64_t kWalkElements = int64_t(1) << 24;  // views walked element by element
constexpr int64_t kWalkCells = int64_t(1) << 28;     // cell range a coverage bitmap may span

size_t digits(int64_t v) { return std::to_string(v).size(); }

std::string tuple_text(const Shape& s) {
  if (s.size() == 1) return "(" + std::to_string(s[0]) + ",)";
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + ")";
}

std::string index_name(size_t d, size_t dims) {
  static const char names[] = "ijklmnpq";
  if (dims <= 8) return std::string(1, names[d]);
  return "i" + std::to_string(d);
}

// The view's index at a cell, as written under it: "2", "1,0"; "()" for 0-d.
std::string index_label(const std::vector<int64_t>& idx) {
  if (idx.empty()) return "()";
  std::string out;
  for (size_t i = 0; i < idx.size(); ++i) out += (i ? "," : "") + std::to_string(idx[i]);
  return out;
}

struct View {
  Shape sizes, strides;
  int64_t offset = 0, numel = 0;
  int64_t first = 0, last = -1;  // the lowest and highest cell it reads (none when numel == 0)
};

// Calls f(cell, index) for each element of the view, in row-major order.
template <class F>
void walk(const View& v, F&& f) {
  if (v.numel == 0) return;
  std::vector<int64_t> idx(v.sizes.size(), 0);
  int64_t cell = v.offset;
  for (;;) {
    f(cell, idx);
    int64_t d = static_cast<int64_t>(v.sizes.size()) - 1;
    for (; d >= 0; --d) {
      const auto u = static_cast<size_t>(d);
      if (++idx[u] < v.sizes[u]) {
        cell += v.strides[u];
        break;
      }
      cell -= v.strides[u] * (v.sizes[u] - 1);
      idx[u] = 0;
    }
    if (d < 0) break;
  }
}

// The values of some cells, as the tensor would print them (PyTorch's
// formatter over exactly those values), without padding.
std::vector<std::string> cell_texts(const Storage& st, DType dtype, const std::vector<int64_t>& cells) {
  if (st->device.is_meta()) return std::vector<std::string>(cells.size(), "?");  // a meta storage holds no values
  const int64_t item = itemsize(dtype);
  std::vector<std::vector<char>> raw;
  for (int64_t c : cells) {
    std::vector<char> bytes(static_cast<size_t>(item));
    read_bytes(bytes.data(), st, c * item, item);
    raw.push_back(std::move(bytes));
  }
  std::vector<std::string> out;
  dispatch(dtype, [&]<typename T>() {
    std::vector<T> vals;
    for (const auto& b : raw) {
      T x;
      std::memcpy(&x, b.data(), sizeof x);
      vals.push_back(x);
    }
    if constexpr (is_complex_v<T>) {
      for (const T& x : vals)
        out.push_back(format::complex_repr({static_cast<double>(x.real()), static_cast<double>(x.imag())}));
    } else if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T>) {
      std::vector<int64_t> iv;
      for (const T& x : vals) iv.push_back(static_cast<int64_t>(x));
      const format::Formatter f = format::Formatter::integral(iv, std::is_same_v<T, bool>);
      for (int64_t x : iv) out.push_back(f.format(x));
    } else {
      std::vector<double> dv;
      for (const T& x : vals) dv.push_back(static_cast<double>(static_cast<float>(x)));
      if constexpr (std::is_same_v<T, double>) {
        dv.clear();
        for (const T& x : vals) dv.push_back(x);
      }
      const format::Formatter f = format::Formatter::floating(dv, format::print_options());
      for (double x : dv) out.push_back(f.format(x));
    }
  });
  for (std::string& s : out) s.erase(0, s.find_first_not_of(' '));
  return out;
}

std::string centered(const std::string& s, size_t width) {
  const size_t w = text_width(s);
  if (w >= width) return s;
  const size_t left = (width - w + 1) / 2;
  return std::string(left, ' ') + s + std::string(width - w - left, ' ');
}

std::string right(const std::string& s, size_t width) {
  const size_t w = text_width(s);
  return w >= width ? s : std::string(width - w, ' ') + s;
}

std::string repeat(const char* s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

void rstrip(std::string& s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
}

// Columns a row of `cells` (sorted) takes with cells `w` wide inside.
size_t drawn_width(const std::vector<int64_t>& cells, size_t w) {
  size_t total = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    const bool starts_segment = i == 0 || cells[i] != cells[i - 1] + 1;
    if (starts_segment) total += i == 0 ? 1 : 4;  // a box's left border, after a " … " gap
    total += w + 3;
  }
  return total;
}

struct Mark {
  int64_t count = 0;
  std::vector<int64_t> index;  // the first view index reading the cell
};

std::string draw(const Storage& st, DType dtype, const View* view, const std::string& label, size_t width) {
  const int64_t item = itemsize(dtype);
  const int64_t n = st->nbytes / item;
  std::string out;
  if (view) {
    out += label + ": size " + tuple_text(view->sizes) + ", stride " + tuple_text(view->strides) + ", offset " +
           std::to_string(view->offset) + ", " +
           (is_contiguous(view->sizes, view->strides) ? "contiguous" : "not contiguous") + "\n";
  }
  out += std::string(view ? "storage: " : label + ": a storage of ") + std::to_string(n) + " cell" +
         (n == 1 ? "" : "s") + " of " + std::string(dtype_name(dtype)) + " (" + std::to_string(st->nbytes) +
         " bytes) on " + st->device.str();

  // Which cells the view covers: a bitmap over the range it spans, from a
  // walk over its elements. Dims of stride 0 (expanded) are left out of the
  // walk: each cell the rest reads is read `multiplicity` times.
  View traced;
  int64_t multiplicity = 1;
  if (view) {
    traced.offset = view->offset, traced.first = view->first, traced.last = view->last;
    traced.numel = view->numel > 0 ? 1 : 0;
    for (size_t d = 0; d < view->sizes.size(); ++d) {
      if (view->strides[d] == 0 && view->sizes[d] > 1) {
        multiplicity *= view->sizes[d];
        continue;
      }
      traced.sizes.push_back(view->sizes[d]);
      traced.strides.push_back(view->strides[d]);
      traced.numel *= view->sizes[d];
    }
  }
  bool walked = false;
  std::vector<bool> covered;
  int64_t distinct = 0;
  if (view && view->numel > 0 && traced.numel <= kWalkElements && view->last - view->first < kWalkCells) {
    walked = true;
    covered.assign(static_cast<size_t>(view->last - view->first + 1), false);
    walk(traced, [&](int64_t cell, const std::vector<int64_t>&) {
      const auto k = static_cast<size_t>(cell - view->first);
      if (!covered[k]) {
        covered[k] = true;
        ++distinct;
      }
    });
  }
  auto is_covered = [&](int64_t c) {
    return walked && c >= view->first && c <= view->last && covered[static_cast<size_t>(c - view->first)];
  };
  if (view) {
    if (view->numel == 0)
      out += ", none of them in the view (it has no elements)";
    else if (walked)
      out += ", " + std::to_string(distinct) + " of them in the view";
  }
  out += "\n";
  if (view && view->numel > 0 && !walked)
    out += "(the view's " + std::to_string(view->numel) + " elements are too many to mark cell by cell)\n";
  if (view) {
    const size_t dims = view->sizes.size();
    if (dims == 0) {
      out += "the element is storage[" + std::to_string(view->offset) + "]\n";
    } else {
      std::string names, terms;
      for (size_t d = 0; d < dims; ++d) {
        names += (d ? ", " : "") + index_name(d, dims);
        terms += " + " + std::to_string(view->strides[d]) + "*" + index_name(d, dims);
      }
      out += "element [" + names + "] is storage[" + std::to_string(view->offset) + terms + "]\n";
    }
    for (size_t d = 0; d < dims; ++d)
      if (view->strides[d] == 0 && view->sizes[d] > 1)
        out += "stride 0 in dim " + std::to_string(d) + ": its " + std::to_string(view->sizes[d]) +
               " positions read the same cells (an expanded view)\n";
    const bool any_zero = std::any_of(view->strides.begin(), view->strides.end(), [](int64_t s) { return s == 0; });
    if (walked && distinct < view->numel && !any_zero)
      out += "the view overlaps itself: some cells are read by several elements\n";
  }
  if (n == 0) return out + "\n(the storage is empty: no cells to draw)\n";

  // The view's index under each covered cell when it fits in a few
  // characters; ×n alone otherwise.
  size_t label_w = 1;
  bool index_labels = false;
  if (view && walked) {
    size_t bound = view->sizes.empty() ? 2 : view->sizes.size() - 1;
    for (int64_t s : view->sizes) bound += digits(std::max<int64_t>(s - 1, 0));
    index_labels = bound <= 7 && multiplicity == 1;
    label_w = index_labels ? bound : 1;
    // ×n where cells are read more than once: n is at most the elements
    // beyond one per cell, plus one.
    if (distinct < view->numel) label_w = std::max(label_w, 1 + digits(view->numel - distinct + 1));
  }

  // Choose the cells to draw: everything when it fits, else the ends of the
  // storage, the view's first and last cells, the first cells it covers and
  // neighbours of those, as many as the width allows.
  std::set<int64_t> shown;
  auto inner_width = [&](const std::vector<int64_t>& cells) {
    size_t w = label_w;
    for (const std::string& t : cell_texts(st, dtype, cells)) w = std::max(w, text_width(t));
    for (int64_t c : cells) w = std::max(w, digits(c));
    return w;
  };
  auto fits = [&](const std::set<int64_t>& s) {
    std::vector<int64_t> cells(s.begin(), s.end());
    return drawn_width(cells, inner_width(cells)) <= width;
  };
  auto try_add = [&](int64_t c) {
    if (c < 0 || c >= n || shown.count(c)) return false;
    shown.insert(c);
    if (fits(shown)) return true;
    shown.erase(c);
    return false;
  };
  std::vector<int64_t> all;
  if (n <= 64) {
    for (int64_t c = 0; c < n; ++c) all.push_back(c);
  }
  if (!all.empty() && drawn_width(all, inner_width(all)) <= width) {
    shown.insert(all.begin(), all.end());
  } else {
    std::vector<int64_t> anchors = {0, n - 1};
    if (view && view->numel > 0) anchors.push_back(view->first), anchors.push_back(view->last);
    for (int64_t a : anchors) shown.insert(std::clamp<int64_t>(a, 0, n - 1));
    if (walked) {
      int misses = 0;
      for (int64_t c = view->first; c <= view->last && misses < 2; ++c)
        if (is_covered(c) && !shown.count(c) && !try_add(c)) ++misses;
    }
    // Widen each anchor to both sides, one cell at a time, until the next
    // cell on that side no longer fits (no isolated cells further out).
    struct Front {
      int64_t from, dir;
      bool open = true;
    };
    std::vector<Front> fronts;
    for (int64_t a : anchors) fronts.push_back({a, 1}), fronts.push_back({a, -1});
    for (int64_t d = 1;; ++d) {
      bool progress = false;
      for (Front& f : fronts) {
        if (!f.open) continue;
        const int64_t c = f.from + f.dir * d;
        if (c < 0 || c >= n || !(shown.count(c) || try_add(c)))
          f.open = false;
        else
          progress = true;
      }
      if (!progress) break;
    }
  }
  const std::vector<int64_t> cells(shown.begin(), shown.end());
  const size_t w = inner_width(cells);
  const std::vector<std::string> values = cell_texts(st, dtype, cells);

  std::map<int64_t, Mark> marks;
  if (walked) {
    for (int64_t c : cells)
      if (is_covered(c)) marks[c];
    walk(traced, [&](int64_t cell, const std::vector<int64_t>& idx) {
      auto it = marks.find(cell);
      if (it == marks.end()) return;
      if (it->second.count == 0) it->second.index = idx;  // the full index when multiplicity is 1
      it->second.count += multiplicity;
    });
  }

  std::string index_row, top, middle, bottom, mark_row, label_row;
  const std::string bar = repeat("\xE2\x94\x80", w + 2);  // ─
  for (size_t i = 0; i < cells.size(); ++i) {
    const bool starts = i == 0 || cells[i] != cells[i - 1] + 1;
    const bool ends = i + 1 == cells.size() || cells[i + 1] != cells[i] + 1;
    if (starts) {
      if (i) {  // a gap between boxes
        for (std::string* row : {&index_row, &top, &bottom, &mark_row, &label_row}) *row += "   ";
        middle += " \xE2\x80\xA6 ";  // …
      }
      top += "\xE2\x94\x8C";     // ┌
      middle += "\xE2\x94\x82";  // │
      bottom += "\xE2\x94\x94";  // └
      index_row += " ", mark_row += " ", label_row += " ";
    }
    index_row += centered(std::to_string(cells[i]), w + 2) + " ";
    top += bar + (ends ? "\xE2\x94\x90" : "\xE2\x94\xAC");     // ┐ ┬
    middle += " " + right(values[i], w) + " \xE2\x94\x82";      // │
    bottom += bar + (ends ? "\xE2\x94\x98" : "\xE2\x94\xB4");  // ┘ ┴
    std::string mark, text;
    if (auto it = marks.find(cells[i]); it != marks.end() && it->second.count > 0) {
      mark = "\xE2\x96\xB2";  // ▲
      if (it->second.count > 1)
        text = "\xC3\x97" + std::to_string(it->second.count);  // ×n
      else if (index_labels)
        text = index_label(it->second.index);
    }
    mark_row += centered(mark, w + 2) + " ";
    label_row += centered(text, w + 2) + " ";
  }
  out += "\n";
  for (std::string* row : {&index_row, &top, &middle, &bottom, &mark_row, &label_row}) {
    rstrip(*row);
    if (!row->empty()) out += *row + "\n";
  }
  return out;
}

}  // namespace

std::string storage_diagram(const Tensor& t, const std::string& label, size_t width) {
  View v;
  v.sizes = t.sizes();
  v.strides = t.strides();
  v.offset = t.storage_offset();
  v.numel = t.numel();
  if (v.numel > 0) {
    v.first = v.last = v.offset;
    for (size_t d = 0; d < v.sizes.size(); ++d) v.last += (v.sizes[d] - 1) * v.strides[d];
  }
  return draw(t.storage(), t.dtype(), &v, label, width);
}

std::string storage_diagram(const Storage& storage, DType dtype, const std::string& label, size_t width) {
  return draw(storage, dtype, nullptr, label, width);
}

void magic_storage(const MagicCall& call) {
  const std::string& arg = call.args();
  if (arg.empty()) throw UsageError("%storage needs a tensor: %storage t");
  const auto& stmts = parse_argument_code(call, arg, 0);
  if (stmts.size() != 1 || stmts[0]->kind != grammar::StmtKind::Expr)
    throw UsageError("%storage takes one expression, a tensor: %storage t");
  const Value v = call.in.eval(*stmts[0]->value);
  if (v.is(Kind::Tensor)) {
    call.print(storage_diagram(v.as_tensor(), arg));
  } else if (v.is(Kind::Storage)) {
    const auto* s = v.as<StorageObj>();
    call.print(storage_diagram(s->storage, s->untyped ? DType::UInt8 : s->dtype, arg));
  } else {
    throw TypeError("%storage expects a tensor (or a storage), got " + type_name(v));
  }
}

}  // namespace tsh::shell
