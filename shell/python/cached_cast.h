// shell/python/cached_cast.h — dynamic_cast, with its answer kept per dynamic type.
//
// dynamic_cast walks the class hierarchy on every call: hundreds of instructions for a class
// with several bases. The interpreter asks the same few questions of the same few dynamic types
// millions of times (is this object tracked by the cycle collector, is this instance one of a
// class written in tsh), and the answer (where the To part lies in an object of that dynamic
// type, or that it has none) never changes for a type. So it is worked out once and kept, in a
// small per-thread table keyed by the type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <typeinfo>

namespace tsh::shell {

template <class To, class From>
To* cached_cast(From* p) {
  if (!p) return nullptr;
  struct Entry {
    const std::type_info* type = nullptr;
    std::ptrdiff_t offset = 0;  // bytes from the From part to the To part
    bool is = false;
  };
  static thread_local Entry cache[64];
  const std::type_info* type = &typeid(*p);
  Entry& e = cache[(reinterpret_cast<uintptr_t>(type) >> 4) & 63];
  if (e.type != type) {
    To* t = dynamic_cast<To*>(p);
    e.type = type;
    e.is = t != nullptr;
    e.offset = t ? reinterpret_cast<const char*>(t) - reinterpret_cast<const char*>(p) : 0;
    return t;
  }
  return e.is ? reinterpret_cast<To*>(reinterpret_cast<char*>(p) + e.offset) : nullptr;
}

}  // namespace tsh::shell
