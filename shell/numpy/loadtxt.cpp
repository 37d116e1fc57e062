// shell/numpy/loadtxt.cpp — numpy.loadtxt: a text file of numbers as an array, with NumPy 2.x's errors.
//
// Lines lose everything from the comment string on; lines left blank are no
// rows. Fields split on whitespace (delimiter=None) or on the delimiter.
// Numbers parse as Python's float() and int() do; a field that does not, a
// row with another column count, or a usecols index past the row raise
// NumPy's ValueErrors (rows counted among data rows, columns from 1).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/interrupt.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/file_write.h"
#include "shell/numpy/array.h"

namespace tsh::shell {

namespace {

std::string strip(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n\f\v");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n\f\v") - b + 1);
}

std::vector<std::string> split(const std::string& line, const std::optional<std::string>& delimiter) {
  std::vector<std::string> out;
  if (!delimiter) {
    std::istringstream in(line);
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
  }
  size_t start = 0;
  while (true) {
    const size_t at = line.find(*delimiter, start);
    out.push_back(strip(line.substr(start, at == std::string::npos ? std::string::npos : at - start)));
    if (at == std::string::npos) break;
    start = at + delimiter->size();
  }
  return out;
}

// A field as Python's float() reads it (inf, nan, exponents, surrounding spaces); nullopt if it is not one.
std::optional<double> parse_float(const std::string& field) {
  const std::string s = strip(field);
  if (s.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  // strtod also takes hexadecimal and "infinity" spellings Python's float() refuses or spells alike: hex is refused.
  if (s.find_first_of("xX") != std::string::npos) return std::nullopt;
  return v;
}

std::optional<int64_t> parse_int(const std::string& field) {
  const std::string s = strip(field);
  if (s.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE) return std::nullopt;
  return v;
}

}  // namespace

