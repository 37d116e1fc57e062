// shell/torch/utils/benchmark/measurement.cpp — torch.utils.benchmark's TaskSpec and
// Measurement (statistics as PyTorch computes them, and its repr layout),
// select_unit, and the helpers the Timer shares (impl.h).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/ops/host_values.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce.h"
#include "engine/ops/unary.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"
#include "shell/python/methods.h"
#include "shell/python/timed_code.h"
#include "shell/torch/utils/benchmark/benchmark.h"
#include "shell/torch/utils/benchmark/impl.h"

namespace tsh::shell::bench {

// ---------------------------------------------------------------- helpers

std::vector<Value> bind(const std::string& fname, const std::vector<std::string>& names, size_t required,
                        const std::vector<Value>& defaults, const Args& a, const Kwargs& kw) {
  return bind_method_params(fname, names, required, defaults, a, kw);
}

namespace {

std::vector<std::string> split_keepends(const std::string& s) {
  std::vector<std::string> lines;
  size_t i = 0;
  while (i < s.size()) {
    const size_t nl = s.find('\n', i);
    const size_t end = nl == std::string::npos ? s.size() : nl + 1;
    lines.push_back(s.substr(i, end - i));
    i = end;
  }
  return lines;
}

bool blank(const std::string& line) {
  return line.find_first_not_of(" \t\n\r\v\f") == std::string::npos;
}

// textwrap.indent(text, prefix): the prefix on every line that is not blank.
std::string indent(const std::string& text, const std::string& prefix) {
  std::string out;
  for (const std::string& line : split_keepends(text)) out += (blank(line) ? "" : prefix) + line;
  return out;
}

// textwrap.dedent: blank lines emptied, the common leading spaces/tabs removed.
std::string dedent(const std::string& text) {
  std::vector<std::string> lines = split_keepends(text);
  std::optional<std::string> margin;
  for (std::string& line : lines) {
    const bool nl = !line.empty() && line.back() == '\n';
    const std::string body = nl ? line.substr(0, line.size() - 1) : line;
    if (body.find_first_not_of(" \t") == std::string::npos) {
      line = nl ? "\n" : "";
      continue;
    }
    const std::string lead = body.substr(0, body.find_first_not_of(" \t"));
    if (!margin) {
      margin = lead;
    } else if (lead.rfind(*margin, 0) == 0) {
    } else if (margin->rfind(lead, 0) == 0) {
      margin = lead;
    } else {
      size_t k = 0;
      while (k < margin->size() && k < lead.size() && (*margin)[k] == lead[k]) ++k;
      margin = margin->substr(0, k);
    }
  }
  std::string out;
  for (const std::string& line : lines)
    out += margin && line.rfind(*margin, 0) == 0 ? line.substr(margin->size()) : line;
  return out;
}

std::string rstrip(std::string s) {
  while (!s.empty() && std::strchr(" \t\n\r\v\f", s.back())) s.pop_back();
  return s;
}

std::string two_places(double x) { return format_plain(Value::floating(x), ".2f"); }

}  // namespace

std::string clean_source(const std::string& s) {
  std::string d = dedent(s);
  if (!d.empty() && d[0] == '\n') d.erase(0, 1);
  return rstrip(d);
}

const std::string& text_arg(const Value& v) {
  if (!v.is(Kind::Str)) throw TypeError("expected string or bytes-like object, got '" + type_name(v) + "'");
  return v.as_str();
}

double seconds(const Value& v) {
  if (!(v.is_intlike() || v.is(Kind::Float))) throw TypeError("must be real number, not " + type_name(v));
  return v.as_float();
}

namespace {

// Python's float floor division x // y (y > 0), NaN for infinite x.
double floor_div(double x, double y) {
  if (!std::isfinite(x)) return NAN;
  const double mod = std::fmod(x, y);
  double div = (x - mod) / y;
  if (mod != 0 && (mod < 0) != (y < 0)) div -= 1.0;
  double fl = std::floor(div);
  if (div - fl > 0.5) fl += 1.0;
  return fl;
}

// torch.tensor(x).log10().item(): log10 in float32, as PyTorch computes it.
double float32_log10(double x) {
  // torch.tensor(x) rounds to float32; too large a value becomes inf, as there.
  const Tensor t = full({}, Scalar(static_cast<double>(static_cast<float>(x))), DType::Float32);
  return item(tsh::log10(t)).to_double();
}

// ---------------------------------------------------------------- TaskSpec

struct TaskSpecObj : TrackedInstance {
  Value stmt, setup, global_setup, label, sub_label, description, env, num_threads;
  void each_value(const std::function<void(Value&)>& f) override {
    for (Value* v : {&stmt, &setup, &global_setup, &label, &sub_label, &description, &env, &num_threads}) f(*v);
  }

