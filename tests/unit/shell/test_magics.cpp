// tests/unit/shell/test_magics.cpp — the magics' rules that transcripts cannot pin
// down: %timeit's loop-count choice and wording (with a fake clock), time
// formatting, the %timeit/%time output shapes (by regex, since real times
// vary), %whos's column layout, %storage's drawing choices, and option
// parsing. Expected texts were checked against IPython 8.12.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>

#include "engine/core/tensor.h"
#include "engine/ops/creation.h"
#include "shell/help.h"
#include "shell/magics/magics.h"
#include "shell/magics/magics_impl.h"
#include "shell/magics/magics_storage.h"
#include "shell/magics/magics_timing.h"
#include "shell/magics/magics_whos.h"
#include "shell/session.h"
#include "tests/unit/shell/session_run.h"

using namespace tsh::shell;

namespace {

std::string transcript(const std::vector<std::string>& lines) {
  return testing::session_output(lines, false);
}

std::string script(const std::string& source, int* status = nullptr) {
  return testing::script_output(source, status);
}

// A clock that advances by `step` seconds each time the body runs.
struct FakeClock {
  double now = 0;
  double step;
  Clock clock() {
    return [this] { return now; };
  }
  std::function<void()> body() {
    return [this] { now += step; };
  }
};

}  // namespace

TEST_CASE("time formatting follows IPython's _format_time", "[magics][timeit]") {
  CHECK(format_time(0.00229) == "2.29 ms");
  CHECK(format_time(1.23e-5) == "12.3 \xC2\xB5s");
  CHECK(format_time(5.4e-9) == "5.4 ns");
  CHECK(format_time(1e-6) == "1 \xC2\xB5s");
  CHECK(format_time(1e-10) == "0.1 ns");
  CHECK(format_time(0) == "0 ns");
  CHECK(format_time(0.5) == "500 ms");
  CHECK(format_time(2.5) == "2.5 s");
  CHECK(format_time(59.99) == "60 s");
  CHECK(format_time(65.5) == "1min 5s");
  CHECK(format_time(3600) == "1h");
  CHECK(format_time(90061) == "1d 1h 1min 1s");
  CHECK(format_time(0.000999999) == "1e+03 \xC2\xB5s");  // "%.3g" turns 999.999 into 1e+03
  CHECK(format_time(0.0123456, 5) == "12.346 ms");
}

TEST_CASE("autorange: 1, 10, 100, ... loops until one run takes 0.2 s", "[magics][timeit]") {
  std::vector<int64_t> tried;
  auto per_loop = [&](double seconds) {
    return [&tried, seconds](int64_t n) {
      tried.push_back(n);
      return static_cast<double>(n) * seconds;
    };
  };
  CHECK(autorange(per_loop(0.001)) == 1000);  // 100 loops take 0.1 s, 1000 take 1 s
  CHECK(tried == std::vector<int64_t>{1, 10, 100, 1000});
  CHECK(autorange(per_loop(0.5)) == 1);
  CHECK(autorange(per_loop(0.025)) == 10);
  tried.clear();
  CHECK(autorange(per_loop(0)) == 1000000000);  // never 0.2 s: at most 10**9
  CHECK(tried.size() == 10);
  // With a clock: the body runs the loops between two reads.
  FakeClock f{0, 0.001};
  CHECK(timeit(f.clock(), f.body(), 0, 1).loops == 1000);
}