// numpy.loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0,
//               usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None)
Value numpy_loadtxt(Interpreter&, Args& a, Kwargs& kw, const std::function<std::optional<DType>(const Value&)>& dtype_of) {
  bool comments_given = a.size() > 2;
  for (const auto& [k, val] : kw) comments_given |= k == "comments";
  std::vector<Value> v = bind_params("loadtxt", a, kw,
                                     {"fname", "dtype", "comments", "delimiter", "converters", "skiprows", "usecols",
                                      "unpack", "ndmin", "encoding", "max_rows"},
                                     1);
  if (!v[0].is(Kind::Str)) throw TypeError("loadtxt: tsh reads files named by a str path");
  if (!v[4].is_none()) throw NotImplementedError("loadtxt: tsh does not support converters=");
  if (!v[9].is_none() && !(v[9].is(Kind::Str) && (v[9].as_str() == "utf-8" || v[9].as_str() == "bytes")))
    throw NotImplementedError("loadtxt: tsh reads UTF-8 text only");
  const std::string path = v[0].as_str();
  const DType dtype = v[1].is_none() ? DType::Float64 : dtype_of(v[1]).value_or(DType::Float64);
  if (dtype != DType::Float64 && dtype != DType::Float32 && dtype != DType::Int64 && dtype != DType::Int32)
    throw NotImplementedError("loadtxt: tsh reads float64, float32, int64 and int32 columns");
  std::vector<std::string> comments;
  if (!comments_given) comments.push_back("#");  // comments=None: no comment character at all
  else if (v[2].is(Kind::Str)) comments.push_back(v[2].as_str());
  else if (!v[2].is_none())
    for (const Value& c : v[2].items()) comments.push_back(c.as_str());
  std::optional<std::string> delimiter;
  if (!v[3].is_none()) delimiter = v[3].as_str();
  const int64_t skiprows = v[5].is_none() ? 0 : static_cast<int64_t>(v[5].as_int());
  std::vector<int64_t> usecols;
  if (v[6].is_intlike()) {
    usecols.push_back(static_cast<int64_t>(v[6].as_int()));
  } else if (!v[6].is_none()) {
    for (const Value& c : v[6].items()) usecols.push_back(static_cast<int64_t>(c.as_int()));
  }
  const bool unpack = truthy(v[7]);
  const int64_t ndmin = v[8].is_none() ? 0 : static_cast<int64_t>(v[8].as_int());
  if (ndmin < 0 || ndmin > 2) throw ValueError("Illegal value of ndmin keyword: " + std::to_string(ndmin));
  const int64_t max_rows = v[10].is_none() ? -1 : static_cast<int64_t>(v[10].as_int());

  std::ifstream file(path);
  if (!file) throw PyError("FileNotFoundError", path + " not found.");
  std::vector<double> fvals;
  std::vector<int64_t> ivals;
  const bool ints = dtype == DType::Int64 || dtype == DType::Int32;
  int64_t rows = 0, cols = -1, line_no = 0;
  std::string line;
  while (std::getline(file, line)) {
    check_interrupt();  // Ctrl-C stops a long file between lines
    if (line_no++ < skiprows) continue;
    for (const std::string& c : comments)
      if (!c.empty())
        if (size_t at = line.find(c); at != std::string::npos) line.erase(at);
    if (strip(line).empty()) continue;
    if (max_rows >= 0 && rows >= max_rows) break;
    const std::vector<std::string> fields = split(line, delimiter);
    std::vector<int64_t> pick = usecols;
    if (pick.empty())
      for (int64_t c = 0; c < static_cast<int64_t>(fields.size()); ++c) pick.push_back(c);
    const int64_t n = static_cast<int64_t>(pick.size());
    if (usecols.empty() && cols >= 0 && n != cols)
      throw ValueError("the number of columns changed from " + std::to_string(cols) + " to " + std::to_string(n) +
                       " at row " + std::to_string(rows + 1) + "; use `usecols` to select a subset and avoid this error");
    cols = n;
    for (int64_t c : pick) {
      const int64_t idx = c < 0 ? c + static_cast<int64_t>(fields.size()) : c;
      if (idx < 0 || idx >= static_cast<int64_t>(fields.size()))
        throw ValueError("invalid column index " + std::to_string(c) + " at row " + std::to_string(rows + 1) +
                         " with " + std::to_string(fields.size()) + " columns");
      const std::string& f = fields[static_cast<size_t>(idx)];
      const std::string where = " at row " + std::to_string(rows) + ", column " + std::to_string(idx + 1) + ".";
      if (ints) {
        std::optional<int64_t> x = parse_int(f);
        if (!x) throw ValueError("could not convert string '" + f + "' to " + std::string(dtype_name(dtype)) + where);
        ivals.push_back(*x);
      } else {
        std::optional<double> x = parse_float(f);
        if (!x) throw ValueError("could not convert string '" + f + "' to " + std::string(dtype_name(dtype)) + where);
        fvals.push_back(*x);
      }
    }
    ++rows;
  }
  if (cols < 0) cols = usecols.empty() ? 0 : static_cast<int64_t>(usecols.size());
  std::vector<Scalar> flat;
  if (ints)
    for (int64_t x : ivals) flat.emplace_back(x);
  else
    for (double x : fvals) flat.emplace_back(x);
  Tensor t = from_scalars({rows, cols}, flat, dtype, Device{});
  // NumPy's _ensure_ndmin_ndarray: squeeze when above ndmin, then at least ndmin dims (2: a column).
  Shape kept = t.sizes();
  if (2 > ndmin) {
    kept.clear();
    for (int64_t sz : t.sizes())
      if (sz != 1) kept.push_back(sz);
  }
  if (static_cast<int64_t>(kept.size()) < ndmin) {
    if (ndmin == 1) kept = {1};
    else kept = kept.empty() ? Shape{1, 1} : Shape{kept[0], 1};
  }
  t = reshape(t, kept);
  if (unpack && t.dim() == 2) t = t.as_view({t.size(1), t.size(0)}, {t.stride(1), t.stride(0)}, t.storage_offset());
  return make_ndarray(t);
}