  std::string class_name() const override { return "TaskSpec"; }
  std::string module_name() const override { return kCommon; }

  std::string sub_label_text() const { return truthy(sub_label) ? str(sub_label) : ""; }

  std::string title() const {
    const std::string sub = sub_label_text();
    if (!label.is_none()) return text_arg(label) + (sub.empty() ? "" : ": " + sub);
    const std::string& s = text_arg(stmt);
    if (s.find('\n') == std::string::npos) return s + (sub.empty() ? "" : ": " + sub);
    return "stmt:" + (sub.empty() ? "" : " (" + sub + ")") + "\n" + indent(s, "  ");
  }
  std::string setup_str() const {
    const std::string& s = text_arg(setup);
    if (s == "pass" || s.empty()) return "";
    if (s.find('\n') != std::string::npos) return "setup:\n" + indent(s, "  ");
    return "setup: " + s;
  }
  std::string summarize() const {
    std::string out;
    bool first = true;
    const std::string desc = truthy(description) ? text_arg(description) : "";
    for (const std::string& section : {title(), desc, setup_str()}) {
      if (section.empty()) continue;
      if (!first) out += "\n";
      first = false;
      out += section + (section.find('\n') != std::string::npos ? "\n" : "");
    }
    return out;
  }
  // The dataclass fields, which a Measurement forwards.
  std::optional<Value> field(const std::string& name) const {
    if (name == "stmt") return stmt;
    if (name == "setup") return setup;
    if (name == "global_setup") return global_setup;
    if (name == "label") return label;
    if (name == "sub_label") return sub_label;
    if (name == "description") return description;
    if (name == "env") return env;
    if (name == "num_threads") return num_threads;
    return std::nullopt;
  }
  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    if (auto f = field(name)) return *f;
    if (name == "title") return Value::str(title());
    MethodTable t(self, "TaskSpec");
    if (name == "setup_str" || name == "summarize")
      return t.noargs(name, [name](Interpreter&, const Value& s, Args&, Kwargs&) {
        auto* spec = s.as<TaskSpecObj>();
        return Value::str(name == "setup_str" ? spec->setup_str() : spec->summarize());
      });
    no_attribute(self, name, attr_names());
  }
  std::vector<std::string> attr_names() const override {
    return {"description", "env", "global_setup", "label", "num_threads", "setup", "setup_str", "stmt",
            "sub_label", "summarize", "title"};
  }
};

TaskSpecObj& task_spec_of(const Value& v) {
  if (!v.is(Kind::Instance) || !dynamic_cast<TaskSpecObj*>(v.as<InstanceObj>()))
    throw AttributeError("'" + type_name(v) + "' object has no attribute 'title'");
  return *static_cast<TaskSpecObj*>(v.as<InstanceObj>());
}

// ---------------------------------------------------------------- Measurement

// PyTorch's quantile (linear interpolation, lerp as ATen computes it) of sorted values.
double quantile(const std::vector<double>& sorted, double q) {
  const double rank = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<size_t>(rank);
  const auto above = static_cast<size_t>(std::ceil(rank));
  const double w = rank - static_cast<double>(below), lo = sorted[below], hi = sorted[above];
  return std::fabs(w) < 0.5 ? lo + w * (hi - lo) : hi - (hi - lo) * (1 - w);
}

struct MeasurementObj : TrackedInstance {
  Value number_per_run, raw_times, task_spec, metadata;
  void each_value(const std::function<void(Value&)>& f) override {
    for (Value* v : {&number_per_run, &raw_times, &task_spec, &metadata}) f(*v);
  }
  // Computed on first use, as Measurement._lazy_init does.
  bool ready = false;
  std::vector<double> sorted;
  double median = -1, mean = -1, p25 = -1, p75 = -1;
  std::vector<std::string> warnings;

  std::string class_name() const override { return "Measurement"; }
  std::string module_name() const override { return kCommon; }

