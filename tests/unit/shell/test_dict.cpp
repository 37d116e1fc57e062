// tests/unit/shell/test_dict.cpp — Python's dict and hash() in the value model:
// numeric hashes equal CPython's (so 1, 1.0 and True are one key), tuples
// hash like CPython 3.11's, unhashable kinds raise, and the table keeps
// insertion order through deletions and compaction. Expected hashes come
// from python3.11.
#include <catch2/catch.hpp>

#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"

using namespace tsh::shell;

namespace {

Value i(Int v) { return Value::integer(v); }
Value f(double v) { return Value::floating(v); }
Value s(const char* v) { return Value::str(v); }

}  // namespace

TEST_CASE("hash() of numbers and tuples is CPython's", "[dict]") {
  CHECK(py_hash(i(1)) == 1);
  CHECK(py_hash(i(-1)) == -2);
  CHECK(py_hash(i(Int(1) << 61)) == 1);
  CHECK(py_hash(i((Int(1) << 61) - 1)) == 0);
  CHECK(py_hash(i((Int(1) << 126) - 1)) == 15);
  CHECK(py_hash(i(Int(100000000000) * 1000000000)) == 848750603811160107);
  CHECK(py_hash(i(-Int(100000000000) * 1000000000)) == -848750603811160107);
  CHECK(py_hash(f(1.5)) == 1152921504606846977);
  CHECK(py_hash(f(-0.5)) == -1152921504606846976);
  CHECK(py_hash(f(0.1)) == 230584300921369408);
  CHECK(py_hash(f(1e-300)) == 482449582752280463);
  CHECK(py_hash(f(-2.75e100)) == -1554192121876270611);
  CHECK(py_hash(f(INFINITY)) == 314159);
  CHECK(py_hash(Value::complex({1, 2})) == 2000007);
  CHECK(py_hash(Value::tuple({})) == 5740354900026072187);
  CHECK(py_hash(Value::tuple({i(1)})) == -6644214454873602895);
  CHECK(py_hash(Value::tuple({i(1), f(2.5), i(-1)})) == -1302100659107094140);
  CHECK(py_hash(Value::tuple({Value::tuple({i(1), i(2)}), Value::tuple({i(3)})})) == -8303551883679707139);
  // Equal numbers are one key.
  CHECK(py_hash(f(3.0)) == py_hash(i(3)));
  CHECK(py_hash(Value::boolean(true)) == py_hash(i(1)));
}

TEST_CASE("unhashable values raise Python's TypeError", "[dict]") {
  CHECK_THROWS_WITH(py_hash(Value::list({})), "unhashable type: 'list'");
  CHECK_THROWS_WITH(py_hash(make_dict()), "unhashable type: 'dict'");
  CHECK_THROWS_WITH(py_hash(Value::tuple({Value::list({})})), "unhashable type: 'list'");
}

TEST_CASE("a dict keeps insertion order through deletion and compaction", "[dict]") {
  Value d = make_dict();
  DictObj& t = dict_of(d);
  for (Int k = 0; k < 100; ++k) t.set(i(k), i(k * k));
  for (Int k = 0; k < 100; k += 3) CHECK(t.erase(i(k)));  // past half dead: compacts
  for (Int k = 0; k < 80; ++k)
    if (k % 3 == 0) CHECK_FALSE(t.erase(i(k)));
  CHECK(t.live == 66);
  std::vector<Value> keys = t.keys();
  REQUIRE(keys.size() == 66);
  CHECK(keys.front().as_int() == 1);
  CHECK(keys.back().as_int() == 98);
  for (size_t n = 1; n < keys.size(); ++n) CHECK(keys[n - 1].as_int() < keys[n].as_int());
  REQUIRE(t.find(f(50.0)));  // 50 == 50.0
  CHECK(t.find(f(50.0))->as_int() == 2500);
  // Re-setting a key keeps its place and its first key object.
  t.set(f(1.0), s("one"));
  CHECK(t.keys().front().is(Kind::Int));
  CHECK(t.find(i(1))->as_str() == "one");
  // A key erased and set again goes to the end.
  t.erase(i(1));
  t.set(i(1), s("again"));
  CHECK(t.keys().back().as_int() == 1);
}

TEST_CASE("tensors and other objects are keys by identity", "[dict]") {
  Value d = make_dict();
  Value key1 = Value::tuple({s("x")}), key2 = Value::tuple({s("x")});
  dict_of(d).set(key1, i(1));
  CHECK(dict_of(d).find(key2));  // equal tuples are one key
  Value fn = make_builtin("f", "<built-in function f>", [](Interpreter&, Args&, Kwargs&) { return Value(); });
  Value fn2 = make_builtin("f", "<built-in function f>", [](Interpreter&, Args&, Kwargs&) { return Value(); });
  dict_of(d).set(fn, i(2));
  CHECK(dict_of(d).find(fn));
  CHECK_FALSE(dict_of(d).find(fn2));
}