TEST_CASE("timeit runs `repeat` measurements and reports mean and std. dev.", "[magics][timeit]") {
  FakeClock f{0, 1.0 / 256};  // exact in binary: every run takes the same time
  TimeitResult r = timeit(f.clock(), f.body(), 0, 7);
  CHECK(r.loops == 100);
  REQUIRE(r.all_runs.size() == 7);
  CHECK(r.str() == "3.91 ms \xC2\xB1 0 ns per loop (mean \xC2\xB1 std. dev. of 7 runs, 100 loops each)");
  CHECK(r.warning().empty());

  TimeitResult s;
  s.loops = 1;
  s.repeat = 1;
  s.all_runs = {1.5};
  CHECK(s.str() == "1.5 s \xC2\xB1 0 ns per loop (mean \xC2\xB1 std. dev. of 1 run, 1 loop each)");

  TimeitResult t;
  t.loops = 1000000;
  t.repeat = 3;
  t.all_runs = {1.0, 2.0, 6.0};
  CHECK(t.str() == "3 \xC2\xB5s \xC2\xB1 2.16 \xC2\xB5s per loop (mean \xC2\xB1 std. dev. of 3 runs, 1,000,000 loops each)");
  CHECK(t.warning() ==
        "The slowest run took 6.00 times longer than the fastest. This could mean that an intermediate "
        "result is being cached.");
  t.loops = 10000000;  // the slowest run is under 1 µs per loop: no warning
  CHECK(t.warning().empty());
}

TEST_CASE("%time reports CPU and wall time", "[magics][timeit]") {
  CHECK(time_report(0.0012, 0.00002, 0.0015) ==
        "CPU times: user 1.2 ms, sys: 20 \xC2\xB5s, total: 1.22 ms\nWall time: 1.5 ms\n");
}

TEST_CASE("%timeit and %time in a session: output shapes", "[magics][timeit]") {
  const std::string mu = "\xC2\xB5", pm = "\xC2\xB1";
  const std::regex timeit_line("(The slowest run took [0-9.]+ times longer than the fastest\\. This could mean "
                               "that an intermediate result is being cached\\.\n)?"
                               "[0-9.e+]+ (s|ms|" + mu + "s|ns) " + pm + " [0-9.e+]+ (s|ms|" + mu +
                               "s|ns) per loop \\(mean " + pm +
                               " std\\. dev\\. of 3 runs, 5 loops each\\)\n");
  CHECK(std::regex_match(transcript({"x = torch.ones(10)", "%timeit -n 5 -r 3 y = x + 1"}), timeit_line));
  const std::regex auto_line("(The slowest.*\n)?.* per loop \\(mean " + pm + " std\\. dev\\. of 1 run, [0-9,]+ loops? each\\)\n");
  CHECK(std::regex_match(transcript({"%timeit -r 1 x = 1"}), auto_line));
  // The statement ran in the session: its assignment is visible afterwards.
  // One run: two would print times of different widths.
  const std::string ran = transcript({"%timeit -n 1 -r 1 z = 5", "z"});
  CHECK(ran.substr(ran.size() - 2) == "5\n");
  const std::regex time_out("CPU times: user .+, sys: .+, total: .+\nWall time: .+\n2\n");
  CHECK(std::regex_match(transcript({"%time 1 + 1"}), time_out));
  CHECK(std::regex_match(transcript({"%time 1 + 1;"}), std::regex("CPU times: .*\nWall time: .*\n")));
  CHECK(transcript({"%timeit"}).empty());
}

TEST_CASE("%timeit errors are IPython's", "[magics][timeit]") {
  CHECK(transcript({"%timeit -x pass"}) == "UsageError: option -x not recognized ( allowed: \"n:r:tcp:qo\" )\n");
  CHECK(transcript({"%timeit -n"}) == "UsageError: option -n requires argument ( allowed: \"n:r:tcp:qo\" )\n");
  CHECK(transcript({"%timeit -n abc pass"}) == "ValueError: invalid literal for int() with base 10: 'abc'\n");
  CHECK(transcript({"%timeit -n 1 -r 1 1/0"}) == "ZeroDivisionError: division by zero\n");
  CHECK(transcript({"%timeit x = ("}) ==
        "  File \"<stdin>\", line 1\n    %timeit x = (\n                ^\nSyntaxError: '(' was never closed\n");
}

TEST_CASE("errors inside a magic's code point at it in a script's traceback", "[magics]") {
  int rc = 0;
  CHECK(script("a = 1\n%time b = a.foo\n", &rc) ==
        "Traceback (most recent call last):\n"
        "  File \"lesson.tsh\", line 2, in <module>\n"
        "    %time b = a.foo\n"
        "              ^^^^^\n"
        "AttributeError: 'int' object has no attribute 'foo'\n");
  CHECK(rc == 1);
  CHECK(script("%nope 1\n", &rc) ==
        "Traceback (most recent call last):\n"
        "  File \"lesson.tsh\", line 1, in <module>\n"
        "    %nope 1\n"
        "UsageError: Line magic function `%nope` not found.\n");
}

