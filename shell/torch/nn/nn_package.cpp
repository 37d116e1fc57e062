// shell/torch/nn/nn_package.cpp — the torch.nn package: its modules, filled when a session first
// uses torch.nn. PyTorch writes torch.nn in Python, and so does tsh (its own code): the .py files
// in this folder run on tsh's interpreter (shell/python/embedded.h), on top of the C++ here —
// Parameter, and the functional ops written in C++ (functional.cpp).
#include <map>
#include <string>

#include "shell/interp.h"
#include "shell/python/embedded.h"
#include "shell/torch/nn/nn.h"
#include "shell/torch/nn/parameter.h"

namespace tsh::shell {

namespace {

// torch.nn.modules.X, in the order their files import one another; each names what torch.nn
// re-exports in its __all__.
const char* const kModuleFiles[] = {"module", "container", "linear", "activation", "loss", "dropout", "flatten", "sparse", "padding", "distance", "conv", "pooling", "batchnorm", "instancenorm", "normalization", "rnn", "fold", "pixelshuffle", "upsampling", "transformer", "adaptive"};

Value file_module(const std::string& name, const std::string& path) {
  return lazy_module(name, [path](Interpreter& in, const Value& m) { run_embedded(in, m, path); });
}

void load_nn(Interpreter& in, const Value& nn) {
  auto& attrs = nn.as<ModuleObj>()->attrs;
  Value parameter = lazy_module("torch.nn.parameter", [](Interpreter&, const Value& m) {
    m.as<ModuleObj>()->attrs["Parameter"] = parameter_type();
  });
  attrs["parameter"] = parameter;
  attrs["Parameter"] = parameter_type();
  attrs["functional"] = lazy_module("torch.nn.functional", [](Interpreter& in, const Value& m) {
    install_functional_builtins(m.as<ModuleObj>()->attrs);
    run_embedded(in, m, "torch/nn/functional.py");
    run_embedded(in, m, "torch/nn/functional_conv.py");
    run_embedded(in, m, "torch/nn/functional_norm.py");
    run_embedded(in, m, "torch/nn/functional_attention.py");
  });
  attrs["init"] = file_module("torch.nn.init", "torch/nn/init.py");
  // torch.nn.utils: clipping and parameter vectors, and its rnn submodule (padded and packed sequences)
  attrs["utils"] = lazy_module("torch.nn.utils", [](Interpreter& in, const Value& m) {
    m.as<ModuleObj>()->attrs["rnn"] = file_module("torch.nn.utils.rnn", "torch/nn/utils/rnn.py");
    run_embedded(in, m, "torch/nn/utils/clip_grad.py");
  });
  attrs["_summary"] = file_module("torch.nn._summary", "torch/nn/summary.py");  // %summary's table
  Value modules = lazy_module("torch.nn.modules", nullptr);
  auto& files = modules.as<ModuleObj>()->attrs;
  for (const char* f : kModuleFiles)
    files[f] = file_module(std::string("torch.nn.modules.") + f, std::string("torch/nn/modules/") + f + ".py");
  attrs["modules"] = modules;
  for (const char* f : kModuleFiles) {
    const Value file = files[f];
    load_module(in, file);
    auto& defined = file.as<ModuleObj>()->attrs;
    auto all = defined.find("__all__");
    if (all == defined.end()) continue;
    for (const Value& name : all->second.items()) {
      attrs[name.as_str()] = defined.at(name.as_str());
      modules.as<ModuleObj>()->attrs[name.as_str()] = defined.at(name.as_str());
    }
  }
}

}  // namespace

void install_nn_package(std::map<std::string, Value>& torch_attrs) {
  torch_attrs["nn"] = lazy_module("torch.nn", load_nn);
}

}  // namespace tsh::shell
