// shell/python/methods.cpp — MethodTable (bound methods with CPython's argument
// messages), the AttributeError for unknown attributes, and Python's sort.
#include "shell/python/methods.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <type_traits>

#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/suggest.h"

namespace tsh::shell {

Value MethodTable::make(const std::string& name, std::function<void(Args&, Kwargs&)> check, Fn fn) const {
  Value self = self_;
  return make_builtin(name, "<built-in method " + name + " of " + type_ + " object>",
                      [self, check, fn](Interpreter& in, Args& a, Kwargs& kw) {
                        check(a, kw);
                        return fn(in, self, a, kw);
                      });
}

template <class Check>
Value MethodTable::dispatch(const std::string& name, Check check, Fn& fn) const {
  if (call_)
    return call_->run([&](Args& a, Kwargs& kw) {
      check(type_, name, a, kw);
      return fn(call_->in, self_, a, kw);
    });
  return make(name, [check, type = type_, name](Args& a, Kwargs& kw) { check(type, name, a, kw); }, std::move(fn));
}

Value MethodTable::noargs(const std::string& name, Fn fn) const {
  return dispatch(name, [](const std::string& type, const std::string& name, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError(type + "." + name + "() takes no keyword arguments");
    if (!a.empty())
      throw TypeError(type + "." + name + "() takes no arguments (" + std::to_string(a.size()) + " given)");
  }, fn);
}

Value MethodTable::onearg(const std::string& name, Fn fn) const {
  return dispatch(name, [](const std::string& type, const std::string& name, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError(type + "." + name + "() takes no keyword arguments");
    if (a.size() != 1)
      throw TypeError(type + "." + name + "() takes exactly one argument (" + std::to_string(a.size()) + " given)");
  }, fn);
}

Value MethodTable::fast(const std::string& name, size_t lo, size_t hi, Fn fn) const {
  return dispatch(name, [lo, hi](const std::string&, const std::string& name, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
    if (a.size() >= lo && a.size() <= hi) return;
    if (lo == hi)
      throw TypeError(name + " expected " + std::to_string(lo) + " argument" + (lo == 1 ? "" : "s") + ", got " +
                      std::to_string(a.size()));
    const bool few = a.size() < lo;
    const size_t n = few ? lo : hi;
    throw TypeError(name + " expected " + (few ? "at least " : "at most ") + std::to_string(n) + " argument" +
                    (n == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
  }, fn);
}

Value MethodTable::varargs(const std::string& name, size_t lo, size_t hi, Fn fn) const {
  return dispatch(name, [lo, hi](const std::string&, const std::string& name, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
    if (a.size() >= lo && a.size() <= hi) return;
    const bool few = a.size() < lo;
    const size_t n = few ? lo : hi;
    throw TypeError(name + "() takes " + (few ? "at least " : "at most ") + std::to_string(n) + " argument" +
                    (n == 1 ? "" : "s") + " (" + std::to_string(a.size()) + " given)");
  }, fn);
}

Value MethodTable::keywords(const std::string& name, Fn fn) const {
  return dispatch(name, [](const std::string&, const std::string&, Args&, Kwargs&) {}, fn);
}

void no_attribute(const Value& obj, const std::string& name, const std::vector<std::string>& candidates) {
  std::string msg = "'" + type_name(obj) + "' object has no attribute '" + name + "'";
  if (auto best = did_you_mean(name, candidates)) msg += ". Did you mean: '" + *best + "'?";
  throw AttributeError(msg);
}

namespace {

bool less(Interpreter& in, const Value& a, const Value& b) {
  Value tensor_result;
  const bool lt = in.compare(grammar::Op::Lt, a, b, &tensor_result);
  return tensor_result.is_none() ? lt : truthy(tensor_result);
}

}  // namespace

namespace {

// Sorts `order` (indexes into keys) stably by the keys, when they are all floats (no NaN), all
// ints held inline, or all strs: compared directly, with no interpreter call per comparison. Any
// stable sort of such keys (a strict weak order) gives CPython's result. False, having done
// nothing, for any other keys.
bool sort_plain_keys(const std::vector<Value>& keys, std::vector<size_t>& order) {
  if (keys.empty()) return false;
  const Kind kind = keys[0].kind();
  for (const Value& k : keys) {
    if (k.kind() != kind) return false;
    if (kind == Kind::Float ? std::isnan(k.as_float()) : kind == Kind::Int ? k.obj() != nullptr : kind != Kind::Str)
      return false;
  }
  auto by = [&](const auto& of) {
    using K = std::decay_t<decltype(of(keys[0]))>;
    std::vector<K> plain;
    plain.reserve(keys.size());
    for (const Value& k : keys) plain.push_back(of(k));
    auto before = [&](size_t i, size_t j) { return plain[i] < plain[j]; };
    // Data often comes sorted, or sorted backwards (strictly: equal keys keep their order), as
    // CPython's run detection finds at once.
    if (std::is_sorted(order.begin(), order.end(), before)) return;
    if (std::adjacent_find(order.begin(), order.end(), [&](size_t i, size_t j) { return !before(j, i); }) == order.end()) {
      std::reverse(order.begin(), order.end());
      return;
    }
    std::stable_sort(order.begin(), order.end(), before);
  };
  if (kind == Kind::Float) by([](const Value& k) { return k.as_float(); });
  else if (kind == Kind::Int) by([](const Value& k) { return k.as_int(); });
  else by([](const Value& k) { return std::string_view(k.as_str()); });  // UTF-8 bytes sort as code points
  return true;
}

}  // namespace

void py_sort(Interpreter& in, std::vector<Value>& items, const Value& key, bool reverse) {
  std::vector<Value> computed;
  if (!key.is_none()) {
    computed.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
      Args x{items[i]};
      Kwargs none;
      computed.push_back(in.call(key, x, none));
    }
  }
  const std::vector<Value>& keys = key.is_none() ? items : computed;
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  // Reversing before and after a stable ascending sort keeps equal items in
  // their original order, as list.sort(reverse=True) does.
  if (reverse) std::reverse(order.begin(), order.end());
  if (sort_plain_keys(keys, order)) {
  } else if (order.size() <= 64) {
    // CPython sorts short lists by a run count then binary insertion; the
    // same comparisons in the same order raise the same errors.
    size_t run = order.size() < 2 ? order.size() : 2;
    if (order.size() >= 2) {
      const bool descending = less(in, keys[order[1]], keys[order[0]]);
      while (run < order.size() && less(in, keys[order[run]], keys[order[run - 1]]) == descending) ++run;
      if (descending) std::reverse(order.begin(), order.begin() + static_cast<long>(run));
    }
    for (size_t start = run; start < order.size(); ++start) {
      const size_t pivot = order[start];
      size_t lo = 0, hi = start;
      while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (less(in, keys[pivot], keys[order[mid]])) hi = mid;
        else lo = mid + 1;
      }
      std::move_backward(order.begin() + static_cast<long>(lo), order.begin() + static_cast<long>(start),
                         order.begin() + static_cast<long>(start) + 1);
      order[lo] = pivot;
    }
  } else {
    std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) { return less(in, keys[i], keys[j]); });
  }
  if (reverse) std::reverse(order.begin(), order.end());
  std::vector<Value> out;
  out.reserve(items.size());
  for (size_t i : order) out.push_back(std::move(items[i]));  // (no key refers to items any more)
  items = std::move(out);
}

}  // namespace tsh::shell
