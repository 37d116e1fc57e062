// shell/magics/magics_storage.cpp — %storage: the tensors (or arrays, or a
// storage) named by its arguments, grouped by the storage under them, each
// group drawn as one picture (storage_picture.h) at the terminal's width;
// --svg FILE and --png FILE also write the picture for slides.
#include "shell/magics/magics_storage.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <regex>

#include "engine/format/shape_repr.h"
#include "grammar/parser.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"
#include "shell/magics/storage_picture.h"
#include "shell/python/file_write.h"
#include "shell/python/modules.h"
#include "shell/numpy/array.h"

extern char** environ;

namespace tsh::shell {

namespace {

constexpr size_t kMostViews = 6;  // one mark of its own each


bool parses_as_expression(const std::string& code) {
  const grammar::ParseResult r = grammar::parse(code);
  return !r.error && r.stmts.size() == 1 && r.stmts[0]->kind == grammar::StmtKind::Expr;
}

// Words separated by blanks, joined back into the fewest expressions that
// parse: `t t.t()` is two, `t + 1 u` is `t + 1` and `u`.
std::vector<Piece> expressions(const std::vector<Piece>& words, const std::string& args) {
  const size_t n = words.size();
  std::vector<size_t> best(n + 1, SIZE_MAX), from(n + 1, 0);
  best[0] = 0;
  auto joined = [&](size_t a, size_t b) {
    const size_t begin = words[a].at, end = words[b - 1].at + words[b - 1].text.size();
    return Piece{begin, args.substr(begin, end - begin)};
  };
  for (size_t b = 1; b <= n; ++b)
    for (size_t a = 0; a < b; ++a)
      if (best[a] != SIZE_MAX && best[a] + 1 < best[b] && parses_as_expression(joined(a, b).text))
        best[b] = best[a] + 1, from[b] = a;
  if (best[n] == SIZE_MAX) return {joined(0, n)};  // let the parser report the error on the whole
  std::vector<Piece> out;
  for (size_t b = n; b > 0; b = from[b]) out.insert(out.begin(), joined(from[b], b));
  return out;
}

// One thing to draw, from one argument.
struct Subject {
  std::string label;
  Value value;
};

StorageView view_of(const Tensor& t, const std::string& label) {
  StorageView v;
  v.label = label;
  v.sizes = t.sizes();
  v.strides = t.strides();
  v.offset = t.storage_offset();
  return v;
}

// The words a view's expression earns under the picture.
std::string remark_for(const std::string& label, const Value& value) {
  static const std::regex flip(R"((^|[^\w])(flip|fliplr|flipud)\s*\()");
  if (std::regex_search(label, flip))
    return label + " is a copy: flip() cannot be a view, since a stride is never negative in PyTorch";
  if (is_ndarray(value)) {
    const Tensor& t = ndarray_tensor(value);
    Shape bytes = t.strides();
    for (int64_t& s : bytes) s *= itemsize(t.dtype());
    return label + " is a NumPy array: NumPy counts its strides in bytes, " + format::tuple_repr(bytes);
  }
  return "";
}


// The SVG rendered to PNG by librsvg's rsvg-convert, when it is installed.
void write_png(const std::string& path, const std::string& svg) {
  char tmp[] = "/tmp/tsh-storage-XXXXXX.svg";
  const int fd = mkstemps(tmp, 4);
  if (fd < 0) os_error(errno, tmp);
  const bool wrote = write_all(fd, svg);
  const int e = errno;
  if (::close(fd) != 0 || !wrote) {
    ::unlink(tmp);
    os_error(wrote ? errno : e);
  }
  FileReplacement png(path);  // rsvg-convert writes the temporary file; a failure leaves the old one
  std::vector<std::string> argv = {"rsvg-convert", "--format", "png", "--output", png.temp_path(), tmp};
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "rsvg-convert", nullptr, nullptr, cargv.data(), environ);
  int status = 0;
  if (spawned == 0) waitpid(pid, &status, 0);
  ::unlink(tmp);
  if (spawned != 0)
    throw UsageError("%storage --png needs rsvg-convert (Debian's librsvg2-bin), which is not installed; "
                     "--svg FILE writes the picture as SVG");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw PyError("OSError", "rsvg-convert could not write " + path);
  png.commit();
}

// The SVG as PNG bytes, or nullopt when rsvg-convert is not installed or fails.
std::optional<std::string> png_of(const std::string& svg) {
  char path[] = "/tmp/tsh-storage-png-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return std::nullopt;
  close(fd);
  std::optional<std::string> bytes;
  try {
    write_png(path, svg);
    std::ifstream in(path, std::ios::binary);
    std::ostringstream all;
    all << in.rdbuf();
    bytes = all.str();
  } catch (const tsh::Error&) {
    bytes.reset();
  }
  unlink(path);
  return bytes;
}

}  // namespace

