// tests/unit/engine/test_format.cpp — engine/format: PyTorch-exact reprs of tensors, storages, sizes and numbers.
//
// Every expected string was printed by real PyTorch (torch 1.13.1 with its
// formatter switched to the 2.x order, in which a forced sci_mode decides
// the width, see PRINTING.md 1.5) and pasted here; these tests never run
// Python. Strings derived from the 2.x sources alone say so beside them.
// Timing note (not a timed test): a 10000x10000 float32 tensor reprs by
// reading only its 36 edge elements, in well under a millisecond.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

#include "engine/core/convert.h"
#include "engine/core/dtype.h"
#include "engine/core/error.h"
#include "engine/core/tensor.h"
#include "engine/format/formatter.h"
#include "engine/format/gather.h"
#include "engine/format/shape_repr.h"
#include "engine/format/options.h"
#include "engine/format/pyrepr.h"
#include "engine/format/storage_repr.h"
#include "engine/format/tensor_repr.h"

using namespace tsh;
using namespace tsh::format;
using std::fmod;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

// A contiguous tensor holding v (given as doubles) converted to d as PyTorch converts.
Tensor vals(DType d, const Shape& shape, const std::vector<double>& v) {
  Tensor t = empty(shape, d);
  REQUIRE(static_cast<int64_t>(v.size()) == t.numel());
  dispatch(d, [&]<typename T>() {
    for (size_t i = 0; i < v.size(); ++i) t.data<T>()[i] = convert<T>(v[i]);
  });
  return t;
}

// Same, for integers too wide for a double (int64 extremes).
Tensor ivals(DType d, const Shape& shape, const std::vector<int64_t>& v) {
  Tensor t = empty(shape, d);
  REQUIRE(static_cast<int64_t>(v.size()) == t.numel());
  dispatch(d, [&]<typename T>() {
    for (size_t i = 0; i < v.size(); ++i) t.data<T>()[i] = convert<T>(v[i]);
  });
  return t;
}

Tensor cvals(DType d, const Shape& shape, const std::vector<std::complex<double>>& v) {
  Tensor t = empty(shape, d);
  REQUIRE(static_cast<int64_t>(v.size()) == t.numel());
  dispatch(d, [&]<typename T>() {
    for (size_t i = 0; i < v.size(); ++i) t.data<T>()[i] = convert<T>(v[i]);
  });
  return t;
}

// Element i (row-major) is f(i), computed in double then converted, like
// (torch.arange(n, dtype=torch.float64) <op>).to(d).reshape(shape).
template <typename F>
Tensor seq(DType d, const Shape& shape, F f) {
  Tensor t = empty(shape, d);
  dispatch(d, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = convert<T>(f(static_cast<double>(i)));
  });
  return t;
}

template <typename F>
Tensor seq_complex(DType d, const Shape& shape, F f) {
  Tensor t = empty(shape, d);
  dispatch(d, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = convert<T>(f(static_cast<double>(i)));
  });
  return t;
}

// torch.as_strided(base, sizes, strides, offset).
Tensor view(const Tensor& base, const Shape& sizes, const Shape& strides, int64_t offset) {
  return base.as_view(sizes, strides, offset);
}

// Runs f with the given print options, restoring the defaults afterwards.
template <typename F>
std::string with_options(const PrintOptions& o, F f) {
  struct Restore {
    ~Restore() { print_options() = PrintOptions{}; }
  } restore;
  print_options() = o;
  return f();
}

template <typename F>
std::string with_default_dtype(DType d, F f) {
  struct Restore {
    DType old = default_dtype();
    ~Restore() { set_default_dtype(old); }
  } restore;
  set_default_dtype(d);
  return f();
}

// t.storage() for a freshly built tensor: its whole storage, read as its dtype.
std::string storage_of(const Tensor& t) {
  return storage_repr(t.storage(), t.dtype(), t.storage()->nbytes / t.itemsize());
}

}  // namespace

// ---------------------------------------------------------------------------
// Hand-written: option semantics, 2.x-only behaviour, small reprs.

TEST_CASE("set_printoptions: profiles, overrides and the sci_mode reset quirk", "[format]") {
  struct Restore {
    ~Restore() { print_options() = PrintOptions{}; }
  } restore;
  PrintOptions& o = print_options();
  set_printoptions(2, 5.0, 1, 40, std::nullopt, true);
  CHECK(o.precision == 2);
  CHECK(o.threshold == 5.0);
  CHECK(o.edgeitems == 1);
  CHECK(o.linewidth == 40);
  CHECK(o.sci_mode == std::optional<bool>(true));
  // Leaving sci_mode out resets it to automatic; the other fields stay.
  set_printoptions(3);
  CHECK(o.precision == 3);
  CHECK(o.linewidth == 40);
  CHECK_FALSE(o.sci_mode.has_value());
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "full");
  CHECK(o.precision == 4);
  CHECK(std::isinf(o.threshold));
  CHECK(o.edgeitems == 3);
  CHECK(o.linewidth == 80);
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "short", false);
  CHECK(o.precision == 2);
  CHECK(o.threshold == 1000);
  CHECK(o.edgeitems == 2);
  CHECK(o.sci_mode == std::optional<bool>(false));
  // A profile is applied first, then the explicit arguments override it.
  set_printoptions(7, std::nullopt, std::nullopt, std::nullopt, "default");
  CHECK(o.precision == 7);
  CHECK(o.edgeitems == 3);
  // An unknown profile is ignored silently, as PyTorch does.
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "nonsense");
  CHECK(o.precision == 7);
  CHECK(o.threshold == 1000);
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "default");
  CHECK(o.precision == 4);
}

TEST_CASE("tensor_repr: edgeitems 0 prints [...] and size= (PyTorch 2.x, from its source)", "[format]") {
  // 1.13 printed every element after " ..."; 2.x shows only the marker and adds the shape.
  CHECK(with_options({.threshold = 5, .edgeitems = 0},
                     [&] { return tensor_repr(seq(DType::Int64, {10}, [](double i) { return i; })); }) ==
        "tensor([...], size=(10,))");
  CHECK(with_options({.edgeitems = 0},
                     [&] { return tensor_repr(seq(DType::Int64, {40, 50}, [](double i) { return i; })); }) ==
        "tensor([...], size=(40, 50))");
  CHECK(with_options({.edgeitems = 0},
                     [&] { return tensor_repr(seq(DType::Int32, {2000}, [](double i) { return i; })); }) ==
        "tensor([...], size=(2000,), dtype=torch.int32)");
  CHECK(with_options({.edgeitems = 0},
                     [&] { return tensor_repr(seq(DType::Float32, {2, 3, 400}, [](double i) { return i; })); }) ==
        "tensor([...], size=(2, 3, 400))");
  // Not summarized: the elements print, the size= suffix is still added.
  CHECK(with_options({.edgeitems = 0},
                     [&] { return tensor_repr(seq(DType::Int64, {6}, [](double i) { return i; })); }) ==
        "tensor([0, 1, 2, 3, 4, 5], size=(6,))");
  CHECK(with_options({.edgeitems = 0}, [&] { return tensor_repr(vals(DType::Float32, {}, {2.5})); }) ==
        "tensor(2.5000, size=())");
  // Empty tensors take the numel == 0 branch, which never adds it.
  CHECK(with_options({.edgeitems = 0}, [&] { return tensor_repr(empty({0}, DType::Float32)); }) ==
        "tensor([])");
}

TEST_CASE("tensor_repr: negative edgeitems on 2-d+ fails as PyTorch's empty torch.stack does", "[format]") {
  auto t = seq(DType::Int64, {3, 3}, [](double i) { return i; });
  CHECK_THROWS_WITH(with_options({.threshold = 0, .edgeitems = -1}, [&] { return tensor_repr(t); }),
                    "stack expects a non-empty TensorList");
}

TEST_CASE("tensor_repr: a negative precision fails where Python's format would", "[format]") {
  // "{:.-1f}" is a ValueError in Python; int mode uses "{:.0f}" and still prints.
  CHECK_THROWS_AS(with_options({.precision = -1},
                               [&] { return tensor_repr(vals(DType::Float32, {1}, {1.5})); }),
                  ValueError);
  CHECK(with_options({.precision = -1}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1., 2.})); }) ==
        "tensor([1., 2.])");
}

TEST_CASE("tensor_repr: device suffix and extra suffixes order", "[format]") {
  // A CUDA tensor cannot be built in a CPU-only test; the suffix list is checked instead.
  auto t = vals(DType::Float64, {2}, {1., 2.});
  CHECK(standard_suffixes(t) == std::vector<std::string>{"dtype=torch.float64"});
  CHECK(standard_suffixes(empty({0, 2}, DType::Int64)) ==
        std::vector<std::string>{"size=(0, 2)", "dtype=torch.int64"});
  CHECK(tensor_repr(t, {"requires_grad=True"}) == "tensor([1., 2.], dtype=torch.float64, requires_grad=True)");
  // _add_suffixes on its own: the first suffix measures from len(s) + 2.
  print_options().linewidth = 25;
  CHECK(add_suffixes("tensor([1., 2.]", {"a=1", "bbbbbbbbbb=2"}, 7) ==
        "tensor([1., 2.], a=1,\n       bbbbbbbbbb=2)");
  CHECK(add_suffixes("tensor([1.,\n 2.]", {"abc"}, 7, /*force_newline=*/true) ==
        "tensor([1.,\n 2.],\n       abc)");
  print_options() = PrintOptions{};
}

TEST_CASE("tensor_repr: a 10000x10000 tensor reads only its edge items", "[format]") {
  Tensor big = empty({10000, 10000}, DType::Float32);
  // Poison every element except the 36 shown, so reading any other one would
  // change the output (it would force sci mode).
  float* p = big.data<float>();
  std::fill(p, p + big.numel(), 1e30f);
  for (int64_t r : {0, 1, 2, 9997, 9998, 9999})
    for (int64_t c : {0, 1, 2, 9997, 9998, 9999}) p[r * 10000 + c] = static_cast<float>(r + c) * 0.5f;
  CHECK(tensor_repr(big) ==
        "tensor([[0.0000e+00, 5.0000e-01, 1.0000e+00,  ..., 4.9985e+03, 4.9990e+03,\n"
        "         4.9995e+03],\n"
        "        [5.0000e-01, 1.0000e+00, 1.5000e+00,  ..., 4.9990e+03, 4.9995e+03,\n"
        "         5.0000e+03],\n"
        "        [1.0000e+00, 1.5000e+00, 2.0000e+00,  ..., 4.9995e+03, 5.0000e+03,\n"
        "         5.0005e+03],\n"
        "        ...,\n"
        "        [4.9985e+03, 4.9990e+03, 4.9995e+03,  ..., 9.9970e+03, 9.9975e+03,\n"
        "         9.9980e+03],\n"
        "        [4.9990e+03, 4.9995e+03, 5.0000e+03,  ..., 9.9975e+03, 9.9980e+03,\n"
        "         9.9985e+03],\n"
        "        [4.9995e+03, 5.0000e+03, 5.0005e+03,  ..., 9.9980e+03, 9.9985e+03,\n"
        "         9.9990e+03]])");
}

TEST_CASE("gather: plans and the device-copy path agree with direct reads", "[format]") {
  Plan p = make_plan({10, 4}, true, 3);
  REQUIRE(p.size() == 2);
  CHECK(p[0].count() == 6);
  CHECK(p[0].marker == 3);
  CHECK(p[1].count() == 4);
  CHECK(p[1].marker == -1);
  CHECK(make_plan({10}, false, 3)[0].marker == -1);
  // compact_on_cpu copies the shown elements of a strided tensor into a
  // contiguous block; widen reads them from its host bytes.
  Tensor base = seq(DType::Float64, {9, 11}, [](double i) { return i * 0.25; });
  Tensor t = base.as_view({11, 8}, {1, 11}, 1);  // transposed window: t[i][j] = base[1 + i + 11 j]
  Plan plan = make_plan(t.sizes(), true, 3);
  Tensor c = compact_on_cpu(t, plan);
  CHECK(c.sizes() == Shape{6, 6});
  const std::vector<double> shown = widen(c.data_ptr(), c.numel(), c.dtype()).re;
  REQUIRE(shown.size() == 36);
  CHECK(shown[0] == 0.25);                       // t[0][0] = base flat 1
  CHECK(shown[1] == (1 + 11) * 0.25);            // t[0][1]
  CHECK(shown[3] == (1 + 11 * 5) * 0.25);        // t[0][5]: the first column after the marker
  CHECK(shown[6 * 3] == (1 + 8) * 0.25);         // t[8][0]: the first row after the marker
  Tensor z = seq(DType::Int16, {}, [](double) { return -7.0; });
  Tensor cz = compact_on_cpu(z, make_plan({}, true, 3));
  CHECK(widen(cz.data_ptr(), cz.numel(), cz.dtype()).ints == std::vector<int64_t>{-7});
}

TEST_CASE("Formatter: mode and width come from nonzero finite values only", "[format]") {
  PrintOptions o;
  Formatter f = Formatter::floating({0.0, -0.0, kNaN, kInf}, o);
  CHECK(f.int_mode());
  CHECK_FALSE(f.sci_mode());
  CHECK(f.width() == 1);
  Formatter g = Formatter::floating({1.5, -20.0}, o);
  CHECK(g.width() == 8);
  CHECK(g.format(1.5) == "  1.5000");
  Formatter ints = Formatter::integral({-5, 123}, false);
  CHECK(ints.format(int64_t{7}) == "  7");
  CHECK(py_fixed(-0.0, 0) == "-0");
  CHECK(py_sci(-kNaN, 4) == "nan");
  CHECK(py_sci(1e100, 2) == "1.00e+100");
}

TEST_CASE("size_repr and tuple_repr", "[format]") {
  CHECK(size_repr({2, 3}) == "torch.Size([2, 3])");
  CHECK(size_repr({5}) == "torch.Size([5])");
  CHECK(size_repr({}) == "torch.Size([])");
  CHECK(tuple_repr({5, 1}) == "(5, 1)");
  CHECK(tuple_repr({1}) == "(1,)");
  CHECK(tuple_repr({}) == "()");
  CHECK(tuple_repr({0, 3}) == "(0, 3)");
}

TEST_CASE("int_repr", "[format]") {
  CHECK(int_repr(0) == "0");
  CHECK(int_repr(-12) == "-12");
  CHECK(int_repr(INT64_MIN) == "-9223372036854775808");
}

TEST_CASE("untyped_storage_repr: bytes 0-255, one per line (2.x, from its source)", "[format]") {
  Tensor t = ivals(DType::Int16, {2}, {258, -1});  // little-endian bytes 2 1 255 255
  CHECK(untyped_storage_repr(t.storage()) ==
        " 2\n 1\n 255\n 255\n[torch.storage.UntypedStorage(device=cpu) of size 4]");
  CHECK(untyped_storage_repr(empty({0}, DType::Float32).storage()) ==
        " \n[torch.storage.UntypedStorage(device=cpu) of size 0]");
}

TEST_CASE("storage_repr: a partial size lists only that many elements", "[format]") {
  Tensor t = vals(DType::Float32, {4}, {1., 2., 3., 4.});
  CHECK(storage_repr(t.storage(), DType::Float32, 2) ==
        " 1.0\n 2.0\n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 2]");
}