  std::vector<double> times() const {
    if (!raw_times.is_sequence()) throw TypeError("'" + type_name(raw_times) + "' object is not iterable");
    std::vector<double> out;
    const double n = seconds(number_per_run);
    for (const Value& t : raw_times.items()) {
      if (n == 0)  // t / number_per_run, as Python divides them
        throw ZeroDivisionError(t.is_intlike() && number_per_run.is_intlike() ? "division by zero"
                                                                              : "float division by zero");
      out.push_back(seconds(t) / n);
    }
    return out;
  }
  double iqr() const { return p75 - p25; }
  bool meets_confidence(double threshold) const {
    if (median == 0) throw ZeroDivisionError("float division by zero");
    return iqr() / median < threshold;
  }

  void lazy_init() {
    if (ready || !truthy(raw_times)) return;
    sorted = times();
    std::sort(sorted.begin(), sorted.end());
    std::vector<Scalar> values(sorted.begin(), sorted.end());
    const Tensor t = from_scalars({static_cast<int64_t>(sorted.size())}, values, DType::Float64);
    median = quantile(sorted, 0.5);
    mean = item(tsh::mean(t)).to_double();
    p25 = quantile(sorted, 0.25);
    p75 = quantile(sorted, 0.75);
    ready = true;
    auto warn = [&](const std::string& msg) {
      const double rel = iqr() / median * 100;
      warnings.push_back("  WARNING: Interquartile range is " + format_plain(Value::floating(rel), ".1f") +
                         "% of the median measurement.\n           " + msg);
    };
    if (!meets_confidence(0.25)) warn("This suggests significant environmental influence.");
    else if (!meets_confidence(0.1)) warn("This could indicate system fluctuation.");
  }

  std::string repr_of(const Value& self) const override {
    auto* m = const_cast<MeasurementObj*>(this);  // the statistics are computed once, on demand
    m->lazy_init();
    const size_t n = sorted.size();
    const auto [unit, scale] = select_unit(median);
    const TaskSpecObj& spec = task_spec_of(task_spec);
    const Int threads = spec.num_threads.is_intlike() ? spec.num_threads.as_int() : 1;
    std::string text = "\n" + InstanceObj::repr_of(self) + "\n" + spec.summarize() + "\n  " +
                       (n > 1 ? "Median: " : "") + two_places(median / scale) + " " + unit + "\n";
    if (n >= 4)
      text += "  IQR:    " + two_places(iqr() / scale) + " " + unit + " (" + two_places(p25 / scale) + " to " +
              two_places(p75 / scale) + ")\n";
    text += "  " + std::to_string(n) + " measurement" + (n > 1 ? "s" : "") + ", " + str(number_per_run) + " runs " +
            (n > 1 ? "per measurement," : ",") + " " + str(spec.num_threads) + " thread" + (threads > 1 ? "s" : "") +
            "\n";
    for (size_t i = 0; i < warnings.size(); ++i) text += (i ? "\n" : "") + warnings[i];
    // PyTorch strips the assembled text at both ends.
    const size_t b = text.find_first_not_of(" \t\n\r\v\f");
    return b == std::string::npos ? "" : rstrip(text.substr(b));
  }

  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    if (name == "number_per_run") return number_per_run;
    if (name == "raw_times") return raw_times;
    if (name == "task_spec") return task_spec;
    if (name == "metadata") return metadata;
    if (name == "times") {
      std::vector<Value> out;
      for (double t : times()) out.push_back(Value::floating(t));
      return Value::list(std::move(out));
    }
    if (name == "median" || name == "mean" || name == "iqr" || name == "has_warnings") {
      lazy_init();
      if (name == "median") return Value::floating(median);
      if (name == "mean") return Value::floating(mean);
      if (name == "iqr") return Value::floating(iqr());
      return Value::boolean(!warnings.empty());
    }
    if (name == "significant_figures") {
      lazy_init();
      // The interquartile points' spread, in float32 as PyTorch computes it.
      const size_t total = sorted.size(), lower = total / 4;
      const auto upper = static_cast<size_t>(std::ceil(static_cast<float>(3.0 * static_cast<double>(total) / 4)));
      std::vector<Scalar> pts;
      for (size_t i = lower; i < upper && i < total; ++i) pts.emplace_back(sorted[i]);
      const Tensor t = from_scalars({static_cast<int64_t>(pts.size())}, pts, DType::Float32);
      const double sd = item(stddev(t, std::nullopt, 0)).to_double();
      const double sqrt_n = std::sqrt(static_cast<float>(pts.size()));
      const double ci = std::max(1.645 * sd / sqrt_n, 25e-9);
      const double rel = float32_log10(median / ci);
      const Int figures = static_cast<Int>(std::floor(static_cast<float>(rel)));
      return Value::integer(std::min<Int>(std::max<Int>(figures, 1), 4));
    }
    if (name == "title") return Value::str(task_spec_of(task_spec).title());
    if (name == "as_row_name") {
      const TaskSpecObj& spec = task_spec_of(task_spec);
      if (truthy(spec.sub_label)) return spec.sub_label;
      if (truthy(spec.stmt)) return spec.stmt;
      return Value::str("[Unknown]");
    }
    if (name == "meets_confidence")
      return make_builtin(name, "<bound method Measurement.meets_confidence>", [self](Interpreter&, Args& a, Kwargs& kw) {
        auto v = bind("Measurement.meets_confidence", {"threshold"}, 0, {Value::floating(0.1)}, a, kw);
        auto* m = static_cast<MeasurementObj*>(self.as<InstanceObj>());
        m->lazy_init();
        return Value::boolean(m->meets_confidence(seconds(v[0])));
      });
    if (auto f = task_spec_of(task_spec).field(name)) return *f;  // forwarded, as __getattr__ does
    no_attribute(self, name, attr_names());
  }
  std::vector<std::string> attr_names() const override {
    return {"as_row_name", "has_warnings", "iqr", "mean", "median", "meets_confidence", "metadata",
            "number_per_run", "raw_times", "significant_figures", "task_spec", "times", "title"};
  }
};

}  // namespace