std::vector<Piece> split_top(const std::string& s, size_t base, const char* seps) {
  std::vector<Piece> out;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  auto flush = [&](size_t end) {
    size_t b = start, e = end;
    while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
    if (b < e) out.push_back({base + b, s.substr(b, e - b)});
  };
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if (depth == 0 && std::strchr(seps, c)) {
      flush(i);
      start = i + 1;
    }
  }
  flush(s.size());
  return out;
}

std::string storage_diagram(const Tensor& t, const std::string& label, size_t width) {
  return render_text(layout_storage(t.storage(), t.dtype(), {view_of(t, label)}, label, width), false);
}

std::string storage_diagram(const Storage& storage, DType dtype, const std::string& label, size_t width) {
  return render_text(layout_storage(storage, dtype, {}, label, width), false);
}

void magic_storage(const MagicCall& call) {
  const std::string& args = call.args();
  // Options first: --svg FILE and --png FILE, anywhere among the words.
  std::string svg_path, png_path, rest(args.size(), ' ');
  std::vector<Piece> words = split_top(args, 0, " \t");
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i].text;
    if (w == "--svg" || w == "--png") {
      if (i + 1 == words.size()) throw UsageError("%storage " + w + " needs a file name: %storage t " + w + " FILE");
      (w == "--svg" ? svg_path : png_path) = words[++i].text;
    } else if (w.rfind("--", 0) == 0) {
      throw UsageError("%storage has no option " + w + " (it has --svg FILE and --png FILE)");
    } else {
      rest.replace(words[i].at, w.size(), w);
    }
  }
  std::vector<Piece> exprs;
  for (const Piece& group : split_top(rest, 0, ",")) {
    const std::vector<Piece> ws = split_top(group.text, group.at, " \t");
    for (const Piece& e : expressions(ws, rest)) exprs.push_back(e);
  }
  if (exprs.empty()) throw UsageError("%storage needs a tensor: %storage t (or several: %storage t t.t())");

  // Evaluate each expression; a list or tuple of tensors (t.chunk(2)) gives one subject per item.
  std::vector<Subject> subjects;
  std::string preface;  // what teaching hooks drew (a DTensor: its global tensor by rank)
  for (const Piece& e : exprs) {
    const auto& stmts = parse_argument_code(call, e.text, e.at);
    if (stmts.size() != 1 || stmts[0]->kind != grammar::StmtKind::Expr)
      throw UsageError("%storage takes expressions whose values are tensors: %storage t t.t()");
    const Value v = call.in.eval(*stmts[0]->value);
    if (v.is_sequence() && !v.is(Kind::Size)) {
      const std::vector<Value> items = call.in.iterate(v);
      for (size_t i = 0; i < items.size(); ++i) subjects.push_back({e.text + "[" + std::to_string(i) + "]", items[i]});
      if (items.empty()) throw TypeError("%storage expects a tensor (or a storage), got an empty " + type_name(v));
    } else if (auto drawn = teaching_hook(call.in, v, "__tsh_storage__", {Value::str(e.text)})) {
      // (text, local tensor): the class's own picture, then the storage under its local tensor
      const std::vector<Value> parts = drawn->items();
      preface += parts.at(0).as_str();
      subjects.push_back({e.text + ".to_local()", parts.at(1)});
    } else {
      subjects.push_back({e.text, v});
    }
  }
  for (const Subject& s : subjects)
    if (!s.value.is(Kind::Tensor) && !s.value.is(Kind::Storage) && !is_ndarray(s.value))
      throw TypeError("%storage expects a tensor (or a storage), got " + type_name(s.value));
  if (subjects.size() > kMostViews)
    throw UsageError("%storage draws at most " + std::to_string(kMostViews) + " tensors at once, got " +
                     std::to_string(subjects.size()));

  // Group the views by the storage under them (and the dtype they read it as): one picture each.
  struct Group {
    Storage storage;
    DType dtype;
    std::string label;  // a storage alone
    std::vector<StorageView> views;
  };
  std::vector<Group> groups;
  for (const Subject& s : subjects) {
    if (s.value.is(Kind::Storage)) {
      const auto* st = s.value.as<StorageObj>();
      groups.push_back({st->storage, st->untyped ? DType::UInt8 : st->dtype, s.label, {}});
      continue;
    }
    const Tensor& t = s.value.is(Kind::Tensor) ? s.value.as_tensor() : ndarray_tensor(s.value);
    StorageView v = view_of(t, s.label);
    v.remark = remark_for(s.label, s.value);
    Group* into = nullptr;
    for (Group& g : groups)
      if (!g.views.empty() && g.storage == t.storage() && g.dtype == t.dtype()) into = &g;
    if (into) {
      into->views.push_back(std::move(v));
      continue;
    }
    if (!groups.empty()) {
      std::string others;
      for (const Group& g : groups)
        for (const StorageView& o : g.views.empty() ? std::vector<StorageView>{StorageView{g.label, {}, {}, 0, ""}} : g.views)
          others += (others.empty() ? "" : ", ") + o.label;
      bool shared = false;
      for (const Group& g : groups) shared = shared || g.storage == t.storage();
      const std::string said = shared ? s.label + " reads the same storage as " + others + ", as " +
                                            std::string(dtype_name(t.dtype())) + ": drawn apart"
                                      : s.label + " has a storage of its own: it shares no memory with " + others;
      v.remark = v.remark.empty() ? said : v.remark + "; " + said;
    }
    groups.push_back({t.storage(), t.dtype(), "", {std::move(v)}});
  }

  const Output& out = call.in.output();
  const size_t width = static_cast<size_t>(std::max(20, terminal_columns(out.terminal)));
  std::vector<StoragePicture> pictures;
  for (const Group& g : groups) pictures.push_back(layout_storage(g.storage, g.dtype, g.views, g.label, width));
  // The files first, so that a file that cannot be written leaves no drawing claiming it.
  std::string wrote;
  if (!svg_path.empty() || !png_path.empty()) {
    const std::string svg = render_svg(pictures);
    if (!svg_path.empty()) write_whole_file(svg_path, svg), wrote += "(drawn as SVG in " + svg_path + ")\n";
    if (!png_path.empty()) write_png(png_path, svg), wrote += "(drawn as PNG in " + png_path + ")\n";
  }
  std::string text;
  for (size_t i = 0; i < pictures.size(); ++i) text += (i ? "\n" : "") + render_text(pictures[i], out.terminal && colour_allowed());
  if (out.display) {  // a notebook: the picture itself, with the text for frontends that show no images
    const std::string svg = render_svg(pictures);
    std::vector<std::pair<std::string, std::string>> bundle{{"text/plain", text + wrote}, {"image/svg+xml", svg}};
    // PNG too, which a notebook shows even when it is not trusted (an SVG it does not).
    if (std::optional<std::string> png = png_of(svg)) bundle.emplace_back("image/png", *png);
    out.display(bundle);
    return;
  }
  call.print(preface + text + wrote);
}

}  // namespace tsh::shell