TEST_CASE("options in IPython's getopt style", "[magics]") {
  Options o = parse_options("-n3 -r 2 -q x = -1", "n:r:tcp:qo");
  CHECK(o.given['n'] == "3");
  CHECK(o.given['r'] == "2");
  CHECK(o.has('q'));
  CHECK(o.rest == "x = -1");
  CHECK(o.rest_offset == 12);
  Options p = parse_options("-qo -- -x", "n:r:tcp:qo");
  CHECK(p.has('q'));
  CHECK(p.has('o'));
  CHECK(p.rest == "-x");
  CHECK(split_words("a 'b c' \"d\"") == std::vector<std::string>{"a", "b c", "d"});
}

TEST_CASE("%whos: IPython's column widths, tensor summaries, shared storage", "[magics][whos]") {
  CHECK(whos_table({{"x", "int", "1"}}) ==
        "Variable   Type    Data/Info\n"
        "----------------------------\n"
        "x          int     1\n");
  CHECK(whos_table({{"a_long_name", "builtin_function_or_method", "<built-in function len>"}}) ==
        "Variable      Type                          Data/Info\n"
        "-----------------------------------------------------\n"
        "a_long_name   builtin_function_or_method    <built-in function len>\n");
  CHECK(transcript({"%whos"}) == "Interactive namespace is empty.\n");
  CHECK(transcript({"_hidden = 1", "%whos"}) == "Interactive namespace is empty.\n");
  CHECK(transcript({"a = torch.zeros(2, 5)", "b = a.t()", "c = torch.tensor(3)", "n = [1, 2]",
                    "s = 'x' * 60", "%whos"}) ==
        "Variable   Type      Data/Info\n"
        "------------------------------\n"
        "a          Tensor    2x5 float32 cpu, 40 bytes storage, shares storage with b\n"
        "b          Tensor    5x2 float32 cpu, 40 bytes storage, shares storage with a\n"
        "c          Tensor    0-d int64 cpu, 8 bytes storage\n"
        "n          list      n=2\n"
        "s          str       xxxxxxxxxxxxxxxxxxxxxxxxx<...>xxxxxxxxxxxxxxxxxxxxxxxxx\n");
  CHECK(transcript({"a = 1", "%whos str"}) == "No variables match your requested type.\n");
  CHECK(transcript({"a = 1", "s = 'x'", "%whos str"}) ==
        "Variable   Type    Data/Info\n"
        "----------------------------\n"
        "s          str     x\n");
}

