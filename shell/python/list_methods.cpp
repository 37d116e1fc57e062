// shell/python/list_methods.cpp — the methods of list (append, extend, pop, insert,
// remove, index, count, sort, reverse, copy, clear) and of tuple and
// torch.Size (index, count; Size.numel), with Python's messages.
#include <algorithm>

#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/methods.h"
#include "shell/python/pyops.h"

namespace tsh::shell {

// (a method's name against "..."sv: a length that differs answers at once, with no strlen)
using namespace std::string_view_literals;

namespace {

// Containers compare items by identity first, then ==.
bool same_item(const Value& a, const Value& b) {
  if (a.kind() == b.kind() && a.obj() && a.identity() == b.identity()) return true;
  return values_equal(a, b);
}

Int index_arg(const Value& v) {
  if (!v.is_intlike()) throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
  return v.as_int();
}

}  // namespace

Value list_attr(const Value& obj, const std::string& name, MethodCall* call) {
  const bool is_list = obj.is(Kind::List);
  const std::string type = is_list ? "list" : obj.is(Kind::Tuple) ? "tuple" : "torch.Size";
  MethodTable t(obj, is_list ? "list" : "tuple", call);
  if (name == "index"sv)
    return t.fast(name, 1, 3, [type](Interpreter&, const Value& self, Args& a, Kwargs&) {
      auto& items = self.items();
      const Int n = static_cast<Int>(items.size());
      auto bound = [&](size_t i, Int dflt) {
        if (i >= a.size()) return dflt;
        if (!a[i].is_intlike()) throw TypeError("slice indices must be integers or have an __index__ method");
        Int v = a[i].as_int();
        if (v < 0) v += n;
        return std::clamp<Int>(v, 0, n);
      };
      const Int start = bound(1, 0), stop = bound(2, n);
      for (Int i = start; i < stop && i < static_cast<Int>(items.size()); ++i)
        if (same_item(items[static_cast<size_t>(i)], a[0])) return Value::integer(i);
      if (type == "list") throw ValueError(repr(a[0]) + " is not in list");
      throw ValueError("tuple.index(x): x not in tuple");
    });
  if (name == "count"sv)
    return t.onearg(name, [](Interpreter&, const Value& self, Args& a, Kwargs&) {
      Int n = 0;
      for (const Value& v : self.items()) n += same_item(v, a[0]);
      return Value::integer(n);
    });
  if (name == "numel"sv && obj.is(Kind::Size))
    return t.noargs(name, [](Interpreter&, const Value& self, Args&, Kwargs&) {
      Int n = 1;
      for (const Value& v : self.items()) n *= v.as_int();
      return Value::integer(n);
    });
  if (!is_list) no_attribute(obj, name, list_method_names(obj));
  if (name == "append"sv)
    return t.onearg(name, [](Interpreter&, const Value& self, Args& a, Kwargs&) {
      self.items().push_back(a[0]);
      return Value();
    });
  if (name == "extend"sv)
    return t.onearg(name, [](Interpreter& in, const Value& self, Args& a, Kwargs&) {
      std::vector<Value> more = in.iterate(a[0]);  // first: `l.extend(l)` doubles l
      self.items().insert(self.items().end(), more.begin(), more.end());
      return Value();
    });
  if (name == "pop"sv)
    return t.fast(name, 0, 1, [](Interpreter&, const Value& self, Args& a, Kwargs&) {
      auto& items = self.items();
      Int i = a.empty() ? -1 : index_arg(a[0]);
      if (items.empty()) throw IndexError("pop from empty list");
      const Int n = static_cast<Int>(items.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) throw IndexError("pop index out of range");
      Value v = items[static_cast<size_t>(i)];
      items.erase(items.begin() + static_cast<long>(i));
      return v;
    });
  if (name == "insert"sv)
    return t.fast(name, 2, 2, [](Interpreter&, const Value& self, Args& a, Kwargs&) {
      auto& items = self.items();
      const Int n = static_cast<Int>(items.size());
      Int i = index_arg(a[0]);
      if (i < 0) i = std::max<Int>(0, i + n);
      i = std::min(i, n);
      items.insert(items.begin() + static_cast<long>(i), a[1]);
      return Value();
    });
  if (name == "remove"sv)
    return t.onearg(name, [](Interpreter&, const Value& self, Args& a, Kwargs&) {
      auto& items = self.items();
      for (size_t i = 0; i < items.size(); ++i) {
        if (same_item(items[i], a[0])) {
          items.erase(items.begin() + static_cast<long>(i));
          return Value();
        }
      }
      throw ValueError("list.remove(x): x not in list");
    });
  if (name == "sort"sv)
    return t.keywords(name, [](Interpreter& in, const Value& self, Args& a, Kwargs& kw) {
      if (!a.empty()) throw TypeError("sort() takes no positional arguments");
      Value key;
      bool reverse = false;
      for (auto& [k, v] : kw) {
        if (k == "key") key = v;
        else if (k == "reverse") reverse = index_arg(v) != 0;
        else throw TypeError("'" + k + "' is an invalid keyword argument for sort()");
      }
      // Sorted apart and put back, so that a failing comparison leaves the list whole.
      std::vector<Value> items = self.items();
      py_sort(in, items, key, reverse);
      self.items() = std::move(items);
      return Value();
    });
  if (name == "reverse"sv)
    return t.noargs(name, [](Interpreter&, const Value& self, Args&, Kwargs&) {
      std::reverse(self.items().begin(), self.items().end());
      return Value();
    });
  if (name == "copy"sv)
    return t.noargs(name, [](Interpreter&, const Value& self, Args&, Kwargs&) { return Value::list(self.items()); });
  if (name == "clear"sv)
    return t.noargs(name, [](Interpreter&, const Value& self, Args&, Kwargs&) {
      self.items().clear();
      return Value();
    });
  no_attribute(obj, name, list_method_names(obj));
}

std::vector<std::string> list_method_names(const Value& obj) {
  if (obj.is(Kind::List))
    return {"append", "clear", "copy", "count", "extend", "index", "insert", "pop", "remove", "reverse", "sort"};
  if (obj.is(Kind::Size)) return {"count", "index", "numel"};
  return {"count", "index"};
}

}  // namespace tsh::shell
