// tests/unit/shell/test_complete.cpp — tab completion, one test per context (shell/complete.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "shell/complete.h"
#include "shell/session.h"

using namespace tsh::shell;

namespace {

// A session with a few names defined, as a user would have typed them.
struct Fixture {
  std::string out;
  Session s{Output{[this](std::string_view t) { out += t; }, [this](std::string_view t) { out += t; }}};
  Fixture() {
    s.run_chunk("import math as m\n");
    s.run_chunk("t = torch.ones(2, 3)\n");
    s.run_chunk("calls = []\n");
    s.run_chunk("def side_effect():\n    calls.append(1)\n    return t\n\n");
    s.run_chunk("def scale(x, alpha, beta=2):\n    return x\n\n");
    s.run_chunk("_hidden = 1\n");
    s.run_chunk("rate = 0.5\n");
    s.run_chunk("dims = 2\n");
  }
  // Completes at the end of `line`.
  std::vector<std::string> operator()(const std::string& line, size_t* start = nullptr) {
    size_t ws = 0;
    std::vector<std::string> m = complete(s.interp(), line, line.size(), &ws);
    if (start) *start = ws;
    return m;
  }
};

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

bool sorted_unique(const std::vector<std::string>& v) {
  return std::is_sorted(v.begin(), v.end()) && std::adjacent_find(v.begin(), v.end()) == v.end();
}

}  // namespace

TEST_CASE("names: globals, builtins, torch functions, with rlcompleter's suffixes", "[complete]") {
  Fixture f;
  size_t start = 99;
  auto m = f("x = ra", &start);
  CHECK(start == 4);
  CHECK(has(m, "rand("));
  CHECK(has(m, "randn("));
  CHECK(has(m, "range("));
  CHECK(has(m, "rate"));  // a variable: no parenthesis
  CHECK(sorted_unique(m));
  // A function that takes no argument gets "()", as rlcompleter writes it.
  CHECK(has(f("side_"), "side_effect()"));
  CHECK(has(f("sca"), "scale("));
  CHECK(has(f("get_default_d"), "get_default_dtype()"));
  CHECK(has(f("tor"), "torch"));  // a module
  // A global shadows the torch function of the same name, as lookup does.
  auto ts = f("t");
  CHECK(has(ts, "t"));
  CHECK_FALSE(has(ts, "t("));
  CHECK(has(ts, "tensor("));
}

TEST_CASE("keywords complete with Python's spacing", "[complete]") {
  Fixture f;
  CHECK(has(f("fo"), "for "));
  CHECK(has(f("Tr"), "True"));
  CHECK(has(f("wh"), "while "));
  CHECK(has(f("x = No"), "None"));
  CHECK(has(f("lam"), "lambda "));
  CHECK(has(f("pas"), "pass"));
}

TEST_CASE("private names only when the word starts with an underscore", "[complete]") {
  Fixture f;
  auto all = f("x = ");
  CHECK_FALSE(all.empty());
  for (const std::string& n : all) CHECK(n[0] != '_');
  CHECK(has(f("_hi"), "_hidden"));
  CHECK(has(f("torch.__"), "torch.__version__"));
  for (const std::string& n : f("torch.")) CHECK(n.rfind("torch._", 0) != 0);
}

TEST_CASE("module members: torch, torch.linalg, torch.cuda, an imported module", "[complete]") {
  Fixture f;
  size_t start = 0;
  auto m = f("t = torch.ra", &start);
  CHECK(start == 4);
  CHECK(has(m, "torch.rand("));
  CHECK(has(m, "torch.randn("));
  CHECK(has(m, "torch.randint("));
  CHECK(sorted_unique(m));
  CHECK(has(f("torch.li"), "torch.linalg"));
  CHECK(has(f("torch.float"), "torch.float32"));  // a dtype: no parenthesis
  CHECK(has(f("torch.linalg.so"), "torch.linalg.solve("));
  CHECK_FALSE(has(f("torch.linalg_"), "torch.linalg_solve("));  // no such torch attribute
  CHECK(has(f("torch.cuda.is_"), "torch.cuda.is_available("));
  CHECK(has(f("m."), "m.sqrt("));  // an imported module under its alias
  for (const std::string& n : f("m.")) CHECK(n.rfind("m.", 0) == 0);
  f.s.run_chunk("import math\n");
  CHECK(has(f("math.sq"), "math.sqrt("));
  CHECK(has(f("math.p"), "math.pi"));
  CHECK(f("nosuchname.").empty());
}

TEST_CASE("tensor attributes and methods after a name chain", "[complete]") {
  Fixture f;
  size_t start = 0;
  auto m = f("t.str", &start);
  CHECK(start == 0);
  CHECK(has(m, "t.stride("));
  auto st = f("t.st");
  CHECK(has(st, "t.stride("));
  CHECK(has(st, "t.storage_offset()"));  // takes no argument
  CHECK(has(st, "t.std("));
  CHECK(has(f("t.sha"), "t.shape"));       // a property
  CHECK(has(f("t.nu"), "t.numel()"));
  CHECK(has(f("t.T.sh"), "t.T.shape"));    // through a property
  CHECK(has(f("t.shape.nu"), "t.shape.numel()"));  // Size.numel() takes no argument
  CHECK(has(f("print(t.dt"), "t.dtype"));  // inside a call
  CHECK(sorted_unique(f("t.")));
}