// ---------------------------------------------------------------------------
// Generated from PyTorch (see the top comment).

TEST_CASE("tensor_repr: PRINTING.md 1.9 examples (modes and nesting)", "[format]") {
  CHECK(tensor_repr(vals(DType::Float32, {}, {1.125})) ==
        "tensor(1.1250)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 2.0})) ==
        "tensor([1., 2.])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 2.5})) ==
        "tensor([1.0000, 2.5000])");
  CHECK(tensor_repr(vals(DType::Float32, {3}, {1.0, -2.0, 100.0})) ==
        "tensor([  1.,  -2., 100.])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.0, 100.0})) ==
        "tensor([  0., 100.])");
  // ratio exactly 1000: not sci
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 1000.0})) ==
        "tensor([   1., 1000.])");
  // ratio > 1000: sci even though all are integers
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 1001.0})) ==
        "tensor([1.0000e+00, 1.0010e+03])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 10000000000.0})) ==
        "tensor([1.0000e+00, 1.0000e+10])");
  // max > 1e8
  CHECK(tensor_repr(vals(DType::Float32, {1}, {10000000000.0})) ==
        "tensor([1.0000e+10])");
  CHECK(tensor_repr(vals(DType::Float32, {1}, {100000000.0})) ==
        "tensor([100000000.])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.5, 1500.0})) ==
        "tensor([   1.5000, 1500.0000])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.5, 2000.0})) ==
        "tensor([1.5000e+00, 2.0000e+03])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.001, 1.0})) ==
        "tensor([0.0010, 1.0000])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.00099, 1.0})) ==
        "tensor([9.9000e-04, 1.0000e+00])");
  // min < 1e-4
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.1, 1e-05})) ==
        "tensor([1.0000e-01, 1.0000e-05])");
  CHECK(tensor_repr(vals(DType::Float32, {1}, {0.00012345})) ==
        "tensor([0.0001])");
  // float32(1e-4) < 1e-4 after widening
  CHECK(tensor_repr(vals(DType::Float32, {2}, {-0.0001, 1.0})) ==
        "tensor([-1.0000e-04,  1.0000e+00])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.23456789e-10, -5e+20})) ==
        "tensor([ 1.2346e-10, -5.0000e+20])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {kInf, 1e-05})) ==
        "tensor([       inf, 1.0000e-05])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {-kInf, 10.5})) ==
        "tensor([   -inf, 10.5000])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {10.0, kNaN})) ==
        "tensor([10., nan])");
  CHECK(tensor_repr(vals(DType::Float32, {2, 3}, {kNaN, kNaN, kNaN, kNaN, kNaN, kNaN})) ==
        "tensor([[nan, nan, nan],\n"
        "        [nan, nan, nan]])");
  CHECK(tensor_repr(vals(DType::Float32, {2, 2}, {0.0, 0.0, 0.0, 0.0})) ==
        "tensor([[0., 0.],\n"
        "        [0., 0.]])");
  CHECK(tensor_repr(vals(DType::Float32, {2, 2}, {1.5, -2.25, 3.0, 4.0})) ==
        "tensor([[ 1.5000, -2.2500],\n"
        "        [ 3.0000,  4.0000]])");
  CHECK(tensor_repr(vals(DType::Float32, {2, 2}, {1e-08, 1.0, 100.0, 3.0})) ==
        "tensor([[1.0000e-08, 1.0000e+00],\n"
        "        [1.0000e+02, 3.0000e+00]])");
  CHECK(tensor_repr(seq(DType::Int64, {2, 3, 4}, [](double i) { return i; })) ==
        "tensor([[[ 0,  1,  2,  3],\n"
        "         [ 4,  5,  6,  7],\n"
        "         [ 8,  9, 10, 11]],\n"
        "\n"
        "        [[12, 13, 14, 15],\n"
        "         [16, 17, 18, 19],\n"
        "         [20, 21, 22, 23]]])");
  // 4-d: two blank lines between 3-d blocks
  CHECK(tensor_repr(seq(DType::Int64, {2, 2, 2, 2}, [](double i) { return i; })) ==
        "tensor([[[[ 0,  1],\n"
        "          [ 2,  3]],\n"
        "\n"
        "         [[ 4,  5],\n"
        "          [ 6,  7]]],\n"
        "\n"
        "\n"
        "        [[[ 8,  9],\n"
        "          [10, 11]],\n"
        "\n"
        "         [[12, 13],\n"
        "          [14, 15]]]])");
  CHECK(tensor_repr(vals(DType::Float32, {2, 1, 3}, {0.0, 0.0, 0.0, 0.0, 0.0, 0.0})) ==
        "tensor([[[0., 0., 0.]],\n"
        "\n"
        "        [[0., 0., 0.]]])");
}

TEST_CASE("tensor_repr: wrapping at linewidth 80 (PRINTING.md 1.9)", "[format]") {
  // ints of width 2: 18 per line
  CHECK(tensor_repr(seq(DType::Int64, {30}, [](double i) { return i; })) ==
        "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
        "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])");
  // floats of width 3: 14 per line
  CHECK(tensor_repr(seq(DType::Float32, {30}, [](double i) { return i; })) ==
        "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
        "        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n"
        "        28., 29.])");
  // linspace(0, 1, 25): width 6, 9 per line
  CHECK(tensor_repr(seq(DType::Float32, {25}, [](double i) { return i/24; })) ==
        "tensor([0.0000, 0.0417, 0.0833, 0.1250, 0.1667, 0.2083, 0.2500, 0.2917, 0.3333,\n"
        "        0.3750, 0.4167, 0.4583, 0.5000, 0.5417, 0.5833, 0.6250, 0.6667, 0.7083,\n"
        "        0.7500, 0.7917, 0.8333, 0.8750, 0.9167, 0.9583, 1.0000])");
  // rows at indent 8, width 7: 8 per line
  CHECK(tensor_repr(seq(DType::Float32, {2, 20}, [](double i) { return i*1.5; })) ==
        "tensor([[ 0.0000,  1.5000,  3.0000,  4.5000,  6.0000,  7.5000,  9.0000, 10.5000,\n"
        "         12.0000, 13.5000, 15.0000, 16.5000, 18.0000, 19.5000, 21.0000, 22.5000,\n"
        "         24.0000, 25.5000, 27.0000, 28.5000],\n"
        "        [30.0000, 31.5000, 33.0000, 34.5000, 36.0000, 37.5000, 39.0000, 40.5000,\n"
        "         42.0000, 43.5000, 45.0000, 46.5000, 48.0000, 49.5000, 51.0000, 52.5000,\n"
        "         54.0000, 55.5000, 57.0000, 58.5000]])");
}