TEST_CASE("%storage draws every geometry", "[magics][storage]") {
  using namespace tsh;
  const Tensor t = arange(Scalar(0.0), Scalar(6.0), Scalar(1.0), DType::Float32);
  const std::string contiguous = storage_diagram(t.as_view({2, 3}, {3, 1}, 0), "t");
  CHECK(contiguous ==
        "t: size (2, 3), stride (3, 1), offset 0, contiguous\n"
        "storage: 6 cells of float32 (24 bytes) on cpu, 6 of them in the view\n"
        "element [i, j] is storage[0 + 3*i + 1*j]\n"
        "\n"
        "   0     1     2     3     4     5\n"
        "\xE2\x94\x8C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xAC"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xAC"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xAC"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xAC"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xAC"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x90\n"
        "\xE2\x94\x82  0. \xE2\x94\x82  1. \xE2\x94\x82  2. \xE2\x94\x82  3. \xE2\x94\x82  4. \xE2\x94\x82  5. \xE2\x94\x82\n"
        "\xE2\x94\x94\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xB4"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xB4"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xB4"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xB4"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xB4"
        "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x98\n"
        "   \xE2\x96\xB2     \xE2\x96\xB2     \xE2\x96\xB2     \xE2\x96\xB2     \xE2\x96\xB2     \xE2\x96\xB2\n"
        "  0,0   0,1   0,2   1,0   1,1   1,2\n"
        "\n"
        "storage index of each element:\n"
        "  [[0, 1, 2],\n"
        "   [3, 4, 5]]\n"
        "the view is contiguous: its elements are consecutive cells, in order\n");

  // A long storage keeps to the width and shows the view's cells.
  const Tensor big = arange(Scalar(int64_t(0)), Scalar(int64_t(1000)), Scalar(int64_t(1)), DType::Int64);
  const std::string middle = storage_diagram(big.as_view({3}, {100}, 500), "v");
  size_t widest = 0, pos = 0;
  while (pos < middle.size()) {
    size_t nl = middle.find('\n', pos);
    widest = std::max(widest, text_width(middle.substr(pos, nl - pos)));
    pos = nl + 1;
  }
  CHECK(widest <= 80);
  for (const char* cell : {" 500 ", " 600 ", " 700 ", " 999 ", " 0 "}) CHECK(middle.find(cell) != std::string::npos);
  CHECK(middle.find("\xE2\x80\xA6") != std::string::npos);  // … marks the gaps

  // Expanded: one cell read by 3 elements.
  const std::string expanded = storage_diagram(t.as_view({3, 2}, {0, 1}, 4), "e");
  CHECK(expanded.find("stride 0 in dim 0: its 3 positions read the same cells (an expanded view)") !=
        std::string::npos);
  CHECK(expanded.find("\xC3\x97" "3") != std::string::npos);
  CHECK(expanded.find("on cpu, 2 of them in the view") != std::string::npos);

  const std::string empty = storage_diagram(t.as_view({0}, {1}, 2), "z");
  CHECK(empty.find("none of them in the view") != std::string::npos);
  CHECK(empty.find("\xE2\x96\xB2") == std::string::npos);

  const std::string scalar = storage_diagram(t.as_view({}, {}, 5), "s");
  CHECK(scalar.find("the element is storage[5]") != std::string::npos);
  CHECK(scalar.find("()") != std::string::npos);
}

// The lines of a drawing, and the widest of them.
static std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < s.size()) {
    const size_t nl = s.find('\n', pos);
    out.push_back(s.substr(pos, nl - pos));
    pos = nl == std::string::npos ? s.size() : nl + 1;
  }
  return out;
}

TEST_CASE("%storage fits any width and keeps every cell a small view reads", "[magics][storage]") {
  using namespace tsh;
  const Tensor m = arange(Scalar(0.0), Scalar(100.0), Scalar(1.0), DType::Float32);
  struct Case {
    Shape sizes, strides;
    int64_t offset;
  };
  const std::vector<Case> cases = {
      {{3, 3}, {10, 1}, 23},  // m[2:5, 3:6]: the issue's example
      {{10, 10}, {1, 10}, 0},  // a transpose of all 100 cells
      {{4, 6}, {0, 1}, 40},   // expanded
      {{24}, {4}, 2},         // stepped, 24 cells spread over the storage
      {{2, 3, 4}, {1, 8, 2}, 3},
      {{5, 5}, {1, 1}, 0},    // as_strided overlapping
      {{0, 3}, {3, 1}, 0},    // empty
      {{}, {}, 99},           // 0-d
  };
  for (size_t width : {40, 60, 80, 120, 200}) {
    for (const Case& c : cases) {
      const Tensor v = m.as_view(c.sizes, c.strides, c.offset);
      const std::string drawing = storage_diagram(v, "v", width);
      for (const std::string& line : lines_of(drawing)) {
        INFO(drawing);
        CHECK(text_width(line) <= width);
      }
      // Every cell the view reads has its storage index drawn above a box and a mark under it.
      const std::vector<std::string> lines = lines_of(drawing);
      std::set<int64_t> drawn;
      for (size_t i = 0; i + 1 < lines.size(); ++i) {
        if (lines[i + 1].find("\xE2\x94\x8C") == std::string::npos) continue;  // not above a row of boxes
        std::istringstream in(lines[i]);
        for (int64_t x; in >> x;) drawn.insert(x);
      }
      std::set<int64_t> read;
      for (int64_t k = 0; k < v.numel(); ++k) {
        int64_t cell = c.offset, rest = k;
        for (size_t d = c.sizes.size(); d-- > 0;) {
          cell += (rest % c.sizes[d]) * c.strides[d];
          rest /= c.sizes[d];
        }
        read.insert(cell);
      }
      if (read.size() > 64) continue;  // a larger view shows its first and last cells
      for (int64_t cell : read) {
        INFO("width " << width << ", cell " << cell << "\n" << drawing);
        CHECK(drawn.count(cell) == 1);
      }
    }
  }
}

