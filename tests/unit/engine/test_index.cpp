// tests/unit/engine/test_index.cpp — subscripts with index tensors, masks and bools; index and index_put_.
//
// The tables were generated with torch 1.13: each row names the PyTorch
// expression, and the expected sizes, strides and values are what it gave,
// on contiguous, transposed, permuted, expanded (stride 0), sliced and empty
// inputs. Messages that PyTorch 2.x changed are checked against 2.x's text
// (from its source), as the comments say.
#include <catch2/catch.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/advanced_index.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

Tensor arange_n(int64_t n, DType d = DType::Int64) {
  return to(arange(Scalar(int64_t{0}), Scalar(n)), d, std::nullopt);
}

Tensor input(const std::string& name) {
  const Tensor x = view(arange_n(24), {2, 3, 4});
  if (name == "x") return x;
  if (name == "xt") return transpose(x, 0, 2);
  if (name == "xp") return permute(x, {1, 2, 0});
  if (name == "xe") return expand(view(arange_n(3), {3, 1, 1}), {3, 2, 4});
  if (name == "xs") return slice(slice(view(arange_n(48), {4, 3, 4}), 0, std::nullopt, std::nullopt, 2), 2, 1, std::nullopt);
  if (name == "xz") return slice(view(arange_n(12), {3, 4}), 1, std::nullopt, 0);
  FAIL("unknown input " << name);
  return {};
}

std::vector<Scalar> scalars(const std::vector<double>& v, bool integral) {
  std::vector<Scalar> out;
  for (double d : v) out.push_back(integral ? Scalar(static_cast<int64_t>(d)) : Scalar(d));
  return out;
}

Tensor L64(const std::vector<double>& v, const Shape& s) { return from_scalars(s, scalars(v, true), DType::Int64); }
Tensor F64(const std::vector<double>& v, const Shape& s) { return from_scalars(s, scalars(v, false), DType::Float32); }
Tensor L(int64_t v) { return from_scalars({}, {Scalar(v)}, DType::Int64); }
Tensor F(double v) { return from_scalars({}, {Scalar(v)}, DType::Float32); }
Tensor Mask(const std::vector<int>& v, const Shape& s) {
  std::vector<Scalar> b;
  for (int x : v) b.push_back(Scalar(x != 0));
  return from_scalars(s, b, DType::Bool);
}

// Subscript items, named as in the table.
TensorIndex Ti(const std::vector<int64_t>& v, const Shape& s) {
  return TensorIndex::tensor_index(L64(std::vector<double>(v.begin(), v.end()), s));
}
TensorIndex Ti(const std::vector<int64_t>& v) { return Ti(v, {static_cast<int64_t>(v.size())}); }
TensorIndex T0i(int64_t v) { return TensorIndex::tensor_index(L(v)); }
TensorIndex Mi(const std::vector<int>& v, const Shape& s) { return TensorIndex::tensor_index(Mask(v, s)); }
TensorIndex Mi(const std::vector<int>& v) { return Mi(v, {static_cast<int64_t>(v.size())}); }
TensorIndex M0i(bool b) { return TensorIndex::tensor_index(Mask({b ? 1 : 0}, {})); }
TensorIndex Bi(bool b) { return TensorIndex::boolean(b); }
TensorIndex Ii(int64_t i) { return TensorIndex::basic(IndexItem::integer(i)); }
TensorIndex Si(std::optional<int64_t> a = std::nullopt, std::optional<int64_t> b = std::nullopt, int64_t step = 1) {
  return TensorIndex::basic(IndexItem::slice(a, b, step));
}
TensorIndex Ni() { return TensorIndex::basic(IndexItem::none()); }
TensorIndex Ei() { return TensorIndex::basic(IndexItem::ellipsis()); }

std::vector<double> values(const Tensor& t) {
  const Tensor c = contiguous(to(t, DType::Float64, std::nullopt));
  return std::vector<double>(c.data<double>(), c.data<double>() + c.numel());
}

struct GetCase {
  const char* input;
  const char* torch;
  std::function<std::vector<TensorIndex>()> items;
  Shape sizes, strides;
  std::vector<double> values;
};