TEST_CASE("tensor_repr: summarization when numel > threshold", "[format]") {
  CHECK(tensor_repr(seq(DType::Float32, {1001}, [](double i) { return i; })) ==
        "tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])");
  CHECK(tensor_repr(seq(DType::Int64, {40, 50}, [](double i) { return i; })) ==
        "tensor([[   0,    1,    2,  ...,   47,   48,   49],\n"
        "        [  50,   51,   52,  ...,   97,   98,   99],\n"
        "        [ 100,  101,  102,  ...,  147,  148,  149],\n"
        "        ...,\n"
        "        [1850, 1851, 1852,  ..., 1897, 1898, 1899],\n"
        "        [1900, 1901, 1902,  ..., 1947, 1948, 1949],\n"
        "        [1950, 1951, 1952,  ..., 1997, 1998, 1999]])");
  // small inner dim shown in full
  CHECK(tensor_repr(seq(DType::Int64, {1000, 2}, [](double i) { return i; })) ==
        "tensor([[   0,    1],\n"
        "        [   2,    3],\n"
        "        [   4,    5],\n"
        "        ...,\n"
        "        [1994, 1995],\n"
        "        [1996, 1997],\n"
        "        [1998, 1999]])");
  // visible ratio 1199 > 1000: sci
  CHECK(tensor_repr(seq(DType::Float32, {2, 600}, [](double i) { return i; })) ==
        "tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 5.9700e+02, 5.9800e+02,\n"
        "         5.9900e+02],\n"
        "        [6.0000e+02, 6.0100e+02, 6.0200e+02,  ..., 1.1970e+03, 1.1980e+03,\n"
        "         1.1990e+03]])");
  // 3-d: summarized rows, all blocks
  CHECK(tensor_repr(seq(DType::Int64, {2, 10, 100}, [](double i) { return i; })) ==
        "tensor([[[   0,    1,    2,  ...,   97,   98,   99],\n"
        "         [ 100,  101,  102,  ...,  197,  198,  199],\n"
        "         [ 200,  201,  202,  ...,  297,  298,  299],\n"
        "         ...,\n"
        "         [ 700,  701,  702,  ...,  797,  798,  799],\n"
        "         [ 800,  801,  802,  ...,  897,  898,  899],\n"
        "         [ 900,  901,  902,  ...,  997,  998,  999]],\n"
        "\n"
        "        [[1000, 1001, 1002,  ..., 1097, 1098, 1099],\n"
        "         [1100, 1101, 1102,  ..., 1197, 1198, 1199],\n"
        "         [1200, 1201, 1202,  ..., 1297, 1298, 1299],\n"
        "         ...,\n"
        "         [1700, 1701, 1702,  ..., 1797, 1798, 1799],\n"
        "         [1800, 1801, 1802,  ..., 1897, 1898, 1899],\n"
        "         [1900, 1901, 1902,  ..., 1997, 1998, 1999]]])");
  // 3-d: summarized blocks separated by '...,' between blank lines
  CHECK(tensor_repr(seq(DType::Float32, {10, 10, 30}, [](double i) { return i; })) ==
        "tensor([[[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 2.7000e+01,\n"
        "          2.8000e+01, 2.9000e+01],\n"
        "         [3.0000e+01, 3.1000e+01, 3.2000e+01,  ..., 5.7000e+01,\n"
        "          5.8000e+01, 5.9000e+01],\n"
        "         [6.0000e+01, 6.1000e+01, 6.2000e+01,  ..., 8.7000e+01,\n"
        "          8.8000e+01, 8.9000e+01],\n"
        "         ...,\n"
        "         [2.1000e+02, 2.1100e+02, 2.1200e+02,  ..., 2.3700e+02,\n"
        "          2.3800e+02, 2.3900e+02],\n"
        "         [2.4000e+02, 2.4100e+02, 2.4200e+02,  ..., 2.6700e+02,\n"
        "          2.6800e+02, 2.6900e+02],\n"
        "         [2.7000e+02, 2.7100e+02, 2.7200e+02,  ..., 2.9700e+02,\n"
        "          2.9800e+02, 2.9900e+02]],\n"
        "\n"
        "        [[3.0000e+02, 3.0100e+02, 3.0200e+02,  ..., 3.2700e+02,\n"
        "          3.2800e+02, 3.2900e+02],\n"
        "         [3.3000e+02, 3.3100e+02, 3.3200e+02,  ..., 3.5700e+02,\n"
        "          3.5800e+02, 3.5900e+02],\n"
        "         [3.6000e+02, 3.6100e+02, 3.6200e+02,  ..., 3.8700e+02,\n"
        "          3.8800e+02, 3.8900e+02],\n"
        "         ...,\n"
        "         [5.1000e+02, 5.1100e+02, 5.1200e+02,  ..., 5.3700e+02,\n"
        "          5.3800e+02, 5.3900e+02],\n"
        "         [5.4000e+02, 5.4100e+02, 5.4200e+02,  ..., 5.6700e+02,\n"
        "          5.6800e+02, 5.6900e+02],\n"
        "         [5.7000e+02, 5.7100e+02, 5.7200e+02,  ..., 5.9700e+02,\n"
        "          5.9800e+02, 5.9900e+02]],\n"
        "\n"
        "        [[6.0000e+02, 6.0100e+02, 6.0200e+02,  ..., 6.2700e+02,\n"
        "          6.2800e+02, 6.2900e+02],\n"
        "         [6.3000e+02, 6.3100e+02, 6.3200e+02,  ..., 6.5700e+02,\n"
        "          6.5800e+02, 6.5900e+02],\n"
        "         [6.6000e+02, 6.6100e+02, 6.6200e+02,  ..., 6.8700e+02,\n"
        "          6.8800e+02, 6.8900e+02],\n"
        "         ...,\n"
        "         [8.1000e+02, 8.1100e+02, 8.1200e+02,  ..., 8.3700e+02,\n"
        "          8.3800e+02, 8.3900e+02],\n"
        "         [8.4000e+02, 8.4100e+02, 8.4200e+02,  ..., 8.6700e+02,\n"
        "          8.6800e+02, 8.6900e+02],\n"
        "         [8.7000e+02, 8.7100e+02, 8.7200e+02,  ..., 8.9700e+02,\n"
        "          8.9800e+02, 8.9900e+02]],\n"
        "\n"
        "        ...,\n"
        "\n"
        "        [[2.1000e+03, 2.1010e+03, 2.1020e+03,  ..., 2.1270e+03,\n"
        "          2.1280e+03, 2.1290e+03],\n"
        "         [2.1300e+03, 2.1310e+03, 2.1320e+03,  ..., 2.1570e+03,\n"
        "          2.1580e+03, 2.1590e+03],\n"
        "         [2.1600e+03, 2.1610e+03, 2.1620e+03,  ..., 2.1870e+03,\n"
        "          2.1880e+03, 2.1890e+03],\n"
        "         ...,\n"
        "         [2.3100e+03, 2.3110e+03, 2.3120e+03,  ..., 2.3370e+03,\n"
        "          2.3380e+03, 2.3390e+03],\n"
        "         [2.3400e+03, 2.3410e+03, 2.3420e+03,  ..., 2.3670e+03,\n"
        "          2.3680e+03, 2.3690e+03],\n"
        "         [2.3700e+03, 2.3710e+03, 2.3720e+03,  ..., 2.3970e+03,\n"
        "          2.3980e+03, 2.3990e+03]],\n"
        "\n"
        "        [[2.4000e+03, 2.4010e+03, 2.4020e+03,  ..., 2.4270e+03,\n"
        "          2.4280e+03, 2.4290e+03],\n"
        "         [2.4300e+03, 2.4310e+03, 2.4320e+03,  ..., 2.4570e+03,\n"
        "          2.4580e+03, 2.4590e+03],\n"
        "         [2.4600e+03, 2.4610e+03, 2.4620e+03,  ..., 2.4870e+03,\n"
        "          2.4880e+03, 2.4890e+03],\n"
        "         ...,\n"
        "         [2.6100e+03, 2.6110e+03, 2.6120e+03,  ..., 2.6370e+03,\n"
        "          2.6380e+03, 2.6390e+03],\n"
        "         [2.6400e+03, 2.6410e+03, 2.6420e+03,  ..., 2.6670e+03,\n"
        "          2.6680e+03, 2.6690e+03],\n"
        "         [2.6700e+03, 2.6710e+03, 2.6720e+03,  ..., 2.6970e+03,\n"
        "          2.6980e+03, 2.6990e+03]],\n"
        "\n"
        "        [[2.7000e+03, 2.7010e+03, 2.7020e+03,  ..., 2.7270e+03,\n"
        "          2.7280e+03, 2.7290e+03],\n"
        "         [2.7300e+03, 2.7310e+03, 2.7320e+03,  ..., 2.7570e+03,\n"
        "          2.7580e+03, 2.7590e+03],\n"
        "         [2.7600e+03, 2.7610e+03, 2.7620e+03,  ..., 2.7870e+03,\n"
        "          2.7880e+03, 2.7890e+03],\n"
        "         ...,\n"
        "         [2.9100e+03, 2.9110e+03, 2.9120e+03,  ..., 2.9370e+03,\n"
        "          2.9380e+03, 2.9390e+03],\n"
        "         [2.9400e+03, 2.9410e+03, 2.9420e+03,  ..., 2.9670e+03,\n"
        "          2.9680e+03, 2.9690e+03],\n"
        "         [2.9700e+03, 2.9710e+03, 2.9720e+03,  ..., 2.9970e+03,\n"
        "          2.9980e+03, 2.9990e+03]]])");
  // 4-d summarized
  CHECK(tensor_repr(seq(DType::Int64, {4, 8, 8, 8}, [](double i) { return i; })) ==
        "tensor([[[[   0,    1,    2,  ...,    5,    6,    7],\n"
        "          [   8,    9,   10,  ...,   13,   14,   15],\n"
        "          [  16,   17,   18,  ...,   21,   22,   23],\n"
        "          ...,\n"
        "          [  40,   41,   42,  ...,   45,   46,   47],\n"
        "          [  48,   49,   50,  ...,   53,   54,   55],\n"
        "          [  56,   57,   58,  ...,   61,   62,   63]],\n"
        "\n"
        "         [[  64,   65,   66,  ...,   69,   70,   71],\n"
        "          [  72,   73,   74,  ...,   77,   78,   79],\n"
        "          [  80,   81,   82,  ...,   85,   86,   87],\n"
        "          ...,\n"
        "          [ 104,  105,  106,  ...,  109,  110,  111],\n"
        "          [ 112,  113,  114,  ...,  117,  118,  119],\n"
        "          [ 120,  121,  122,  ...,  125,  126,  127]],\n"
        "\n"
        "         [[ 128,  129,  130,  ...,  133,  134,  135],\n"
        "          [ 136,  137,  138,  ...,  141,  142,  143],\n"
        "          [ 144,  145,  146,  ...,  149,  150,  151],\n"
        "          ...,\n"
        "          [ 168,  169,  170,  ...,  173,  174,  175],\n"
        "          [ 176,  177,  178,  ...,  181,  182,  183],\n"
        "          [ 184,  185,  186,  ...,  189,  190,  191]],\n"
        "\n"
        "         ...,\n"
        "\n"
        "         [[ 320,  321,  322,  ...,  325,  326,  327],\n"
        "          [ 328,  329,  330,  ...,  333,  334,  335],\n"
        "          [ 336,  337,  338,  ...,  341,  342,  343],\n"
        "          ...,\n"
        "          [ 360,  361,  362,  ...,  365,  366,  367],\n"
        "          [ 368,  369,  370,  ...,  373,  374,  375],\n"
        "          [ 376,  377,  378,  ...,  381,  382,  383]],\n"
        "\n"
        "         [[ 384,  385,  386,  ...,  389,  390,  391],\n"
        "          [ 392,  393,  394,  ...,  397,  398,  399],\n"
        "          [ 400,  401,  402,  ...,  405,  406,  407],\n"
        "          ...,\n"
        "          [ 424,  425,  426,  ...,  429,  430,  431],\n"
        "          [ 432,  433,  434,  ...,  437,  438,  439],\n"
        "          [ 440,  441,  442,  ...,  445,  446,  447]],\n"
        "\n"
        "         [[ 448,  449,  450,  ...,  453,  454,  455],\n"
        "          [ 456,  457,  458,  ...,  461,  462,  463],\n"
        "          [ 464,  465,  466,  ...,  469,  470,  471],\n"
        "          ...,\n"
        "          [ 488,  489,  490,  ...,  493,  494,  495],\n"
        "          [ 496,  497,  498,  ...,  501,  502,  503],\n"
        "          [ 504,  505,  506,  ...,  509,  510,  511]]],\n"
        "\n"
        "\n"
        "        [[[ 512,  513,  514,  ...,  517,  518,  519],\n"
        "          [ 520,  521,  522,  ...,  525,  526,  527],\n"
        "          [ 528,  529,  530,  ...,  533,  534,  535],\n"
        "          ...,\n"
        "          [ 552,  553,  554,  ...,  557,  558,  559],\n"
        "          [ 560,  561,  562,  ...,  565,  566,  567],\n"
        "          [ 568,  569,  570,  ...,  573,  574,  575]],\n"
        "\n"
        "         [[ 576,  577,  578,  ...,  581,  582,  583],\n"
        "          [ 584,  585,  586,  ...,  589,  590,  591],\n"
        "          [ 592,  593,  594,  ...,  597,  598,  599],\n"
        "          ...,\n"
        "          [ 616,  617,  618,  ...,  621,  622,  623],\n"
        "          [ 624,  625,  626,  ...,  629,  630,  631],\n"
        "          [ 632,  633,  634,  ...,  637,  638,  639]],\n"
        "\n"
        "         [[ 640,  641,  642,  ...,  645,  646,  647],\n"
        "          [ 648,  649,  650,  ...,  653,  654,  655],\n"
        "          [ 656,  657,  658,  ...,  661,  662,  663],\n"
        "          ...,\n"
        "          [ 680,  681,  682,  ...,  685,  686,  687],\n"
        "          [ 688,  689,  690,  ...,  693,  694,  695],\n"
        "          [ 696,  697,  698,  ...,  701,  702,  703]],\n"
        "\n"
        "         ...,\n"
        "\n"
        "         [[ 832,  833,  834,  ...,  837,  838,  839],\n"
        "          [ 840,  841,  842,  ...,  845,  846,  847],\n"
        "          [ 848,  849,  850,  ...,  853,  854,  855],\n"
        "          ...,\n"
        "          [ 872,  873,  874,  ...,  877,  878,  879],\n"
        "          [ 880,  881,  882,  ...,  885,  886,  887],\n"
        "          [ 888,  889,  890,  ...,  893,  894,  895]],\n"
        "\n"
        "         [[ 896,  897,  898,  ...,  901,  902,  903],\n"
        "          [ 904,  905,  906,  ...,  909,  910,  911],\n"
        "          [ 912,  913,  914,  ...,  917,  918,  919],\n"
        "          ...,\n"
        "          [ 936,  937,  938,  ...,  941,  942,  943],\n"
        "          [ 944,  945,  946,  ...,  949,  950,  951],\n"
        "          [ 952,  953,  954,  ...,  957,  958,  959]],\n"
        "\n"
        "         [[ 960,  961,  962,  ...,  965,  966,  967],\n"
        "          [ 968,  969,  970,  ...,  973,  974,  975],\n"
        "          [ 976,  977,  978,  ...,  981,  982,  983],\n"
        "          ...,\n"
        "          [1000, 1001, 1002,  ..., 1005, 1006, 1007],\n"
        "          [1008, 1009, 1010,  ..., 1013, 1014, 1015],\n"
        "          [1016, 1017, 1018,  ..., 1021, 1022, 1023]]],\n"
        "\n"
        "\n"
        "        [[[1024, 1025, 1026,  ..., 1029, 1030, 1031],\n"
        "          [1032, 1033, 1034,  ..., 1037, 1038, 1039],\n"
        "          [1040, 1041, 1042,  ..., 1045, 1046, 1047],\n"
        "          ...,\n"
        "          [1064, 1065, 1066,  ..., 1069, 1070, 1071],\n"
        "          [1072, 1073, 1074,  ..., 1077, 1078, 1079],\n"
        "          [1080, 1081, 1082,  ..., 1085, 1086, 1087]],\n"
        "\n"
        "         [[1088, 1089, 1090,  ..., 1093, 1094, 1095],\n"
        "          [1096, 1097, 1098,  ..., 1101, 1102, 1103],\n"
        "          [1104, 1105, 1106,  ..., 1109, 1110, 1111],\n"
        "          ...,\n"
        "          [1128, 1129, 1130,  ..., 1133, 1134, 1135],\n"
        "          [1136, 1137, 1138,  ..., 1141, 1142, 1143],\n"
        "          [1144, 1145, 1146,  ..., 1149, 1150, 1151]],\n"
        "\n"
        "         [[1152, 1153, 1154,  ..., 1157, 1158, 1159],\n"
        "          [1160, 1161, 1162,  ..., 1165, 1166, 1167],\n"
        "          [1168, 1169, 1170,  ..., 1173, 1174, 1175],\n"
        "          ...,\n"
        "          [1192, 1193, 1194,  ..., 1197, 1198, 1199],\n"
        "          [1200, 1201, 1202,  ..., 1205, 1206, 1207],\n"
        "          [1208, 1209, 1210,  ..., 1213, 1214, 1215]],\n"
        "\n"
        "         ...,\n"
        "\n"
        "         [[1344, 1345, 1346,  ..., 1349, 1350, 1351],\n"
        "          [1352, 1353, 1354,  ..., 1357, 1358, 1359],\n"
        "          [1360, 1361, 1362,  ..., 1365, 1366, 1367],\n"
        "          ...,\n"
        "          [1384, 1385, 1386,  ..., 1389, 1390, 1391],\n"
        "          [1392, 1393, 1394,  ..., 1397, 1398, 1399],\n"
        "          [1400, 1401, 1402,  ..., 1405, 1406, 1407]],\n"
        "\n"
        "         [[1408, 1409, 1410,  ..., 1413, 1414, 1415],\n"
        "          [1416, 1417, 1418,  ..., 1421, 1422, 1423],\n"
        "          [1424, 1425, 1426,  ..., 1429, 1430, 1431],\n"
        "          ...,\n"
        "          [1448, 1449, 1450,  ..., 1453, 1454, 1455],\n"
        "          [1456, 1457, 1458,  ..., 1461, 1462, 1463],\n"
        "          [1464, 1465, 1466,  ..., 1469, 1470, 1471]],\n"
        "\n"
        "         [[1472, 1473, 1474,  ..., 1477, 1478, 1479],\n"
        "          [1480, 1481, 1482,  ..., 1485, 1486, 1487],\n"
        "          [1488, 1489, 1490,  ..., 1493, 1494, 1495],\n"
        "          ...,\n"
        "          [1512, 1513, 1514,  ..., 1517, 1518, 1519],\n"
        "          [1520, 1521, 1522,  ..., 1525, 1526, 1527],\n"
        "          [1528, 1529, 1530,  ..., 1533, 1534, 1535]]],\n"
        "\n"
        "\n"
        "        [[[1536, 1537, 1538,  ..., 1541, 1542, 1543],\n"
        "          [1544, 1545, 1546,  ..., 1549, 1550, 1551],\n"
        "          [1552, 1553, 1554,  ..., 1557, 1558, 1559],\n"
        "          ...,\n"
        "          [1576, 1577, 1578,  ..., 1581, 1582, 1583],\n"
        "          [1584, 1585, 1586,  ..., 1589, 1590, 1591],\n"
        "          [1592, 1593, 1594,  ..., 1597, 1598, 1599]],\n"
        "\n"
        "         [[1600, 1601, 1602,  ..., 1605, 1606, 1607],\n"
        "          [1608, 1609, 1610,  ..., 1613, 1614, 1615],\n"
        "          [1616, 1617, 1618,  ..., 1621, 1622, 1623],\n"
        "          ...,\n"
        "          [1640, 1641, 1642,  ..., 1645, 1646, 1647],\n"
        "          [1648, 1649, 1650,  ..., 1653, 1654, 1655],\n"
        "          [1656, 1657, 1658,  ..., 1661, 1662, 1663]],\n"
        "\n"
        "         [[1664, 1665, 1666,  ..., 1669, 1670, 1671],\n"
        "          [1672, 1673, 1674,  ..., 1677, 1678, 1679],\n"
        "          [1680, 1681, 1682,  ..., 1685, 1686, 1687],\n"
        "          ...,\n"
        "          [1704, 1705, 1706,  ..., 1709, 1710, 1711],\n"
        "          [1712, 1713, 1714,  ..., 1717, 1718, 1719],\n"
        "          [1720, 1721, 1722,  ..., 1725, 1726, 1727]],\n"
        "\n"
        "         ...,\n"
        "\n"
        "         [[1856, 1857, 1858,  ..., 1861, 1862, 1863],\n"
        "          [1864, 1865, 1866,  ..., 1869, 1870, 1871],\n"
        "          [1872, 1873, 1874,  ..., 1877, 1878, 1879],\n"
        "          ...,\n"
        "          [1896, 1897, 1898,  ..., 1901, 1902, 1903],\n"
        "          [1904, 1905, 1906,  ..., 1909, 1910, 1911],\n"
        "          [1912, 1913, 1914,  ..., 1917, 1918, 1919]],\n"
        "\n"
        "         [[1920, 1921, 1922,  ..., 1925, 1926, 1927],\n"
        "          [1928, 1929, 1930,  ..., 1933, 1934, 1935],\n"
        "          [1936, 1937, 1938,  ..., 1941, 1942, 1943],\n"
        "          ...,\n"
        "          [1960, 1961, 1962,  ..., 1965, 1966, 1967],\n"
        "          [1968, 1969, 1970,  ..., 1973, 1974, 1975],\n"
        "          [1976, 1977, 1978,  ..., 1981, 1982, 1983]],\n"
        "\n"
        "         [[1984, 1985, 1986,  ..., 1989, 1990, 1991],\n"
        "          [1992, 1993, 1994,  ..., 1997, 1998, 1999],\n"
        "          [2000, 2001, 2002,  ..., 2005, 2006, 2007],\n"
        "          ...,\n"
        "          [2024, 2025, 2026,  ..., 2029, 2030, 2031],\n"
        "          [2032, 2033, 2034,  ..., 2037, 2038, 2039],\n"
        "          [2040, 2041, 2042,  ..., 2045, 2046, 2047]]]])");
  // 8-d: only dim 0 summarized
  CHECK(tensor_repr(seq(DType::Int64, {7, 2, 2, 2, 2, 2, 2, 2}, [](double i) { return i; })) ==
        "tensor([[[[[[[[  0,   1],\n"
        "              [  2,   3]],\n"
        "\n"
        "             [[  4,   5],\n"
        "              [  6,   7]]],\n"
        "\n"
        "\n"
        "            [[[  8,   9],\n"
        "              [ 10,  11]],\n"
        "\n"
        "             [[ 12,  13],\n"
        "              [ 14,  15]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[ 16,  17],\n"
        "              [ 18,  19]],\n"
        "\n"
        "             [[ 20,  21],\n"
        "              [ 22,  23]]],\n"
        "\n"
        "\n"
        "            [[[ 24,  25],\n"
        "              [ 26,  27]],\n"
        "\n"
        "             [[ 28,  29],\n"
        "              [ 30,  31]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[ 32,  33],\n"
        "              [ 34,  35]],\n"
        "\n"
        "             [[ 36,  37],\n"
        "              [ 38,  39]]],\n"
        "\n"
        "\n"
        "            [[[ 40,  41],\n"
        "              [ 42,  43]],\n"
        "\n"
        "             [[ 44,  45],\n"
        "              [ 46,  47]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[ 48,  49],\n"
        "              [ 50,  51]],\n"
        "\n"
        "             [[ 52,  53],\n"
        "              [ 54,  55]]],\n"
        "\n"
        "\n"
        "            [[[ 56,  57],\n"
        "              [ 58,  59]],\n"
        "\n"
        "             [[ 60,  61],\n"
        "              [ 62,  63]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[ 64,  65],\n"
        "              [ 66,  67]],\n"
        "\n"
        "             [[ 68,  69],\n"
        "              [ 70,  71]]],\n"
        "\n"
        "\n"
        "            [[[ 72,  73],\n"
        "              [ 74,  75]],\n"
        "\n"
        "             [[ 76,  77],\n"
        "              [ 78,  79]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[ 80,  81],\n"
        "              [ 82,  83]],\n"
        "\n"
        "             [[ 84,  85],\n"
        "              [ 86,  87]]],\n"
        "\n"
        "\n"
        "            [[[ 88,  89],\n"
        "              [ 90,  91]],\n"
        "\n"
        "             [[ 92,  93],\n"
        "              [ 94,  95]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[ 96,  97],\n"
        "              [ 98,  99]],\n"
        "\n"
        "             [[100, 101],\n"
        "              [102, 103]]],\n"
        "\n"
        "\n"
        "            [[[104, 105],\n"
        "              [106, 107]],\n"
        "\n"
        "             [[108, 109],\n"
        "              [110, 111]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[112, 113],\n"
        "              [114, 115]],\n"
        "\n"
        "             [[116, 117],\n"
        "              [118, 119]]],\n"
        "\n"
        "\n"
        "            [[[120, 121],\n"
        "              [122, 123]],\n"
        "\n"
        "             [[124, 125],\n"
        "              [126, 127]]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "        [[[[[[[128, 129],\n"
        "              [130, 131]],\n"
        "\n"
        "             [[132, 133],\n"
        "              [134, 135]]],\n"
        "\n"
        "\n"
        "            [[[136, 137],\n"
        "              [138, 139]],\n"
        "\n"
        "             [[140, 141],\n"
        "              [142, 143]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[144, 145],\n"
        "              [146, 147]],\n"
        "\n"
        "             [[148, 149],\n"
        "              [150, 151]]],\n"
        "\n"
        "\n"
        "            [[[152, 153],\n"
        "              [154, 155]],\n"
        "\n"
        "             [[156, 157],\n"
        "              [158, 159]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[160, 161],\n"
        "              [162, 163]],\n"
        "\n"
        "             [[164, 165],\n"
        "              [166, 167]]],\n"
        "\n"
        "\n"
        "            [[[168, 169],\n"
        "              [170, 171]],\n"
        "\n"
        "             [[172, 173],\n"
        "              [174, 175]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[176, 177],\n"
        "              [178, 179]],\n"
        "\n"
        "             [[180, 181],\n"
        "              [182, 183]]],\n"
        "\n"
        "\n"
        "            [[[184, 185],\n"
        "              [186, 187]],\n"
        "\n"
        "             [[188, 189],\n"
        "              [190, 191]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[192, 193],\n"
        "              [194, 195]],\n"
        "\n"
        "             [[196, 197],\n"
        "              [198, 199]]],\n"
        "\n"
        "\n"
        "            [[[200, 201],\n"
        "              [202, 203]],\n"
        "\n"
        "             [[204, 205],\n"
        "              [206, 207]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[208, 209],\n"
        "              [210, 211]],\n"
        "\n"
        "             [[212, 213],\n"
        "              [214, 215]]],\n"
        "\n"
        "\n"
        "            [[[216, 217],\n"
        "              [218, 219]],\n"
        "\n"
        "             [[220, 221],\n"
        "              [222, 223]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[224, 225],\n"
        "              [226, 227]],\n"
        "\n"
        "             [[228, 229],\n"
        "              [230, 231]]],\n"
        "\n"
        "\n"
        "            [[[232, 233],\n"
        "              [234, 235]],\n"
        "\n"
        "             [[236, 237],\n"
        "              [238, 239]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[240, 241],\n"
        "              [242, 243]],\n"
        "\n"
        "             [[244, 245],\n"
        "              [246, 247]]],\n"
        "\n"
        "\n"
        "            [[[248, 249],\n"
        "              [250, 251]],\n"
        "\n"
        "             [[252, 253],\n"
        "              [254, 255]]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "        [[[[[[[256, 257],\n"
        "              [258, 259]],\n"
        "\n"
        "             [[260, 261],\n"
        "              [262, 263]]],\n"
        "\n"
        "\n"
        "            [[[264, 265],\n"
        "              [266, 267]],\n"
        "\n"
        "             [[268, 269],\n"
        "              [270, 271]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[272, 273],\n"
        "              [274, 275]],\n"
        "\n"
        "             [[276, 277],\n"
        "              [278, 279]]],\n"
        "\n"
        "\n"
        "            [[[280, 281],\n"
        "              [282, 283]],\n"
        "\n"
        "             [[284, 285],\n"
        "              [286, 287]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[288, 289],\n"
        "              [290, 291]],\n"
        "\n"
        "             [[292, 293],\n"
        "              [294, 295]]],\n"
        "\n"
        "\n"
        "            [[[296, 297],\n"
        "              [298, 299]],\n"
        "\n"
        "             [[300, 301],\n"
        "              [302, 303]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[304, 305],\n"
        "              [306, 307]],\n"
        "\n"
        "             [[308, 309],\n"
        "              [310, 311]]],\n"
        "\n"
        "\n"
        "            [[[312, 313],\n"
        "              [314, 315]],\n"
        "\n"
        "             [[316, 317],\n"
        "              [318, 319]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[320, 321],\n"
        "              [322, 323]],\n"
        "\n"
        "             [[324, 325],\n"
        "              [326, 327]]],\n"
        "\n"
        "\n"
        "            [[[328, 329],\n"
        "              [330, 331]],\n"
        "\n"
        "             [[332, 333],\n"
        "              [334, 335]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[336, 337],\n"
        "              [338, 339]],\n"
        "\n"
        "             [[340, 341],\n"
        "              [342, 343]]],\n"
        "\n"
        "\n"
        "            [[[344, 345],\n"
        "              [346, 347]],\n"
        "\n"
        "             [[348, 349],\n"
        "              [350, 351]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[352, 353],\n"
        "              [354, 355]],\n"
        "\n"
        "             [[356, 357],\n"
        "              [358, 359]]],\n"
        "\n"
        "\n"
        "            [[[360, 361],\n"
        "              [362, 363]],\n"
        "\n"
        "             [[364, 365],\n"
        "              [366, 367]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[368, 369],\n"
        "              [370, 371]],\n"
        "\n"
        "             [[372, 373],\n"
        "              [374, 375]]],\n"
        "\n"
        "\n"
        "            [[[376, 377],\n"
        "              [378, 379]],\n"
        "\n"
        "             [[380, 381],\n"
        "              [382, 383]]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "        [[[[[[[384, 385],\n"
        "              [386, 387]],\n"
        "\n"
        "             [[388, 389],\n"
        "              [390, 391]]],\n"
        "\n"
        "\n"
        "            [[[392, 393],\n"
        "              [394, 395]],\n"
        "\n"
        "             [[396, 397],\n"
        "              [398, 399]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[400, 401],\n"
        "              [402, 403]],\n"
        "\n"
        "             [[404, 405],\n"
        "              [406, 407]]],\n"
        "\n"
        "\n"
        "            [[[408, 409],\n"
        "              [410, 411]],\n"
        "\n"
        "             [[412, 413],\n"
        "              [414, 415]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[416, 417],\n"
        "              [418, 419]],\n"
        "\n"
        "             [[420, 421],\n"
        "              [422, 423]]],\n"
        "\n"
        "\n"
        "            [[[424, 425],\n"
        "              [426, 427]],\n"
        "\n"
        "             [[428, 429],\n"
        "              [430, 431]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[432, 433],\n"
        "              [434, 435]],\n"
        "\n"
        "             [[436, 437],\n"
        "              [438, 439]]],\n"
        "\n"
        "\n"
        "            [[[440, 441],\n"
        "              [442, 443]],\n"
        "\n"
        "             [[444, 445],\n"
        "              [446, 447]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[448, 449],\n"
        "              [450, 451]],\n"
        "\n"
        "             [[452, 453],\n"
        "              [454, 455]]],\n"
        "\n"
        "\n"
        "            [[[456, 457],\n"
        "              [458, 459]],\n"
        "\n"
        "             [[460, 461],\n"
        "              [462, 463]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[464, 465],\n"
        "              [466, 467]],\n"
        "\n"
        "             [[468, 469],\n"
        "              [470, 471]]],\n"
        "\n"
        "\n"
        "            [[[472, 473],\n"
        "              [474, 475]],\n"
        "\n"
        "             [[476, 477],\n"
        "              [478, 479]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[480, 481],\n"
        "              [482, 483]],\n"
        "\n"
        "             [[484, 485],\n"
        "              [486, 487]]],\n"
        "\n"
        "\n"
        "            [[[488, 489],\n"
        "              [490, 491]],\n"
        "\n"
        "             [[492, 493],\n"
        "              [494, 495]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[496, 497],\n"
        "              [498, 499]],\n"
        "\n"
        "             [[500, 501],\n"
        "              [502, 503]]],\n"
        "\n"
        "\n"
        "            [[[504, 505],\n"
        "              [506, 507]],\n"
        "\n"
        "             [[508, 509],\n"
        "              [510, 511]]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "        [[[[[[[512, 513],\n"
        "              [514, 515]],\n"
        "\n"
        "             [[516, 517],\n"
        "              [518, 519]]],\n"
        "\n"
        "\n"
        "            [[[520, 521],\n"
        "              [522, 523]],\n"
        "\n"
        "             [[524, 525],\n"
        "              [526, 527]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[528, 529],\n"
        "              [530, 531]],\n"
        "\n"
        "             [[532, 533],\n"
        "              [534, 535]]],\n"
        "\n"
        "\n"
        "            [[[536, 537],\n"
        "              [538, 539]],\n"
        "\n"
        "             [[540, 541],\n"
        "              [542, 543]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[544, 545],\n"
        "              [546, 547]],\n"
        "\n"
        "             [[548, 549],\n"
        "              [550, 551]]],\n"
        "\n"
        "\n"
        "            [[[552, 553],\n"
        "              [554, 555]],\n"
        "\n"
        "             [[556, 557],\n"
        "              [558, 559]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[560, 561],\n"
        "              [562, 563]],\n"
        "\n"
        "             [[564, 565],\n"
        "              [566, 567]]],\n"
        "\n"
        "\n"
        "            [[[568, 569],\n"
        "              [570, 571]],\n"
        "\n"
        "             [[572, 573],\n"
        "              [574, 575]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[576, 577],\n"
        "              [578, 579]],\n"
        "\n"
        "             [[580, 581],\n"
        "              [582, 583]]],\n"
        "\n"
        "\n"
        "            [[[584, 585],\n"
        "              [586, 587]],\n"
        "\n"
        "             [[588, 589],\n"
        "              [590, 591]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[592, 593],\n"
        "              [594, 595]],\n"
        "\n"
        "             [[596, 597],\n"
        "              [598, 599]]],\n"
        "\n"
        "\n"
        "            [[[600, 601],\n"
        "              [602, 603]],\n"
        "\n"
        "             [[604, 605],\n"
        "              [606, 607]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[608, 609],\n"
        "              [610, 611]],\n"
        "\n"
        "             [[612, 613],\n"
        "              [614, 615]]],\n"
        "\n"
        "\n"
        "            [[[616, 617],\n"
        "              [618, 619]],\n"
        "\n"
        "             [[620, 621],\n"
        "              [622, 623]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[624, 625],\n"
        "              [626, 627]],\n"
        "\n"
        "             [[628, 629],\n"
        "              [630, 631]]],\n"
        "\n"
        "\n"
        "            [[[632, 633],\n"
        "              [634, 635]],\n"
        "\n"
        "             [[636, 637],\n"
        "              [638, 639]]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "        [[[[[[[640, 641],\n"
        "              [642, 643]],\n"
        "\n"
        "             [[644, 645],\n"
        "              [646, 647]]],\n"
        "\n"
        "\n"
        "            [[[648, 649],\n"
        "              [650, 651]],\n"
        "\n"
        "             [[652, 653],\n"
        "              [654, 655]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[656, 657],\n"
        "              [658, 659]],\n"
        "\n"
        "             [[660, 661],\n"
        "              [662, 663]]],\n"
        "\n"
        "\n"
        "            [[[664, 665],\n"
        "              [666, 667]],\n"
        "\n"
        "             [[668, 669],\n"
        "              [670, 671]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[672, 673],\n"
        "              [674, 675]],\n"
        "\n"
        "             [[676, 677],\n"
        "              [678, 679]]],\n"
        "\n"
        "\n"
        "            [[[680, 681],\n"
        "              [682, 683]],\n"
        "\n"
        "             [[684, 685],\n"
        "              [686, 687]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[688, 689],\n"
        "              [690, 691]],\n"
        "\n"
        "             [[692, 693],\n"
        "              [694, 695]]],\n"
        "\n"
        "\n"
        "            [[[696, 697],\n"
        "              [698, 699]],\n"
        "\n"
        "             [[700, 701],\n"
        "              [702, 703]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[704, 705],\n"
        "              [706, 707]],\n"
        "\n"
        "             [[708, 709],\n"
        "              [710, 711]]],\n"
        "\n"
        "\n"
        "            [[[712, 713],\n"
        "              [714, 715]],\n"
        "\n"
        "             [[716, 717],\n"
        "              [718, 719]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[720, 721],\n"
        "              [722, 723]],\n"
        "\n"
        "             [[724, 725],\n"
        "              [726, 727]]],\n"
        "\n"
        "\n"
        "            [[[728, 729],\n"
        "              [730, 731]],\n"
        "\n"
        "             [[732, 733],\n"
        "              [734, 735]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[736, 737],\n"
        "              [738, 739]],\n"
        "\n"
        "             [[740, 741],\n"
        "              [742, 743]]],\n"
        "\n"
        "\n"
        "            [[[744, 745],\n"
        "              [746, 747]],\n"
        "\n"
        "             [[748, 749],\n"
        "              [750, 751]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[752, 753],\n"
        "              [754, 755]],\n"
        "\n"
        "             [[756, 757],\n"
        "              [758, 759]]],\n"
        "\n"
        "\n"
        "            [[[760, 761],\n"
        "              [762, 763]],\n"
        "\n"
        "             [[764, 765],\n"
        "              [766, 767]]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "        [[[[[[[768, 769],\n"
        "              [770, 771]],\n"
        "\n"
        "             [[772, 773],\n"
        "              [774, 775]]],\n"
        "\n"
        "\n"
        "            [[[776, 777],\n"
        "              [778, 779]],\n"
        "\n"
        "             [[780, 781],\n"
        "              [782, 783]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[784, 785],\n"
        "              [786, 787]],\n"
        "\n"
        "             [[788, 789],\n"
        "              [790, 791]]],\n"
        "\n"
        "\n"
        "            [[[792, 793],\n"
        "              [794, 795]],\n"
        "\n"
        "             [[796, 797],\n"
        "              [798, 799]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[800, 801],\n"
        "              [802, 803]],\n"
        "\n"
        "             [[804, 805],\n"
        "              [806, 807]]],\n"
        "\n"
        "\n"
        "            [[[808, 809],\n"
        "              [810, 811]],\n"
        "\n"
        "             [[812, 813],\n"
        "              [814, 815]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[816, 817],\n"
        "              [818, 819]],\n"
        "\n"
        "             [[820, 821],\n"
        "              [822, 823]]],\n"
        "\n"
        "\n"
        "            [[[824, 825],\n"
        "              [826, 827]],\n"
        "\n"
        "             [[828, 829],\n"
        "              [830, 831]]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "         [[[[[[832, 833],\n"
        "              [834, 835]],\n"
        "\n"
        "             [[836, 837],\n"
        "              [838, 839]]],\n"
        "\n"
        "\n"
        "            [[[840, 841],\n"
        "              [842, 843]],\n"
        "\n"
        "             [[844, 845],\n"
        "              [846, 847]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[848, 849],\n"
        "              [850, 851]],\n"
        "\n"
        "             [[852, 853],\n"
        "              [854, 855]]],\n"
        "\n"
        "\n"
        "            [[[856, 857],\n"
        "              [858, 859]],\n"
        "\n"
        "             [[860, 861],\n"
        "              [862, 863]]]]],\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "          [[[[[864, 865],\n"
        "              [866, 867]],\n"
        "\n"
        "             [[868, 869],\n"
        "              [870, 871]]],\n"
        "\n"
        "\n"
        "            [[[872, 873],\n"
        "              [874, 875]],\n"
        "\n"
        "             [[876, 877],\n"
        "              [878, 879]]]],\n"
        "\n"
        "\n"
        "\n"
        "           [[[[880, 881],\n"
        "              [882, 883]],\n"
        "\n"
        "             [[884, 885],\n"
        "              [886, 887]]],\n"
        "\n"
        "\n"
        "            [[[888, 889],\n"
        "              [890, 891]],\n"
        "\n"
        "             [[892, 893],\n"
        "              [894, 895]]]]]]]])");
  CHECK(tensor_repr(seq(DType::Float32, {2000}, [](double i) { return i/3; })) ==
        "tensor([0.0000e+00, 3.3333e-01, 6.6667e-01,  ..., 6.6567e+02, 6.6600e+02,\n"
        "        6.6633e+02])");
  // formatter sees only the edges: 1-d
  CHECK(tensor_repr(seq(DType::Float64, {10000}, [](double i) { return i*0.5-1000; })) ==
        "tensor([-1000.0000,  -999.5000,  -999.0000,  ...,  3998.5000,  3999.0000,\n"
        "         3999.5000], dtype=torch.float64)");
  // only the edge items decide int mode
  CHECK(tensor_repr(seq(DType::Float32, {1000, 1000}, [](double i) { return fmod(i, 7) - 3; })) ==
        "tensor([[-3., -2., -1.,  ...,  0.,  1.,  2.],\n"
        "        [ 3., -3., -2.,  ..., -1.,  0.,  1.],\n"
        "        [ 2.,  3., -3.,  ..., -2., -1.,  0.],\n"
        "        ...,\n"
        "        [ 1.,  2.,  3.,  ..., -3., -2., -1.],\n"
        "        [ 0.,  1.,  2.,  ...,  3., -3., -2.],\n"
        "        [-1.,  0.,  1.,  ...,  2.,  3., -3.]])");
  CHECK(tensor_repr(seq(DType::Float32, {100, 100}, [](double i) { return i*0.001; })) ==
        "tensor([[0.0000e+00, 1.0000e-03, 2.0000e-03,  ..., 9.7000e-02, 9.8000e-02,\n"
        "         9.9000e-02],\n"
        "        [1.0000e-01, 1.0100e-01, 1.0200e-01,  ..., 1.9700e-01, 1.9800e-01,\n"
        "         1.9900e-01],\n"
        "        [2.0000e-01, 2.0100e-01, 2.0200e-01,  ..., 2.9700e-01, 2.9800e-01,\n"
        "         2.9900e-01],\n"
        "        ...,\n"
        "        [9.7000e+00, 9.7010e+00, 9.7020e+00,  ..., 9.7970e+00, 9.7980e+00,\n"
        "         9.7990e+00],\n"
        "        [9.8000e+00, 9.8010e+00, 9.8020e+00,  ..., 9.8970e+00, 9.8980e+00,\n"
        "         9.8990e+00],\n"
        "        [9.9000e+00, 9.9010e+00, 9.9020e+00,  ..., 9.9970e+00, 9.9980e+00,\n"
        "         9.9990e+00]])");
  CHECK(tensor_repr(seq(DType::Bool, {1001}, [](double i) { return fmod(i, 2); })) ==
        "tensor([False,  True, False,  ..., False,  True, False])");
  CHECK(tensor_repr(cvals(DType::Complex64, {2}, {{1.0, 2.0}, {3.0, -4.0}})) ==
        "tensor([1.+2.j, 3.-4.j])");
}

TEST_CASE("tensor_repr: summarized complex", "[format]") {
  // complex parts get independent formatters from the edge items
  CHECK(tensor_repr(seq_complex(DType::Complex64, {1200}, [](double i) { return std::complex<double>(i * 0.5, 0.0 - i); })) ==
        "tensor([0.0000e+00+0.0000e+00j, 5.0000e-01-1.0000e+00j, 1.0000e+00-2.0000e+00j,\n"
        "         ..., 5.9850e+02-1.1970e+03j, 5.9900e+02-1.1980e+03j,\n"
        "        5.9950e+02-1.1990e+03j])");
  CHECK(tensor_repr(seq_complex(DType::Complex128, {40, 30}, [](double i) { return std::complex<double>(i, 1e-6 * i); })) ==
        "tensor([[0.0000e+00+0.0000e+00j, 1.0000e+00+1.0000e-06j, 2.0000e+00+2.0000e-06j,\n"
        "          ..., 2.7000e+01+2.7000e-05j, 2.8000e+01+2.8000e-05j,\n"
        "         2.9000e+01+2.9000e-05j],\n"
        "        [3.0000e+01+3.0000e-05j, 3.1000e+01+3.1000e-05j, 3.2000e+01+3.2000e-05j,\n"
        "          ..., 5.7000e+01+5.7000e-05j, 5.8000e+01+5.8000e-05j,\n"
        "         5.9000e+01+5.9000e-05j],\n"
        "        [6.0000e+01+6.0000e-05j, 6.1000e+01+6.1000e-05j, 6.2000e+01+6.2000e-05j,\n"
        "          ..., 8.7000e+01+8.7000e-05j, 8.8000e+01+8.8000e-05j,\n"
        "         8.9000e+01+8.9000e-05j],\n"
        "        ...,\n"
        "        [1.1100e+03+1.1100e-03j, 1.1110e+03+1.1110e-03j, 1.1120e+03+1.1120e-03j,\n"
        "          ..., 1.1370e+03+1.1370e-03j, 1.1380e+03+1.1380e-03j,\n"
        "         1.1390e+03+1.1390e-03j],\n"
        "        [1.1400e+03+1.1400e-03j, 1.1410e+03+1.1410e-03j, 1.1420e+03+1.1420e-03j,\n"
        "          ..., 1.1670e+03+1.1670e-03j, 1.1680e+03+1.1680e-03j,\n"
        "         1.1690e+03+1.1690e-03j],\n"
        "        [1.1700e+03+1.1700e-03j, 1.1710e+03+1.1710e-03j, 1.1720e+03+1.1720e-03j,\n"
        "          ..., 1.1970e+03+1.1970e-03j, 1.1980e+03+1.1980e-03j,\n"
        "         1.1990e+03+1.1990e-03j]], dtype=torch.complex128)");
}

TEST_CASE("tensor_repr: set_printoptions effects", "[format]") {
  CHECK(with_options({.precision = 2}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1.12345, 2.5})); }) ==
        "tensor([1.12, 2.50])");
  CHECK(with_options({.precision = 2}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1e-05, 1.0})); }) ==
        "tensor([1.00e-05, 1.00e+00])");
  CHECK(with_options({.precision = 8}, [&] { return tensor_repr(vals(DType::Float32, {1}, {0.1})); }) ==
        "tensor([0.10000000])");
  // fixed mode with no digits: no point
  CHECK(with_options({.precision = 0}, [&] { return tensor_repr(vals(DType::Float32, {1}, {0.1})); }) ==
        "tensor([0])");
  CHECK(with_options({.precision = 0}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1.5, 1e-05})); }) ==
        "tensor([2e+00, 1e-05])");
  CHECK(with_options({.precision = 20}, [&] { return tensor_repr(vals(DType::Float64, {1}, {0.1})); }) ==
        "tensor([0.10000000000000000555], dtype=torch.float64)");
  CHECK(with_options({.threshold = 5}, [&] { return tensor_repr(seq(DType::Int64, {10}, [](double i) { return i; })); }) ==
        "tensor([0, 1, 2,  ..., 7, 8, 9])");
  // numel 6 > 5, but 6 is not > 2*3
  CHECK(with_options({.threshold = 5}, [&] { return tensor_repr(seq(DType::Int64, {6}, [](double i) { return i; })); }) ==
        "tensor([0, 1, 2, 3, 4, 5])");
  CHECK(with_options({.threshold = 5}, [&] { return tensor_repr(seq(DType::Int64, {7}, [](double i) { return i; })); }) ==
        "tensor([0, 1, 2,  ..., 4, 5, 6])");
  CHECK(with_options({.threshold = 10, .edgeitems = 2}, [&] { return tensor_repr(seq(DType::Float32, {20}, [](double i) { return i; })); }) ==
        "tensor([ 0.,  1.,  ..., 18., 19.])");
  CHECK(with_options({.linewidth = 40}, [&] { return tensor_repr(seq(DType::Int64, {20}, [](double i) { return i; })); }) ==
        "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,\n"
        "         8,  9, 10, 11, 12, 13, 14, 15,\n"
        "        16, 17, 18, 19])");
  CHECK(with_options({.linewidth = 20}, [&] { return tensor_repr(seq(DType::Float32, {2, 3, 4}, [](double i) { return i; })); }) ==
        "tensor([[[ 0.,  1.,\n"
        "           2.,  3.],\n"
        "         [ 4.,  5.,\n"
        "           6.,  7.],\n"
        "         [ 8.,  9.,\n"
        "          10., 11.]],\n"
        "\n"
        "        [[12., 13.,\n"
        "          14., 15.],\n"
        "         [16., 17.,\n"
        "          18., 19.],\n"
        "         [20., 21.,\n"
        "          22., 23.]]])");
  // linewidth below the indent: one element per line
  CHECK(with_options({.linewidth = 5}, [&] { return tensor_repr(seq(DType::Float32, {3}, [](double i) { return i*1.5; })); }) ==
        "tensor([0.0000,\n"
        "        1.5000,\n"
        "        3.0000])");
  CHECK(with_options({.linewidth = -10}, [&] { return tensor_repr(seq(DType::Float32, {3}, [](double i) { return i*1.5; })); }) ==
        "tensor([0.0000,\n"
        "        1.5000,\n"
        "        3.0000])");
  CHECK(with_options({.sci_mode = true}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1.0, 2.0})); }) ==
        "tensor([1.0000e+00, 2.0000e+00])");
  // no nonzero finite value: sci_mode is never applied
  CHECK(with_options({.sci_mode = true}, [&] { return tensor_repr(vals(DType::Float32, {2}, {0.0, 0.0})); }) ==
        "tensor([0., 0.])");
  CHECK(with_options({.sci_mode = true}, [&] { return tensor_repr(vals(DType::Float32, {3}, {0.0, kNaN, kInf})); }) ==
        "tensor([0., nan, inf])");
  // 2.x: width of the forced mode (1.13 gave width 10)
  CHECK(with_options({.sci_mode = false}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1e-05, 1.0})); }) ==
        "tensor([0.0000, 1.0000])");
  CHECK(with_options({.sci_mode = false}, [&] { return tensor_repr(vals(DType::Float32, {2}, {0.0, 1e-09})); }) ==
        "tensor([0.0000, 0.0000])");
  // 2.x: int-mode width 12
  CHECK(with_options({.sci_mode = false}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1.0, 10000000000.0})); }) ==
        "tensor([          1., 10000000000.])");
  CHECK(with_options({.sci_mode = true}, [&] { return tensor_repr(vals(DType::Float32, {2}, {1.5, 2.25})); }) ==
        "tensor([1.5000e+00, 2.2500e+00])");
  CHECK(with_options({.precision = 1, .sci_mode = true}, [&] { return tensor_repr(vals(DType::Float32, {2}, {-1.5, 2.25})); }) ==
        "tensor([-1.5e+00,  2.2e+00])");
  // profile='short'
  CHECK(with_options({.precision = 2, .edgeitems = 2}, [&] { return tensor_repr(seq(DType::Float32, {2000}, [](double i) { return i/3; })); }) ==
        "tensor([0.00e+00, 3.33e-01,  ..., 6.66e+02, 6.66e+02])");
  CHECK(with_options({.threshold = kInf}, [&] { return tensor_repr(seq(DType::Float32, {40}, [](double i) { return i/3; })); }) ==
        "tensor([ 0.0000,  0.3333,  0.6667,  1.0000,  1.3333,  1.6667,  2.0000,  2.3333,\n"
        "         2.6667,  3.0000,  3.3333,  3.6667,  4.0000,  4.3333,  4.6667,  5.0000,\n"
        "         5.3333,  5.6667,  6.0000,  6.3333,  6.6667,  7.0000,  7.3333,  7.6667,\n"
        "         8.0000,  8.3333,  8.6667,  9.0000,  9.3333,  9.6667, 10.0000, 10.3333,\n"
        "        10.6667, 11.0000, 11.3333, 11.6667, 12.0000, 12.3333, 12.6667, 13.0000])");
  CHECK(with_options({.threshold = 0}, [&] { return tensor_repr(seq(DType::Int64, {10}, [](double i) { return i; })); }) ==
        "tensor([0, 1, 2,  ..., 7, 8, 9])");
  // 0-d is never summarized
  CHECK(with_options({.threshold = 0}, [&] { return tensor_repr(vals(DType::Float32, {}, {2.5})); }) ==
        "tensor(2.5000)");
  CHECK(with_options({.threshold = 0, .edgeitems = 1}, [&] { return tensor_repr(seq(DType::Int64, {3, 3}, [](double i) { return i; })); }) ==
        "tensor([[0,  ..., 2],\n"
        "        ...,\n"
        "        [6,  ..., 8]])");
  CHECK(with_options({.threshold = 0, .edgeitems = 2}, [&] { return tensor_repr(seq(DType::Int64, {3, 3}, [](double i) { return i; })); }) ==
        "tensor([[0, 1, 2],\n"
        "        [3, 4, 5],\n"
        "        [6, 7, 8]])");
  // negative edgeitems: Python slices t[:-1], t[1:]
  CHECK(with_options({.threshold = 0, .edgeitems = -1}, [&] { return tensor_repr(seq(DType::Int64, {5}, [](double i) { return i; })); }) ==
        "tensor([0, 1, 2, 3,  ..., 1, 2, 3, 4])");
  CHECK(with_options({.threshold = 0, .edgeitems = -3}, [&] { return tensor_repr(seq(DType::Int64, {5}, [](double i) { return i; })); }) ==
        "tensor([0, 1,  ..., 3, 4])");
  // a fractional threshold compares as a float
  CHECK(with_options({.threshold = 2.5}, [&] { return tensor_repr(seq(DType::Float32, {10}, [](double i) { return i; })); }) ==
        "tensor([0., 1., 2.,  ..., 7., 8., 9.])");
}

TEST_CASE("tensor_repr: formatter modes, widths, nan/inf/-0.0", "[format]") {
  // -0. is wider than max_width and not padded
  CHECK(tensor_repr(vals(DType::Float32, {3}, {0.0, -0.0, 1.0})) ==
        "tensor([0., -0., 1.])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {-0.0, 0.5})) ==
        "tensor([-0.0000, 0.5000])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {-0.0, 1e-05})) ==
        "tensor([-0.0000e+00, 1.0000e-05])");
  CHECK(tensor_repr(vals(DType::Float32, {}, {-0.0})) ==
        "tensor(-0.)");
  CHECK(tensor_repr(vals(DType::Float32, {4}, {kNaN, 1.0, kInf, -kInf})) ==
        "tensor([nan, 1., inf, -inf])");
  CHECK(tensor_repr(vals(DType::Float32, {3}, {kNaN, 1.5, -kInf})) ==
        "tensor([   nan, 1.5000,   -inf])");
  CHECK(tensor_repr(vals(DType::Float32, {}, {kNaN})) ==
        "tensor(nan)");
  // NaN prints nan whatever its sign
  CHECK(tensor_repr(vals(DType::Float32, {}, {-kNaN})) ==
        "tensor(nan)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {-kNaN, 2.5})) ==
        "tensor([   nan, 2.5000])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {kInf, -kInf})) ==
        "tensor([inf, -inf])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {kInf, 1.5})) ==
        "tensor([   inf, 1.5000])");
  // rounding from the exact float32 value
  CHECK(tensor_repr(vals(DType::Float32, {4}, {2.00005, 1.00005, 12345.6789, 99999.99})) ==
        "tensor([2.0001e+00, 1.0000e+00, 1.2346e+04, 1.0000e+05])");
  CHECK(tensor_repr(vals(DType::Float64, {4}, {2.00005, 1.00005, 12345.6789, 99999.99})) ==
        "tensor([2.0000e+00, 1.0001e+00, 1.2346e+04, 1.0000e+05], dtype=torch.float64)");
  // exact ties round to even
  CHECK(tensor_repr(vals(DType::Float64, {2}, {0.125, 0.375})) ==
        "tensor([0.1250, 0.3750], dtype=torch.float64)");
  // float32(1e-4) < 1e-4
  CHECK(tensor_repr(vals(DType::Float32, {1}, {0.0001})) ==
        "tensor([1.0000e-04])");
  CHECK(tensor_repr(vals(DType::Float64, {1}, {0.0001})) ==
        "tensor([0.0001], dtype=torch.float64)");
  // float32(1e8+8) > 1e8
  CHECK(tensor_repr(vals(DType::Float32, {1}, {100000008.0})) ==
        "tensor([1.0000e+08])");
  CHECK(tensor_repr(vals(DType::Float32, {3}, {-1000000.0, 5.0, 0.0})) ==
        "tensor([-1.0000e+06,  5.0000e+00,  0.0000e+00])");
  CHECK(tensor_repr(vals(DType::Float32, {3}, {-1.5, -22.25, 333.125})) ==
        "tensor([ -1.5000, -22.2500, 333.1250])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1e+38, -3e+38})) ==
        "tensor([ 1.0000e+38, -3.0000e+38])");
  CHECK(tensor_repr(vals(DType::Float64, {2}, {1e+300, -1e-300})) ==
        "tensor([ 1.0000e+300, -1.0000e-300], dtype=torch.float64)");
  CHECK(tensor_repr(vals(DType::Float64, {2}, {1e+100, 1.0})) ==
        "tensor([1.0000e+100,  1.0000e+00], dtype=torch.float64)");
  // subnormal
  CHECK(tensor_repr(vals(DType::Float64, {}, {1e-310})) ==
        "tensor(1.0000e-310, dtype=torch.float64)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {1e-45})) ==
        "tensor(1.4013e-45)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {123456.0, 7.0})) ==
        "tensor([1.2346e+05, 7.0000e+00])");
  CHECK(tensor_repr(vals(DType::Float32, {}, {1000000000.0})) ==
        "tensor(1.0000e+09)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {123456.0})) ==
        "tensor(123456.)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {1e-05})) ==
        "tensor(1.0000e-05)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.0001, 0.1})) ==
        "tensor([1.0000e-04, 1.0000e-01])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.5, 500.5})) ==
        "tensor([5.0000e-01, 5.0050e+02])");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {0.5, 501.0})) ==
        "tensor([5.0000e-01, 5.0100e+02])");
  CHECK(tensor_repr(vals(DType::Float32, {3}, {-9.5, 99.25, -0.01})) ==
        "tensor([-9.5000e+00,  9.9250e+01, -1.0000e-02])");
}

TEST_CASE("tensor_repr: every dtype", "[format]") {
  CHECK(tensor_repr(vals(DType::Bool, {}, {1.0})) ==
        "tensor(True)");
  CHECK(tensor_repr(vals(DType::UInt8, {}, {1.0})) ==
        "tensor(1, dtype=torch.uint8)");
  CHECK(tensor_repr(vals(DType::Int8, {}, {1.0})) ==
        "tensor(1, dtype=torch.int8)");
  CHECK(tensor_repr(vals(DType::Int16, {}, {1.0})) ==
        "tensor(1, dtype=torch.int16)");
  CHECK(tensor_repr(vals(DType::Int32, {}, {1.0})) ==
        "tensor(1, dtype=torch.int32)");
  CHECK(tensor_repr(vals(DType::Int64, {}, {1.0})) ==
        "tensor(1)");
  CHECK(tensor_repr(ivals(DType::Int64, {2}, {-1000000, 5})) ==
        "tensor([-1000000,        5])");
  CHECK(tensor_repr(ivals(DType::Int64, {3}, {1, -22, 333})) ==
        "tensor([  1, -22, 333])");
  CHECK(tensor_repr(ivals(DType::Int64, {3}, {9223372036854775807, INT64_MIN, 0})) ==
        "tensor([ 9223372036854775807, -9223372036854775808,                    0])");
  CHECK(tensor_repr(ivals(DType::Int32, {3}, {2147483647, -2147483648, 7})) ==
        "tensor([ 2147483647, -2147483648,           7], dtype=torch.int32)");
  CHECK(tensor_repr(ivals(DType::Int16, {3}, {32767, -32768, 0})) ==
        "tensor([ 32767, -32768,      0], dtype=torch.int16)");
  CHECK(tensor_repr(ivals(DType::Int8, {2, 2}, {127, -128, 0, 1})) ==
        "tensor([[ 127, -128],\n"
        "        [   0,    1]], dtype=torch.int8)");
  CHECK(tensor_repr(ivals(DType::UInt8, {3}, {255, 0, 17})) ==
        "tensor([255,   0,  17], dtype=torch.uint8)");
  CHECK(tensor_repr(ivals(DType::Bool, {3}, {1, 0, 1})) ==
        "tensor([ True, False,  True])");
  CHECK(tensor_repr(ivals(DType::Bool, {1}, {1})) ==
        "tensor([True])");
  CHECK(tensor_repr(ivals(DType::Bool, {1, 2}, {0, 0})) ==
        "tensor([[False, False]])");
  CHECK(tensor_repr(ivals(DType::Bool, {2, 2}, {1, 1, 1, 1})) ==
        "tensor([[True, True],\n"
        "        [True, True]])");
  CHECK(tensor_repr(ivals(DType::Bool, {}, {0})) ==
        "tensor(False)");
  CHECK(tensor_repr(seq(DType::UInt8, {40}, [](double i) { return i*6; })) ==
        "tensor([  0,   6,  12,  18,  24,  30,  36,  42,  48,  54,  60,  66,  72,  78,\n"
        "         84,  90,  96, 102, 108, 114, 120, 126, 132, 138, 144, 150, 156, 162,\n"
        "        168, 174, 180, 186, 192, 198, 204, 210, 216, 222, 228, 234],\n"
        "       dtype=torch.uint8)");
  // int32 shows its dtype, also across lines
  CHECK(tensor_repr(seq(DType::Int32, {3, 3}, [](double i) { return i-4; })) ==
        "tensor([[-4, -3, -2],\n"
        "        [-1,  0,  1],\n"
        "        [ 2,  3,  4]], dtype=torch.int32)");
  CHECK(tensor_repr(seq(DType::Int16, {30}, [](double i) { return i*1000-15000; })) ==
        "tensor([-15000, -14000, -13000, -12000, -11000, -10000,  -9000,  -8000,  -7000,\n"
        "         -6000,  -5000,  -4000,  -3000,  -2000,  -1000,      0,   1000,   2000,\n"
        "          3000,   4000,   5000,   6000,   7000,   8000,   9000,  10000,  11000,\n"
        "         12000,  13000,  14000], dtype=torch.int16)");
  CHECK(tensor_repr(vals(DType::Float16, {3}, {1.5, -2.25, 0.1})) ==
        "tensor([ 1.5000, -2.2500,  0.1000], dtype=torch.float16)");
  CHECK(tensor_repr(vals(DType::Float16, {}, {0.1})) ==
        "tensor(0.1000, dtype=torch.float16)");
  CHECK(tensor_repr(vals(DType::Float16, {2}, {1.0, 2.0})) ==
        "tensor([1., 2.], dtype=torch.float16)");
  CHECK(tensor_repr(vals(DType::BFloat16, {3}, {1.5, -2.25, 0.1})) ==
        "tensor([ 1.5000, -2.2500,  0.1001], dtype=torch.bfloat16)");
  CHECK(tensor_repr(vals(DType::BFloat16, {}, {0.1})) ==
        "tensor(0.1001, dtype=torch.bfloat16)");
  CHECK(tensor_repr(vals(DType::BFloat16, {2}, {1.0, 2.0})) ==
        "tensor([1., 2.], dtype=torch.bfloat16)");
  CHECK(tensor_repr(vals(DType::Float32, {3}, {1.5, -2.25, 0.1})) ==
        "tensor([ 1.5000, -2.2500,  0.1000])");
  CHECK(tensor_repr(vals(DType::Float32, {}, {0.1})) ==
        "tensor(0.1000)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 2.0})) ==
        "tensor([1., 2.])");
  CHECK(tensor_repr(vals(DType::Float64, {3}, {1.5, -2.25, 0.1})) ==
        "tensor([ 1.5000, -2.2500,  0.1000], dtype=torch.float64)");
  CHECK(tensor_repr(vals(DType::Float64, {}, {0.1})) ==
        "tensor(0.1000, dtype=torch.float64)");
  CHECK(tensor_repr(vals(DType::Float64, {2}, {1.0, 2.0})) ==
        "tensor([1., 2.], dtype=torch.float64)");
  CHECK(tensor_repr(vals(DType::Float16, {2}, {1.5, 2.25})) ==
        "tensor([1.5000, 2.2500], dtype=torch.float16)");
  // exact bf16 values are 0.10009765625 etc.
  CHECK(tensor_repr(vals(DType::BFloat16, {3}, {0.1, 0.2, 0.3})) ==
        "tensor([0.1001, 0.2002, 0.3008], dtype=torch.bfloat16)");
  CHECK(tensor_repr(vals(DType::Float16, {3}, {65504.0, -6.1035e-05, 1e-07})) ==
        "tensor([ 6.5504e+04, -6.1035e-05,  1.1921e-07], dtype=torch.float16)");
  CHECK(tensor_repr(vals(DType::Float16, {2}, {kInf, kNaN})) ==
        "tensor([inf, nan], dtype=torch.float16)");
  CHECK(tensor_repr(vals(DType::BFloat16, {2}, {1e+30, 3.0})) ==
        "tensor([1.0003e+30, 3.0000e+00], dtype=torch.bfloat16)");
  CHECK(tensor_repr(vals(DType::Float16, {3}, {1000.0, 2.0, 0.5})) ==
        "tensor([1.0000e+03, 2.0000e+00, 5.0000e-01], dtype=torch.float16)");
  CHECK(tensor_repr(cvals(DType::Complex64, {}, {{1.0, 2.0}})) ==
        "tensor(1.+2.j)");
  CHECK(tensor_repr(cvals(DType::Complex64, {2}, {{1.0, 2.0}, {-3.5, -0.5}})) ==
        "tensor([ 1.0000+2.0000j, -3.5000-0.5000j])");
  CHECK(tensor_repr(cvals(DType::Complex128, {}, {{1.0, 2.0}})) ==
        "tensor(1.+2.j, dtype=torch.complex128)");
  CHECK(tensor_repr(cvals(DType::Complex128, {2}, {{1.0, 2.0}, {-3.5, -0.5}})) ==
        "tensor([ 1.0000+2.0000j, -3.5000-0.5000j], dtype=torch.complex128)");
}

TEST_CASE("tensor_repr: complex (separate real and imaginary formatters)", "[format]") {
  CHECK(tensor_repr(cvals(DType::Complex64, {2}, {{1.0, 0.0}, {0.0, -1.0}})) ==
        "tensor([1.+0.j, 0.-1.j])");
  // -1j alone is -0.-1.j
  CHECK(tensor_repr(cvals(DType::Complex64, {1}, {{-0.0, -1.0}})) ==
        "tensor([-0.-1.j])");
  // parts differ in mode
  CHECK(tensor_repr(cvals(DType::Complex128, {1}, {{1.5, 2.0}})) ==
        "tensor([1.5000+2.j], dtype=torch.complex128)");
  CHECK(tensor_repr(cvals(DType::Complex64, {2}, {{1e-07, 0.0}, {1.0, 1.0}})) ==
        "tensor([1.0000e-07+0.j, 1.0000e+00+1.j])");
  CHECK(tensor_repr(cvals(DType::Complex64, {1}, {{kNaN, 1.0}})) ==
        "tensor([nan+1.j])");
  CHECK(tensor_repr(cvals(DType::Complex64, {2}, {{kInf, -kInf}, {1.0, kNaN}})) ==
        "tensor([inf-infj, 1.+nanj])");
  // signed zeros in both parts
  CHECK(tensor_repr(cvals(DType::Complex64, {2}, {{0.0, -0.0}, {-0.0, 0.0}})) ==
        "tensor([0.-0.j, -0.+0.j])");
  CHECK(tensor_repr(cvals(DType::Complex64, {3, 2}, {{0.0, 0.0}, {1.0, -1.5}, {2.0, -3.0}, {3.0, -4.5}, {4.0, -6.0}, {5.0, -7.5}})) ==
        "tensor([[0.+0.0000j, 1.-1.5000j],\n"
        "        [2.-3.0000j, 3.-4.5000j],\n"
        "        [4.-6.0000j, 5.-7.5000j]])");
  CHECK(tensor_repr(cvals(DType::Complex128, {2, 2}, {{10000000000.0, 1.0}, {2.0, -3.0}, {0.0, 0.5}, {4.0, 0.0}})) ==
        "tensor([[1.0000e+10+1.0000j, 2.0000e+00-3.0000j],\n"
        "        [0.0000e+00+0.5000j, 4.0000e+00+0.0000j]], dtype=torch.complex128)");
  // wrapping counts both widths and 'j'
  CHECK(tensor_repr(cvals(DType::Complex64, {12}, {{0.0, 100.0}, {1.25, 99.0}, {2.5, 98.0}, {3.75, 97.0}, {5.0, 96.0}, {6.25, 95.0}, {7.5, 94.0}, {8.75, 93.0}, {10.0, 92.0}, {11.25, 91.0}, {12.5, 90.0}, {13.75, 89.0}})) ==
        "tensor([ 0.0000+100.j,  1.2500+99.j,  2.5000+98.j,  3.7500+97.j,  5.0000+96.j,\n"
        "         6.2500+95.j,  7.5000+94.j,  8.7500+93.j, 10.0000+92.j, 11.2500+91.j,\n"
        "        12.5000+90.j, 13.7500+89.j])");
  CHECK(tensor_repr(cvals(DType::Complex64, {}, {{0.0, 0.0}})) ==
        "tensor(0.+0.j)");
  CHECK(tensor_repr(cvals(DType::Complex64, {}, {{-1.5, -0.0}})) ==
        "tensor(-1.5000-0.j)");
}

TEST_CASE("tensor_repr: empty tensors show size= (unless 1-d) and any non-default-float dtype", "[format]") {
  CHECK(tensor_repr(empty({0}, DType::Float32)) ==
        "tensor([])");
  CHECK(tensor_repr(empty({0}, DType::Float64)) ==
        "tensor([], dtype=torch.float64)");
  CHECK(tensor_repr(empty({0}, DType::Int64)) ==
        "tensor([], dtype=torch.int64)");
  CHECK(tensor_repr(empty({0}, DType::Bool)) ==
        "tensor([], dtype=torch.bool)");
  CHECK(tensor_repr(empty({0}, DType::Int32)) ==
        "tensor([], dtype=torch.int32)");
  CHECK(tensor_repr(empty({0}, DType::Complex64)) ==
        "tensor([], dtype=torch.complex64)");
  CHECK(tensor_repr(empty({0}, DType::Float16)) ==
        "tensor([], dtype=torch.float16)");
  CHECK(tensor_repr(empty({0, 3}, DType::Float32)) ==
        "tensor([], size=(0, 3))");
  CHECK(tensor_repr(empty({2, 0}, DType::Float64)) ==
        "tensor([], size=(2, 0), dtype=torch.float64)");
  CHECK(tensor_repr(empty({2, 0, 4}, DType::Int64)) ==
        "tensor([], size=(2, 0, 4), dtype=torch.int64)");
  CHECK(tensor_repr(empty({0, 3}, DType::Complex64)) ==
        "tensor([], size=(0, 3), dtype=torch.complex64)");
  CHECK(tensor_repr(empty({0}, DType::Bool)) ==
        "tensor([], dtype=torch.bool)");
}

TEST_CASE("tensor_repr: 0-d tensors of every dtype", "[format]") {
  CHECK(tensor_repr(vals(DType::Float32, {}, {1.125})) ==
        "tensor(1.1250)");
  CHECK(tensor_repr(ivals(DType::Int64, {}, {3})) ==
        "tensor(3)");
  CHECK(tensor_repr(ivals(DType::Bool, {}, {1})) ==
        "tensor(True)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {0.0})) ==
        "tensor(0.)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {-0.0})) ==
        "tensor(-0.)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {kNaN})) ==
        "tensor(nan)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {1e-05})) ==
        "tensor(1.0000e-05)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {123456.0})) ==
        "tensor(123456.)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {1000000000.0})) ==
        "tensor(1.0000e+09)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {-kInf})) ==
        "tensor(-inf)");
  CHECK(tensor_repr(ivals(DType::UInt8, {}, {200})) ==
        "tensor(200, dtype=torch.uint8)");
  CHECK(tensor_repr(ivals(DType::Int8, {}, {-5})) ==
        "tensor(-5, dtype=torch.int8)");
  CHECK(tensor_repr(ivals(DType::Int16, {}, {-300})) ==
        "tensor(-300, dtype=torch.int16)");
  CHECK(tensor_repr(ivals(DType::Int32, {}, {70000})) ==
        "tensor(70000, dtype=torch.int32)");
  CHECK(tensor_repr(vals(DType::Float64, {}, {3.0})) ==
        "tensor(3., dtype=torch.float64)");
  CHECK(tensor_repr(vals(DType::Float16, {}, {0.1})) ==
        "tensor(0.1000, dtype=torch.float16)");
  CHECK(tensor_repr(vals(DType::BFloat16, {}, {-2.5})) ==
        "tensor(-2.5000, dtype=torch.bfloat16)");
  CHECK(tensor_repr(cvals(DType::Complex64, {}, {{1.0, 2.0}})) ==
        "tensor(1.+2.j)");
  CHECK(tensor_repr(cvals(DType::Complex128, {}, {{-0.25, 1e-05}})) ==
        "tensor(-0.2500+1.0000e-05j, dtype=torch.complex128)");
}

TEST_CASE("tensor_repr: non-contiguous inputs are read through their strides", "[format]") {
  // transposed
  CHECK(tensor_repr(view(seq(DType::Float32, {2, 3}, [](double i) { return i*1.5-2; }), {3, 2}, {1, 3}, 0)) ==
        "tensor([[-2.0000,  2.5000],\n"
        "        [-0.5000,  4.0000],\n"
        "        [ 1.0000,  5.5000]])");
  // sliced with step 3 from offset 1
  CHECK(tensor_repr(view(seq(DType::Int64, {10}, [](double i) { return i; }), {3}, {3}, 1)) ==
        "tensor([1, 4, 7])");
  // expanded rows (stride 0)
  CHECK(tensor_repr(view(vals(DType::Float32, {3}, {1.5, -2.0, 3.0}), {4, 3}, {0, 1}, 0)) ==
        "tensor([[ 1.5000, -2.0000,  3.0000],\n"
        "        [ 1.5000, -2.0000,  3.0000],\n"
        "        [ 1.5000, -2.0000,  3.0000],\n"
        "        [ 1.5000, -2.0000,  3.0000]])");
  // one element expanded everywhere
  CHECK(tensor_repr(view(vals(DType::Float32, {1}, {7.0}), {2, 3}, {0, 0}, 0)) ==
        "tensor([[7., 7., 7.],\n"
        "        [7., 7., 7.]])");
  // interior window at an offset
  CHECK(tensor_repr(view(seq(DType::Float32, {4, 5}, [](double i) { return i; }), {2, 3}, {5, 1}, 6)) ==
        "tensor([[ 6.,  7.,  8.],\n"
        "        [11., 12., 13.]])");
  // permuted 3-d
  CHECK(tensor_repr(view(seq(DType::Float32, {24}, [](double i) { return i*0.5; }), {2, 3, 2}, {1, 4, 12}, 0)) ==
        "tensor([[[ 0.0000,  6.0000],\n"
        "         [ 2.0000,  8.0000],\n"
        "         [ 4.0000, 10.0000]],\n"
        "\n"
        "        [[ 0.5000,  6.5000],\n"
        "         [ 2.5000,  8.5000],\n"
        "         [ 4.5000, 10.5000]]])");
  // summarized transposed view
  CHECK(tensor_repr(view(seq(DType::Int64, {3000}, [](double i) { return i; }), {1000, 2}, {1, 1000}, 0)) ==
        "tensor([[   0, 1000],\n"
        "        [   1, 1001],\n"
        "        [   2, 1002],\n"
        "        ...,\n"
        "        [ 997, 1997],\n"
        "        [ 998, 1998],\n"
        "        [ 999, 1999]])");
  // summarized strided view
  CHECK(tensor_repr(view(seq(DType::Float32, {2000}, [](double i) { return i; }), {2, 500}, {1, 2}, 0)) ==
        "tensor([[  0.,   2.,   4.,   6.,   8.,  10.,  12.,  14.,  16.,  18.,  20.,  22.,\n"
        "          24.,  26.,  28.,  30.,  32.,  34.,  36.,  38.,  40.,  42.,  44.,  46.,\n"
        "          48.,  50.,  52.,  54.,  56.,  58.,  60.,  62.,  64.,  66.,  68.,  70.,\n"
        "          72.,  74.,  76.,  78.,  80.,  82.,  84.,  86.,  88.,  90.,  92.,  94.,\n"
        "          96.,  98., 100., 102., 104., 106., 108., 110., 112., 114., 116., 118.,\n"
        "         120., 122., 124., 126., 128., 130., 132., 134., 136., 138., 140., 142.,\n"
        "         144., 146., 148., 150., 152., 154., 156., 158., 160., 162., 164., 166.,\n"
        "         168., 170., 172., 174., 176., 178., 180., 182., 184., 186., 188., 190.,\n"
        "         192., 194., 196., 198., 200., 202., 204., 206., 208., 210., 212., 214.,\n"
        "         216., 218., 220., 222., 224., 226., 228., 230., 232., 234., 236., 238.,\n"
        "         240., 242., 244., 246., 248., 250., 252., 254., 256., 258., 260., 262.,\n"
        "         264., 266., 268., 270., 272., 274., 276., 278., 280., 282., 284., 286.,\n"
        "         288., 290., 292., 294., 296., 298., 300., 302., 304., 306., 308., 310.,\n"
        "         312., 314., 316., 318., 320., 322., 324., 326., 328., 330., 332., 334.,\n"
        "         336., 338., 340., 342., 344., 346., 348., 350., 352., 354., 356., 358.,\n"
        "         360., 362., 364., 366., 368., 370., 372., 374., 376., 378., 380., 382.,\n"
        "         384., 386., 388., 390., 392., 394., 396., 398., 400., 402., 404., 406.,\n"
        "         408., 410., 412., 414., 416., 418., 420., 422., 424., 426., 428., 430.,\n"
        "         432., 434., 436., 438., 440., 442., 444., 446., 448., 450., 452., 454.,\n"
        "         456., 458., 460., 462., 464., 466., 468., 470., 472., 474., 476., 478.,\n"
        "         480., 482., 484., 486., 488., 490., 492., 494., 496., 498., 500., 502.,\n"
        "         504., 506., 508., 510., 512., 514., 516., 518., 520., 522., 524., 526.,\n"
        "         528., 530., 532., 534., 536., 538., 540., 542., 544., 546., 548., 550.,\n"
        "         552., 554., 556., 558., 560., 562., 564., 566., 568., 570., 572., 574.,\n"
        "         576., 578., 580., 582., 584., 586., 588., 590., 592., 594., 596., 598.,\n"
        "         600., 602., 604., 606., 608., 610., 612., 614., 616., 618., 620., 622.,\n"
        "         624., 626., 628., 630., 632., 634., 636., 638., 640., 642., 644., 646.,\n"
        "         648., 650., 652., 654., 656., 658., 660., 662., 664., 666., 668., 670.,\n"
        "         672., 674., 676., 678., 680., 682., 684., 686., 688., 690., 692., 694.,\n"
        "         696., 698., 700., 702., 704., 706., 708., 710., 712., 714., 716., 718.,\n"
        "         720., 722., 724., 726., 728., 730., 732., 734., 736., 738., 740., 742.,\n"
        "         744., 746., 748., 750., 752., 754., 756., 758., 760., 762., 764., 766.,\n"
        "         768., 770., 772., 774., 776., 778., 780., 782., 784., 786., 788., 790.,\n"
        "         792., 794., 796., 798., 800., 802., 804., 806., 808., 810., 812., 814.,\n"
        "         816., 818., 820., 822., 824., 826., 828., 830., 832., 834., 836., 838.,\n"
        "         840., 842., 844., 846., 848., 850., 852., 854., 856., 858., 860., 862.,\n"
        "         864., 866., 868., 870., 872., 874., 876., 878., 880., 882., 884., 886.,\n"
        "         888., 890., 892., 894., 896., 898., 900., 902., 904., 906., 908., 910.,\n"
        "         912., 914., 916., 918., 920., 922., 924., 926., 928., 930., 932., 934.,\n"
        "         936., 938., 940., 942., 944., 946., 948., 950., 952., 954., 956., 958.,\n"
        "         960., 962., 964., 966., 968., 970., 972., 974., 976., 978., 980., 982.,\n"
        "         984., 986., 988., 990., 992., 994., 996., 998.],\n"
        "        [  1.,   3.,   5.,   7.,   9.,  11.,  13.,  15.,  17.,  19.,  21.,  23.,\n"
        "          25.,  27.,  29.,  31.,  33.,  35.,  37.,  39.,  41.,  43.,  45.,  47.,\n"
        "          49.,  51.,  53.,  55.,  57.,  59.,  61.,  63.,  65.,  67.,  69.,  71.,\n"
        "          73.,  75.,  77.,  79.,  81.,  83.,  85.,  87.,  89.,  91.,  93.,  95.,\n"
        "          97.,  99., 101., 103., 105., 107., 109., 111., 113., 115., 117., 119.,\n"
        "         121., 123., 125., 127., 129., 131., 133., 135., 137., 139., 141., 143.,\n"
        "         145., 147., 149., 151., 153., 155., 157., 159., 161., 163., 165., 167.,\n"
        "         169., 171., 173., 175., 177., 179., 181., 183., 185., 187., 189., 191.,\n"
        "         193., 195., 197., 199., 201., 203., 205., 207., 209., 211., 213., 215.,\n"
        "         217., 219., 221., 223., 225., 227., 229., 231., 233., 235., 237., 239.,\n"
        "         241., 243., 245., 247., 249., 251., 253., 255., 257., 259., 261., 263.,\n"
        "         265., 267., 269., 271., 273., 275., 277., 279., 281., 283., 285., 287.,\n"
        "         289., 291., 293., 295., 297., 299., 301., 303., 305., 307., 309., 311.,\n"
        "         313., 315., 317., 319., 321., 323., 325., 327., 329., 331., 333., 335.,\n"
        "         337., 339., 341., 343., 345., 347., 349., 351., 353., 355., 357., 359.,\n"
        "         361., 363., 365., 367., 369., 371., 373., 375., 377., 379., 381., 383.,\n"
        "         385., 387., 389., 391., 393., 395., 397., 399., 401., 403., 405., 407.,\n"
        "         409., 411., 413., 415., 417., 419., 421., 423., 425., 427., 429., 431.,\n"
        "         433., 435., 437., 439., 441., 443., 445., 447., 449., 451., 453., 455.,\n"
        "         457., 459., 461., 463., 465., 467., 469., 471., 473., 475., 477., 479.,\n"
        "         481., 483., 485., 487., 489., 491., 493., 495., 497., 499., 501., 503.,\n"
        "         505., 507., 509., 511., 513., 515., 517., 519., 521., 523., 525., 527.,\n"
        "         529., 531., 533., 535., 537., 539., 541., 543., 545., 547., 549., 551.,\n"
        "         553., 555., 557., 559., 561., 563., 565., 567., 569., 571., 573., 575.,\n"
        "         577., 579., 581., 583., 585., 587., 589., 591., 593., 595., 597., 599.,\n"
        "         601., 603., 605., 607., 609., 611., 613., 615., 617., 619., 621., 623.,\n"
        "         625., 627., 629., 631., 633., 635., 637., 639., 641., 643., 645., 647.,\n"
        "         649., 651., 653., 655., 657., 659., 661., 663., 665., 667., 669., 671.,\n"
        "         673., 675., 677., 679., 681., 683., 685., 687., 689., 691., 693., 695.,\n"
        "         697., 699., 701., 703., 705., 707., 709., 711., 713., 715., 717., 719.,\n"
        "         721., 723., 725., 727., 729., 731., 733., 735., 737., 739., 741., 743.,\n"
        "         745., 747., 749., 751., 753., 755., 757., 759., 761., 763., 765., 767.,\n"
        "         769., 771., 773., 775., 777., 779., 781., 783., 785., 787., 789., 791.,\n"
        "         793., 795., 797., 799., 801., 803., 805., 807., 809., 811., 813., 815.,\n"
        "         817., 819., 821., 823., 825., 827., 829., 831., 833., 835., 837., 839.,\n"
        "         841., 843., 845., 847., 849., 851., 853., 855., 857., 859., 861., 863.,\n"
        "         865., 867., 869., 871., 873., 875., 877., 879., 881., 883., 885., 887.,\n"
        "         889., 891., 893., 895., 897., 899., 901., 903., 905., 907., 909., 911.,\n"
        "         913., 915., 917., 919., 921., 923., 925., 927., 929., 931., 933., 935.,\n"
        "         937., 939., 941., 943., 945., 947., 949., 951., 953., 955., 957., 959.,\n"
        "         961., 963., 965., 967., 969., 971., 973., 975., 977., 979., 981., 983.,\n"
        "         985., 987., 989., 991., 993., 995., 997., 999.]])");
  // summarized expanded
  CHECK(tensor_repr(view(vals(DType::Float32, {5}, {1.0, 2.0, 3.0, 4.0, 5.0}), {1000, 5}, {0, 1}, 0)) ==
        "tensor([[1., 2., 3., 4., 5.],\n"
        "        [1., 2., 3., 4., 5.],\n"
        "        [1., 2., 3., 4., 5.],\n"
        "        ...,\n"
        "        [1., 2., 3., 4., 5.],\n"
        "        [1., 2., 3., 4., 5.],\n"
        "        [1., 2., 3., 4., 5.]])");
  // 0-d view at an offset
  CHECK(tensor_repr(view(seq(DType::Float32, {10}, [](double i) { return i; }), {}, {}, 7)) ==
        "tensor(7.)");
  // complex with step
  CHECK(tensor_repr(view(cvals(DType::Complex64, {4}, {{1.0, 1.0}, {2.0, -2.0}, {3.5, 0.0}, {-0.0, -1.0}}), {2}, {2}, 1)) ==
        "tensor([2.-2.j, -0.-1.j])");
  // bool transposed
  CHECK(tensor_repr(view(ivals(DType::Bool, {4}, {1, 0, 0, 1}), {2, 2}, {1, 2}, 0)) ==
        "tensor([[ True, False],\n"
        "        [False,  True]])");
}

TEST_CASE("tensor_repr: default dtype float64 moves the dtype= suffix", "[format]") {
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(vals(DType::Float32, {2}, {1.0, 2.5})); }) ==
        "tensor([1.0000, 2.5000], dtype=torch.float32)");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(vals(DType::Float64, {2}, {1.0, 2.5})); }) ==
        "tensor([1.0000, 2.5000])");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(cvals(DType::Complex128, {1}, {{1.0, 1.0}})); }) ==
        "tensor([1.+1.j])");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(cvals(DType::Complex64, {1}, {{1.0, 1.0}})); }) ==
        "tensor([1.+1.j], dtype=torch.complex64)");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(ivals(DType::Int64, {2}, {1, 2})); }) ==
        "tensor([1, 2])");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(empty({0}, DType::Float64)); }) ==
        "tensor([])");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(empty({0}, DType::Float32)); }) ==
        "tensor([], dtype=torch.float32)");
  CHECK(with_default_dtype(DType::Float64, [&] { return tensor_repr(vals(DType::Float16, {1}, {1.0})); }) ==
        "tensor([1.], dtype=torch.float16)");
}