TEST_CASE("%storage draws several tensors over one storage, each with its marks", "[magics][storage]") {
  const std::string both = transcript({"t = torch.arange(6.).view(2, 3)", "%storage t t.t()"});
  CHECK(both.find("\xE2\x96\xB2 t: size (2, 3), stride (3, 1), offset 0, contiguous\n") != std::string::npos);
  CHECK(both.find("\xE2\x96\xB3 t.t(): size (3, 2), stride (1, 3), offset 0, not contiguous\n") != std::string::npos);
  CHECK(both.find("t and t.t() read the same 6 cells\n") != std::string::npos);
  CHECK(transcript({"t = torch.arange(6.)", "%storage t, t.clone()"}).find("t.clone() has a storage of its own") !=
        std::string::npos);
  CHECK(transcript({"t = torch.arange(6.)", "%storage t.flip(0)"}).find("t.flip(0) is a copy") != std::string::npos);
  // A tuple of views: one mark each.
  CHECK(transcript({"t = torch.arange(6.)", "%storage t.chunk(2)"}).find("t.chunk(2)[1] reads 3") != std::string::npos);
}

TEST_CASE("%storage needs a tensor", "[magics][storage]") {
  CHECK(transcript({"%storage 5"}) == "TypeError: %storage expects a tensor (or a storage), got int\n");
  CHECK(transcript({"%storage"}) == "UsageError: %storage needs a tensor: %storage t (or several: %storage t t.t())\n");
  CHECK(transcript({"%storage torch.ones(2) --gif x"}) ==
        "UsageError: %storage has no option --gif (it has --svg FILE and --png FILE)\n");
  CHECK(transcript({"t = torch.ones(2)", "%storage t, [t, t, t, t, t, t]"}) ==
        "UsageError: %storage draws at most 6 tensors at once, got 7\n");
  CHECK(transcript({"%storage nope"}) == "NameError: name 'nope' is not defined\n");
}

TEST_CASE("unknown magics, magic help, and the transcript answer hook", "[magics]") {
  CHECK(transcript({"%foo"}) == "UsageError: Line magic function `%foo` not found.\n");
  CHECK(transcript({"%%timeit x"}) == "UsageError: Line magic function `%%timeit` not found.\n");
  CHECK(transcript({"%xyz?"}) == "Object `%xyz` not found.\n");
  CHECK(transcript({"%pwd?"}) == "Docstring:\n%pwd\n\nShow the working directory (as a str value).\n");
  CHECK(transcript_answer("Once deleted, variables cannot be recovered. Proceed (y/[n])? y") == "y");
  CHECK_FALSE(transcript_answer(">>> y"));
  CHECK(magic_list().size() >= 10);
}

TEST_CASE("%reset asks until it gets y/yes/n/no; the end of input means no", "[magics]") {
  const std::string q = "Once deleted, variables cannot be recovered. Proceed (y/[n])? ";
  CHECK(transcript({"a = 1", "%reset", "y", "a"}) == q + "\nNameError: name 'a' is not defined\n");
  CHECK(transcript({"a = 1", "%reset", "maybe", "YES", "a"}) == q + "\n" + q + "\nNameError: name 'a' is not defined\n");
  CHECK(transcript({"a = 1", "%reset"}) == q + "\nNothing done.\n");
  CHECK(transcript({"a = 1", "%reset", "", "a"}) == q + "\nNothing done.\n1\n");
  CHECK(transcript({"a = 1", "%reset -f", "%whos"}) == "Interactive namespace is empty.\n");
  CHECK(transcript({"%reset -f out"}) == "Don't know how to reset  out, please run `%reset?` for details\n");
}

