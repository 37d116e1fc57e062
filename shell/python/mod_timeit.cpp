// shell/python/mod_timeit.cpp — Python's timeit module: Timer (timeit,
// repeat, autorange) and the timeit() and repeat() shortcuts, as Python 3.11's
// timeit.py has them. stmt and setup are tsh source or callables; source runs
// as the body of timeit's inner() function (shell/python/timed_code.h), with
// locals of its own and, for globals, a copy of `globals=` or, without it, a
// namespace like the timeit module's own (so `from __main__ import f` in
// setup is how a statement reaches the session's names, as in Python). The
// clock is default_timer, time.perf_counter, unless timer= gives another.
#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/methods.h"
#include "shell/python/modules.h"
#include "shell/python/timed_code.h"

namespace tsh::shell {

namespace {

using grammar::Op;

constexpr Int kDefaultNumber = 1000000;
constexpr Int kDefaultRepeat = 5;

bool is_callable(const Value& v) {
  switch (v.kind()) {
    case Kind::Function:
    case Kind::Builtin:
    case Kind::Method:
    case Kind::Type: return true;
    default: return false;
  }
}

struct TimerObj : TrackedInstance {
  Value timer;
  Value globals_dict;  // the dict given as globals=, read again at each run; None for timeit's own
  // code.globals, a scope, stays unseen: what it refers to lives while the timer does.
  void each_value(const std::function<void(Value&)>& f) override {
    f(timer), f(globals_dict), f(code.setup_fn), f(code.stmt_fn);
  }
  TimedCode code;

  std::string class_name() const override { return "Timer"; }
  std::string module_name() const override { return "timeit"; }
  std::vector<std::string> attr_names() const override { return {"autorange", "repeat", "timeit", "timer"}; }