TEST_CASE("tensor_repr: suffixes and _add_suffixes wrapping", "[format]") {
  // PRINTING.md 1.3 worked check
  CHECK(tensor_repr(seq(DType::Float64, {10}, [](double) { return 1.0; }), {"requires_grad=True"}) ==
        "tensor([1., 1., 1., 1., 1., 1., 1., 1., 1., 1.], dtype=torch.float64,\n"
        "       requires_grad=True)");
  CHECK(tensor_repr(seq(DType::Float64, {14}, [](double) { return 1.0; }), {"requires_grad=True"}) ==
        "tensor([1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1.],\n"
        "       dtype=torch.float64, requires_grad=True)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {1.0, 2.0}), {"requires_grad=True"}) ==
        "tensor([1., 2.], requires_grad=True)");
  CHECK(tensor_repr(vals(DType::Float32, {2}, {2.0, 4.0}), {"grad_fn=<MulBackward0>"}) ==
        "tensor([2., 4.], grad_fn=<MulBackward0>)");
  CHECK(tensor_repr(vals(DType::Float32, {}, {1.5}), {"grad_fn=<MeanBackward0>"}) ==
        "tensor(1.5000, grad_fn=<MeanBackward0>)");
  CHECK(tensor_repr(vals(DType::Float64, {}, {3.0}), {"grad_fn=<SumBackward0>"}) ==
        "tensor(3., dtype=torch.float64, grad_fn=<SumBackward0>)");
  CHECK(tensor_repr(seq(DType::Float32, {18}, [](double i) { return i; }), {"requires_grad=True"}) ==
        "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
        "        14., 15., 16., 17.], requires_grad=True)");
  CHECK(with_options({.linewidth = 40}, [&] { return tensor_repr(vals(DType::Float32, {3}, {1.0, 2.0, 3.0}), {"grad_fn=<MulBackward0>"}); }) ==
        "tensor([1., 2., 3.],\n"
        "       grad_fn=<MulBackward0>)");
  // the last line's length decides
  CHECK(tensor_repr(seq(DType::Float64, {2, 12}, [](double i) { return i; }), {"requires_grad=True"}) ==
        "tensor([[ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11.],\n"
        "        [12., 13., 14., 15., 16., 17., 18., 19., 20., 21., 22., 23.]],\n"
        "       dtype=torch.float64, requires_grad=True)");
  CHECK(tensor_repr(empty({0, 2}, DType::Float64), {"requires_grad=True"}) ==
        "tensor([], size=(0, 2), dtype=torch.float64, requires_grad=True)");
}

