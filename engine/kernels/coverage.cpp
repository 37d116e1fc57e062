// engine/kernels/coverage.cpp — check keys interned to dense ids; one table per device type.
#include "engine/kernels/coverage.h"

#include <array>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/error.h"

namespace tsh::kernels {

namespace {

struct Entry {
  const char* kernel_name = nullptr;  // null: no limit on this device
  unsigned dtypes = kAll;
};

struct Tables {
  std::mutex mutex;
  std::unordered_map<std::string, int> ids;
  std::array<std::vector<Entry>, kDeviceTypes> entries;

  int intern(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, fresh] = ids.emplace(key, static_cast<int>(ids.size()));
    if (fresh)
      for (auto& e : entries) e.resize(ids.size());
    return it->second;
  }
};

Tables& tables() {
  static Tables t;
  return t;
}

}  // namespace

Check::Check(const std::string& key) : id_(tables().intern(key)) {}

void Check::require(Device d, DType dtype) const {
  static const bool started = (start_backends(), true);
  (void)started;
  const Entry& e = tables().entries[static_cast<size_t>(d.type)][static_cast<size_t>(id_)];
  if (e.kernel_name && !supports(e.dtypes, dtype)) not_implemented_for(e.kernel_name, dtype);
}

void cover(DeviceType type, const std::string& key, const char* kernel_name, unsigned dtypes) {
  Tables& t = tables();
  const int id = t.intern(key);
  t.entries[static_cast<size_t>(type)][static_cast<size_t>(id)] = {kernel_name, dtypes};
}

void not_implemented_for(const char* kernel_name, DType d) {
  // NotImplementedError, as torch 2.15 raises it (RuntimeError before).
  throw NotImplementedError(std::string("\"") + kernel_name + "\" not implemented for '" + scalar_type_name(d) + "'");
}

}  // namespace tsh::kernels