TEST_CASE("%history: numbers, prompts, tails and ranges", "[magics]") {
  CHECK(transcript({"a = 1", "for i in range(2):", "    a += i", "", "%history -p"}) ==
        ">>> a = 1\n>>> for i in range(2):\n...     a += i\n...\n>>> %history -p\n");
  CHECK(transcript({"a = 1", "b = 2", "c = 3", "%history -l 2"}) == "b = 2\nc = 3\n");
  CHECK(transcript({"a = 1", "%history -n 1 9 x"}) == "   1: a = 1\n");
  CHECK(transcript({"a = 1", "\tb = 2"}).find("IndentationError") != std::string::npos);
  // A script's statements are its history too.
  CHECK(script("x = 1; y = 2\nif x:\n    z = 3\n%history -n\n") == "   1: x = 1; y = 2\n   2:\nif x:\n    z = 3\n   3: %history -n\n");
}

TEST_CASE("%time shows an expression's value after the times, and binds _", "[magics][timeit]") {
  CHECK(std::regex_match(transcript({"%time x = 5; x * 2", "_"}),
                         std::regex("CPU times: .*\nWall time: .*\n10\n10\n")));
  CHECK(std::regex_match(transcript({"%time x = 5"}), std::regex("CPU times: .*\nWall time: .*\n")));
  CHECK(transcript({"%time 1/0"}) == "ZeroDivisionError: division by zero\n");
  CHECK(std::regex_match(transcript({"%timeit -q -o -n 2 -r 2 pass", "_.loops, _.repeat"}),
                         std::regex("<TimeitResult : .* per loop \\(mean .* of 2 runs, 2 loops each\\)>\n\\(2, 2\\)\n")));
}

TEST_CASE("magics run inside blocks and functions, in the scope that runs them", "[magics]") {
  CHECK(transcript({"def f(n):", "    %timeit -q -n 1 -r 1 m = n", "    return n", "", "f(3)"}) == "3\n");
  const std::string out = transcript({"for i in range(2):", "    %time i", ""});
  CHECK(std::regex_match(out, std::regex("CPU times: .*\nWall time: .*\n0\nCPU times: .*\nWall time: .*\n1\n")));
}

TEST_CASE("x? lays fields out as IPython's pinfo", "[magics][help]") {
  ObjectInfo f;
  f.type = "builtin_function_or_method";
  f.callable = true;
  f.signatures = {"len(obj, /)"};
  f.doc = "The number of items.";
  CHECK(pinfo_text(f, 1) ==
        "Signature: len(obj, /)\n"
        "Docstring: The number of items.\n"
        "Type:      builtin_function_or_method\n");
  f.signatures.push_back("len(obj, /, extra)");
  f.doc.clear();
  CHECK(pinfo_text(f, 1) ==
        "Signature:\nlen(obj, /)\nlen(obj, /, extra)\n"
        "Docstring: <no docstring>\n"
        "Type:      builtin_function_or_method\n");

  ObjectInfo v;
  v.type = "list";
  v.string_form = "[1, 2, 3]";
  v.length = "3";
  v.doc = "A mutable sequence.\nSecond line.";
  CHECK(pinfo_text(v, 1) ==
        "Type:        list\n"
        "String form: [1, 2, 3]\n"
        "Length:      3\n"
        "Docstring:  \nA mutable sequence.\nSecond line.\n");

  // Over 200 characters: `x?` keeps 97 + " <...> " + 97, lines stripped and
  // indented under the head; `x??` shows all.
  ObjectInfo s;
  s.type = "str";
  s.string_form = std::string(50, 'a') + "\n  " + std::string(250, 'b');
  CHECK(pinfo_text(s, 1) ==
        "Type:        str\n"
        "String form:\n" +
            std::string(50, 'a') + "\n" + std::string(11, ' ') + std::string(44, 'b') + " <...> " +
            std::string(97, 'b') + "\nDocstring:   <no docstring>\n");
  CHECK(pinfo_text(s, 2).find(s.string_form) != std::string::npos);
}
