// shell/python/mod_warnings.cpp — Python's warnings module, as far as code tsh runs needs it:
// warnings.warn prints through the same channel as PyTorch's own warnings (warnings.h).
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/warnings.h"

namespace tsh::shell {

void install_warnings(Interpreter&, Value& m) {
  def_function(m, "warn", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("warn", a, kw, {"message", "category", "stacklevel", "source", "skip_file_prefixes"}, 1);
    std::string category = "UserWarning";
    if (v[1].is(Kind::Type)) {
      category = v[1].as<TypeObj>()->name;
      if (category.rfind('.') != std::string::npos) category = category.substr(category.rfind('.') + 1);
    } else if (!v[1].is_none()) {
      throw TypeError("category must be a Warning subclass, not '" + type_name(v[1]) + "'");
    }
    warn_once(in, category, str(v[0]));
    return Value();
  });
}

}  // namespace tsh::shell