// numpy.genfromtxt's basics: like loadtxt, but a missing field (empty, one of missing_values, or
// not a number) becomes filling_values (nan for floats, -1 for ints); rows with another column
// count are all reported at once with their line numbers; the result is squeezed.
Value numpy_genfromtxt(Interpreter&, Args& a, Kwargs& kw, const std::function<std::optional<DType>(const Value&)>& dtype_of) {
  bool comments_given = a.size() > 2;
  for (const auto& [k, val] : kw) comments_given |= k == "comments";
  std::vector<Value> v = bind_params("genfromtxt", a, kw,
                                     {"fname", "dtype", "comments", "delimiter", "skip_header", "skip_footer",
                                      "converters", "missing_values", "filling_values", "usecols", "names",
                                      "excludelist", "deletechars", "replace_space", "autostrip", "case_sensitive",
                                      "defaultfmt", "unpack", "usemask", "loose", "invalid_raise", "max_rows",
                                      "encoding", "ndmin", "like"},
                                     1);
  for (int i : {6, 11, 12, 13, 15, 16, 18, 24})
    if (!v[static_cast<size_t>(i)].is_none())
      throw NotImplementedError("genfromtxt: tsh reads numbers only (no converters, names, masks or like=)");
  if (!v[10].is_none() && truthy(v[10])) throw NotImplementedError("genfromtxt: tsh does not make structured arrays (names=)");
  if (!v[19].is_none() && !truthy(v[19])) throw NotImplementedError("genfromtxt: tsh always reads loosely (loose=True)");
  const DType dtype = v[1].is_none() ? DType::Float64 : dtype_of(v[1]).value_or(DType::Float64);
  if (dtype != DType::Float64 && dtype != DType::Float32 && dtype != DType::Int64 && dtype != DType::Int32)
    throw NotImplementedError("genfromtxt: tsh reads float64, float32, int64 and int32 columns");
  const bool ints = dtype == DType::Int64 || dtype == DType::Int32;
  const std::string comment = !comments_given ? "#" : v[2].is_none() ? "" : v[2].as_str();  // None: no comments
  std::optional<std::string> delimiter;
  if (!v[3].is_none()) delimiter = v[3].as_str();
  const int64_t skip_header = v[4].is_none() ? 0 : static_cast<int64_t>(v[4].as_int());
  const int64_t skip_footer = v[5].is_none() ? 0 : static_cast<int64_t>(v[5].as_int());
  std::vector<std::string> missing;
  if (v[7].is(Kind::Str)) missing.push_back(v[7].as_str());
  else if (!v[7].is_none())
    for (const Value& m : v[7].items()) missing.push_back(m.as_str());
  const double fill = v[8].is_none() ? (ints ? -1.0 : NAN) : v[8].as_float();
  std::vector<int64_t> usecols;
  if (v[9].is_intlike()) usecols.push_back(static_cast<int64_t>(v[9].as_int()));
  else if (!v[9].is_none())
    for (const Value& c : v[9].items()) usecols.push_back(static_cast<int64_t>(c.as_int()));
  const bool unpack = truthy(v[17]);
  const bool invalid_raise = v[20].is_none() || truthy(v[20]);
  const int64_t max_rows = v[21].is_none() ? -1 : static_cast<int64_t>(v[21].as_int());
  const int64_t ndmin = v[23].is_none() ? 0 : static_cast<int64_t>(v[23].as_int());
  if (ndmin < 0 || ndmin > 2) throw ValueError("Illegal value of ndmin keyword: " + std::to_string(ndmin));
  if (skip_footer > 0 && max_rows >= 0)
    throw ValueError("The keywords 'skip_footer' and 'max_rows' can not be specified at the same time.");

  // The lines: a file, or a list of str lines (as NumPy takes any iterable of lines).
  std::vector<std::string> lines;
  if (v[0].is(Kind::Str)) {
    std::ifstream file(v[0].as_str());
    if (!file) throw PyError("FileNotFoundError", v[0].as_str() + " not found.");
    for (std::string line; std::getline(file, line);) lines.push_back(line);
  } else if (v[0].is(Kind::List) || v[0].is(Kind::Tuple)) {
    for (const Value& l : v[0].items()) lines.push_back(l.as_str());
  } else {
    throw TypeError("genfromtxt: tsh reads a str path or a list of str lines");
  }

  struct Row {
    int64_t line;
    std::vector<std::string> fields;
  };
  std::vector<Row> rows;
  for (size_t i = static_cast<size_t>(std::max<int64_t>(skip_header, 0)); i < lines.size(); ++i) {
    check_interrupt();
    std::string line = lines[i];
    if (!comment.empty())
      if (size_t at = line.find(comment); at != std::string::npos) line.erase(at);
    if (strip(line).empty()) continue;
    if (max_rows >= 0 && static_cast<int64_t>(rows.size()) >= max_rows) break;
    rows.push_back({static_cast<int64_t>(i) + 1, split(line, delimiter)});
  }
  if (skip_footer > 0) rows.resize(rows.size() > static_cast<size_t>(skip_footer) ? rows.size() - static_cast<size_t>(skip_footer) : 0);
  const int64_t width = rows.empty() ? 0 : static_cast<int64_t>(rows[0].fields.size());
  std::string errors;
  std::vector<Row> good;
  for (Row& r : rows) {
    if (static_cast<int64_t>(r.fields.size()) != width)
      errors += "\n    Line #" + std::to_string(r.line) + " (got " + std::to_string(r.fields.size()) +
                " columns instead of " + std::to_string(width) + ")";
    else
      good.push_back(std::move(r));
  }
  if (!errors.empty() && invalid_raise) throw ValueError("Some errors were detected !" + errors);
  std::vector<int64_t> pick = usecols;
  if (pick.empty())
    for (int64_t c = 0; c < width; ++c) pick.push_back(c);
  for (int64_t& c : pick) {
    if (c < 0) c += width;
    if (c < 0 || (c >= width && !good.empty())) throw IndexError("list index out of range");
  }
  std::vector<Scalar> flat;
  for (const Row& r : good)
    for (int64_t c : pick) {
      const std::string f = strip(r.fields[static_cast<size_t>(c)]);
      const bool is_missing = f.empty() || std::find(missing.begin(), missing.end(), f) != missing.end();
      if (ints) {
        const std::optional<int64_t> x = is_missing ? std::nullopt : parse_int(f);
        flat.emplace_back(x ? *x : static_cast<int64_t>(fill));
      } else {
        const std::optional<double> x = is_missing ? std::nullopt : parse_float(f);
        flat.emplace_back(x ? *x : fill);
      }
    }
  Tensor t = from_scalars({static_cast<int64_t>(good.size()), static_cast<int64_t>(pick.size())}, flat, dtype, Device{});
  Shape kept;  // np.squeeze, then at least ndmin dims
  for (int64_t sz : t.sizes())
    if (sz != 1) kept.push_back(sz);
  if (good.empty()) kept = {0};
  while (static_cast<int64_t>(kept.size()) < ndmin) kept.insert(kept.begin(), 1);
  t = reshape(t, kept);
  if (unpack && t.dim() == 2) t = t.as_view({t.size(1), t.size(0)}, {t.stride(1), t.stride(0)}, t.storage_offset());
  return make_ndarray(t);
}

}  // namespace tsh::shell