  // Timer.timeit(number): the time `number` runs of stmt take.
  Value timeit(Interpreter& in, const Value& number) {
    // itertools.repeat(None, number): an index that fits a C ssize_t; below zero, no runs.
    const Value n = index_arg(number);
    if (int_compare(n, Value::integer(INT64_MAX)) > 0 || int_compare(n, Value::integer(INT64_MIN)) < 0)
      throw OverflowError("Python int too large to convert to C ssize_t");
    if (!globals_dict.is_none()) {  // exec(code, globals): the dict as it is now
      code.globals->vars.clear();
      for (const Value& item : dict_of(globals_dict).items())
        if (item.items()[0].is(Kind::Str)) code.globals->vars[item.items()[0].as_str()] = item.items()[1];
    }
    Args none;
    Kwargs no_kw;
    return run_timed(in, code, n.as_int(), [&] { return in.call(timer, none, no_kw); });
  }

  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
};

TimerObj& timer_of(const Value& self) { return *static_cast<TimerObj*>(self.as<InstanceObj>()); }

Value TimerObj::attr(Interpreter&, const Value& self, const std::string& name) {
  auto method = [&](std::function<Value(Interpreter&, TimerObj&, Args&, Kwargs&)> fn) {
    return make_builtin(name, "<bound method Timer." + name + " of " + repr(self) + ">",
                        [self, fn](Interpreter& in, Args& a, Kwargs& kw) { return fn(in, timer_of(self), a, kw); });
  };
  if (name == "timer") return timer;
  if (name == "timeit")
    return method([](Interpreter& in, TimerObj& t, Args& a, Kwargs& kw) {
      auto v = bind_method_params("Timer.timeit", {"number"}, 0, {Value::integer(kDefaultNumber)}, a, kw);
      return t.timeit(in, v[0]);
    });
  if (name == "repeat")
    return method([](Interpreter& in, TimerObj& t, Args& a, Kwargs& kw) {
      auto v = bind_method_params("Timer.repeat", {"repeat", "number"}, 0,
                                  {Value::integer(kDefaultRepeat), Value::integer(kDefaultNumber)}, a, kw);
      if (!v[0].is_intlike())  // range(repeat)
        throw TypeError("'" + type_name(v[0]) + "' object cannot be interpreted as an integer");
      std::vector<Value> times;
      for (Value i = Value::integer(0); int_compare(i, v[0]) < 0; i = Value::integer(i.as_int() + 1))
        times.push_back(t.timeit(in, v[1]));
      return Value::list(std::move(times));
    });
  if (name == "autorange")
    return method([](Interpreter& in, TimerObj& t, Args& a, Kwargs& kw) {
      auto v = bind_method_params("Timer.autorange", {"callback"}, 0, {Value()}, a, kw);
      // 1, 2, 5, 10, 20, 50, ... runs until they take at least 0.2 seconds.
      for (Int i = 1;; i *= 10) {
        for (Int j : {1, 2, 5}) {
          const Value number = Value::integer(i * j);
          const Value taken = t.timeit(in, number);
          if (truthy(v[0])) {
            Args args{number, taken};
            Kwargs none;
            in.call(v[0], args, none);
          }
          Value tensor_result;
          const bool enough = in.compare(Op::GtE, taken, Value::floating(0.2), &tensor_result);
          if (tensor_result.is_none() ? enough : truthy(tensor_result)) return Value::tuple({number, taken});
        }
      }
    });
  no_attribute(self, name, attr_names());
}

// Timer(stmt, setup, timer, globals), as Timer.__init__ checks and compiles them.
Value make_timer(Interpreter& in, const Value& type, const Value& stmt, const Value& setup, const Value& timer,
                 const Value& globals) {
  auto t = std::make_shared<TimerObj>();
  t->type = type;
  t->timer = timer;
  t->code.globals = std::make_shared<Scope>();
  t->code.globals->isolated = true;
  if (globals.is_none()) {
    // timeit's own globals: the module's names and the modules it imports.
    for (const char* module : {"sys", "time", "itertools"}) t->code.globals->vars[module] = in.lookup_module(module);
    for (const auto& [k, v] : in.lookup_module("timeit").as<ModuleObj>()->attrs) t->code.globals->vars[k] = v;
  } else {
    if (!globals.is(Kind::Dict)) throw TypeError("exec() globals must be a dict, not " + type_name(globals));
    t->globals_dict = globals;
  }
  std::string prefix;
  if (setup.is(Kind::Str)) {
    t->code.setup_src = compile_timer_source(setup.as_str());
    prefix = setup.as_str() + "\n";
  } else if (is_callable(setup)) {
    t->code.setup_fn = setup;
  } else {
    throw ValueError("setup is neither a string nor callable");
  }
  if (stmt.is(Kind::Str)) {
    compile_timer_source(prefix + stmt.as_str());
    t->code.stmt_src = compile_timer_source(stmt.as_str());
  } else if (is_callable(stmt)) {
    t->code.stmt_fn = stmt;
  } else {
    throw ValueError("stmt is neither a string nor callable");
  }
  if (t->code.setup_src) in.keep_alive(t->code.setup_src);  // functions defined by setup point into it
  if (t->code.stmt_src) in.keep_alive(t->code.stmt_src);
  return Value::object(Kind::Instance, t);
}

}  // namespace

void install_timeit(Interpreter& in, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  const Value perf_counter = in.get_attr(in.lookup_module("time"), "perf_counter");
  attrs["default_timer"] = perf_counter;
  attrs["default_number"] = Value::integer(kDefaultNumber);
  attrs["default_repeat"] = Value::integer(kDefaultRepeat);
  attrs["dummy_src_name"] = Value::str("<timeit-src>");

  auto type = std::make_shared<TypeObj>();
  type->name = "timeit.Timer";
  std::weak_ptr<Object> weak = type;  // the class outlives its objects; no cycle
  auto class_value = [weak] { return weak.lock() ? Value::object(Kind::Type, weak.lock()) : Value(); };
  type->ctor = [class_value, perf_counter](Interpreter& in2, Args& a, Kwargs& kw) {
    auto v = bind_method_params("Timer.__init__", {"stmt", "setup", "timer", "globals"}, 0,
                                {Value::str("pass"), Value::str("pass"), perf_counter, Value()}, a, kw);
    return make_timer(in2, class_value(), v[0], v[1], v[2], v[3]);
  };
  attrs["Timer"] = Value::object(Kind::Type, type);

  // Functions written in Python: `<function timeit at 0x...>`.
  auto def = [&](const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    Value f = make_builtin(name, "", std::move(fn));
    f.as<BuiltinObj>()->qualname = "<function " + name + " at " + hex_addr(f.obj().get()) + ">";
    attrs[name] = f;
  };
  // timeit(stmt='pass', setup='pass', timer=default_timer, number=1000000, globals=None)
  // and repeat(..., repeat=5, number=1000000, globals=None): a Timer, then its method.
  auto shortcut = [class_value, perf_counter](const std::string& name, std::vector<std::string> names,
                                              std::vector<Value> defaults) {
    return [=](Interpreter& in2, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, names, 0);
      for (size_t i = 0; i < names.size(); ++i) {  // bind_params leaves None where nothing was given
        bool given = i < a.size();
        for (const auto& [k, _] : kw) given = given || k == names[i];
        if (!given) v[i] = defaults[i];
      }
      const Value t = make_timer(in2, class_value(), v[0], v[1], v[2], v.back());
      Args args(v.begin() + 3, v.end() - 1);
      Kwargs none;
      return in2.call(in2.get_attr(t, name), args, none);
    };
  };
  const Value pass = Value::str("pass"), number = Value::integer(kDefaultNumber);
  def("timeit", shortcut("timeit", {"stmt", "setup", "timer", "number", "globals"},
                         {pass, pass, perf_counter, number, Value()}));
  def("repeat", shortcut("repeat", {"stmt", "setup", "timer", "repeat", "number", "globals"},
                         {pass, pass, perf_counter, Value::integer(kDefaultRepeat), number, Value()}));
}

}  // namespace tsh::shell