TEST_CASE("completion never calls, subscripts or evaluates anything else", "[complete]") {
  Fixture f;
  CHECK(f("side_effect().").empty());
  CHECK(f("side_effect().sh").empty());
  CHECK(f("[t][0].sh").empty());
  CHECK(f("t[0].sh").empty());
  CHECK(f("(t + 1).sh").empty());
  CHECK(f("1.5.").empty());
  CHECK(f("x = 12").empty());
  f.out.clear();
  f.s.run_chunk("print(len(calls))\n");
  CHECK(f.out == "0\n");
}

TEST_CASE("keyword arguments of the call being written, from the registry", "[complete]") {
  Fixture f;
  size_t start = 0;
  auto m = f("torch.sum(t, di", &start);
  CHECK(start == 13);
  CHECK(has(m, "dim="));
  CHECK(has(m, "dims"));           // the user's own names still come
  CHECK_FALSE(has(m, "diag("));    // not the whole torch namespace
  CHECK(has(f("t.sum(keep"), "keepdim="));
  CHECK(has(f("t.sum(dim=0, keep"), "keepdim="));
  CHECK(has(f("torch.zeros(2, 3, dt"), "dtype="));
  CHECK(has(f("torch.zeros(2, 3, de"), "device="));
  CHECK(has(f("torch.linalg.solve(a, b, le"), "left="));
  // Every overload counts: max(dim=...) exists only in the dim overload.
  CHECK(has(f("torch.max(t, di"), "dim="));
  // A def's parameters.
  auto d = f("scale(t, be");
  CHECK(d == std::vector<std::string>{"beta="});
  // Already given: not offered again.
  CHECK_FALSE(has(f("torch.sum(t, dim=1, d"), "dim="));
  CHECK(has(f("torch.sum(t, dim=1, d"), "dtype="));
  // Not an argument position: a value after `=`, or inside an expression.
  CHECK_FALSE(has(f("torch.sum(t, dim=di"), "dim="));
  CHECK(has(f("torch.sum(t, dim=di"), "diag("));
  CHECK_FALSE(has(f("torch.sum(t + di"), "dim="));
  // No keyword matches: ordinary names.
  CHECK(has(f("torch.sum(ra"), "rand("));
  // `self` is never offered.
  CHECK_FALSE(has(f("t.sum(s"), "self="));
}

TEST_CASE("magics after a leading %", "[complete]") {
  Fixture f;
  size_t start = 9;
  auto m = f("%ti", &start);
  CHECK(start == 0);
  CHECK(has(m, "%time"));
  CHECK(has(m, "%timeit"));
  for (const std::string& n : m) CHECK(n.rfind("%ti", 0) == 0);
  CHECK(has(f("  %wh"), "%whos"));
  // The rest of a code-taking magic completes as code.
  auto code = f("%timeit t.su", &start);
  CHECK(start == 8);
  CHECK(has(code, "t.sum("));
}

TEST_CASE("file names after %run and %cd", "[complete]") {
  Fixture f;
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "tsh_complete_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "lessons");
  std::ofstream(dir / "intro.tsh") << "x = 1\n";
  std::ofstream(dir / "notes.txt") << "not a script\n";
  std::ofstream(dir / ".hidden.tsh") << "x = 1\n";
  const std::string base = dir.string() + "/";
  size_t start = 0;
  auto m = f("%run " + base, &start);
  CHECK(start == 5);
  CHECK(m == std::vector<std::string>{base + "intro.tsh", base + "lessons/"});
  CHECK(f("%run " + base + "in") == std::vector<std::string>{base + "intro.tsh"});
  CHECK(f("%run " + base + ".h") == std::vector<std::string>{base + ".hidden.tsh"});
  CHECK(f("%cd " + base) == std::vector<std::string>{base + "lessons/"});  // folders only
  fs::remove_all(dir);
}

TEST_CASE("module names after import", "[complete]") {
  Fixture f;
  CHECK(f("import ma") == std::vector<std::string>{"math"});
  CHECK(f("import nu") == std::vector<std::string>{"numpy"});
  CHECK(f("import pand").empty());  // no pandas module: nothing to offer
  CHECK(has(f("import "), "torch"));
  CHECK(f("import torch.li") == std::vector<std::string>{"torch.linalg"});
}

TEST_CASE("nothing inside strings and comments, or on a blank line", "[complete]") {
  Fixture f;
  CHECK(f("print('t.st").empty());
  CHECK(f("print(\"it's t.st").empty());
  CHECK(f("x = 1  # t.st").empty());
  CHECK(f("").empty());
  CHECK(f("    ").empty());
  // A closed string before the word does not count.
  CHECK(has(f("print('a', t.sh"), "t.shape"));
}

TEST_CASE("the cursor decides the word, not the end of the line", "[complete]") {
  Fixture f;
  size_t start = 0;
  std::string line = "x = t.sha + 1";
  auto m = complete(f.s.interp(), line, 9, &start);
  CHECK(start == 4);
  CHECK(m == std::vector<std::string>{"t.shape"});
}