namespace tsh::shell {

std::string percent_format(const std::string& fmt, const Value& args);

// numpy.savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='', comments='# '):
// each row of X (a 1-d X is a column) formatted with Python's % operator, as NumPy does.
Value numpy_savetxt(Interpreter&, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("savetxt", a, kw,
                                     {"fname", "X", "fmt", "delimiter", "newline", "header", "footer", "comments",
                                      "encoding"},
                                     2);
  if (!v[0].is(Kind::Str)) throw TypeError("savetxt: tsh writes files named by a str path");
  const Value arr = numpy_asarray(v[1]);
  Tensor x = ndarray_tensor(arr);
  if (x.dim() == 0 || x.dim() > 2)
    throw ValueError("Expected 1D or 2D array, got " + std::to_string(x.dim()) + "D array instead");
  if (x.dim() == 1) x = x.as_view({x.size(0), 1}, {x.stride(0), 1}, x.storage_offset());
  const std::string delimiter = v[3].is_none() ? " " : v[3].as_str();
  const std::string newline = v[4].is_none() ? "\n" : v[4].as_str();
  const std::string comments = v[7].is_none() ? "# " : v[7].as_str();
  const int64_t cols = x.size(1);
  std::string row_fmt;
  if (v[2].is_none() || v[2].is(Kind::Str)) {
    const std::string f = v[2].is_none() ? "%.18e" : v[2].as_str();
    size_t percents = 0;
    for (size_t i = 0; i < f.size(); ++i)
      if (f[i] == '%') {
        if (i + 1 < f.size() && f[i + 1] == '%') ++i;
        else ++percents;
      }
    if (percents == 1) {
      for (int64_t c = 0; c < cols; ++c) row_fmt += (c ? delimiter : "") + f;
    } else if (static_cast<int64_t>(percents) == cols) {
      row_fmt = f;  // a whole-row format: the delimiter is not used
    } else {
      throw ValueError("fmt has wrong number of % formats:  " + f);
    }
  } else {
    const auto& fs = v[2].items();
    if (static_cast<int64_t>(fs.size()) != cols)
      throw ValueError("fmt has wrong shape.  " + repr(v[2]));
    for (int64_t c = 0; c < cols; ++c) row_fmt += (c ? delimiter : "") + fs[static_cast<size_t>(c)].as_str();
  }
  std::string out;
  auto commented = [&](const std::string& text) {
    std::string s = comments, line;
    for (char ch : text) {
      s += ch;
      if (ch == '\n') s += comments;
    }
    return s + newline;
  };
  if (!v[5].is_none() && !v[5].as_str().empty()) out += commented(v[5].as_str());
  const Value rows = ndarray_tolist(x);
  for (const Value& row : rows.items()) out += percent_format(row_fmt, Value::tuple(row.items())) + newline;
  if (!v[6].is_none() && !v[6].as_str().empty()) out += commented(v[6].as_str());
  write_whole_file(v[0].as_str(), out);
  return Value();
}

}  // namespace tsh::shell