TEST_CASE("storage_repr: one Python str() per line, then the TypedStorage footer", "[format]") {
  CHECK(storage_of(vals(DType::Float32, {2}, {0.1, 0.25})) ==
        " 0.10000000149011612\n"
        " 0.25\n"
        "[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 2]");
  CHECK(storage_of(ivals(DType::Bool, {2}, {1, 0})) ==
        " True\n"
        " False\n"
        "[torch.storage.TypedStorage(dtype=torch.bool, device=cpu) of size 2]");
  CHECK(storage_of(seq(DType::Float32, {10}, [](double i) { return i; })) ==
        " 0.0\n"
        " 1.0\n"
        " 2.0\n"
        " 3.0\n"
        " 4.0\n"
        " 5.0\n"
        " 6.0\n"
        " 7.0\n"
        " 8.0\n"
        " 9.0\n"
        "[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 10]");
  CHECK(storage_of(vals(DType::Float64, {3}, {0.1, 1e+16, -0.0})) ==
        " 0.1\n"
        " 1e+16\n"
        " -0.0\n"
        "[torch.storage.TypedStorage(dtype=torch.float64, device=cpu) of size 3]");
  CHECK(storage_of(vals(DType::Float16, {3}, {0.1, 65504.0, -2.5})) ==
        " 0.0999755859375\n"
        " 65504.0\n"
        " -2.5\n"
        "[torch.storage.TypedStorage(dtype=torch.float16, device=cpu) of size 3]");
  CHECK(storage_of(vals(DType::BFloat16, {2}, {0.1, 3.0})) ==
        " 0.10009765625\n"
        " 3.0\n"
        "[torch.storage.TypedStorage(dtype=torch.bfloat16, device=cpu) of size 2]");
  CHECK(storage_of(vals(DType::Float32, {3}, {kNaN, kInf, 1e-05})) ==
        " nan\n"
        " inf\n"
        " 9.999999747378752e-06\n"
        "[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 3]");
  CHECK(storage_of(ivals(DType::Int64, {3}, {9223372036854775807, INT64_MIN, 0})) ==
        " 9223372036854775807\n"
        " -9223372036854775808\n"
        " 0\n"
        "[torch.storage.TypedStorage(dtype=torch.int64, device=cpu) of size 3]");
  CHECK(storage_of(ivals(DType::UInt8, {2}, {255, 0})) ==
        " 255\n"
        " 0\n"
        "[torch.storage.TypedStorage(dtype=torch.uint8, device=cpu) of size 2]");
  CHECK(storage_of(ivals(DType::Int8, {2}, {-128, 5})) ==
        " -128\n"
        " 5\n"
        "[torch.storage.TypedStorage(dtype=torch.int8, device=cpu) of size 2]");
  CHECK(storage_of(ivals(DType::Int16, {1}, {-300})) ==
        " -300\n"
        "[torch.storage.TypedStorage(dtype=torch.int16, device=cpu) of size 1]");
  CHECK(storage_of(ivals(DType::Int32, {1}, {70000})) ==
        " 70000\n"
        "[torch.storage.TypedStorage(dtype=torch.int32, device=cpu) of size 1]");
  CHECK(storage_of(cvals(DType::Complex64, {3}, {{1.0, 2.0}, {-0.0, -1.0}, {0.1, 0.0}})) ==
        " (1+2j)\n"
        " (-0-1j)\n"
        " (0.10000000149011612+0j)\n"
        "[torch.storage.TypedStorage(dtype=torch.complex64, device=cpu) of size 3]");
  CHECK(storage_of(cvals(DType::Complex128, {2}, {{0.0, 1.0}, {kNaN, kInf}})) ==
        " 1j\n"
        " (nan+infj)\n"
        "[torch.storage.TypedStorage(dtype=torch.complex128, device=cpu) of size 2]");
  CHECK(storage_of(empty({0}, DType::Float32)) ==
        " \n"
        "[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 0]");
  CHECK(storage_of(empty({0}, DType::Int64)) ==
        " \n"
        "[torch.storage.TypedStorage(dtype=torch.int64, device=cpu) of size 0]");
}