Value make_task_spec(Args& a, Kwargs& kw) {
  auto v = bind("TaskSpec.__init__",
                {"stmt", "setup", "global_setup", "label", "sub_label", "description", "env", "num_threads"}, 2,
                {Value::str(""), Value(), Value(), Value(), Value(), Value::integer(1)}, a, kw);
  auto spec = std::make_shared<TaskSpecObj>();
  spec->type = task_spec_type();
  spec->stmt = v[0], spec->setup = v[1], spec->global_setup = v[2], spec->label = v[3];
  spec->sub_label = v[4], spec->description = v[5], spec->env = v[6], spec->num_threads = v[7];
  return Value::object(Kind::Instance, spec);
}

Value make_measurement(Value number, Value raw, Value spec, Value metadata) {
  auto m = std::make_shared<MeasurementObj>();
  m->type = measurement_type();
  m->number_per_run = std::move(number);
  m->raw_times = std::move(raw);
  m->task_spec = std::move(spec);
  m->metadata = std::move(metadata);
  return Value::object(Kind::Instance, m);
}

namespace {

Value class_value(const std::string& qualname, std::function<Value(Interpreter&, Args&, Kwargs&)> ctor) {
  auto t = std::make_shared<TypeObj>();
  t->name = qualname;
  t->ctor = std::move(ctor);
  return Value::object(Kind::Type, t);
}

}  // namespace

Value task_spec_type() {
  static const Value type = class_value(std::string(kCommon) + ".TaskSpec",
                                        [](Interpreter&, Args& a, Kwargs& kw) { return make_task_spec(a, kw); });
  return type;
}

Value measurement_type() {
  static const Value type =
      class_value(std::string(kCommon) + ".Measurement", [](Interpreter&, Args& a, Kwargs& kw) {
        auto v = bind("Measurement.__init__", {"number_per_run", "raw_times", "task_spec", "metadata"}, 3, {Value()}, a, kw);
        return make_measurement(v[0], v[1], v[2], v[3]);
      });
  return type;
}

Value task_spec_num_threads(const Value& spec) { return task_spec_of(spec).num_threads; }

bool meets_confidence(const Value& measurement, double threshold) {
  auto* m = static_cast<MeasurementObj*>(measurement.as<InstanceObj>());
  m->lazy_init();
  return m->meets_confidence(threshold);
}

}  // namespace tsh::shell::bench

namespace tsh::shell {

std::pair<std::string, double> select_unit(double t) {
  // int(torch.tensor(t).log10().item() // 3), in float32 as PyTorch computes it.
  const double k = bench::floor_div(bench::float32_log10(t), 3);
  if (std::isnan(k)) throw ValueError("cannot convert float NaN to integer");
  if (k == -3) return {"ns", 1e-9};
  if (k == -2) return {"us", 1e-6};
  if (k == -1) return {"ms", 1e-3};
  return {"s", 1};
}

}  // namespace tsh::shell