const GetCase kGetCases[] = {
    {"x", "x[[1, 0]]", [] { return std::vector<TensorIndex>{Ti({1, 0})}; },
     {2, 3, 4}, {12, 4, 1}, {12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
    {"x", "x[:, [2, 0]]", [] { return std::vector<TensorIndex>{Si(), Ti({2, 0})}; },
     {2, 2, 4}, {8, 4, 1}, {8, 9, 10, 11, 0, 1, 2, 3, 20, 21, 22, 23, 12, 13, 14, 15}},
    {"x", "x[[0, 1], [1, 2]]", [] { return std::vector<TensorIndex>{Ti({0, 1}), Ti({1, 2})}; },
     {2, 4}, {4, 1}, {4, 5, 6, 7, 20, 21, 22, 23}},
    {"x", "x[[0, 1], :, [1, 2]]", [] { return std::vector<TensorIndex>{Ti({0, 1}), Si(), Ti({1, 2})}; },
     {2, 3}, {3, 1}, {1, 5, 9, 14, 18, 22}},
    {"x", "x[1, :, [3, 0]]", [] { return std::vector<TensorIndex>{Ii(1), Si(), Ti({3, 0})}; },
     {3, 2}, {2, 1}, {15, 12, 19, 16, 23, 20}},
    {"x", "x[..., [3, 0]]", [] { return std::vector<TensorIndex>{Ei(), Ti({3, 0})}; },
     {2, 3, 2}, {6, 2, 1}, {3, 0, 7, 4, 11, 8, 15, 12, 19, 16, 23, 20}},
    {"x", "x[None, [1], None]", [] { return std::vector<TensorIndex>{Ni(), Ti({1}), Ni()}; },
     {1, 1, 1, 3, 4}, {12, 12, 12, 4, 1}, {12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}},
    {"x", "x[torch.tensor([[0], [1]]), torch.tensor([0, 2, 1])]", [] { return std::vector<TensorIndex>{Ti({0, 1}, {2, 1}), Ti({0, 2, 1})}; },
     {2, 3, 4}, {12, 4, 1}, {0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 16, 17, 18, 19}},
    {"x", "x[torch.tensor([True, False]), 1:, [0, 3]]", [] { return std::vector<TensorIndex>{Mi({1, 0}), Si(1), Ti({0, 3})}; },
     {2, 2}, {2, 1}, {4, 8, 7, 11}},
    {"x", "x[0, torch.tensor([[True, False, True, False], [False, False, False, True], [True, True, False, False]])]", [] { return std::vector<TensorIndex>{Ii(0), Mi({1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0}, {3, 4})}; },
     {5}, {1}, {0, 2, 7, 8, 9}},
    {"x", "x[True]", [] { return std::vector<TensorIndex>{Bi(true)}; },
     {1, 2, 3, 4}, {24, 12, 4, 1}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}},
    {"x", "x[False]", [] { return std::vector<TensorIndex>{Bi(false)}; },
     {0, 2, 3, 4}, {24, 12, 4, 1}, {}},
    {"x", "x[torch.tensor(1), [2, 0]]", [] { return std::vector<TensorIndex>{T0i(1), Ti({2, 0})}; },
     {2, 4}, {4, 1}, {20, 21, 22, 23, 12, 13, 14, 15}},
    {"x", "x[torch.tensor(True), 1]", [] { return std::vector<TensorIndex>{M0i(true), Ii(1)}; },
     {1, 3, 4}, {12, 4, 1}, {12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}},
    {"x", "x[[1, -1], ::2, [-4]]", [] { return std::vector<TensorIndex>{Ti({1, -1}), Si(0, std::nullopt, 2), Ti({-4})}; },
     {2, 2}, {2, 1}, {12, 20, 12, 20}},
    {"xt", "xt[[3, 0]]", [] { return std::vector<TensorIndex>{Ti({3, 0})}; },
     {2, 3, 2}, {6, 1, 3}, {3, 15, 7, 19, 11, 23, 0, 12, 4, 16, 8, 20}},
    {"xt", "xt[:, [2, 0]]", [] { return std::vector<TensorIndex>{Si(), Ti({2, 0})}; },
     {4, 2, 2}, {1, 4, 8}, {8, 20, 0, 12, 9, 21, 1, 13, 10, 22, 2, 14, 11, 23, 3, 15}},
    {"xt", "xt[[0, 1], :, [1, 0]]", [] { return std::vector<TensorIndex>{Ti({0, 1}), Si(), Ti({1, 0})}; },
     {2, 3}, {3, 1}, {12, 16, 20, 1, 5, 9}},
    {"xt", "xt[1:, [[0], [2]], 1]", [] { return std::vector<TensorIndex>{Si(1), Ti({0, 2}, {2, 1}), Ii(1)}; },
     {3, 2, 1}, {2, 1, 1}, {13, 21, 14, 22, 15, 23}},
    {"xp", "xp[[2, 0], [3, 1]]", [] { return std::vector<TensorIndex>{Ti({2, 0}), Ti({3, 1})}; },
     {2, 2}, {2, 1}, {11, 23, 1, 13}},
    {"xp", "xp[:, [1, 3], [1, 0]]", [] { return std::vector<TensorIndex>{Si(), Ti({1, 3}), Ti({1, 0})}; },
     {3, 2}, {2, 1}, {13, 3, 17, 7, 21, 11}},
    {"xp", "xp[[2], :, [0, 1]]", [] { return std::vector<TensorIndex>{Ti({2}), Si(), Ti({0, 1})}; },
     {2, 4}, {4, 1}, {8, 9, 10, 11, 20, 21, 22, 23}},
    {"xe", "xe[[2, 0]]", [] { return std::vector<TensorIndex>{Ti({2, 0})}; },
     {2, 2, 4}, {8, 4, 1}, {2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0}},
    {"xe", "xe[:, [1, 0, 1]]", [] { return std::vector<TensorIndex>{Si(), Ti({1, 0, 1})}; },
     {3, 3, 4}, {12, 4, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
    {"xe", "xe[[2, 1], :, [3, 0]]", [] { return std::vector<TensorIndex>{Ti({2, 1}), Si(), Ti({3, 0})}; },
     {2, 2}, {2, 1}, {2, 2, 1, 1}},
    {"xs", "xs[[1, 0], 2]", [] { return std::vector<TensorIndex>{Ti({1, 0}), Ii(2)}; },
     {2, 3}, {3, 1}, {33, 34, 35, 9, 10, 11}},
    {"xs", "xs[:, [2, 0], [0, 2]]", [] { return std::vector<TensorIndex>{Si(), Ti({2, 0}), Ti({0, 2})}; },
     {2, 2}, {2, 1}, {9, 3, 33, 27}},
    {"xz", "xz[[0, 2]]", [] { return std::vector<TensorIndex>{Ti({0, 2})}; },
     {2, 0}, {1, 1}, {}},
    {"xz", "xz[[0, 2], :]", [] { return std::vector<TensorIndex>{Ti({0, 2}), Si()}; },
     {2, 0}, {1, 1}, {}},
};

struct SetCase {
  const char* torch;
  std::function<std::vector<TensorIndex>()> items;
  std::function<Tensor()> value;
  std::vector<double> after;
};

const SetCase kSetCases[] = {
    {"y[[0, 2]] = 0", [] { return std::vector<TensorIndex>{Ti({0, 2})}; }, [] { return F(0); },
     {0, 0, 0, 0, 4, 5, 6, 7, 0, 0, 0, 0}},
    {"y[:, [1, 3]] = torch.tensor([7., 8.])", [] { return std::vector<TensorIndex>{Si(), Ti({1, 3})}; }, [] { return F64({7, 8}, {2}); },
     {0, 7, 2, 8, 4, 7, 6, 8, 8, 7, 10, 8}},
    {"y[[0, 1], [1, 2]] = torch.tensor([5., 6.])", [] { return std::vector<TensorIndex>{Ti({0, 1}), Ti({1, 2})}; }, [] { return F64({5, 6}, {2}); },
     {0, 5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
    {"y[[0, 0, 2]] = torch.tensor([[1.], [2.], [3.]])", [] { return std::vector<TensorIndex>{Ti({0, 0, 2})}; }, [] { return F64({1, 2, 3}, {3, 1}); },
     {2, 2, 2, 2, 4, 5, 6, 7, 3, 3, 3, 3}},
    {"y[torch.tensor([True, False, True])] = torch.tensor(3)", [] { return std::vector<TensorIndex>{Mi({1, 0, 1})}; }, [] { return L(3); },
     {3, 3, 3, 3, 4, 5, 6, 7, 3, 3, 3, 3}},
    {"y[torch.tensor([True, False, True])] = torch.tensor([9., 8., 7., 6.])", [] { return std::vector<TensorIndex>{Mi({1, 0, 1})}; }, [] { return F64({9, 8, 7, 6}, {4}); },
     {9, 8, 7, 6, 4, 5, 6, 7, 9, 8, 7, 6}},
    {"y[[1], 1:3] = torch.ones(1, 1, 2)", [] { return std::vector<TensorIndex>{Ti({1}), Si(1, 3)}; }, [] { return F64({1, 1}, {1, 1, 2}); },
     {0, 1, 2, 3, 4, 1, 1, 7, 8, 9, 10, 11}},
    {"y[True] = 2", [] { return std::vector<TensorIndex>{Bi(true)}; }, [] { return F(2); },
     {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
    {"y[False] = 2", [] { return std::vector<TensorIndex>{Bi(false)}; }, [] { return F(2); },
     {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
    {"y[1] = torch.tensor([1, 2, 3, 4])", [] { return std::vector<TensorIndex>{Ii(1)}; }, [] { return L64({1, 2, 3, 4}, {4}); },
     {0, 1, 2, 3, 1, 2, 3, 4, 8, 9, 10, 11}},
    {"y[..., 2] = torch.tensor(5)", [] { return std::vector<TensorIndex>{Ei(), Ii(2)}; }, [] { return L(5); },
     {0, 1, 5, 3, 4, 5, 5, 7, 8, 9, 5, 11}},
    {"y[torch.tensor([[True, False, True, True]] * 3)] = torch.arange(9.)", [] { return std::vector<TensorIndex>{Mi({1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1}, {3, 4})}; }, [] { return F64({0, 1, 2, 3, 4, 5, 6, 7, 8}, {9}); },
     {0, 1, 1, 2, 3, 5, 4, 5, 6, 9, 7, 8}},
};

template <typename E>
void check_throws(const std::function<void()>& f, const std::string& message) {
  try {
    f();
    FAIL("no exception; expected: " << message);
  } catch (const E& e) {
    CHECK(std::string(e.what()) == message);
  }
}

}  // namespace

TEST_CASE("subscripts with index tensors give torch's values, shapes and strides", "[index]") {
  for (const GetCase& c : kGetCases) {
    INFO(c.torch);
    const Tensor x = input(c.input);
    const Tensor r = subscript(x, c.items());
    CHECK(r.sizes() == c.sizes);
    CHECK(r.strides() == c.strides);
    CHECK(values(r) == c.values);
    CHECK(r.dtype() == x.dtype());
    CHECK(r.storage() != x.storage());  // advanced indexing always copies
  }
}

TEST_CASE("assignment through index tensors writes torch's values", "[index]") {
  for (const SetCase& c : kSetCases) {
    INFO(c.torch);
    const Tensor y = view(arange_n(12, DType::Float32), {3, 4});
    const Tensor before = y;
    subscript_assign(y, c.items(), c.value());
    CHECK(values(y) == c.after);
    CHECK(y.is_same(before));
  }
}

TEST_CASE("index_put_ assigns (last write wins) or accumulates repeated positions", "[index]") {
  const Tensor y = zeros({4}, DType::Float32);
  index_put_(y, {L64({1, 1, 3}, {3})}, F64({1, 2, 3}, {3}));
  CHECK(values(y) == std::vector<double>{0, 2, 0, 3});
  index_put_(y, {L64({1, 1, 0}, {3})}, F64({1, 2, 3}, {3}), /*accumulate=*/true);
  CHECK(values(y) == std::vector<double>{3, 5, 0, 3});
  const Tensor h = zeros({3}, DType::Float16);
  index_put_(h, {L64({0, 0}, {2})}, to(F64({0.5, 0.25}, {2}), DType::Float16, std::nullopt), true);
  CHECK(values(h) == std::vector<double>{0.75, 0, 0});
  const Tensor b = zeros({2}, DType::Bool);
  index_put_(b, {L64({1, 1}, {2})}, Mask({1, 1}, {2}), true);  // bool adds as "or"
  CHECK(values(b) == std::vector<double>{0, 1});
  // Out of place: self untouched.
  const Tensor r = index_put(y, {L64({0}, {1})}, F(9));
  CHECK(values(r) == std::vector<double>{9, 5, 0, 3});
  CHECK(values(y) == std::vector<double>{3, 5, 0, 3});
}

TEST_CASE("a failing index_put_ writes nothing", "[index]") {
  const Tensor y = view(arange_n(12, DType::Float32), {3, 4});
  const std::vector<double> before = values(y);
  // The last index is out of bounds: the first two must not have been written.
  check_throws<IndexError>([&] { index_put_(y, {L64({0, 1, 3}, {3})}, F64({7, 7, 7}, {3, 1})); },
                           "index 3 is out of bounds for dimension 0 with size 3");
  check_throws<IndexError>([&] { subscript_assign(y, {Ti({0, 1}), Ti({3, 4})}, F(0)); },
                           "index 4 is out of bounds for dimension 1 with size 4");
  CHECK(values(y) == before);
}

TEST_CASE("index errors carry PyTorch's messages", "[index]") {
  const Tensor x = view(arange_n(12, DType::Float32), {3, 4});
  check_throws<IndexError>([&] { subscript(x, {Si(), Ti({5})}); },
                           "index 5 is out of bounds for dimension 0 with size 4");
  check_throws<IndexError>([&] { subscript(x, {Ti({0, 1}), Ti({0, 1, 2})}); },
                           "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]");
  check_throws<IndexError>([&] { subscript(x, {Mi({1, 0})}); },
                           "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 4] at index 0");
  check_throws<IndexError>([&] { subscript(x, {Ti({0}), Ti({0}), Ti({0})}); },
                           "too many indices for tensor of dimension 2");
  check_throws<IndexError>([&] { index(x, {L64({0}, {1}), L64({0}, {1}), L64({0}, {1})}); },
                           "too many indices for tensor of dimension 2 (got 3)");
  check_throws<IndexError>([&] { subscript(zeros({0, 3}, DType::Float32), {Ti({0})}); },
                           "index is out of bounds for dimension with size 0");
  // PyTorch 2.x accepts int32 indices; its message names them.
  check_throws<IndexError>([&] { subscript(x, {TensorIndex::tensor_index(F64({0}, {1}))}); },
                           "tensors used as indices must be long, int, byte or bool tensors");
  const Tensor r = subscript(x, {TensorIndex::tensor_index(to(L64({2, 0}, {2}), DType::Int32, std::nullopt))});
  CHECK(values(r) == std::vector<double>{8, 9, 10, 11, 0, 1, 2, 3});
}

TEST_CASE("assignment through index tensors: dtype and shape rules", "[index]") {
  const Tensor y = view(arange_n(12, DType::Float32), {3, 4});
  check_throws<RuntimeError>([&] { subscript_assign(y, {Ti({0, 1})}, L64({1, 2, 3, 4}, {4})); },
                             "Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.");
  check_throws<RuntimeError>([&] { subscript_assign(y, {Ti({0, 1})}, F64({1, 2, 3}, {3})); },
                             "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2, 4]");
  check_throws<RuntimeError>([&] { subscript_assign(y, {Ti({0, 1})}, F64({1, 1, 1, 1, 1, 1, 1, 1}, {2, 1, 4})); },
                             "shape mismatch: value tensor of shape [2, 1, 4] cannot be broadcast to indexing result of shape [2, 4]");
  // A one-element value through a single mask is a fill: it converts, and must fit.
  const Tensor u = zeros({4}, DType::UInt8);
  check_throws<RuntimeError>([&] { subscript_assign(u, {Mi({1, 0, 0, 1})}, L(300)); },
                             "value cannot be converted to type uint8_t without overflow");
  subscript_assign(u, {Mi({1, 0, 0, 1})}, F(3.5));
  CHECK(values(u) == std::vector<double>{3, 0, 0, 3});
  // PyTorch 2.x: that fill is masked_fill_, which takes only bool masks.
  check_throws<RuntimeError>(
      [&] { subscript_assign(u, {TensorIndex::tensor_index(to(Mask({1, 0, 0, 1}, {4}), DType::UInt8, std::nullopt))}, L(1)); },
      "masked_fill_ only supports boolean masks, but got mask with dtype unsigned char");
  // Through basic items the value broadcasts with PyTorch's expand message.
  check_throws<RuntimeError>([&] { subscript_assign(y, {Si(std::nullopt, 2)}, F64({1, 2, 3}, {3})); },
                             "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [3]");
}

TEST_CASE("iterator_output_strides follows the inputs' layout like TensorIterator", "[index]") {
  // A transposed input: the new tensor is laid out the same way.
  CHECK(iterator_output_strides({3, 2}, {{{3, 2}, {1, 3}}}) == Shape{1, 3});
  // Broadcast (stride 0) inputs decide nothing: row-major.
  CHECK(iterator_output_strides({3, 2}, {{{3, 2}, {0, 1}}, {{3, 1}, {1, 1}}}) == Shape{2, 1});
  // Inputs of exactly the output's shape, dense with one layout: that layout.
  CHECK(iterator_output_strides({2, 3, 4}, {{{2, 3, 4}, {1, 8, 2}}}) == Shape{1, 8, 2});
  // Empty outputs in row-major order count size-0 dims as 1.
  CHECK(iterator_output_strides({2, 0, 2}, {{{2, 0, 2}, {0, 2, 1}}, {{2, 1, 1}, {1, 1, 1}}}) == Shape{2, 2, 1});
}
