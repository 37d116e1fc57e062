// shell/torch/autograd/anomaly_mode.cpp — torch.autograd's anomaly detection: set_detect_anomaly and
// detect_anomaly (context managers, as torch/autograd/anomaly_mode.py), is_anomaly_enabled and
// is_anomaly_check_nan_enabled, and the warning that names the forward call of a node whose
// backward failed. The engine keeps the traceback and checks for NaN (engine/autograd/node.h).
#include "engine/autograd/node.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/context.h"
#include "shell/python/errors.h"
#include "shell/python/warnings.h"
#include "shell/torch/autograd/module.h"

namespace tsh::shell {

namespace {

const char* const kAnomalyModule = "torch.autograd.anomaly_mode";

// A context that sets anomaly mode on entry (or at once) and restores what it found on exit.
std::shared_ptr<ContextObj> anomaly_switch(const char* cls, bool enabled, bool check_nan, bool at_once) {
  auto cm = std::make_shared<ContextObj>();
  cm->cls = cls;
  cm->module = kAnomalyModule;
  auto prev = std::make_shared<autograd::AnomalyMode>(autograd::anomaly_mode());
  auto apply = [prev, enabled, check_nan] {
    *prev = autograd::anomaly_mode();
    autograd::anomaly_mode() = {enabled, check_nan};
  };
  if (at_once) apply();
  cm->enter = [apply, at_once](Interpreter&) {
    if (!at_once) apply();
    return Value();
  };
  cm->exit = [prev](Interpreter&, bool) {
    autograd::anomaly_mode() = *prev;
    return false;
  };
  return cm;
}

Value query(const char* name, bool (*read)()) {
  return make_builtin(name, std::string("<built-in method ") + name + " of type object>",
                      [name, read](Interpreter&, Args& a, Kwargs& kw) {
                        bind_params(name, a, kw, {}, 0);
                        return Value::boolean(read());
                      });
}

}  // namespace

void install_anomaly_mode(std::map<std::string, Value>& torch_attrs, std::map<std::string, Value>& autograd_attrs) {
  autograd_attrs["set_detect_anomaly"] = context_class(
      "torch.autograd.anomaly_mode.set_detect_anomaly", [](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("set_detect_anomaly.__init__", a, kw, {"mode", "check_nan"}, 1);
        if (!v[0].is(Kind::Bool))
          throw TypeError("set_anomaly_enabled(): argument 'enabled' (position 1) must be bool, not " + type_name(v[0]));
        return anomaly_switch("set_detect_anomaly", v[0].as_bool(), v[1].is_none() || truthy(v[1]), true);
      });
  autograd_attrs["detect_anomaly"] =
      context_class("torch.autograd.anomaly_mode.detect_anomaly", [](Interpreter& in, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("detect_anomaly.__init__", a, kw, {"check_nan"}, 0);
        warn_once(in, "UserWarning",
                  "Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled "
                  "for debugging.");
        return anomaly_switch("detect_anomaly", true, v[0].is_none() || truthy(v[0]), false);
      });
  torch_attrs["is_anomaly_enabled"] = query("is_anomaly_enabled", [] { return autograd::anomaly_mode().enabled; });
  torch_attrs["is_anomaly_check_nan_enabled"] =
      query("is_anomaly_check_nan_enabled", [] { return autograd::anomaly_mode().check_nan; });
}

void warn_anomaly(Interpreter& in) {
  std::optional<autograd::AnomalyReport> r = autograd::take_anomaly_report();
  if (!r) return;
  if (r->forward_trace.empty())  // the node was made before anomaly mode was on
    warn_once(in, "UserWarning",
              "Error detected in " + r->node_name +
                  ". No forward pass information available. Enable detect anomaly during forward pass for more "
                  "information.");
  else
    warn_once(in, "UserWarning",
              "Error detected in " + r->node_name + ". Traceback of forward call that caused the error:\n" +
                  r->forward_trace);
}

}  // namespace tsh::shell
