// shell/torch/out_arg.cpp — out= helpers for the registry entries.
#include "shell/torch/out_arg.h"

#include "engine/ops/creation.h"
#include "engine/ops/out.h"
#include "shell/python/errors.h"

namespace tsh::shell {

std::optional<Tensor> out_arg(const Bound& a, size_t i) {
  if (i >= a.values.size() || a.is_none(i)) return std::nullopt;
  return a.tensor(i);
}

Value out_or_result(const Bound& a, size_t i, const Tensor& result) {
  std::optional<Tensor> out = out_arg(a, i);
  if (!out) return Value::tensor(result);
  write_out(*out, result);
  return a[i];
}

Value out_exact(const Bound& a, size_t i, const Tensor& result) {
  if (std::optional<Tensor> out = out_arg(a, i)) check_out_dtype(*out, result.dtype());
  return out_or_result(a, i, result);
}

Value out_worded(const Bound& a, size_t i, const Tensor& result, const std::string& words) {
  std::optional<Tensor> out = out_arg(a, i);
  if (out && out->dtype() != result.dtype()) {
    std::string message;
    for (size_t k = 0; k < words.size(); ++k) {
      const char c = k + 1 < words.size() && words[k] == '%' ? words[k + 1] : '\0';
      const DType d = c == 'R' || c == 'r' ? result.dtype() : out->dtype();
      if (c == 'R' || c == 'O') message += scalar_type_name(d);
      else if (c == 'r' || c == 'o') message += typemeta_name(d);
      else {
        message += words[k];
        continue;
      }
      ++k;
    }
    throw RuntimeError(message);
  }
  return out_or_result(a, i, result);
}

Value named_out(const Bound& a, size_t out_i, const std::string& name, const std::vector<std::string>& fields,
                const std::vector<Tensor>& results, bool exact_dtypes) {
  if (out_i < a.values.size() && !a.is_none(out_i)) {
    const auto& items = a[out_i].items();
    if (items.size() != results.size())
      throw TypeError("expected tuple of " + std::to_string(results.size()) + " elements but got " +
                      std::to_string(items.size()));
    if (exact_dtypes)
      for (size_t i = 0; i < results.size(); ++i) check_out_dtype(items[i].as_tensor(), results[i].dtype());
    for (size_t i = 0; i < results.size(); ++i) write_out(items[i].as_tensor(), results[i]);
    return named(name, fields, items);
  }
  std::vector<Value> vs;
  for (const Tensor& t : results) vs.push_back(Value::tensor(t));
  return named(name, fields, vs);
}

Device factory_device(const Bound& a, size_t device_i, size_t out_i) {
  if (std::optional<Device> d = a.device(device_i)) return *d;
  if (std::optional<Tensor> out = out_arg(a, out_i)) return out->device();
  return default_device();
}

std::optional<DType> factory_dtype(const Bound& a, size_t dtype_i, size_t out_i) {
  std::optional<DType> d = a.dtype(dtype_i);
  std::optional<Tensor> out = out_arg(a, out_i);
  if (!out) return d;
  if (d && *d != out->dtype())
    throw tsh::Error(std::string("dtype ") + scalar_type_name(*d) + " does not match dtype of out parameter (" +
                     scalar_type_name(out->dtype()) + ")");
  return out->dtype();
}

void check_can_cast_out(DType result, const Tensor& out, const std::string& what) {
  if (!can_cast(result, out.dtype()))
    throw tsh::Error(what + " can't be cast to the desired output type " +
                     scalar_type_name(out.dtype()));
}

}  // namespace tsh::shell