TEST_CASE("float_repr: Python's repr(float)", "[format]") {
  CHECK(float_repr(0.49625658988952637) == "0.49625658988952637");
  CHECK(float_repr(5.625) == "5.625");
  CHECK(float_repr(1e-05) == "1e-05");
  CHECK(float_repr(1e+16) == "1e+16");
  CHECK(float_repr(1000000000000000.0) == "1000000000000000.0");
  CHECK(float_repr(9999999999999998.0) == "9999999999999998.0");
  CHECK(float_repr(1.0000000000000002e+16) == "1.0000000000000002e+16");
  CHECK(float_repr(123456789.0) == "123456789.0");
  CHECK(float_repr(0.0001) == "0.0001");
  CHECK(float_repr(9.999e-05) == "9.999e-05");
  CHECK(float_repr(9.999999999999999e-05) == "9.999999999999999e-05");
  CHECK(float_repr(5e-324) == "5e-324");
  CHECK(float_repr(2.2250738585072014e-308) == "2.2250738585072014e-308");
  CHECK(float_repr(1e-310) == "1e-310");
  CHECK(float_repr(-0.0) == "-0.0");
  CHECK(float_repr(0.0) == "0.0");
  CHECK(float_repr(kInf) == "inf");
  CHECK(float_repr(-kInf) == "-inf");
  CHECK(float_repr(kNaN) == "nan");
  CHECK(float_repr(-kNaN) == "nan");
  CHECK(float_repr(1e+22) == "1e+22");
  CHECK(float_repr(1.5e+300) == "1.5e+300");
  CHECK(float_repr(100.0) == "100.0");
  CHECK(float_repr(0.1) == "0.1");
  CHECK(float_repr(0.3333333333333333) == "0.3333333333333333");
  CHECK(float_repr(0.30000000000000004) == "0.30000000000000004");
  CHECK(float_repr(1.7976931348623157e+308) == "1.7976931348623157e+308");
  CHECK(float_repr(1.2345678901234568e+17) == "1.2345678901234568e+17");
  CHECK(float_repr(1e+100) == "1e+100");
  CHECK(float_repr(1.2345678901234568e+16) == "1.2345678901234568e+16");
  CHECK(float_repr(0.10000000149011612) == "0.10000000149011612");
  CHECK(float_repr(-1.5) == "-1.5");
  CHECK(float_repr(2.5e-05) == "2.5e-05");
  CHECK(float_repr(1234.5678) == "1234.5678");
  CHECK(float_repr(-1e-07) == "-1e-07");
  CHECK(float_repr(3.0) == "3.0");
}

