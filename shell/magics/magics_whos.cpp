// shell/magics/magics_whos.cpp — %whos (layout and rules in magics_whos.h).
#include "shell/magics/magics_whos.h"

#include <algorithm>

#include "engine/core/dtype.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"

namespace tsh::shell {

namespace {

// The first `n` code points of UTF-8 text, or the last `n`.
std::string head_chars(const std::string& s, size_t n) {
  size_t i = 0, count = 0;
  while (i < s.size() && count < n) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    ++count;
  }
  return s.substr(0, i);
}
std::string tail_chars(const std::string& s, size_t n) {
  size_t i = s.size(), count = 0;
  while (i > 0 && count < n) {
    --i;
    while (i > 0 && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
    ++count;
  }
  return s.substr(i);
}

std::string pad(const std::string& s, size_t width) {
  const size_t w = text_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

// "2x5", "5", "0-d": numpy's %whos shape, with the 0-d case named.
std::string shape_text(const Tensor& t) {
  if (t.dim() == 0) return "0-d";
  std::string out;
  for (int64_t d = 0; d < t.dim(); ++d) out += (d ? "x" : "") + std::to_string(t.size(d));
  return out;
}

const StorageImpl* storage_of(const Value& v) {
  if (v.is(Kind::Tensor)) return v.as_tensor().storage().get();
  if (v.is(Kind::Storage)) return v.as<StorageObj>()->storage.get();
  return nullptr;
}

}  // namespace

std::string short_type_name(const Value& v) {
  if (v.is(Kind::Method) && v.as<MethodObj>()->func.is(Kind::Builtin)) return "builtin_function_or_method";
  const std::string full = type_name(v);
  const size_t dot = full.rfind('.');
  return dot == std::string::npos ? full : full.substr(dot + 1);
}

std::vector<WhosRow> whos_rows(Interpreter& in, const std::map<std::string, Value>& globals,
                               const std::vector<std::string>& types) {
  std::vector<std::pair<std::string, const Value*>> vars;
  for (const auto& [name, v] : globals) {
    if (name.empty() || name[0] == '_') continue;
    if (!types.empty() && std::find(types.begin(), types.end(), short_type_name(v)) == types.end())
      continue;
    vars.emplace_back(name, &v);
  }
  // Which variables view each storage (among all variables, listed or not).
  std::map<const StorageImpl*, std::vector<std::string>> sharing;
  for (const auto& [name, v] : globals)
    if (const StorageImpl* s = storage_of(v); s && !name.empty() && name[0] != '_') sharing[s].push_back(name);

  std::vector<WhosRow> rows;
  for (const auto& [name, vp] : vars) {
    const Value& v = *vp;
    WhosRow row{name, short_type_name(v), ""};
    if (const StorageImpl* s = storage_of(v)) {
      if (v.is(Kind::Tensor)) {
        const Tensor& t = v.as_tensor();
        row.info = shape_text(t) + " " + std::string(dtype_name(t.dtype())) + " " + t.device().str() + ", ";
      } else {
        row.info = s->device.str() + ", ";
      }
      row.info += std::to_string(s->nbytes) + " bytes storage";
      std::string others;
      for (const std::string& n : sharing[s])
        if (n != name) others += (others.empty() ? "" : ", ") + n;
      if (!others.empty()) row.info += ", shares storage with " + others;
    } else if (auto n = builtin_len(in, v); n && (row.type == "list" || row.type == "tuple" || row.type == "dict")) {
      row.info = "n=" + std::to_string(*n);
    } else {
      std::string s = str(v);
      std::string flat;
      for (char c : s) flat += c == '\n' ? std::string("\\n") : std::string(1, c);
      row.info = text_width(flat) < 50 ? flat : head_chars(flat, 25) + "<...>" + tail_chars(flat, 25);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string whos_table(const std::vector<WhosRow>& rows) {
  const std::string var_label = "Variable", type_label = "Type", data_label = "Data/Info";
  size_t var_w = var_label.size(), type_w = type_label.size();
  for (const WhosRow& r : rows) {
    var_w = std::max(var_w, text_width(r.name));
    type_w = std::max(type_w, text_width(r.type));
  }
  var_w += 3, type_w += 3;  // IPython's column separation
  std::string out = pad(var_label, var_w) + pad(type_label, type_w) + " " + data_label + "\n" +
                    std::string(var_w + type_w + data_label.size() + 1, '-') + "\n";
  for (const WhosRow& r : rows) out += pad(r.name, var_w) + pad(r.type, type_w) + " " + r.info + "\n";
  return out;
}

void magic_whos(const MagicCall& call) {
  const std::vector<std::string> types = split_words(call.args());
  std::vector<WhosRow> rows = whos_rows(call.in, call.in.globals(), types);
  if (rows.empty()) {
    call.print(types.empty() ? "Interactive namespace is empty.\n" : "No variables match your requested type.\n");
    return;
  }
  call.print(whos_table(rows));
}

}  // namespace tsh::shell
