// shell/magics/storage_picture.cpp — laying out %storage's picture for a width,
// and drawing it as text (the picture and its rules are in storage_picture.h).
//
// Which cells a view reads comes from walking its elements (offset plus index
// times stride), so every geometry is drawn right, overlapping and stride-0
// views included. Views too large to walk are drawn without marks.
#include "shell/magics/storage_picture.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <set>

#include "engine/core/convert.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/format/formatter.h"
#include "engine/format/options.h"
#include "engine/format/pyrepr.h"
#include "engine/format/shape_repr.h"
#include "engine/format/tensor_repr.h"
#include "shell/terminal.h"

namespace tsh::shell {

namespace {

constexpr int64_t kWalkElements = int64_t(1) << 24;  // views walked element by element
constexpr int64_t kWalkCells = int64_t(1) << 28;     // cell range a coverage bitmap may span
constexpr int64_t kKeepAll = 64;                     // a view reading this many cells or fewer shows them all
constexpr int64_t kKeepEnds = 8;                     // else its first and last this many
constexpr int64_t kWholeStorage = 512;               // storages this long may be drawn whole
constexpr int64_t kGridElements = int64_t(1) << 20;  // views whose element grid is listed
const char* const kGlyphs[] = {"\xE2\x96\xB2", "\xE2\x96\xB3", "\xE2\x97\x86",
                               "\xE2\x97\x87", "\xE2\x97\x8F", "\xE2\x97\x8B"};  // ▲ △ ◆ ◇ ● ○

size_t digits(int64_t v) { return std::to_string(v).size(); }

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

// Calls f(cell, index) for each element of a geometry, in row-major order.
template <class F>
void walk(const Shape& sizes, const Shape& strides, int64_t offset, F&& f) {
  for (int64_t s : sizes)
    if (s == 0) return;
  std::vector<int64_t> idx(sizes.size(), 0);
  int64_t cell = offset;
  for (;;) {
    f(cell, idx);
    int64_t d = static_cast<int64_t>(sizes.size()) - 1;
    for (; d >= 0; --d) {
      const auto u = static_cast<size_t>(d);
      if (++idx[u] < sizes[u]) {
        cell += strides[u];
        break;
      }
      cell -= strides[u] * (sizes[u] - 1);
      idx[u] = 0;
    }
    if (d < 0) break;
  }
}

// Which cells one view reads: a bitmap over the range it spans, from a walk
// over its elements. Dims of stride 0 (expanded) are left out of the walk:
// each cell the rest reads is read `multiplicity` times.
struct Coverage {
  int64_t numel = 0, first = 0, last = -1;  // the lowest and highest cell read
  Shape sizes, strides;                     // the walked dims
  int64_t multiplicity = 1;
  bool walked = false;
  std::vector<bool> bits;  // over [first, last]
  int64_t distinct = 0;
  bool reads(int64_t c) const { return walked && c >= first && c <= last && bits[static_cast<size_t>(c - first)]; }
};

Coverage cover(const StorageView& v) {
  Coverage c;
  c.numel = shape_numel(v.sizes);
  if (c.numel == 0) return c;
  c.first = c.last = v.offset;
  for (size_t d = 0; d < v.sizes.size(); ++d) {  // a negative stride (NumPy's a[::-1]) reaches below the offset
    const int64_t reach = (v.sizes[d] - 1) * v.strides[d];
    (reach < 0 ? c.first : c.last) += reach;
  }
  int64_t walked = 1;
  for (size_t d = 0; d < v.sizes.size(); ++d) {
    if (v.strides[d] == 0 && v.sizes[d] > 1) {
      c.multiplicity *= v.sizes[d];
      continue;
    }
    c.sizes.push_back(v.sizes[d]);
    c.strides.push_back(v.strides[d]);
    walked *= v.sizes[d];
  }
  if (walked > kWalkElements || c.last - c.first >= kWalkCells) return c;
  c.walked = true;
  c.bits.assign(static_cast<size_t>(c.last - c.first + 1), false);
  walk(c.sizes, c.strides, v.offset, [&](int64_t cell, const std::vector<int64_t>&) {
    const auto k = static_cast<size_t>(cell - c.first);
    if (!c.bits[k]) c.bits[k] = true, ++c.distinct;
  });
  return c;
}

// The values of some cells, as the tensor would print them (PyTorch's
// formatter over exactly those values), without padding.
std::map<int64_t, std::string> cell_texts(const Storage& st, DType dtype, const std::set<int64_t>& cells) {
  std::map<int64_t, std::string> out;
  if (st->device.is_meta()) {  // a meta storage holds no values
    for (int64_t c : cells) out[c] = "?";
    return out;
  }
  const int64_t item = itemsize(dtype);
  std::vector<std::string> texts;
  dispatch(dtype, [&]<typename T>() {
    std::vector<T> vals;
    for (int64_t c : cells) {
      T x;
      read_bytes(&x, st, c * item, item);
      vals.push_back(x);
    }
    if constexpr (is_complex_v<T>) {
      for (const T& x : vals)
        texts.push_back(format::complex_repr({static_cast<double>(x.real()), static_cast<double>(x.imag())}));
    } else if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T>) {
      std::vector<int64_t> iv;
      for (const T& x : vals) iv.push_back(static_cast<int64_t>(x));
      const format::Formatter f = format::Formatter::integral(iv, std::is_same_v<T, bool>);
      for (int64_t x : iv) texts.push_back(f.format(x));
    } else {
      std::vector<double> dv;
      for (const T& x : vals) {
        if constexpr (std::is_same_v<T, double>) dv.push_back(x);
        else dv.push_back(static_cast<double>(static_cast<float>(x)));
      }
      const format::Formatter f = format::Formatter::floating(dv, format::print_options());
      for (double x : dv) texts.push_back(f.format(x));
    }
  });
  size_t i = 0;
  for (int64_t c : cells) {
    std::string& s = texts[i++];
    s.erase(0, s.find_first_not_of(' '));
    out[c] = s;
  }
  return out;
}

// Splits cells (sorted) into bands of at most `width` columns.
std::vector<StoragePicture::Band> pack(const std::vector<int64_t>& cells, size_t w, int64_t n, size_t width) {
  std::vector<StoragePicture::Band> bands;
  StoragePicture::Band band;
  for (size_t i = 0; i < cells.size(); ++i) {
    StoragePicture::Band trial = band;
    if (trial.cells.empty()) trial.gap_before = i == 0 ? cells[0] > 0 : cells[i] != cells[i - 1] + 1;
    trial.cells.push_back(cells[i]);
    trial.gap_after = i + 1 == cells.size() && cells[i] < n - 1;
    if (!band.cells.empty() && band_columns(trial, w).width > width) {
      bands.push_back(band);
      band = StoragePicture::Band{};
      band.gap_before = cells[i] != cells[i - 1] + 1;
      band.cells.push_back(cells[i]);
      band.gap_after = trial.gap_after;
    } else {
      band = std::move(trial);
    }
  }
  if (!band.cells.empty()) bands.push_back(band);
  return bands;
}

std::string plural(int64_t n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// "element [i, j] is storage[4 + 4*i + 1*j]".
std::string element_rule(const StorageView& v) {
  const size_t dims = v.sizes.size();
  if (dims == 0) return "the element is storage[" + std::to_string(v.offset) + "]";
  std::string names, terms;
  for (size_t d = 0; d < dims; ++d) {
    names += (d ? ", " : "") + index_name(d, dims);
    terms += (v.strides[d] < 0 ? " - " : " + ") + std::to_string(v.strides[d] < 0 ? -v.strides[d] : v.strides[d]) + "*" +
             index_name(d, dims);
  }
  return "element [" + names + "] is storage[" + std::to_string(v.offset) + terms + "]";
}

std::string geometry(const StorageView& v) {
  return "size " + format::tuple_repr(v.sizes) + ", stride " + format::tuple_repr(v.strides) + ", offset " +
         std::to_string(v.offset) + (is_contiguous(v.sizes, v.strides) ? ", contiguous" : ", not contiguous");
}

void add(std::vector<std::string>& to, const std::vector<std::string>& lines) { to.insert(to.end(), lines.begin(), lines.end()); }

// Why a view is not contiguous: the innermost dim whose stride is not the one
// a contiguous tensor of its sizes has (dims of size 1 never count).
std::string not_contiguous_reason(const StorageView& v) {
  int64_t expected = 1;
  for (size_t d = v.sizes.size(); d-- > 0;) {
    if (v.sizes[d] == 1) continue;
    if (v.strides[d] != expected)
      return "stepping dim " + std::to_string(d) + " moves " + plural(v.strides[d], "cell") +
             ", where a contiguous " + format::tuple_repr(v.sizes) + " tensor moves " + std::to_string(expected);
    expected *= v.sizes[d];
  }
  return "";
}

// The element grid: each element's storage index, laid out as the tensor prints.
std::vector<std::string> element_grid(const StorageView& v, size_t width) {
  Tensor grid = empty(v.sizes, DType::Int64);
  int64_t* at = grid.data<int64_t>();
  walk(v.sizes, v.strides, v.offset, [&](int64_t cell, const std::vector<int64_t>&) { *at++ = cell; });
  format::PrintOptions& opts = format::print_options();
  const format::PrintOptions saved = opts;
  opts.linewidth = static_cast<int64_t>(width);
  opts.threshold = 200;
  opts.edgeitems = 3;
  std::string body;
  try {
    body = format::tensor_body(grid, 2);
  } catch (...) {
    opts = saved;
    throw;
  }
  opts = saved;
  std::vector<std::string> lines;
  size_t from = 0;
  for (;;) {
    const size_t nl = body.find('\n', from);
    std::string line = body.substr(from, nl == std::string::npos ? std::string::npos : nl - from);
    lines.push_back(lines.empty() ? "  " + line : line);
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  return lines;
}

}  // namespace

BandColumns band_columns(const StoragePicture::Band& band, size_t cell_width) {
  BandColumns b;
  size_t col = 0;
  for (size_t i = 0; i < band.cells.size(); ++i) {
    const bool starts = i == 0 || band.cells[i] != band.cells[i - 1] + 1;
    if (starts) {
      if (i) col += 1;  // the right border of the segment before
      if (i || band.gap_before) b.gaps.push_back(col + 1), col += 3;
    }
    b.box.push_back(col);
    col += cell_width + 3;
  }
  if (!band.cells.empty()) col += 1;
  if (band.gap_after) b.gaps.push_back(col + 1), col += 3;
  b.width = col;
  return b;
}

StoragePicture layout_storage(const Storage& st, DType dtype, const std::vector<StorageView>& views,
                              const std::string& label, size_t width) {
  StoragePicture p;
  const int64_t item = itemsize(dtype);
  const int64_t n = st->nbytes / item;
  std::vector<Coverage> cov;
  for (const StorageView& v : views) cov.push_back(cover(v));

  // The header: each view's geometry and rule, then the storage.
  const std::string storage_line = plural(n, "cell") + " of " + std::string(dtype_name(dtype)) + " (" +
                                   std::to_string(st->nbytes) + " bytes) on " + st->device.str();
  auto read_count = [&](size_t k) {
    const Coverage& c = cov[k];
    if (c.numel == 0) return std::string("none");
    return std::to_string(c.distinct);
  };
  auto say = [&](const std::string& sentence) { add(p.header, fold_words(sentence, width, 2)); };
  if (views.empty()) {
    say(label + ": a storage of " + storage_line);
  } else if (views.size() == 1) {
    say(views[0].label + ": " + geometry(views[0]));
    if (cov[0].numel == 0 || cov[0].walked)
      say("storage: " + storage_line + ", " + read_count(0) + " of them in the view");
    else
      say("storage: " + storage_line);
    say(element_rule(views[0]));
  } else {
    std::string reads = "storage: " + storage_line;
    for (size_t k = 0; k < views.size(); ++k) {
      const std::string glyph = kGlyphs[k % std::size(kGlyphs)];
      add(p.header, fold_words(glyph + " " + views[k].label + ": " + geometry(views[k]), width, 4));
      for (const std::string& line : fold_words(element_rule(views[k]), width - 2, 2)) p.header.push_back("  " + line);
      if (cov[k].numel == 0 || cov[k].walked) reads += ", " + views[k].label + " reads " + read_count(k);
    }
    say(reads);
  }

  // Marks: the view's index under a cell when it fits in a few characters, ×n alone otherwise.
  size_t label_w = 1;
  for (size_t k = 0; k < views.size(); ++k) {
    StoragePicture::ViewMarks m;
    m.glyph = kGlyphs[k % std::size(kGlyphs)];
    const Coverage& c = cov[k];
    if (c.walked) {
      size_t bound = views[k].sizes.empty() ? 2 : views[k].sizes.size() - 1;
      for (int64_t s : views[k].sizes) bound += digits(std::max<int64_t>(s - 1, 0));
      m.index_labels = bound <= 7 && c.multiplicity == 1;
      if (m.index_labels) label_w = std::max(label_w, bound);
      // ×n where cells are read more than once: n is at most the elements beyond one per cell, plus one.
      if (c.distinct < c.numel) label_w = std::max(label_w, 1 + digits(c.numel - c.distinct + 1));
    }
    p.views.push_back(std::move(m));
  }

  if (n > 0) {
    // The cells that must be drawn: those the views read (or their first and last).
    std::set<int64_t> must;
    for (const Coverage& c : cov) {
      if (c.numel == 0) continue;
      must.insert(c.first), must.insert(c.last);
      if (!c.walked) continue;
      int64_t taken = 0;
      const bool all = c.distinct <= kKeepAll;
      for (int64_t x = c.first; x <= c.last && (all || taken < kKeepEnds); ++x)
        if (c.reads(x)) must.insert(x), ++taken;
      taken = 0;
      for (int64_t x = c.last; !all && x >= c.first && taken < kKeepEnds; --x)
        if (c.reads(x)) must.insert(x), ++taken;
    }
    // A gap of one or two cells costs about as much as drawing them: draw them.
    for (auto it = must.begin(); it != must.end();) {
      const int64_t a = *it;
      if (++it == must.end()) break;
      for (int64_t x = a + 1; x < *it && *it - a <= 3; ++x) must.insert(x);
    }
    // Candidates: the must cells and up to 32 cells around each end of each run of them, and
    // the storage's ends. Their values and indices fix the cells' width.
    std::set<int64_t> candidates;
    if (n <= kWholeStorage) {
      for (int64_t x = 0; x < n; ++x) candidates.insert(x);
    } else {
      std::vector<int64_t> anchors = {0, n - 1};
      for (auto it = must.begin(); it != must.end(); ++it) {
        if (it == must.begin() || *std::prev(it) != *it - 1) anchors.push_back(*it);
        if (std::next(it) == must.end() || *std::next(it) != *it + 1) anchors.push_back(*it);
      }
      candidates = must;
      for (int64_t a : anchors)
        for (int64_t x = std::max<int64_t>(0, a - 32); x <= std::min(n - 1, a + 32); ++x) candidates.insert(x);
    }
    p.values = cell_texts(st, dtype, candidates);
    size_t w = label_w;
    for (const auto& [c, text] : p.values) w = std::max({w, text_width(text), digits(c)});

    const std::vector<int64_t> must_cells(must.begin(), must.end());
    const size_t budget = std::max<size_t>(1, pack(must_cells, w, n, width).size());
    std::vector<int64_t> all;
    if (n <= kWholeStorage)
      for (int64_t x = 0; x < n; ++x) all.push_back(x);
    if (!all.empty() && pack(all, w, n, width).size() <= std::max<size_t>(budget, 2)) {
      p.bands = pack(all, w, n, width);
    } else {
      // Grow from the storage's ends and from each end of each run of must cells, a cell at a
      // time on each front, while the drawing keeps to the bands the must cells need.
      std::set<int64_t> shown = must;
      auto fits = [&](const std::set<int64_t>& s) {
        return pack(std::vector<int64_t>(s.begin(), s.end()), w, n, width).size() <= budget;
      };
      for (int64_t end : {int64_t(0), n - 1}) {
        if (shown.count(end)) continue;
        shown.insert(end);
        if (!fits(shown)) shown.erase(end);
      }
      struct Front {
        int64_t at, dir;
        bool open = true;
      };
      std::vector<Front> fronts;
      for (auto it = shown.begin(); it != shown.end(); ++it) {
        if (it == shown.begin() || *std::prev(it) != *it - 1) fronts.push_back({*it, -1});
        if (std::next(it) == shown.end() || *std::next(it) != *it + 1) fronts.push_back({*it, 1});
      }
      for (bool progress = true; progress;) {
        progress = false;
        for (Front& f : fronts) {
          if (!f.open) continue;
          const int64_t c = f.at + f.dir;
          if (c < 0 || c >= n || shown.count(c) || !candidates.count(c)) {
            f.open = false;
            continue;
          }
          shown.insert(c);
          if (fits(shown)) {
            f.at = c, progress = true;
          } else {
            shown.erase(c), f.open = false;
          }
        }
      }
      p.bands = pack(std::vector<int64_t>(shown.begin(), shown.end()), w, n, width);
    }
    p.cell_width = w;

    // Each view's marks at the cells drawn.
    for (size_t k = 0; k < views.size(); ++k) {
      const Coverage& c = cov[k];
      if (!c.walked) continue;
      auto& at = p.views[k].at;
      for (const auto& band : p.bands)
        for (int64_t x : band.cells)
          if (c.reads(x)) at[x];
      walk(c.sizes, c.strides, views[k].offset, [&](int64_t cell, const std::vector<int64_t>& idx) {
        auto it = at.find(cell);
        if (it == at.end()) return;
        if (it->second.count == 0) it->second.index = idx;  // the full index when multiplicity is 1
        it->second.count += c.multiplicity;
      });
    }
  }

  // Under the picture: each view's element grid, then what to notice, in words.
  auto note = [&](const std::string& text, size_t view) {
    for (const std::string& line : fold_words(text, width, 2)) p.after.push_back(line), p.after_view.push_back(view);
  };
  for (size_t k = 0; k < views.size(); ++k) {
    const StorageView& v = views[k];
    const Coverage& c = cov[k];
    if (v.sizes.empty() || v.sizes.size() > 3 || c.numel == 0 || c.numel > kGridElements) continue;
    note(views.size() == 1 ? "storage index of each element:" : "storage index of each element of " + v.label + ":", k);
    for (const std::string& line : element_grid(v, width)) p.after.push_back(line), p.after_view.push_back(k);
  }
  for (size_t k = 0; k < views.size(); ++k) {
    const StorageView& v = views[k];
    const Coverage& c = cov[k];
    const std::string who = views.size() == 1 ? "the view" : v.label;
    if (c.numel == 0) {
      note(who + " has no elements: it reads no cell", k);
    } else if (!c.walked) {
      note("(" + who + "'s " + std::to_string(c.numel) + " elements are too many to mark cell by cell)", k);
    }
    if (c.numel > 1) {
      if (is_contiguous(v.sizes, v.strides))
        note(who + " is contiguous: its elements are consecutive cells, in order", k);
      else
        note(who + " is not contiguous: " + not_contiguous_reason(v), k);
    }
    for (size_t d = 0; d < v.sizes.size(); ++d)
      if (v.strides[d] == 0 && v.sizes[d] > 1)
        note("stride 0 in dim " + std::to_string(d) + ": its " + std::to_string(v.sizes[d]) +
                 " positions read the same cells (an expanded view)", k);
    if (c.walked && c.multiplicity == 1 && c.distinct < c.numel)
      note(who + " overlaps itself: " + std::to_string(c.numel) + " elements read " + plural(c.distinct, "cell"), k);
    if (!v.remark.empty()) note(v.remark, k);
  }
  for (size_t a = 0; a < views.size(); ++a)
    for (size_t b = a + 1; b < views.size(); ++b) {
      const Coverage &ca = cov[a], &cb = cov[b];
      if (!ca.walked || !cb.walked) continue;
      int64_t common = 0;
      for (int64_t x = std::max(ca.first, cb.first); x <= std::min(ca.last, cb.last); ++x) common += ca.reads(x) && cb.reads(x);
      const std::string pair = views[a].label + " and " + views[b].label;
      if (common == ca.distinct && common == cb.distinct)
        note(pair + " read the same " + plural(common, "cell"), SIZE_MAX);
      else if (common == 0)
        note(pair + " read no cell in common", SIZE_MAX);
      else
        note(pair + " share " + plural(common, "cell"), SIZE_MAX);
    }
  if (n == 0) note("(the storage is empty: no cells to draw)", SIZE_MAX);
  return p;
}

// ---------------------------------------------------------------- text

namespace {

const char* const kColours[] = {"36", "35", "33", "32", "34", "31"};  // cyan magenta yellow green blue red

// A grid of columns, one character (and its colour) each.
struct Canvas {
  struct Ch {
    std::string text = " ";
    std::string colour;  // an SGR parameter ("36", "1;36"); "" for none
  };
  std::vector<std::vector<Ch>> rows;
  explicit Canvas(size_t n) : rows(n) {}
  void put(size_t row, size_t col, const std::string& s, const std::string& colour = "") {
    auto& r = rows[row];
    for (size_t i = 0; i < s.size();) {
      size_t len = 1;
      while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
      if (r.size() <= col) r.resize(col + 1);
      r[col++] = Ch{s.substr(i, len), colour};
      i += len;
    }
  }
  std::string line(size_t row, bool colour) const {
    const auto& r = rows[row];
    size_t end = r.size();
    while (end > 0 && r[end - 1].text == " ") --end;
    std::string out, current;
    for (size_t i = 0; i < end; ++i) {
      if (colour && r[i].colour != current) {
        out += current.empty() ? "" : "\33[0m";
        if (!r[i].colour.empty()) out += "\33[" + r[i].colour + "m";
        current = r[i].colour;
      }
      out += r[i].text;
    }
    if (!current.empty()) out += "\33[0m";
    return out;
  }
};

std::string centered(const std::string& s, size_t width) {
  const size_t w = text_width(s);
  if (w >= width) return s;
  return std::string((width - w + 1) / 2, ' ') + s;
}

std::string repeat(const char* s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

std::string render_text(const StoragePicture& p, bool colour) {
  std::string out;
  const size_t nviews = p.views.size();
  for (size_t i = 0; i < p.header.size(); ++i) {
    std::string line = p.header[i];
    // A view's glyph at the start of its header line takes the view's colour.
    for (size_t k = 0; colour && nviews > 1 && k < nviews; ++k)
      if (line.rfind(p.views[k].glyph + " ", 0) == 0)
        line = "\33[" + std::string(kColours[k % std::size(kColours)]) + "m" + p.views[k].glyph + "\33[0m" +
               line.substr(p.views[k].glyph.size());
    out += line + "\n";
  }
  const size_t w = p.cell_width;
  for (const StoragePicture::Band& band : p.bands) {
    const BandColumns cols = band_columns(band, w);
    Canvas c(4 + 2 * nviews);
    for (size_t g : cols.gaps) c.put(2, g, "\xE2\x80\xA6", "2");  // …
    for (size_t i = 0; i < band.cells.size(); ++i) {
      const int64_t cell = band.cells[i];
      const size_t x = cols.box[i];
      const bool starts = i == 0 || band.cells[i - 1] != cell - 1;
      const bool ends = i + 1 == band.cells.size() || band.cells[i + 1] != cell + 1;
      c.put(0, x + 1, centered(std::to_string(cell), w + 2), "2");
      if (starts) c.put(1, x, "\xE2\x94\x8C"), c.put(2, x, "\xE2\x94\x82"), c.put(3, x, "\xE2\x94\x94");  // ┌ │ └
      const std::string bar = repeat("\xE2\x94\x80", w + 2);                                                 // ─
      c.put(1, x + 1, bar + (ends ? "\xE2\x94\x90" : "\xE2\x94\xAC"));                                      // ┐ ┬
      c.put(3, x + 1, bar + (ends ? "\xE2\x94\x98" : "\xE2\x94\xB4"));                                      // ┘ ┴
      c.put(2, x + w + 3, "\xE2\x94\x82");
      std::string value_colour;
      for (size_t k = 0; k < nviews && value_colour.empty(); ++k)
        if (auto it = p.views[k].at.find(cell); it != p.views[k].at.end() && it->second.count > 0)
          value_colour = "1;" + std::string(kColours[k % std::size(kColours)]);
      const std::string& value = p.values.at(cell);
      c.put(2, x + 2 + w - text_width(value), value, value_colour);
      for (size_t k = 0; k < nviews; ++k) {
        const auto& m = p.views[k];
        auto it = m.at.find(cell);
        if (it == m.at.end() || it->second.count == 0) continue;
        const std::string col = kColours[k % std::size(kColours)];
        c.put(4 + 2 * k, x + 1, centered(m.glyph, w + 2), col);
        const std::string text = it->second.count > 1  ? "\xC3\x97" + std::to_string(it->second.count)  // ×n
                                 : m.index_labels       ? index_label(it->second.index)
                                                        : "";
        c.put(5 + 2 * k, x + 1, centered(text, w + 2), col);
      }
    }
    out += "\n";
    for (size_t r = 0; r < c.rows.size(); ++r) {
      const std::string line = c.line(r, colour);
      if (!line.empty()) out += line + "\n";
    }
  }
  if (!p.after.empty()) out += "\n";
  for (size_t i = 0; i < p.after.size(); ++i) {
    const size_t k = p.after_view[i];
    if (colour && k != SIZE_MAX && nviews > 1)
      out += "\33[" + std::string(kColours[k % std::size(kColours)]) + "m" + p.after[i] + "\33[0m\n";
    else
      out += p.after[i] + "\n";
  }
  return out;
}

}  // namespace tsh::shell