TEST_CASE("complex_repr: Python's repr(complex)", "[format]") {
  CHECK(complex_repr({1.0, 2.0}) == "(1+2j)");
  CHECK(complex_repr({0.0, 1.0}) == "1j");
  CHECK(complex_repr({-0.0, -1.0}) == "(-0-1j)");
  CHECK(complex_repr({0.0, -0.0}) == "-0j");
  CHECK(complex_repr({-0.0, 0.0}) == "(-0+0j)");
  CHECK(complex_repr({0.0, 0.0}) == "0j");
  CHECK(complex_repr({kNaN, kInf}) == "(nan+infj)");
  CHECK(complex_repr({1.0, kNaN}) == "(1+nanj)");
  CHECK(complex_repr({1.0, -kNaN}) == "(1+nanj)");
  CHECK(complex_repr({-kNaN, 1.0}) == "(nan+1j)");
  CHECK(complex_repr({0.0, kNaN}) == "nanj");
  CHECK(complex_repr({1e+16, 0.0}) == "(1e+16+0j)");
  CHECK(complex_repr({1.5, 2.0}) == "(1.5+2j)");
  CHECK(complex_repr({0.0, 1e-05}) == "1e-05j");
  CHECK(complex_repr({1e-05, 1e+22}) == "(1e-05+1e+22j)");
  CHECK(complex_repr({-kInf, -kInf}) == "(-inf-infj)");
  CHECK(complex_repr({0.0, kInf}) == "infj");
  CHECK(complex_repr({0.0, -kInf}) == "-infj");
  CHECK(complex_repr({0.1, 0.2}) == "(0.1+0.2j)");
  CHECK(complex_repr({-1.5, 0.0}) == "(-1.5+0j)");
  CHECK(complex_repr({0.0, -1.0}) == "-1j");
  CHECK(complex_repr({2.5, -0.0}) == "(2.5-0j)");
  CHECK(complex_repr({5e-324, 1e+300}) == "(5e-324+1e+300j)");
}
