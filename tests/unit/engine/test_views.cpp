// tests/unit/engine/test_views.cpp — view ops and basic indexing: sizes, strides, offsets, sharing, errors.
//
// The tables below were generated once with torch 1.13: each input is
// torch.arange(n) seen through the listed sizes/strides/offset (contiguous,
// transposed, permuted, sliced with steps, offset, expanded with stride 0,
// size-1 dims, a size-0 dim, 1-d and 0-d), each row is one PyTorch call on
// it, and the expectation is the result's size(), stride(), storage_offset(),
// whether it shares x's storage (and is x itself), the values when it is a
// copy, or the exception type and message. Where PyTorch 2.x changed a
// message (narrow's start/length checks) the 2.x text is used.
#include <catch2/catch.hpp>

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/indexing.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

constexpr int64_t kNone = std::numeric_limits<int64_t>::min();  // an omitted optional argument

struct Input {
  const char* name;
  int64_t storage_numel;
  Shape sizes, strides;
  int64_t offset;
};

const Input kInputs[] = {
    {"contig", 24, {2, 3, 4}, {12, 4, 1}, 0},  // contiguous 2x3x4
    {"offc", 30, {4, 6}, {6, 1}, 6},  // contiguous with storage offset 6
    {"t2d", 12, {4, 3}, {1, 4}, 0},  // transposed 4x3, strides (1, 4)
    {"perm", 24, {4, 2, 3}, {1, 12, 4}, 0},  // permuted 4x2x3, strides (1, 12, 4)
    {"step", 48, {3, 2}, {16, 3}, 9},  // sliced with steps, strides (16, 3), offset 9
    {"offset", 30, {3, 5}, {6, 1}, 13},  // offset view 3x5, strides (6, 1), offset 13
    {"expanded", 3, {3, 4}, {1, 0}, 0},  // expanded 3x4, strides (1, 0)
    {"ones", 3, {1, 3, 1}, {3, 1, 1}, 0},  // size-1 dims 1x3x1
    {"empty", 0, {2, 0, 3}, {3, 3, 1}, 0},  // size-0 dim 2x0x3
    {"vec", 5, {5}, {1}, 0},  // 1-d of 5
    {"scalar", 6, {}, {}, 4},  // 0-d, offset 4
};

// x as a fresh arange(storage_numel) storage seen through the input's geometry.
Tensor input(const std::string& name) {
  for (const Input& in : kInputs)
    if (name == in.name) {
      Tensor base = arange(Scalar(int64_t{0}), Scalar(in.storage_numel));
      return Tensor::make(base.storage(), in.sizes, in.strides, in.offset, DType::Int64);
    }
  FAIL("unknown input " << name);
  return {};
}

std::vector<int64_t> values(const Tensor& t) {
  Tensor c = contiguous(t);
  return std::vector<int64_t>(c.data<int64_t>(), c.data<int64_t>() + c.numel());
}

enum Sharing { kSelf, kView, kCopy };  // x itself / new view of x's storage / new storage

struct Geom {
  Shape sizes, strides;
  int64_t offset;
  Sharing sharing;
  std::vector<int64_t> values = {};  // checked for copies
};

enum class Op {
  View, Reshape, Flatten, Unflatten, TT, TBig, MT, Transpose, Permute, Movedim, Narrow, Select,
  Slice, Squeeze, SqueezeDim, Unsqueeze, Expand, BroadcastTo, Diagonal, Unfold, AsStrided,
  Chunk, Split, SplitSizes, Unbind
};

struct Case {
  const char* input;
  const char* torch;  // the PyTorch expression on x
  Op op;
  std::vector<std::vector<int64_t>> args;
  std::vector<Geom> out;  // one per result (chunk, split and unbind give several)
  const char* error_kind = nullptr;
  const char* error = nullptr;
};

std::vector<Tensor> apply(Op op, const Tensor& x, const std::vector<std::vector<int64_t>>& a) {
  auto one = [](Tensor t) { return std::vector<Tensor>{std::move(t)}; };
  auto opt = [](const std::vector<int64_t>& v) -> std::optional<int64_t> {
    if (v[0] == kNone) return std::nullopt;
    return v[0];
  };
  switch (op) {
    case Op::View: return one(view(x, a[0]));
    case Op::Reshape: return one(reshape(x, a[0]));
    case Op::Flatten: return one(flatten(x, a[0][0], a[1][0]));
    case Op::Unflatten: return one(unflatten(x, a[0][0], a[1]));
    case Op::TT: return one(tsh::t(x));
    case Op::TBig: return one(T(x));
    case Op::MT: return one(mT(x));
    case Op::Transpose: return one(transpose(x, a[0][0], a[1][0]));
    case Op::Permute: return one(permute(x, a[0]));
    case Op::Movedim: return one(movedim(x, a[0], a[1]));
    case Op::Narrow: return one(narrow(x, a[0][0], a[1][0], a[2][0]));
    case Op::Select: return one(select(x, a[0][0], a[1][0]));
    case Op::Slice: return one(slice(x, a[0][0], opt(a[1]), opt(a[2]), a[3][0]));
    case Op::Squeeze: return one(squeeze(x));
    case Op::SqueezeDim: return one(squeeze(x, a[0][0]));
    case Op::Unsqueeze: return one(unsqueeze(x, a[0][0]));
    case Op::Expand: return one(expand(x, a[0]));
    case Op::BroadcastTo: return one(broadcast_to(x, a[0]));
    case Op::Diagonal: return one(diagonal(x, a[0][0], a[1][0], a[2][0]));
    case Op::Unfold: return one(unfold(x, a[0][0], a[1][0], a[2][0]));
    case Op::AsStrided:
      return one(as_strided(x, a[0], a[1], a.size() > 2 ? std::optional(a[2][0]) : std::nullopt));
    case Op::Chunk: return chunk(x, a[0][0], a[1][0]);
    case Op::Split: return split(x, a[0][0], a[1][0]);
    case Op::SplitSizes: return split_with_sizes(x, a[0], a[1][0]);
    case Op::Unbind: return unbind(x, a[0][0]);
  }
  return {};
}

void check_geom(const Tensor& x, const Tensor& r, const Geom& g) {
  CHECK(r.sizes() == g.sizes);
  CHECK(r.strides() == g.strides);
  CHECK(r.storage_offset() == g.offset);
  CHECK(r.dtype() == x.dtype());
  switch (g.sharing) {
    case kSelf: CHECK(r.is_same(x)); break;
    case kView:
      CHECK_FALSE(r.is_same(x));
      CHECK(r.storage() == x.storage());
      break;
    case kCopy:
      CHECK(r.storage() != x.storage());
      CHECK(values(r) == g.values);
      break;
  }
}

// Runs f and checks the typed error it throws (or that it succeeds, when kind is null).
template <typename F> void check_error(F&& f, const char* kind, const char* message) {
  try {
    f();
    FAIL("expected " << kind << ": " << message);
  } catch (const Error& e) {
    CHECK(std::string(e.kind()) == kind);
    CHECK(std::string(e.what()) == message);
  }
}

void check_case(const Case& c) {
  INFO(c.input << ": " << c.torch);
  Tensor x = input(c.input);
  if (c.error) {
    check_error([&] { apply(c.op, x, c.args); }, c.error_kind, c.error);
    return;
  }
  std::vector<Tensor> rs = apply(c.op, x, c.args);
  REQUIRE(rs.size() == c.out.size());
  for (size_t i = 0; i < rs.size(); ++i) check_geom(x, rs[i], c.out[i]);
}

const Case kCases[] = {
    {"contig", "x.view(-1)", Op::View, {{-1}}, {{{24}, {1}, 0, kView}}},
    {"contig", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{24}, {1}, 0, kView}}},
    {"contig", "x.view(4, 6)", Op::View, {{4, 6}}, {{{4, 6}, {6, 1}, 0, kView}}},
    {"contig", "x.reshape(4, 6)", Op::Reshape, {{4, 6}}, {{{4, 6}, {6, 1}, 0, kView}}},
    {"contig", "x.view(2, -1, 3)", Op::View, {{2, -1, 3}}, {{{2, 4, 3}, {12, 3, 1}, 0, kView}}},
    {"contig", "x.reshape(2, -1, 3)", Op::Reshape, {{2, -1, 3}}, {{{2, 4, 3}, {12, 3, 1}, 0, kView}}},
    {"contig", "x.view(1, 24, 1)", Op::View, {{1, 24, 1}}, {{{1, 24, 1}, {24, 1, 1}, 0, kView}}},
    {"contig", "x.reshape(1, 24, 1)", Op::Reshape, {{1, 24, 1}}, {{{1, 24, 1}, {24, 1, 1}, 0, kView}}},
    {"contig", "x.view(3, 8)", Op::View, {{3, 8}}, {{{3, 8}, {8, 1}, 0, kView}}},
    {"contig", "x.reshape(3, 8)", Op::Reshape, {{3, 8}}, {{{3, 8}, {8, 1}, 0, kView}}},
    {"contig", "x.view(-1, -1)", Op::View, {{-1, -1}}, {}, "RuntimeError", "only one dimension can be inferred"},
    {"contig", "x.reshape(-1, -1)", Op::Reshape, {{-1, -1}}, {}, "RuntimeError", "only one dimension can be inferred"},
    {"contig", "x.view(-2, 12)", Op::View, {{-2, 12}}, {}, "RuntimeError", "invalid shape dimension -2"},
    {"contig", "x.reshape(-2, 12)", Op::Reshape, {{-2, 12}}, {}, "RuntimeError", "invalid shape dimension -2"},
    {"contig", "x.view(7)", Op::View, {{7}}, {}, "RuntimeError", "shape '[7]' is invalid for input of size 24"},
    {"contig", "x.reshape(7)", Op::Reshape, {{7}}, {}, "RuntimeError", "shape '[7]' is invalid for input of size 24"},
    {"offc", "x.view(-1)", Op::View, {{-1}}, {{{24}, {1}, 6, kView}}},
    {"offc", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{24}, {1}, 6, kView}}},
    {"offc", "x.view(6, 4)", Op::View, {{6, 4}}, {{{6, 4}, {4, 1}, 6, kView}}},
    {"offc", "x.reshape(6, 4)", Op::Reshape, {{6, 4}}, {{{6, 4}, {4, 1}, 6, kView}}},
    {"offc", "x.view(2, 2, 6)", Op::View, {{2, 2, 6}}, {{{2, 2, 6}, {12, 6, 1}, 6, kView}}},
    {"offc", "x.reshape(2, 2, 6)", Op::Reshape, {{2, 2, 6}}, {{{2, 2, 6}, {12, 6, 1}, 6, kView}}},
    {"t2d", "x.view(-1)", Op::View, {{-1}}, {}, "RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
    {"t2d", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{12}, {1}, 0, kCopy, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}}}},
    {"t2d", "x.view(4, 3, 1)", Op::View, {{4, 3, 1}}, {{{4, 3, 1}, {1, 4, 4}, 0, kView}}},
    {"t2d", "x.reshape(4, 3, 1)", Op::Reshape, {{4, 3, 1}}, {{{4, 3, 1}, {1, 4, 4}, 0, kView}}},
    {"t2d", "x.view(2, 2, 3)", Op::View, {{2, 2, 3}}, {{{2, 2, 3}, {2, 1, 4}, 0, kView}}},
    {"t2d", "x.reshape(2, 2, 3)", Op::Reshape, {{2, 2, 3}}, {{{2, 2, 3}, {2, 1, 4}, 0, kView}}},
    {"t2d", "x.view(4, 1, 3)", Op::View, {{4, 1, 3}}, {{{4, 1, 3}, {1, 12, 4}, 0, kView}}},
    {"t2d", "x.reshape(4, 1, 3)", Op::Reshape, {{4, 1, 3}}, {{{4, 1, 3}, {1, 12, 4}, 0, kView}}},
    {"t2d", "x.view(3, 4)", Op::View, {{3, 4}}, {}, "RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
    {"t2d", "x.reshape(3, 4)", Op::Reshape, {{3, 4}}, {{{3, 4}, {4, 1}, 0, kCopy, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}}}},
    {"perm", "x.view(-1)", Op::View, {{-1}}, {}, "RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
    {"perm", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{24}, {1}, 0, kCopy, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}}}},
    {"perm", "x.view(2, 2, 2, 3)", Op::View, {{2, 2, 2, 3}}, {{{2, 2, 2, 3}, {2, 1, 12, 4}, 0, kView}}},
    {"perm", "x.reshape(2, 2, 2, 3)", Op::Reshape, {{2, 2, 2, 3}}, {{{2, 2, 2, 3}, {2, 1, 12, 4}, 0, kView}}},
    {"perm", "x.view(4, 6)", Op::View, {{4, 6}}, {{{4, 6}, {1, 4}, 0, kView}}},
    {"perm", "x.reshape(4, 6)", Op::Reshape, {{4, 6}}, {{{4, 6}, {1, 4}, 0, kView}}},
    {"perm", "x.view(4, 2, 3, 1)", Op::View, {{4, 2, 3, 1}}, {{{4, 2, 3, 1}, {1, 12, 4, 4}, 0, kView}}},
    {"perm", "x.reshape(4, 2, 3, 1)", Op::Reshape, {{4, 2, 3, 1}}, {{{4, 2, 3, 1}, {1, 12, 4, 4}, 0, kView}}},
    {"step", "x.view(-1)", Op::View, {{-1}}, {}, "RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
    {"step", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{6}, {1}, 0, kCopy, {9, 12, 25, 28, 41, 44}}}},
    {"step", "x.view(3, 2, 1)", Op::View, {{3, 2, 1}}, {{{3, 2, 1}, {16, 3, 3}, 9, kView}}},
    {"step", "x.reshape(3, 2, 1)", Op::Reshape, {{3, 2, 1}}, {{{3, 2, 1}, {16, 3, 3}, 9, kView}}},
    {"step", "x.view(1, 3, 2)", Op::View, {{1, 3, 2}}, {{{1, 3, 2}, {48, 16, 3}, 9, kView}}},
    {"step", "x.reshape(1, 3, 2)", Op::Reshape, {{1, 3, 2}}, {{{1, 3, 2}, {48, 16, 3}, 9, kView}}},
    {"step", "x.view(3, 1, 2)", Op::View, {{3, 1, 2}}, {{{3, 1, 2}, {16, 6, 3}, 9, kView}}},
    {"step", "x.reshape(3, 1, 2)", Op::Reshape, {{3, 1, 2}}, {{{3, 1, 2}, {16, 6, 3}, 9, kView}}},
    {"step", "x.view(2, 3)", Op::View, {{2, 3}}, {}, "RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
    {"step", "x.reshape(2, 3)", Op::Reshape, {{2, 3}}, {{{2, 3}, {3, 1}, 0, kCopy, {9, 12, 25, 28, 41, 44}}}},
    {"offset", "x.view(-1)", Op::View, {{-1}}, {}, "RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
    {"offset", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{15}, {1}, 0, kCopy, {13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29}}}},
    {"offset", "x.view(3, 5, 1)", Op::View, {{3, 5, 1}}, {{{3, 5, 1}, {6, 1, 1}, 13, kView}}},
    {"offset", "x.reshape(3, 5, 1)", Op::Reshape, {{3, 5, 1}}, {{{3, 5, 1}, {6, 1, 1}, 13, kView}}},
    {"offset", "x.view(3, 1, 5)", Op::View, {{3, 1, 5}}, {{{3, 1, 5}, {6, 5, 1}, 13, kView}}},
    {"offset", "x.reshape(3, 1, 5)", Op::Reshape, {{3, 1, 5}}, {{{3, 1, 5}, {6, 5, 1}, 13, kView}}},
    {"offset", "x.reshape(5, 3)", Op::Reshape, {{5, 3}}, {{{5, 3}, {3, 1}, 0, kCopy, {13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29}}}},
    {"expanded", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{12}, {1}, 0, kCopy, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}}}},
    {"expanded", "x.view(3, 2, 2)", Op::View, {{3, 2, 2}}, {{{3, 2, 2}, {1, 0, 0}, 0, kView}}},
    {"expanded", "x.reshape(3, 2, 2)", Op::Reshape, {{3, 2, 2}}, {{{3, 2, 2}, {1, 0, 0}, 0, kView}}},
    {"expanded", "x.reshape(6, 2)", Op::Reshape, {{6, 2}}, {{{6, 2}, {2, 1}, 0, kCopy, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}}}},
    {"expanded", "x.view(3, 4, 1)", Op::View, {{3, 4, 1}}, {{{3, 4, 1}, {1, 0, 0}, 0, kView}}},
    {"expanded", "x.reshape(3, 4, 1)", Op::Reshape, {{3, 4, 1}}, {{{3, 4, 1}, {1, 0, 0}, 0, kView}}},
    {"expanded", "x.view(3, 1, 4)", Op::View, {{3, 1, 4}}, {{{3, 1, 4}, {1, 0, 0}, 0, kView}}},
    {"expanded", "x.reshape(3, 1, 4)", Op::Reshape, {{3, 1, 4}}, {{{3, 1, 4}, {1, 0, 0}, 0, kView}}},
    {"ones", "x.view(-1)", Op::View, {{-1}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.view(3)", Op::View, {{3}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.reshape(3)", Op::Reshape, {{3}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.view(1, 1, 3)", Op::View, {{1, 1, 3}}, {{{1, 1, 3}, {3, 3, 1}, 0, kView}}},
    {"ones", "x.reshape(1, 1, 3)", Op::Reshape, {{1, 1, 3}}, {{{1, 1, 3}, {3, 3, 1}, 0, kView}}},
    {"ones", "x.view(3, 1)", Op::View, {{3, 1}}, {{{3, 1}, {1, 1}, 0, kView}}},
    {"ones", "x.reshape(3, 1)", Op::Reshape, {{3, 1}}, {{{3, 1}, {1, 1}, 0, kView}}},
    {"empty", "x.view(-1)", Op::View, {{-1}}, {{{0}, {1}, 0, kView}}},
    {"empty", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{0}, {1}, 0, kView}}},
    {"empty", "x.view(0, 5)", Op::View, {{0, 5}}, {{{0, 5}, {5, 1}, 0, kView}}},
    {"empty", "x.reshape(0, 5)", Op::Reshape, {{0, 5}}, {{{0, 5}, {5, 1}, 0, kView}}},
    {"empty", "x.view(-1, 0)", Op::View, {{-1, 0}}, {}, "RuntimeError", "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"},
    {"empty", "x.reshape(-1, 0)", Op::Reshape, {{-1, 0}}, {}, "RuntimeError", "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"},
    {"empty", "x.view(2, 0, 3)", Op::View, {{2, 0, 3}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"empty", "x.reshape(2, 0, 3)", Op::Reshape, {{2, 0, 3}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"empty", "x.view(6, 0)", Op::View, {{6, 0}}, {{{6, 0}, {1, 1}, 0, kView}}},
    {"empty", "x.reshape(6, 0)", Op::Reshape, {{6, 0}}, {{{6, 0}, {1, 1}, 0, kView}}},
    {"empty", "x.view(0, -1, 3)", Op::View, {{0, -1, 3}}, {}, "RuntimeError", "cannot reshape tensor of 0 elements into shape [0, -1, 3] because the unspecified dimension size -1 can be any value and is ambiguous"},
    {"empty", "x.reshape(0, -1, 3)", Op::Reshape, {{0, -1, 3}}, {}, "RuntimeError", "cannot reshape tensor of 0 elements into shape [0, -1, 3] because the unspecified dimension size -1 can be any value and is ambiguous"},
    {"vec", "x.view(-1)", Op::View, {{-1}}, {{{5}, {1}, 0, kView}}},
    {"vec", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{5}, {1}, 0, kView}}},
    {"vec", "x.view(1, 5)", Op::View, {{1, 5}}, {{{1, 5}, {5, 1}, 0, kView}}},
    {"vec", "x.reshape(1, 5)", Op::Reshape, {{1, 5}}, {{{1, 5}, {5, 1}, 0, kView}}},
    {"vec", "x.view(5, 1)", Op::View, {{5, 1}}, {{{5, 1}, {1, 1}, 0, kView}}},
    {"vec", "x.reshape(5, 1)", Op::Reshape, {{5, 1}}, {{{5, 1}, {1, 1}, 0, kView}}},
    {"vec", "x.view(2, -1)", Op::View, {{2, -1}}, {}, "RuntimeError", "shape '[2, -1]' is invalid for input of size 5"},
    {"vec", "x.reshape(2, -1)", Op::Reshape, {{2, -1}}, {}, "RuntimeError", "shape '[2, -1]' is invalid for input of size 5"},
    {"scalar", "x.view(-1)", Op::View, {{-1}}, {{{1}, {1}, 4, kView}}},
    {"scalar", "x.reshape(-1)", Op::Reshape, {{-1}}, {{{1}, {1}, 4, kView}}},
    {"scalar", "x.view(())", Op::View, {{}}, {{{}, {}, 4, kView}}},
    {"scalar", "x.reshape(())", Op::Reshape, {{}}, {{{}, {}, 4, kView}}},
    {"scalar", "x.view(1, 1)", Op::View, {{1, 1}}, {{{1, 1}, {1, 1}, 4, kView}}},
    {"scalar", "x.reshape(1, 1)", Op::Reshape, {{1, 1}}, {{{1, 1}, {1, 1}, 4, kView}}},
    {"contig", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{24}, {1}, 0, kView}}},
    {"offc", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{24}, {1}, 6, kView}}},
    {"t2d", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{12}, {1}, 0, kCopy, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}}}},
    {"perm", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{24}, {1}, 0, kCopy, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}}}},
    {"step", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{6}, {1}, 0, kCopy, {9, 12, 25, 28, 41, 44}}}},
    {"offset", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{15}, {1}, 0, kCopy, {13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29}}}},
    {"expanded", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{12}, {1}, 0, kCopy, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}}}},
    {"ones", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{3}, {1}, 0, kView}}},
    {"empty", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{0}, {1}, 0, kView}}},
    {"vec", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{5}, {1}, 0, kSelf}}},
    {"scalar", "x.flatten(0, -1)", Op::Flatten, {{0}, {-1}}, {{{1}, {1}, 4, kView}}},
    {"contig", "x.flatten(1, 2)", Op::Flatten, {{1}, {2}}, {{{2, 12}, {12, 1}, 0, kView}}},
    {"offc", "x.flatten(1, 2)", Op::Flatten, {{1}, {2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
    {"t2d", "x.flatten(1, 2)", Op::Flatten, {{1}, {2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
    {"perm", "x.flatten(1, 2)", Op::Flatten, {{1}, {2}}, {{{4, 6}, {1, 4}, 0, kView}}},
    {"ones", "x.flatten(1, 2)", Op::Flatten, {{1}, {2}}, {{{1, 3}, {3, 1}, 0, kView}}},
    {"empty", "x.flatten(1, 2)", Op::Flatten, {{1}, {2}}, {{{2, 0}, {1, 1}, 0, kView}}},
    {"contig", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{2, 3, 4}, {12, 4, 1}, 0, kSelf}}},
    {"offc", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{4, 6}, {6, 1}, 6, kSelf}}},
    {"t2d", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{4, 3}, {1, 4}, 0, kSelf}}},
    {"perm", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{4, 2, 3}, {1, 12, 4}, 0, kSelf}}},
    {"step", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{3, 2}, {16, 3}, 9, kSelf}}},
    {"offset", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{3, 5}, {6, 1}, 13, kSelf}}},
    {"expanded", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{3, 4}, {1, 0}, 0, kSelf}}},
    {"ones", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{1, 3, 1}, {3, 1, 1}, 0, kSelf}}},
    {"empty", "x.flatten(1, 1)", Op::Flatten, {{1}, {1}}, {{{2, 0, 3}, {3, 3, 1}, 0, kSelf}}},
    {"contig", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{2, 12}, {12, 1}, 0, kView}}},
    {"offc", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{24}, {1}, 6, kView}}},
    {"t2d", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{12}, {1}, 0, kCopy, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}}}},
    {"perm", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{4, 6}, {1, 4}, 0, kView}}},
    {"step", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{6}, {1}, 0, kCopy, {9, 12, 25, 28, 41, 44}}}},
    {"offset", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{15}, {1}, 0, kCopy, {13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29}}}},
    {"expanded", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{12}, {1}, 0, kCopy, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}}}},
    {"ones", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{1, 3}, {3, 1}, 0, kView}}},
    {"empty", "x.flatten(-2, -1)", Op::Flatten, {{-2}, {-1}}, {{{2, 0}, {1, 1}, 0, kView}}},
    {"contig", "x.flatten(1, 0)", Op::Flatten, {{1}, {0}}, {}, "RuntimeError", "flatten() has invalid args: start_dim cannot come after end_dim"},
    {"offc", "x.flatten(1, 0)", Op::Flatten, {{1}, {0}}, {}, "RuntimeError", "flatten() has invalid args: start_dim cannot come after end_dim"},
    {"contig", "x.unflatten(0, (2, -1))", Op::Unflatten, {{0}, {2, -1}}, {{{2, 1, 3, 4}, {12, 12, 4, 1}, 0, kView}}},
    {"t2d", "x.unflatten(0, (2, -1))", Op::Unflatten, {{0}, {2, -1}}, {{{2, 2, 3}, {2, 1, 4}, 0, kView}}},
    {"step", "x.unflatten(0, (2, -1))", Op::Unflatten, {{0}, {2, -1}}, {}, "RuntimeError", "unflatten: Provided sizes [2, -1] don't multiply up to the size of dim 0 (3) in the input tensor"},
    {"expanded", "x.unflatten(0, (2, -1))", Op::Unflatten, {{0}, {2, -1}}, {}, "RuntimeError", "unflatten: Provided sizes [2, -1] don't multiply up to the size of dim 0 (3) in the input tensor"},
    {"empty", "x.unflatten(0, (2, -1))", Op::Unflatten, {{0}, {2, -1}}, {{{2, 1, 0, 3}, {3, 3, 3, 1}, 0, kView}}},
    {"scalar", "x.unflatten(0, (2, -1))", Op::Unflatten, {{0}, {2, -1}}, {}, "IndexError", "Dimension specified as 0 but tensor has no dimensions"},
    {"contig", "x.unflatten(-1, (2, 2))", Op::Unflatten, {{-1}, {2, 2}}, {{{2, 3, 2, 2}, {12, 4, 2, 1}, 0, kView}}},
    {"expanded", "x.unflatten(-1, (2, 2))", Op::Unflatten, {{-1}, {2, 2}}, {{{3, 2, 2}, {1, 0, 0}, 0, kView}}},
    {"scalar", "x.unflatten(-1, (2, 2))", Op::Unflatten, {{-1}, {2, 2}}, {}, "IndexError", "Dimension specified as 0 but tensor has no dimensions"},
    {"contig", "x.unflatten(1, (1, -1))", Op::Unflatten, {{1}, {1, -1}}, {{{2, 1, 3, 4}, {12, 12, 4, 1}, 0, kView}}},
    {"t2d", "x.unflatten(1, (1, -1))", Op::Unflatten, {{1}, {1, -1}}, {{{4, 1, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x.unflatten(1, (1, -1))", Op::Unflatten, {{1}, {1, -1}}, {{{3, 1, 2}, {16, 6, 3}, 9, kView}}},
    {"expanded", "x.unflatten(1, (1, -1))", Op::Unflatten, {{1}, {1, -1}}, {{{3, 1, 4}, {1, 0, 0}, 0, kView}}},
    {"empty", "x.unflatten(1, (1, -1))", Op::Unflatten, {{1}, {1, -1}}, {{{2, 1, 0, 3}, {3, 3, 3, 1}, 0, kView}}},
    {"scalar", "x.unflatten(1, (1, -1))", Op::Unflatten, {{1}, {1, -1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.unflatten(0, (-1, -1))", Op::Unflatten, {{0}, {-1, -1}}, {}, "RuntimeError", "unflatten got an unexpected error:\nonly one dimension can be inferred"},
    {"t2d", "x.unflatten(0, (-1, -1))", Op::Unflatten, {{0}, {-1, -1}}, {}, "RuntimeError", "unflatten got an unexpected error:\nonly one dimension can be inferred"},
    {"contig", "x.unflatten(0, ())", Op::Unflatten, {{0}, {}}, {}, "RuntimeError", "unflatten: sizes must be non-empty"},
    {"t2d", "x.unflatten(0, ())", Op::Unflatten, {{0}, {}}, {}, "RuntimeError", "unflatten: sizes must be non-empty"},
    {"contig", "x.unflatten(0, (-2, -1))", Op::Unflatten, {{0}, {-2, -1}}, {}, "RuntimeError", "invalid shape dimension -2"},
    {"t2d", "x.unflatten(0, (-2, -1))", Op::Unflatten, {{0}, {-2, -1}}, {}, "RuntimeError", "invalid shape dimension -2"},
    {"contig", "x.t()", Op::TT, {}, {}, "RuntimeError", "t() expects a tensor with <= 2 dimensions, but self is 3D"},
    {"offc", "x.t()", Op::TT, {}, {{{6, 4}, {1, 6}, 6, kView}}},
    {"t2d", "x.t()", Op::TT, {}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"perm", "x.t()", Op::TT, {}, {}, "RuntimeError", "t() expects a tensor with <= 2 dimensions, but self is 3D"},
    {"step", "x.t()", Op::TT, {}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"offset", "x.t()", Op::TT, {}, {{{5, 3}, {1, 6}, 13, kView}}},
    {"expanded", "x.t()", Op::TT, {}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"vec", "x.t()", Op::TT, {}, {{{5}, {1}, 0, kView}}},
    {"scalar", "x.t()", Op::TT, {}, {{{}, {}, 4, kView}}},
    {"contig", "x.T", Op::TBig, {}, {{{4, 3, 2}, {1, 4, 12}, 0, kView}}},
    {"offc", "x.T", Op::TBig, {}, {{{6, 4}, {1, 6}, 6, kView}}},
    {"t2d", "x.T", Op::TBig, {}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"perm", "x.T", Op::TBig, {}, {{{3, 2, 4}, {4, 12, 1}, 0, kView}}},
    {"step", "x.T", Op::TBig, {}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"offset", "x.T", Op::TBig, {}, {{{5, 3}, {1, 6}, 13, kView}}},
    {"expanded", "x.T", Op::TBig, {}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"ones", "x.T", Op::TBig, {}, {{{1, 3, 1}, {1, 1, 3}, 0, kView}}},
    {"empty", "x.T", Op::TBig, {}, {{{3, 0, 2}, {1, 3, 3}, 0, kView}}},
    {"vec", "x.T", Op::TBig, {}, {{{5}, {1}, 0, kView}}},
    {"scalar", "x.T", Op::TBig, {}, {{{}, {}, 4, kView}}},
    {"contig", "x.mT", Op::MT, {}, {{{2, 4, 3}, {12, 1, 4}, 0, kView}}},
    {"offc", "x.mT", Op::MT, {}, {{{6, 4}, {1, 6}, 6, kView}}},
    {"t2d", "x.mT", Op::MT, {}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"perm", "x.mT", Op::MT, {}, {{{4, 3, 2}, {1, 4, 12}, 0, kView}}},
    {"step", "x.mT", Op::MT, {}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"offset", "x.mT", Op::MT, {}, {{{5, 3}, {1, 6}, 13, kView}}},
    {"expanded", "x.mT", Op::MT, {}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"ones", "x.mT", Op::MT, {}, {{{1, 1, 3}, {3, 1, 1}, 0, kView}}},
    {"empty", "x.mT", Op::MT, {}, {{{2, 3, 0}, {3, 1, 3}, 0, kView}}},
    {"vec", "x.mT", Op::MT, {}, {}, "RuntimeError", "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."},
    {"scalar", "x.mT", Op::MT, {}, {{{}, {}, 4, kSelf}}},
    {"contig", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{3, 2, 4}, {4, 12, 1}, 0, kView}}},
    {"offc", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{6, 4}, {1, 6}, 6, kView}}},
    {"t2d", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"perm", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{2, 4, 3}, {12, 1, 4}, 0, kView}}},
    {"step", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"offset", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{5, 3}, {1, 6}, 13, kView}}},
    {"expanded", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"ones", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{3, 1, 1}, {1, 3, 1}, 0, kView}}},
    {"empty", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {{{0, 2, 3}, {3, 3, 1}, 0, kView}}},
    {"vec", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"scalar", "x.transpose(0, 1)", Op::Transpose, {{0}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{2, 4, 3}, {12, 1, 4}, 0, kView}}},
    {"offc", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{6, 4}, {1, 6}, 6, kView}}},
    {"t2d", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"perm", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{4, 3, 2}, {1, 4, 12}, 0, kView}}},
    {"step", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"offset", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{5, 3}, {1, 6}, 13, kView}}},
    {"expanded", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"ones", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{1, 1, 3}, {3, 1, 1}, 0, kView}}},
    {"empty", "x.transpose(-1, -2)", Op::Transpose, {{-1}, {-2}}, {{{2, 3, 0}, {3, 1, 3}, 0, kView}}},
    {"contig", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"offc", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{4, 6}, {6, 1}, 6, kView}}},
    {"t2d", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{4, 3}, {1, 4}, 0, kView}}},
    {"perm", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"offset", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{3, 5}, {6, 1}, 13, kView}}},
    {"expanded", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{3, 4}, {1, 0}, 0, kView}}},
    {"ones", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{1, 3, 1}, {3, 1, 1}, 0, kView}}},
    {"empty", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"vec", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{5}, {1}, 0, kView}}},
    {"scalar", "x.transpose(0, 0)", Op::Transpose, {{0}, {0}}, {{{}, {}, 4, kView}}},
    {"contig", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {}, "RuntimeError", "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2"},
    {"offc", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {{{6, 4}, {1, 6}, 6, kView}}},
    {"t2d", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"perm", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {}, "RuntimeError", "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2"},
    {"step", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"offset", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {{{5, 3}, {1, 6}, 13, kView}}},
    {"expanded", "x.permute((1, 0))", Op::Permute, {{1, 0}}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"contig", "x.permute((2, 0, 1))", Op::Permute, {{2, 0, 1}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"perm", "x.permute((2, 0, 1))", Op::Permute, {{2, 0, 1}}, {{{3, 4, 2}, {4, 1, 12}, 0, kView}}},
    {"ones", "x.permute((2, 0, 1))", Op::Permute, {{2, 0, 1}}, {{{1, 1, 3}, {1, 3, 1}, 0, kView}}},
    {"empty", "x.permute((2, 0, 1))", Op::Permute, {{2, 0, 1}}, {{{3, 2, 0}, {1, 3, 3}, 0, kView}}},
    {"scalar", "x.permute(())", Op::Permute, {{}}, {{{}, {}, 4, kView}}},
    {"offc", "x.permute((0, 0))", Op::Permute, {{0, 0}}, {}, "RuntimeError", "permute(): duplicate dims are not allowed."},
    {"t2d", "x.permute((0, 0))", Op::Permute, {{0, 0}}, {}, "RuntimeError", "permute(): duplicate dims are not allowed."},
    {"contig", "x.permute((-1, 0, 1))", Op::Permute, {{-1, 0, 1}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"perm", "x.permute((-1, 0, 1))", Op::Permute, {{-1, 0, 1}}, {{{3, 4, 2}, {4, 1, 12}, 0, kView}}},
    {"ones", "x.permute((-1, 0, 1))", Op::Permute, {{-1, 0, 1}}, {{{1, 1, 3}, {1, 3, 1}, 0, kView}}},
    {"empty", "x.permute((-1, 0, 1))", Op::Permute, {{-1, 0, 1}}, {{{3, 2, 0}, {1, 3, 3}, 0, kView}}},
    {"contig", "x.movedim((0,), (1,))", Op::Movedim, {{0}, {1}}, {{{3, 2, 4}, {4, 12, 1}, 0, kView}}},
    {"t2d", "x.movedim((0,), (1,))", Op::Movedim, {{0}, {1}}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"step", "x.movedim((0,), (1,))", Op::Movedim, {{0}, {1}}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"expanded", "x.movedim((0,), (1,))", Op::Movedim, {{0}, {1}}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"empty", "x.movedim((0,), (1,))", Op::Movedim, {{0}, {1}}, {{{0, 2, 3}, {3, 3, 1}, 0, kView}}},
    {"scalar", "x.movedim((0,), (1,))", Op::Movedim, {{0}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.movedim((0, 1), (2, 0))", Op::Movedim, {{0, 1}, {2, 0}}, {{{3, 4, 2}, {4, 1, 12}, 0, kView}}},
    {"t2d", "x.movedim((0, 1), (2, 0))", Op::Movedim, {{0, 1}, {2, 0}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
    {"empty", "x.movedim((0, 1), (2, 0))", Op::Movedim, {{0, 1}, {2, 0}}, {{{0, 3, 2}, {3, 1, 3}, 0, kView}}},
    {"contig", "x.movedim((-1,), (0,))", Op::Movedim, {{-1}, {0}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"t2d", "x.movedim((-1,), (0,))", Op::Movedim, {{-1}, {0}}, {{{3, 4}, {4, 1}, 0, kView}}},
    {"step", "x.movedim((-1,), (0,))", Op::Movedim, {{-1}, {0}}, {{{2, 3}, {3, 16}, 9, kView}}},
    {"expanded", "x.movedim((-1,), (0,))", Op::Movedim, {{-1}, {0}}, {{{4, 3}, {0, 1}, 0, kView}}},
    {"empty", "x.movedim((-1,), (0,))", Op::Movedim, {{-1}, {0}}, {{{3, 2, 0}, {1, 3, 3}, 0, kView}}},
    {"scalar", "x.movedim((-1,), (0,))", Op::Movedim, {{-1}, {0}}, {{{}, {}, 4, kView}}},
    {"contig", "x.movedim((0, 0), (0, 1))", Op::Movedim, {{0, 0}, {0, 1}}, {}, "RuntimeError", "movedim: repeated dim in `source` ([0, 0])"},
    {"t2d", "x.movedim((0, 0), (0, 1))", Op::Movedim, {{0, 0}, {0, 1}}, {}, "RuntimeError", "movedim: repeated dim in `source` ([0, 0])"},
    {"contig", "x.movedim((0, 1), (1, 1))", Op::Movedim, {{0, 1}, {1, 1}}, {}, "RuntimeError", "movedim: repeated dim in `destination` ([1, 1])"},
    {"t2d", "x.movedim((0, 1), (1, 1))", Op::Movedim, {{0, 1}, {1, 1}}, {}, "RuntimeError", "movedim: repeated dim in `destination` ([1, 1])"},
    {"contig", "x.movedim((0, 1), (0,))", Op::Movedim, {{0, 1}, {0}}, {}, "RuntimeError", "movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same number of dims as destination ([0] dims)"},
    {"t2d", "x.movedim((0, 1), (0,))", Op::Movedim, {{0, 1}, {0}}, {}, "RuntimeError", "movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same number of dims as destination ([0] dims)"},
    {"contig", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {}, "RuntimeError", "start (1) + length (2) exceeds dimension size (2)."},
    {"offc", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2, 6}, {6, 1}, 12, kView}}},
    {"t2d", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2, 3}, {1, 4}, 1, kView}}},
    {"perm", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2, 2, 3}, {1, 12, 4}, 1, kView}}},
    {"step", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2, 2}, {16, 3}, 25, kView}}},
    {"offset", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2, 5}, {6, 1}, 19, kView}}},
    {"expanded", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2, 4}, {1, 0}, 1, kView}}},
    {"ones", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {}, "RuntimeError", "start (1) + length (2) exceeds dimension size (1)."},
    {"vec", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {{{2}, {1}, 1, kView}}},
    {"scalar", "x.narrow(0, 1, 2)", Op::Narrow, {{0}, {1}, {2}}, {}, "RuntimeError", "narrow() cannot be applied to a 0-dim tensor."},
    {"contig", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{2, 2, 4}, {12, 4, 1}, 4, kView}}},
    {"offc", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{4, 2}, {6, 1}, 10, kView}}},
    {"t2d", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{4, 2}, {1, 4}, 4, kView}}},
    {"perm", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"offset", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{3, 2}, {6, 1}, 16, kView}}},
    {"expanded", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{3, 2}, {1, 0}, 0, kView}}},
    {"ones", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {{{1, 2, 1}, {3, 1, 1}, 1, kView}}},
    {"empty", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {}, "IndexError", "start out of range (expected to be in range of [0, 0], but got -2)"},
    {"vec", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"scalar", "x.narrow(1, -2, 2)", Op::Narrow, {{1}, {-2}, {2}}, {}, "RuntimeError", "narrow() cannot be applied to a 0-dim tensor."},
    {"contig", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 3, 4}, {12, 4, 1}, 24, kView}}},
    {"offc", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 6}, {6, 1}, 18, kView}}},
    {"t2d", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 3}, {1, 4}, 2, kView}}},
    {"perm", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 2, 3}, {1, 12, 4}, 2, kView}}},
    {"step", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 2}, {16, 3}, 41, kView}}},
    {"offset", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 5}, {6, 1}, 25, kView}}},
    {"expanded", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 4}, {1, 0}, 2, kView}}},
    {"ones", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {}, "IndexError", "start out of range (expected to be in range of [-1, 1], but got 2)"},
    {"empty", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0, 0, 3}, {3, 3, 1}, 6, kView}}},
    {"vec", "x.narrow(0, 2, 0)", Op::Narrow, {{0}, {2}, {0}}, {{{0}, {1}, 2, kView}}},
    {"offc", "x.narrow(1, 3, 2)", Op::Narrow, {{1}, {3}, {2}}, {{{4, 2}, {6, 1}, 9, kView}}},
    {"offset", "x.narrow(1, 3, 2)", Op::Narrow, {{1}, {3}, {2}}, {{{3, 2}, {6, 1}, 16, kView}}},
    {"vec", "x.narrow(1, 3, 2)", Op::Narrow, {{1}, {3}, {2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.narrow(0, 1, -1)", Op::Narrow, {{0}, {1}, {-1}}, {}, "RuntimeError", "narrow(): length must be non-negative."},
    {"offc", "x.narrow(0, 1, -1)", Op::Narrow, {{0}, {1}, {-1}}, {}, "RuntimeError", "narrow(): length must be non-negative."},
    {"contig", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{3, 4}, {4, 1}, 12, kView}}},
    {"offc", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{6}, {1}, 12, kView}}},
    {"t2d", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{3}, {4}, 1, kView}}},
    {"perm", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{2, 3}, {12, 4}, 1, kView}}},
    {"step", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{2}, {3}, 25, kView}}},
    {"offset", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{5}, {1}, 19, kView}}},
    {"expanded", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{4}, {0}, 1, kView}}},
    {"ones", "x.select(0, 1)", Op::Select, {{0}, {1}}, {}, "IndexError", "select(): index 1 out of range for tensor of size [1, 3, 1] at dimension 0"},
    {"empty", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{0, 3}, {3, 1}, 3, kView}}},
    {"vec", "x.select(0, 1)", Op::Select, {{0}, {1}}, {{{}, {}, 1, kView}}},
    {"scalar", "x.select(0, 1)", Op::Select, {{0}, {1}}, {}, "IndexError", "select() cannot be applied to a 0-dim tensor."},
    {"contig", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{2, 4}, {12, 1}, 8, kView}}},
    {"offc", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{4}, {6}, 11, kView}}},
    {"t2d", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{4}, {1}, 8, kView}}},
    {"perm", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{4, 3}, {1, 4}, 12, kView}}},
    {"step", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{3}, {16}, 12, kView}}},
    {"offset", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{3}, {6}, 17, kView}}},
    {"expanded", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {{{1, 1}, {3, 1}, 2, kView}}},
    {"empty", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {}, "IndexError", "select(): index -1 out of range for tensor of size [2, 0, 3] at dimension 1"},
    {"vec", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"scalar", "x.select(1, -1)", Op::Select, {{1}, {-1}}, {}, "IndexError", "select() cannot be applied to a 0-dim tensor."},
    {"contig", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{2, 3}, {12, 4}, 2, kView}}},
    {"offc", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{4}, {6}, 8, kView}}},
    {"t2d", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{4}, {1}, 8, kView}}},
    {"perm", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{4, 2}, {1, 12}, 8, kView}}},
    {"step", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {}, "IndexError", "select(): index 2 out of range for tensor of size [3, 2] at dimension 1"},
    {"offset", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{3}, {6}, 15, kView}}},
    {"expanded", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{3}, {1}, 0, kView}}},
    {"empty", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{2, 0}, {3, 3}, 2, kView}}},
    {"vec", "x.select(-1, 2)", Op::Select, {{-1}, {2}}, {{{}, {}, 2, kView}}},
    {"offc", "x.select(1, 5)", Op::Select, {{1}, {5}}, {{{4}, {6}, 11, kView}}},
    {"t2d", "x.select(1, 5)", Op::Select, {{1}, {5}}, {}, "IndexError", "select(): index 5 out of range for tensor of size [4, 3] at dimension 1"},
    {"vec", "x.select(1, 5)", Op::Select, {{1}, {5}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{1, 3, 4}, {12, 4, 1}, 12, kView}}},
    {"offc", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{3, 6}, {6, 1}, 12, kView}}},
    {"t2d", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{3, 3}, {1, 4}, 1, kView}}},
    {"perm", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{3, 2, 3}, {1, 12, 4}, 1, kView}}},
    {"step", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{2, 2}, {16, 3}, 25, kView}}},
    {"offset", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{2, 5}, {6, 1}, 19, kView}}},
    {"expanded", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{2, 4}, {1, 0}, 1, kView}}},
    {"ones", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{0, 3, 1}, {3, 1, 1}, 3, kView}}},
    {"empty", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{1, 0, 3}, {3, 3, 1}, 3, kView}}},
    {"vec", "x[1::1]", Op::Slice, {{0}, {1}, {kNone}, {1}}, {{{4}, {1}, 1, kView}}},
    {"contig", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{2, 2, 4}, {12, 8, 1}, 0, kView}}},
    {"offc", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{4, 3}, {6, 2}, 6, kView}}},
    {"t2d", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{4, 2}, {1, 8}, 0, kView}}},
    {"perm", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{4, 1, 3}, {1, 24, 4}, 0, kView}}},
    {"step", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{3, 1}, {16, 6}, 9, kView}}},
    {"offset", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{3, 3}, {6, 2}, 13, kView}}},
    {"expanded", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{3, 2}, {1, 0}, 0, kView}}},
    {"ones", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{1, 2, 1}, {3, 2, 1}, 0, kView}}},
    {"empty", "x[:, ::2]", Op::Slice, {{1}, {kNone}, {kNone}, {2}}, {{{2, 0, 3}, {3, 6, 1}, 0, kView}}},
    {"contig", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{2, 3, 2}, {12, 4, 1}, 2, kView}}},
    {"offc", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{4, 2}, {6, 1}, 10, kView}}},
    {"t2d", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{4, 2}, {1, 4}, 4, kView}}},
    {"perm", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{4, 2, 2}, {1, 12, 4}, 4, kView}}},
    {"step", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"offset", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{3, 2}, {6, 1}, 16, kView}}},
    {"expanded", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{3, 2}, {1, 0}, 0, kView}}},
    {"ones", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{1, 3, 1}, {3, 1, 1}, 0, kView}}},
    {"empty", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{2, 0, 2}, {3, 3, 1}, 1, kView}}},
    {"vec", "x[..., -2::1]", Op::Slice, {{-1}, {-2}, {kNone}, {1}}, {{{2}, {1}, 3, kView}}},
    {"contig", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 3, 4}, {12, 4, 1}, 24, kView}}},
    {"offc", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 6}, {6, 1}, 30, kView}}},
    {"t2d", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 3}, {1, 4}, 4, kView}}},
    {"perm", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 2, 3}, {1, 12, 4}, 4, kView}}},
    {"step", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 2}, {16, 3}, 57, kView}}},
    {"offset", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 5}, {6, 1}, 31, kView}}},
    {"expanded", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 4}, {1, 0}, 3, kView}}},
    {"ones", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 3, 1}, {3, 1, 1}, 3, kView}}},
    {"empty", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0, 0, 3}, {3, 3, 1}, 6, kView}}},
    {"vec", "x[5::1]", Op::Slice, {{0}, {5}, {kNone}, {1}}, {{{0}, {1}, 5, kView}}},
    {"contig", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"offc", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 6}, {6, 1}, 6, kView}}},
    {"t2d", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 3}, {1, 4}, 0, kView}}},
    {"perm", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 2}, {16, 3}, 9, kView}}},
    {"offset", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 5}, {6, 1}, 13, kView}}},
    {"expanded", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 4}, {1, 0}, 0, kView}}},
    {"ones", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{1, 3, 1}, {3, 1, 1}, 0, kView}}},
    {"empty", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"vec", "x[-10:2:1]", Op::Slice, {{0}, {-10}, {2}, {1}}, {{{2}, {1}, 0, kView}}},
    {"contig", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{2, 0, 4}, {12, 4, 1}, 12, kView}}},
    {"offc", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{4, 0}, {6, 1}, 9, kView}}},
    {"t2d", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{4, 0}, {1, 4}, 12, kView}}},
    {"perm", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{4, 0, 3}, {1, 12, 4}, 24, kView}}},
    {"step", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{3, 0}, {16, 3}, 15, kView}}},
    {"offset", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{3, 0}, {6, 1}, 16, kView}}},
    {"expanded", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{3, 0}, {1, 0}, 0, kView}}},
    {"ones", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{1, 0, 1}, {3, 1, 1}, 3, kView}}},
    {"empty", "x[:, 3:1:1]", Op::Slice, {{1}, {3}, {1}, {1}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"contig", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{2, 1, 4}, {12, 16, 1}, 0, kView}}},
    {"offc", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{4, 2}, {6, 4}, 6, kView}}},
    {"t2d", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{4, 1}, {1, 16}, 0, kView}}},
    {"perm", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{4, 1, 3}, {1, 48, 4}, 0, kView}}},
    {"step", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{3, 1}, {16, 12}, 9, kView}}},
    {"offset", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{3, 2}, {6, 4}, 13, kView}}},
    {"expanded", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{3, 1}, {1, 0}, 0, kView}}},
    {"ones", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{1, 1, 1}, {3, 4, 1}, 0, kView}}},
    {"empty", "x[:, -100:100:4]", Op::Slice, {{1}, {-100}, {100}, {4}}, {{{2, 0, 3}, {3, 12, 1}, 0, kView}}},
    {"contig", "x.squeeze()", Op::Squeeze, {}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"offc", "x.squeeze()", Op::Squeeze, {}, {{{4, 6}, {6, 1}, 6, kView}}},
    {"t2d", "x.squeeze()", Op::Squeeze, {}, {{{4, 3}, {1, 4}, 0, kView}}},
    {"perm", "x.squeeze()", Op::Squeeze, {}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x.squeeze()", Op::Squeeze, {}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"offset", "x.squeeze()", Op::Squeeze, {}, {{{3, 5}, {6, 1}, 13, kView}}},
    {"expanded", "x.squeeze()", Op::Squeeze, {}, {{{3, 4}, {1, 0}, 0, kView}}},
    {"ones", "x.squeeze()", Op::Squeeze, {}, {{{3}, {1}, 0, kView}}},
    {"empty", "x.squeeze()", Op::Squeeze, {}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"vec", "x.squeeze()", Op::Squeeze, {}, {{{5}, {1}, 0, kView}}},
    {"scalar", "x.squeeze()", Op::Squeeze, {}, {{{}, {}, 4, kView}}},
    {"contig", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"offc", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{4, 6}, {6, 1}, 6, kView}}},
    {"t2d", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{4, 3}, {1, 4}, 0, kView}}},
    {"perm", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"offset", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{3, 5}, {6, 1}, 13, kView}}},
    {"expanded", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{3, 4}, {1, 0}, 0, kView}}},
    {"ones", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{3, 1}, {1, 1}, 0, kView}}},
    {"empty", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"vec", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{5}, {1}, 0, kView}}},
    {"scalar", "x.squeeze(0)", Op::SqueezeDim, {{0}}, {{{}, {}, 4, kView}}},
    {"contig", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"offc", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{4, 6}, {6, 1}, 6, kView}}},
    {"t2d", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{4, 3}, {1, 4}, 0, kView}}},
    {"perm", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{4, 2, 3}, {1, 12, 4}, 0, kView}}},
    {"step", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"offset", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{3, 5}, {6, 1}, 13, kView}}},
    {"expanded", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{3, 4}, {1, 0}, 0, kView}}},
    {"ones", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{1, 3}, {3, 1}, 0, kView}}},
    {"empty", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"vec", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{5}, {1}, 0, kView}}},
    {"scalar", "x.squeeze(-1)", Op::SqueezeDim, {{-1}}, {{{}, {}, 4, kView}}},
    {"contig", "x.squeeze(3)", Op::SqueezeDim, {{3}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-3, 2], but got 3)"},
    {"offc", "x.squeeze(3)", Op::SqueezeDim, {{3}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 3)"},
    {"contig", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 2, 3, 4}, {24, 12, 4, 1}, 0, kView}}},
    {"offc", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 4, 6}, {24, 6, 1}, 6, kView}}},
    {"t2d", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 4, 3}, {4, 1, 4}, 0, kView}}},
    {"perm", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 4, 2, 3}, {4, 1, 12, 4}, 0, kView}}},
    {"step", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 3, 2}, {48, 16, 3}, 9, kView}}},
    {"offset", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 3, 5}, {18, 6, 1}, 13, kView}}},
    {"expanded", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 3, 4}, {3, 1, 0}, 0, kView}}},
    {"ones", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 1, 3, 1}, {3, 3, 1, 1}, 0, kView}}},
    {"empty", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 2, 0, 3}, {6, 3, 3, 1}, 0, kView}}},
    {"vec", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1, 5}, {5, 1}, 0, kView}}},
    {"scalar", "x.unsqueeze(0)", Op::Unsqueeze, {{0}}, {{{1}, {1}, 4, kView}}},
    {"contig", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{2, 3, 4, 1}, {12, 4, 1, 1}, 0, kView}}},
    {"offc", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{4, 6, 1}, {6, 1, 1}, 6, kView}}},
    {"t2d", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{4, 3, 1}, {1, 4, 1}, 0, kView}}},
    {"perm", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{4, 2, 3, 1}, {1, 12, 4, 1}, 0, kView}}},
    {"step", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{3, 2, 1}, {16, 3, 1}, 9, kView}}},
    {"offset", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{3, 5, 1}, {6, 1, 1}, 13, kView}}},
    {"expanded", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{3, 4, 1}, {1, 0, 1}, 0, kView}}},
    {"ones", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{1, 3, 1, 1}, {3, 1, 1, 1}, 0, kView}}},
    {"empty", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{2, 0, 3, 1}, {3, 3, 1, 1}, 0, kView}}},
    {"vec", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{5, 1}, {1, 1}, 0, kView}}},
    {"scalar", "x.unsqueeze(-1)", Op::Unsqueeze, {{-1}}, {{{1}, {1}, 4, kView}}},
    {"contig", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{2, 1, 3, 4}, {12, 12, 4, 1}, 0, kView}}},
    {"offc", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{4, 1, 6}, {6, 6, 1}, 6, kView}}},
    {"t2d", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{4, 1, 3}, {1, 12, 4}, 0, kView}}},
    {"perm", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{4, 1, 2, 3}, {1, 24, 12, 4}, 0, kView}}},
    {"step", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{3, 1, 2}, {16, 6, 3}, 9, kView}}},
    {"offset", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{3, 1, 5}, {6, 5, 1}, 13, kView}}},
    {"expanded", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{3, 1, 4}, {1, 0, 0}, 0, kView}}},
    {"ones", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{1, 1, 3, 1}, {3, 3, 1, 1}, 0, kView}}},
    {"empty", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{2, 1, 0, 3}, {3, 0, 3, 1}, 0, kView}}},
    {"vec", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {{{5, 1}, {1, 1}, 0, kView}}},
    {"scalar", "x.unsqueeze(1)", Op::Unsqueeze, {{1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.unsqueeze(4)", Op::Unsqueeze, {{4}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-4, 3], but got 4)"},
    {"contig", "x.expand(2, 2, 3, 4)", Op::Expand, {{2, 2, 3, 4}}, {{{2, 2, 3, 4}, {0, 12, 4, 1}, 0, kView}}},
    {"contig", "x.expand(-1, -1, -1)", Op::Expand, {{-1, -1, -1}}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"contig", "x.expand(1, 2, 3, 4)", Op::Expand, {{1, 2, 3, 4}}, {{{1, 2, 3, 4}, {24, 12, 4, 1}, 0, kView}}},
    {"contig", "x.expand(4)", Op::Expand, {{4}}, {}, "RuntimeError", "expand(torch.LongTensor{[2, 3, 4]}, size=[4]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (3)"},
    {"contig", "x.expand(-1, 2, 3, 4)", Op::Expand, {{-1, 2, 3, 4}}, {}, "RuntimeError", "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"},
    {"contig", "x.expand(2, 3, 5)", Op::Expand, {{2, 3, 5}}, {}, "RuntimeError", "The expanded size of the tensor (5) must match the existing size (4) at non-singleton dimension 2.  Target sizes: [2, 3, 5].  Tensor sizes: [2, 3, 4]"},
    {"offc", "x.expand(3, 4, 6)", Op::Expand, {{3, 4, 6}}, {{{3, 4, 6}, {0, 6, 1}, 6, kView}}},
    {"t2d", "x.expand(2, 4, 3)", Op::Expand, {{2, 4, 3}}, {{{2, 4, 3}, {0, 1, 4}, 0, kView}}},
    {"t2d", "x.expand(4, 3)", Op::Expand, {{4, 3}}, {{{4, 3}, {1, 4}, 0, kView}}},
    {"perm", "x.expand(1, 4, 2, 3)", Op::Expand, {{1, 4, 2, 3}}, {{{1, 4, 2, 3}, {4, 1, 12, 4}, 0, kView}}},
    {"step", "x.expand(2, 3, 2)", Op::Expand, {{2, 3, 2}}, {{{2, 3, 2}, {0, 16, 3}, 9, kView}}},
    {"offset", "x.expand(1, 3, 5)", Op::Expand, {{1, 3, 5}}, {{{1, 3, 5}, {18, 6, 1}, 13, kView}}},
    {"expanded", "x.expand(2, 3, 4)", Op::Expand, {{2, 3, 4}}, {{{2, 3, 4}, {0, 1, 0}, 0, kView}}},
    {"expanded", "x.expand(3, -1)", Op::Expand, {{3, -1}}, {{{3, 4}, {1, 0}, 0, kView}}},
    {"expanded", "x.expand(3, 5)", Op::Expand, {{3, 5}}, {}, "RuntimeError", "The expanded size of the tensor (5) must match the existing size (4) at non-singleton dimension 1.  Target sizes: [3, 5].  Tensor sizes: [3, 4]"},
    {"ones", "x.expand(2, 3, 5)", Op::Expand, {{2, 3, 5}}, {{{2, 3, 5}, {0, 1, 0}, 0, kView}}},
    {"ones", "x.expand(4, 1, 3, 2)", Op::Expand, {{4, 1, 3, 2}}, {{{4, 1, 3, 2}, {0, 3, 1, 0}, 0, kView}}},
    {"ones", "x.expand(-1, 3, 0)", Op::Expand, {{-1, 3, 0}}, {{{1, 3, 0}, {3, 1, 0}, 0, kView}}},
    {"ones", "x.expand(2, 1, -2)", Op::Expand, {{2, 1, -2}}, {}, "RuntimeError", "The expanded size of the tensor (1) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 1, -2].  Tensor sizes: [1, 3, 1]"},
    {"empty", "x.expand(2, 2, 0, 3)", Op::Expand, {{2, 2, 0, 3}}, {{{2, 2, 0, 3}, {0, 3, 3, 1}, 0, kView}}},
    {"vec", "x.expand(3, 5)", Op::Expand, {{3, 5}}, {{{3, 5}, {0, 1}, 0, kView}}},
    {"vec", "x.expand(1, 5)", Op::Expand, {{1, 5}}, {{{1, 5}, {5, 1}, 0, kView}}},
    {"vec", "x.expand(5, 1)", Op::Expand, {{5, 1}}, {}, "RuntimeError", "The expanded size of the tensor (1) must match the existing size (5) at non-singleton dimension 1.  Target sizes: [5, 1].  Tensor sizes: [5]"},
    {"scalar", "x.expand(())", Op::Expand, {{}}, {{{}, {}, 4, kView}}},
    {"scalar", "x.expand(3)", Op::Expand, {{3}}, {{{3}, {0}, 4, kView}}},
    {"scalar", "x.expand(1)", Op::Expand, {{1}}, {{{1}, {0}, 4, kView}}},
    {"scalar", "x.expand(2, 1)", Op::Expand, {{2, 1}}, {{{2, 1}, {0, 0}, 4, kView}}},
    {"scalar", "x.expand(1, 1)", Op::Expand, {{1, 1}}, {{{1, 1}, {0, 0}, 4, kView}}},
    {"contig", "x.broadcast_to((2, 3, 4, 5))", Op::BroadcastTo, {{2, 3, 4, 5}}, {}, "RuntimeError", "The expanded size of the tensor (5) must match the existing size (4) at non-singleton dimension 3.  Target sizes: [2, 3, 4, 5].  Tensor sizes: [2, 3, 4]"},
    {"vec", "x.broadcast_to((2, 3, 4, 5))", Op::BroadcastTo, {{2, 3, 4, 5}}, {{{2, 3, 4, 5}, {0, 0, 0, 1}, 0, kView}}},
    {"ones", "x.broadcast_to((2, 1, 3, 5))", Op::BroadcastTo, {{2, 1, 3, 5}}, {{{2, 1, 3, 5}, {0, 3, 1, 0}, 0, kView}}},
    {"contig", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{4, 2}, {1, 16}, 0, kView}}},
    {"offc", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{4}, {7}, 6, kView}}},
    {"t2d", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{3}, {5}, 0, kView}}},
    {"perm", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{3, 2}, {4, 13}, 0, kView}}},
    {"step", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{2}, {19}, 9, kView}}},
    {"offset", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{3}, {7}, 13, kView}}},
    {"expanded", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{1, 1}, {1, 4}, 0, kView}}},
    {"empty", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {{{3, 0}, {1, 6}, 0, kView}}},
    {"vec", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"scalar", "x.diagonal(0, 0, 1)", Op::Diagonal, {{0}, {0}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{4, 2}, {1, 16}, 4, kView}}},
    {"offc", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{4}, {7}, 7, kView}}},
    {"t2d", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{2}, {5}, 4, kView}}},
    {"perm", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{3, 1}, {4, 13}, 12, kView}}},
    {"step", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{1}, {19}, 12, kView}}},
    {"offset", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{3}, {7}, 14, kView}}},
    {"expanded", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{1, 1}, {1, 4}, 1, kView}}},
    {"empty", "x.diagonal(1, 0, 1)", Op::Diagonal, {{1}, {0}, {1}}, {{{3, 0}, {1, 6}, 0, kView}}},
    {"contig", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{4, 1}, {1, 16}, 12, kView}}},
    {"offc", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{3}, {7}, 12, kView}}},
    {"t2d", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{3}, {5}, 1, kView}}},
    {"perm", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{3, 2}, {4, 13}, 1, kView}}},
    {"step", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{2}, {19}, 25, kView}}},
    {"offset", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{2}, {7}, 19, kView}}},
    {"expanded", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{2}, {1}, 1, kView}}},
    {"ones", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{1, 0}, {1, 4}, 0, kView}}},
    {"empty", "x.diagonal(-1, 0, 1)", Op::Diagonal, {{-1}, {0}, {1}}, {{{3, 0}, {1, 6}, 0, kView}}},
    {"contig", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{2, 3}, {12, 5}, 0, kView}}},
    {"offc", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{4}, {7}, 6, kView}}},
    {"t2d", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{3}, {5}, 0, kView}}},
    {"perm", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{4, 2}, {1, 16}, 0, kView}}},
    {"step", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{2}, {19}, 9, kView}}},
    {"offset", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{3}, {7}, 13, kView}}},
    {"expanded", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{3}, {1}, 0, kView}}},
    {"ones", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{1, 1}, {3, 2}, 0, kView}}},
    {"empty", "x.diagonal(0, -1, -2)", Op::Diagonal, {{0}, {-1}, {-2}}, {{{2, 0}, {3, 4}, 0, kView}}},
    {"contig", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{4, 0}, {1, 16}, 0, kView}}},
    {"offc", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{1}, {7}, 11, kView}}},
    {"t2d", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{0}, {5}, 0, kView}}},
    {"perm", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{3, 0}, {4, 13}, 0, kView}}},
    {"step", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{0}, {19}, 9, kView}}},
    {"offset", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{0}, {7}, 13, kView}}},
    {"expanded", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{0}, {1}, 0, kView}}},
    {"ones", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{1, 0}, {1, 4}, 0, kView}}},
    {"empty", "x.diagonal(5, 0, 1)", Op::Diagonal, {{5}, {0}, {1}}, {{{3, 0}, {1, 6}, 0, kView}}},
    {"contig", "x.diagonal(0, 1, 1)", Op::Diagonal, {{0}, {1}, {1}}, {}, "RuntimeError", "diagonal dimensions cannot be identical 1, 1"},
    {"offc", "x.diagonal(0, 1, 1)", Op::Diagonal, {{0}, {1}, {1}}, {}, "RuntimeError", "diagonal dimensions cannot be identical 1, 1"},
    {"contig", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{1, 3, 4, 2}, {12, 4, 1, 12}, 0, kView}}},
    {"offc", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{3, 6, 2}, {6, 1, 6}, 6, kView}}},
    {"t2d", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{3, 3, 2}, {1, 4, 1}, 0, kView}}},
    {"perm", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{3, 2, 3, 2}, {1, 12, 4, 1}, 0, kView}}},
    {"step", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{2, 2, 2}, {16, 3, 16}, 9, kView}}},
    {"offset", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{2, 5, 2}, {6, 1, 6}, 13, kView}}},
    {"expanded", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{2, 4, 2}, {1, 0, 1}, 0, kView}}},
    {"ones", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {}, "RuntimeError", "maximum size for tensor at dimension 0 is 1 but size is 2"},
    {"empty", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{1, 0, 3, 2}, {3, 3, 1, 3}, 0, kView}}},
    {"vec", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {{{4, 2}, {1, 1}, 0, kView}}},
    {"scalar", "x.unfold(0, 2, 1)", Op::Unfold, {{0}, {2}, {1}}, {}, "RuntimeError", "maximum size for tensor at dimension 0 is 1 but size is 2"},
    {"contig", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{2, 1, 4, 2}, {12, 8, 1, 4}, 0, kView}}},
    {"offc", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{4, 3, 2}, {6, 2, 1}, 6, kView}}},
    {"t2d", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{4, 1, 2}, {1, 8, 4}, 0, kView}}},
    {"perm", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{4, 1, 3, 2}, {1, 24, 4, 12}, 0, kView}}},
    {"step", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{3, 1, 2}, {16, 6, 3}, 9, kView}}},
    {"offset", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{3, 2, 2}, {6, 2, 1}, 13, kView}}},
    {"expanded", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{3, 2, 2}, {1, 0, 0}, 0, kView}}},
    {"ones", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {{{1, 1, 1, 2}, {3, 2, 1, 1}, 0, kView}}},
    {"vec", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"scalar", "x.unfold(1, 2, 2)", Op::Unfold, {{1}, {2}, {2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{2, 3, 2, 1}, {12, 4, 3, 1}, 0, kView}}},
    {"offc", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{4, 2, 1}, {6, 3, 1}, 6, kView}}},
    {"t2d", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{4, 1, 1}, {1, 12, 4}, 0, kView}}},
    {"perm", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{4, 2, 1, 1}, {1, 12, 12, 4}, 0, kView}}},
    {"step", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{3, 1, 1}, {16, 9, 3}, 9, kView}}},
    {"offset", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{3, 2, 1}, {6, 3, 1}, 13, kView}}},
    {"expanded", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{3, 2, 1}, {1, 0, 0}, 0, kView}}},
    {"ones", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{1, 3, 1, 1}, {3, 1, 3, 1}, 0, kView}}},
    {"empty", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{2, 0, 1, 1}, {3, 3, 3, 1}, 0, kView}}},
    {"vec", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{2, 1}, {3, 1}, 0, kView}}},
    {"scalar", "x.unfold(-1, 1, 3)", Op::Unfold, {{-1}, {1}, {3}}, {{{1}, {1}, 4, kView}}},
    {"contig", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{3, 3, 4, 0}, {12, 4, 1, 12}, 0, kView}}},
    {"offc", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{5, 6, 0}, {6, 1, 6}, 6, kView}}},
    {"t2d", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{5, 3, 0}, {1, 4, 1}, 0, kView}}},
    {"perm", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{5, 2, 3, 0}, {1, 12, 4, 1}, 0, kView}}},
    {"step", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{4, 2, 0}, {16, 3, 16}, 9, kView}}},
    {"offset", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{4, 5, 0}, {6, 1, 6}, 13, kView}}},
    {"expanded", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{4, 4, 0}, {1, 0, 1}, 0, kView}}},
    {"ones", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{2, 3, 1, 0}, {3, 1, 1, 3}, 0, kView}}},
    {"empty", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{3, 0, 3, 0}, {3, 3, 1, 3}, 0, kView}}},
    {"vec", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{6, 0}, {1, 1}, 0, kView}}},
    {"scalar", "x.unfold(0, 0, 1)", Op::Unfold, {{0}, {0}, {1}}, {{{0}, {1}, 4, kView}}},
    {"offc", "x.unfold(1, 5, 1)", Op::Unfold, {{1}, {5}, {1}}, {{{4, 2, 5}, {6, 1, 1}, 6, kView}}},
    {"offset", "x.unfold(1, 5, 1)", Op::Unfold, {{1}, {5}, {1}}, {{{3, 1, 5}, {6, 1, 1}, 13, kView}}},
    {"contig", "x.unfold(0, 2, 0)", Op::Unfold, {{0}, {2}, {0}}, {}, "RuntimeError", "step is 0 but must be > 0"},
    {"offc", "x.unfold(0, 2, 0)", Op::Unfold, {{0}, {2}, {0}}, {}, "RuntimeError", "step is 0 but must be > 0"},
    {"contig", "x.as_strided((2, 2), (1, 2))", Op::AsStrided, {{2, 2}, {1, 2}}, {{{2, 2}, {1, 2}, 0, kView}}},
    {"t2d", "x.as_strided((2, 2), (1, 2))", Op::AsStrided, {{2, 2}, {1, 2}}, {{{2, 2}, {1, 2}, 0, kView}}},
    {"step", "x.as_strided((2, 2), (1, 2))", Op::AsStrided, {{2, 2}, {1, 2}}, {{{2, 2}, {1, 2}, 9, kView}}},
    {"expanded", "x.as_strided((2, 2), (1, 2))", Op::AsStrided, {{2, 2}, {1, 2}}, {}, "RuntimeError", "setStorage: sizes [2, 2], strides [1, 2], storage offset 0, and itemsize 8 requiring a storage size of 32 are out of bounds for storage of size 24"},
    {"empty", "x.as_strided((2, 2), (1, 2))", Op::AsStrided, {{2, 2}, {1, 2}}, {}, "RuntimeError", "setStorage: sizes [2, 2], strides [1, 2], storage offset 0, and itemsize 8 requiring a storage size of 32 are out of bounds for storage of size 0"},
    {"offc", "x.as_strided((2, 2), (1, 2))", Op::AsStrided, {{2, 2}, {1, 2}}, {{{2, 2}, {1, 2}, 6, kView}}},
    {"contig", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {{{3}, {0}, 1, kView}}},
    {"t2d", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {{{3}, {0}, 1, kView}}},
    {"step", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {{{3}, {0}, 1, kView}}},
    {"expanded", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {{{3}, {0}, 1, kView}}},
    {"empty", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {}, "RuntimeError", "setStorage: sizes [3], strides [0], storage offset 1, and itemsize 8 requiring a storage size of 16 are out of bounds for storage of size 0"},
    {"scalar", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {{{3}, {0}, 1, kView}}},
    {"offc", "x.as_strided((3,), (0,), 1)", Op::AsStrided, {{3}, {0}, {1}}, {{{3}, {0}, 1, kView}}},
    {"contig", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {{{}, {}, 1, kView}}},
    {"t2d", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {{{}, {}, 1, kView}}},
    {"step", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {{{}, {}, 1, kView}}},
    {"expanded", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {{{}, {}, 1, kView}}},
    {"empty", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {}, "RuntimeError", "setStorage: sizes [], strides [], storage offset 1, and itemsize 8 requiring a storage size of 16 are out of bounds for storage of size 0"},
    {"scalar", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {{{}, {}, 1, kView}}},
    {"offc", "x.as_strided((), (), 1)", Op::AsStrided, {{}, {}, {1}}, {{{}, {}, 1, kView}}},
    {"contig", "x.as_strided((3, 4), (5, 1))", Op::AsStrided, {{3, 4}, {5, 1}}, {{{3, 4}, {5, 1}, 0, kView}}},
    {"step", "x.as_strided((3, 4), (5, 1))", Op::AsStrided, {{3, 4}, {5, 1}}, {{{3, 4}, {5, 1}, 9, kView}}},
    {"offc", "x.as_strided((3, 4), (5, 1))", Op::AsStrided, {{3, 4}, {5, 1}}, {{{3, 4}, {5, 1}, 6, kView}}},
    {"contig", "x.as_strided((2,), (-1,))", Op::AsStrided, {{2}, {-1}}, {}, "RuntimeError", "as_strided: Negative strides are not supported at the moment, got strides: [-1]"},
    {"t2d", "x.as_strided((2,), (-1,))", Op::AsStrided, {{2}, {-1}}, {}, "RuntimeError", "as_strided: Negative strides are not supported at the moment, got strides: [-1]"},
    {"contig", "x.as_strided((2, 2), (1,))", Op::AsStrided, {{2, 2}, {1}}, {}, "RuntimeError", "mismatch in length of strides and shape"},
    {"t2d", "x.as_strided((2, 2), (1,))", Op::AsStrided, {{2, 2}, {1}}, {}, "RuntimeError", "mismatch in length of strides and shape"},
    {"contig", "x.as_strided((2,), (1,), -1)", Op::AsStrided, {{2}, {1}, {-1}}, {}, "RuntimeError", "Tensor: invalid storage offset -1"},
    {"t2d", "x.as_strided((2,), (1,), -1)", Op::AsStrided, {{2}, {1}, {-1}}, {}, "RuntimeError", "Tensor: invalid storage offset -1"},
    {"empty", "x.as_strided((2,), (1,), -1)", Op::AsStrided, {{2}, {1}, {-1}}, {}, "RuntimeError", "setStorage: sizes [2], strides [1], storage offset -1, and itemsize 8 requiring a storage size of 8 are out of bounds for storage of size 0"},
    {"contig", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {{{1, 3, 4}, {12, 4, 1}, 0, kView}, {{1, 3, 4}, {12, 4, 1}, 12, kView}}},
    {"t2d", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {{{2, 3}, {1, 4}, 0, kView}, {{2, 3}, {1, 4}, 2, kView}}},
    {"step", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {{{2, 2}, {16, 3}, 9, kView}, {{1, 2}, {16, 3}, 41, kView}}},
    {"expanded", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {{{2, 4}, {1, 0}, 0, kView}, {{1, 4}, {1, 0}, 2, kView}}},
    {"empty", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {{{1, 0, 3}, {3, 3, 1}, 0, kView}, {{1, 0, 3}, {3, 3, 1}, 3, kView}}},
    {"scalar", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {}, "RuntimeError", "chunk expects at least a 1-dimensional tensor"},
    {"vec", "x.chunk(2, 0)", Op::Chunk, {{2}, {0}}, {{{3}, {1}, 0, kView}, {{2}, {1}, 3, kView}}},
    {"contig", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {{{2, 1, 4}, {12, 4, 1}, 0, kView}, {{2, 1, 4}, {12, 4, 1}, 4, kView}, {{2, 1, 4}, {12, 4, 1}, 8, kView}}},
    {"t2d", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {{{4, 1}, {1, 4}, 0, kView}, {{4, 1}, {1, 4}, 4, kView}, {{4, 1}, {1, 4}, 8, kView}}},
    {"step", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {{{3, 1}, {16, 3}, 9, kView}, {{3, 1}, {16, 3}, 12, kView}}},
    {"expanded", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {{{3, 2}, {1, 0}, 0, kView}, {{3, 2}, {1, 0}, 0, kView}}},
    {"empty", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}, {{2, 0, 3}, {3, 3, 1}, 0, kView}, {{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"scalar", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {}, "RuntimeError", "chunk expects at least a 1-dimensional tensor"},
    {"vec", "x.chunk(3, 1)", Op::Chunk, {{3}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.chunk(4, -1)", Op::Chunk, {{4}, {-1}}, {{{2, 3, 1}, {12, 4, 1}, 0, kView}, {{2, 3, 1}, {12, 4, 1}, 1, kView}, {{2, 3, 1}, {12, 4, 1}, 2, kView}, {{2, 3, 1}, {12, 4, 1}, 3, kView}}},
    {"t2d", "x.chunk(4, -1)", Op::Chunk, {{4}, {-1}}, {{{4, 1}, {1, 4}, 0, kView}, {{4, 1}, {1, 4}, 4, kView}, {{4, 1}, {1, 4}, 8, kView}}},
    {"step", "x.chunk(4, -1)", Op::Chunk, {{4}, {-1}}, {{{3, 1}, {16, 3}, 9, kView}, {{3, 1}, {16, 3}, 12, kView}}},
    {"expanded", "x.chunk(4, -1)", Op::Chunk, {{4}, {-1}}, {{{3, 1}, {1, 0}, 0, kView}, {{3, 1}, {1, 0}, 0, kView}, {{3, 1}, {1, 0}, 0, kView}, {{3, 1}, {1, 0}, 0, kView}}},
    {"empty", "x.chunk(4, -1)", Op::Chunk, {{4}, {-1}}, {{{2, 0, 1}, {3, 3, 1}, 0, kView}, {{2, 0, 1}, {3, 3, 1}, 1, kView}, {{2, 0, 1}, {3, 3, 1}, 2, kView}}},
    {"vec", "x.chunk(4, -1)", Op::Chunk, {{4}, {-1}}, {{{2}, {1}, 0, kView}, {{2}, {1}, 2, kView}, {{1}, {1}, 4, kView}}},
    {"contig", "x.chunk(0, 0)", Op::Chunk, {{0}, {0}}, {}, "RuntimeError", "chunk expects `chunks` to be greater than 0, got: 0"},
    {"t2d", "x.chunk(0, 0)", Op::Chunk, {{0}, {0}}, {}, "RuntimeError", "chunk expects `chunks` to be greater than 0, got: 0"},
    {"contig", "x.split(2, 0)", Op::Split, {{2}, {0}}, {{{2, 3, 4}, {12, 4, 1}, 0, kView}}},
    {"t2d", "x.split(2, 0)", Op::Split, {{2}, {0}}, {{{2, 3}, {1, 4}, 0, kView}, {{2, 3}, {1, 4}, 2, kView}}},
    {"step", "x.split(2, 0)", Op::Split, {{2}, {0}}, {{{2, 2}, {16, 3}, 9, kView}, {{1, 2}, {16, 3}, 41, kView}}},
    {"expanded", "x.split(2, 0)", Op::Split, {{2}, {0}}, {{{2, 4}, {1, 0}, 0, kView}, {{1, 4}, {1, 0}, 2, kView}}},
    {"empty", "x.split(2, 0)", Op::Split, {{2}, {0}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"scalar", "x.split(2, 0)", Op::Split, {{2}, {0}}, {}, "RuntimeError", "split expects at least a 1-dimensional tensor"},
    {"vec", "x.split(2, 0)", Op::Split, {{2}, {0}}, {{{2}, {1}, 0, kView}, {{2}, {1}, 2, kView}, {{1}, {1}, 4, kView}}},
    {"contig", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {{{2, 3, 3}, {12, 4, 1}, 0, kView}, {{2, 3, 1}, {12, 4, 1}, 3, kView}}},
    {"t2d", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {{{4, 3}, {1, 4}, 0, kView}}},
    {"step", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {{{3, 2}, {16, 3}, 9, kView}}},
    {"expanded", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {{{3, 3}, {1, 0}, 0, kView}, {{3, 1}, {1, 0}, 0, kView}}},
    {"empty", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {{{2, 0, 3}, {3, 3, 1}, 0, kView}}},
    {"scalar", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {}, "RuntimeError", "split expects at least a 1-dimensional tensor"},
    {"vec", "x.split(3, -1)", Op::Split, {{3}, {-1}}, {{{3}, {1}, 0, kView}, {{2}, {1}, 3, kView}}},
    {"contig", "x.split(0, 0)", Op::Split, {{0}, {0}}, {}, "RuntimeError", "split_size can only be 0 if dimension size is 0, but got dimension size of 2"},
    {"t2d", "x.split(0, 0)", Op::Split, {{0}, {0}}, {}, "RuntimeError", "split_size can only be 0 if dimension size is 0, but got dimension size of 4"},
    {"contig", "x.split(-1, 0)", Op::Split, {{-1}, {0}}, {}, "RuntimeError", "split expects split_size be non-negative, but got split_size=-1"},
    {"t2d", "x.split(-1, 0)", Op::Split, {{-1}, {0}}, {}, "RuntimeError", "split expects split_size be non-negative, but got split_size=-1"},
    {"contig", "x.split([1, 1], 0)", Op::SplitSizes, {{1, 1}, {0}}, {{{1, 3, 4}, {12, 4, 1}, 0, kView}, {{1, 3, 4}, {12, 4, 1}, 12, kView}}},
    {"t2d", "x.split([1, 1], 0)", Op::SplitSizes, {{1, 1}, {0}}, {}, "RuntimeError", "split_with_sizes expects split_sizes to sum exactly to 4 (input tensor's size at dimension 0), but got split_sizes=[1, 1]"},
    {"step", "x.split([1, 1], 0)", Op::SplitSizes, {{1, 1}, {0}}, {}, "RuntimeError", "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 0), but got split_sizes=[1, 1]"},
    {"empty", "x.split([1, 1], 0)", Op::SplitSizes, {{1, 1}, {0}}, {{{1, 0, 3}, {3, 3, 1}, 0, kView}, {{1, 0, 3}, {3, 3, 1}, 3, kView}}},
    {"scalar", "x.split([1, 1], 0)", Op::SplitSizes, {{1, 1}, {0}}, {}, "RuntimeError", "split expects at least a 1-dimensional tensor"},
    {"contig", "x.split([0, 2, 0], 0)", Op::SplitSizes, {{0, 2, 0}, {0}}, {{{0, 3, 4}, {12, 4, 1}, 0, kView}, {{2, 3, 4}, {12, 4, 1}, 0, kView}, {{0, 3, 4}, {12, 4, 1}, 24, kView}}},
    {"t2d", "x.split([0, 2, 0], 0)", Op::SplitSizes, {{0, 2, 0}, {0}}, {}, "RuntimeError", "split_with_sizes expects split_sizes to sum exactly to 4 (input tensor's size at dimension 0), but got split_sizes=[0, 2, 0]"},
    {"step", "x.split([0, 2, 0], 0)", Op::SplitSizes, {{0, 2, 0}, {0}}, {}, "RuntimeError", "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 0), but got split_sizes=[0, 2, 0]"},
    {"empty", "x.split([0, 2, 0], 0)", Op::SplitSizes, {{0, 2, 0}, {0}}, {{{0, 0, 3}, {3, 3, 1}, 0, kView}, {{2, 0, 3}, {3, 3, 1}, 0, kView}, {{0, 0, 3}, {3, 3, 1}, 6, kView}}},
    {"scalar", "x.split([0, 2, 0], 0)", Op::SplitSizes, {{0, 2, 0}, {0}}, {}, "RuntimeError", "split expects at least a 1-dimensional tensor"},
    {"contig", "x.split([2, 1], 1)", Op::SplitSizes, {{2, 1}, {1}}, {{{2, 2, 4}, {12, 4, 1}, 0, kView}, {{2, 1, 4}, {12, 4, 1}, 8, kView}}},
    {"t2d", "x.split([2, 1], 1)", Op::SplitSizes, {{2, 1}, {1}}, {{{4, 2}, {1, 4}, 0, kView}, {{4, 1}, {1, 4}, 8, kView}}},
    {"vec", "x.split([2, 1], 1)", Op::SplitSizes, {{2, 1}, {1}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
    {"contig", "x.split([-1, 3], 0)", Op::SplitSizes, {{-1, 3}, {0}}, {}, "RuntimeError", "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[-1, 3]"},
    {"t2d", "x.split([-1, 3], 0)", Op::SplitSizes, {{-1, 3}, {0}}, {}, "RuntimeError", "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[-1, 3]"},
    {"t2d", "x.split([2, 2], 0)", Op::SplitSizes, {{2, 2}, {0}}, {{{2, 3}, {1, 4}, 0, kView}, {{2, 3}, {1, 4}, 2, kView}}},
    {"contig", "x.split([2, 2], -1)", Op::SplitSizes, {{2, 2}, {-1}}, {{{2, 3, 2}, {12, 4, 1}, 0, kView}, {{2, 3, 2}, {12, 4, 1}, 2, kView}}},
    {"expanded", "x.split([2, 2], -1)", Op::SplitSizes, {{2, 2}, {-1}}, {{{3, 2}, {1, 0}, 0, kView}, {{3, 2}, {1, 0}, 0, kView}}},
    {"contig", "x.unbind(0)", Op::Unbind, {{0}}, {{{3, 4}, {4, 1}, 0, kView}, {{3, 4}, {4, 1}, 12, kView}}},
    {"t2d", "x.unbind(0)", Op::Unbind, {{0}}, {{{3}, {4}, 0, kView}, {{3}, {4}, 1, kView}, {{3}, {4}, 2, kView}, {{3}, {4}, 3, kView}}},
    {"step", "x.unbind(0)", Op::Unbind, {{0}}, {{{2}, {3}, 9, kView}, {{2}, {3}, 25, kView}, {{2}, {3}, 41, kView}}},
    {"expanded", "x.unbind(0)", Op::Unbind, {{0}}, {{{4}, {0}, 0, kView}, {{4}, {0}, 1, kView}, {{4}, {0}, 2, kView}}},
    {"empty", "x.unbind(0)", Op::Unbind, {{0}}, {{{0, 3}, {3, 1}, 0, kView}, {{0, 3}, {3, 1}, 3, kView}}},
    {"scalar", "x.unbind(0)", Op::Unbind, {{0}}, {}, "IndexError", "Dimension specified as 0 but tensor has no dimensions"},
    {"vec", "x.unbind(0)", Op::Unbind, {{0}}, {{{}, {}, 0, kView}, {{}, {}, 1, kView}, {{}, {}, 2, kView}, {{}, {}, 3, kView}, {{}, {}, 4, kView}}},
    {"contig", "x.unbind(-1)", Op::Unbind, {{-1}}, {{{2, 3}, {12, 4}, 0, kView}, {{2, 3}, {12, 4}, 1, kView}, {{2, 3}, {12, 4}, 2, kView}, {{2, 3}, {12, 4}, 3, kView}}},
    {"t2d", "x.unbind(-1)", Op::Unbind, {{-1}}, {{{4}, {1}, 0, kView}, {{4}, {1}, 4, kView}, {{4}, {1}, 8, kView}}},
    {"step", "x.unbind(-1)", Op::Unbind, {{-1}}, {{{3}, {16}, 9, kView}, {{3}, {16}, 12, kView}}},
    {"expanded", "x.unbind(-1)", Op::Unbind, {{-1}}, {{{3}, {1}, 0, kView}, {{3}, {1}, 0, kView}, {{3}, {1}, 0, kView}, {{3}, {1}, 0, kView}}},
    {"empty", "x.unbind(-1)", Op::Unbind, {{-1}}, {{{2, 0}, {3, 3}, 0, kView}, {{2, 0}, {3, 3}, 1, kView}, {{2, 0}, {3, 3}, 2, kView}}},
    {"scalar", "x.unbind(-1)", Op::Unbind, {{-1}}, {}, "IndexError", "Dimension specified as 0 but tensor has no dimensions"},
    {"vec", "x.unbind(-1)", Op::Unbind, {{-1}}, {{{}, {}, 0, kView}, {{}, {}, 1, kView}, {{}, {}, 2, kView}, {{}, {}, 3, kView}, {{}, {}, 4, kView}}},
    {"contig", "x.unbind(2)", Op::Unbind, {{2}}, {{{2, 3}, {12, 4}, 0, kView}, {{2, 3}, {12, 4}, 1, kView}, {{2, 3}, {12, 4}, 2, kView}, {{2, 3}, {12, 4}, 3, kView}}},
    {"t2d", "x.unbind(2)", Op::Unbind, {{2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
    {"step", "x.unbind(2)", Op::Unbind, {{2}}, {}, "IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
    {"empty", "x.unbind(2)", Op::Unbind, {{2}}, {{{2, 0}, {3, 3}, 0, kView}, {{2, 0}, {3, 3}, 1, kView}, {{2, 0}, {3, 3}, 2, kView}}},
};

struct IndexCase {
  const char* input;
  const char* torch;
  std::vector<IndexItem> items;
  Geom out;
  const char* error_kind = nullptr;
  const char* error = nullptr;
};

IndexItem I(int64_t i) { return IndexItem::integer(i); }

const IndexCase kIndexCases[] = {
    {"contig", "x[0]", {I(0)}, {{3, 4}, {4, 1}, 0, kView}},
    {"contig", "x[-1]", {I(-1)}, {{3, 4}, {4, 1}, 12, kView}},
    {"contig", "x[3]", {I(3)}, {}, "IndexError", "index 3 is out of bounds for dimension 0 with size 2"},
    {"contig", "x[5]", {I(5)}, {}, "IndexError", "index 5 is out of bounds for dimension 0 with size 2"},
    {"contig", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {{2, 3, 4}, {12, 4, 1}, 0, kView}},
    {"contig", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {{1, 3, 4}, {12, 4, 1}, 12, kView}},
    {"contig", "x[::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2)}, {{1, 3, 4}, {24, 4, 1}, 0, kView}},
    {"contig", "x[-2:]", {IndexItem::slice(-2, std::nullopt, 1)}, {{2, 3, 4}, {12, 4, 1}, 0, kView}},
    {"contig", "x[5:]", {IndexItem::slice(5, std::nullopt, 1)}, {{0, 3, 4}, {12, 4, 1}, 24, kView}},
    {"contig", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"contig", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"contig", "x[None]", {IndexItem::none()}, {{1, 2, 3, 4}, {24, 12, 4, 1}, 0, kView}},
    {"contig", "x[...]", {IndexItem::ellipsis()}, {{2, 3, 4}, {12, 4, 1}, 0, kView}},
    {"contig", "x[1, 2]", {I(1), I(2)}, {{4}, {1}, 20, kView}},
    {"contig", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {{2, 4}, {4, 1}, 4, kView}},
    {"contig", "x[:, 1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), I(1)}, {{2, 4}, {12, 1}, 4, kView}},
    {"contig", "x[..., 0]", {IndexItem::ellipsis(), I(0)}, {{2, 3}, {12, 4}, 0, kView}},
    {"contig", "x[0, ...]", {I(0), IndexItem::ellipsis()}, {{3, 4}, {4, 1}, 0, kView}},
    {"contig", "x[None, 0]", {IndexItem::none(), I(0)}, {{1, 3, 4}, {24, 4, 1}, 0, kView}},
    {"contig", "x[0, None, :2]", {I(0), IndexItem::none(), IndexItem::slice(std::nullopt, 2, 1)}, {{1, 2, 4}, {12, 4, 1}, 0, kView}},
    {"contig", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{2, 3, 4, 1}, {12, 4, 1, 1}, 0, kView}},
    {"contig", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 2, 3, 4, 1}, {24, 12, 4, 1, 1}, 0, kView}},
    {"contig", "x[::2, 1::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2), IndexItem::slice(1, std::nullopt, 2)}, {{1, 1, 4}, {24, 8, 1}, 4, kView}},
    {"contig", "x[1, 2, 3]", {I(1), I(2), I(3)}, {{}, {}, 23, kView}},
    {"contig", "x[0, 0, 0, 0]", {I(0), I(0), I(0), I(0)}, {}, "IndexError", "too many indices for tensor of dimension 3"},
    {"contig", "x[..., 0, ...]", {IndexItem::ellipsis(), I(0), IndexItem::ellipsis()}, {{2, 3}, {12, 4}, 0, kView}},
    {"contig", "x[-1, -2:]", {I(-1), IndexItem::slice(-2, std::nullopt, 1)}, {{2, 4}, {4, 1}, 16, kView}},
    {"contig", "x[:, ::-1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"contig", "x[:, ::0]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"contig", "x[..., ::3]", {IndexItem::ellipsis(), IndexItem::slice(std::nullopt, std::nullopt, 3)}, {{2, 3, 2}, {12, 4, 3}, 0, kView}},
    {"contig", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1, 2, 3, 4}, {24, 24, 12, 4, 1}, 0, kView}},
    {"contig", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{2, 3, 4}, {12, 4, 1}, 0, kView}},
    {"t2d", "x[0]", {I(0)}, {{3}, {4}, 0, kView}},
    {"t2d", "x[-1]", {I(-1)}, {{3}, {4}, 3, kView}},
    {"t2d", "x[3]", {I(3)}, {{3}, {4}, 3, kView}},
    {"t2d", "x[5]", {I(5)}, {}, "IndexError", "index 5 is out of bounds for dimension 0 with size 4"},
    {"t2d", "x[-6]", {I(-6)}, {}, "IndexError", "index -6 is out of bounds for dimension 0 with size 4"},
    {"t2d", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {{4, 3}, {1, 4}, 0, kView}},
    {"t2d", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {{3, 3}, {1, 4}, 1, kView}},
    {"t2d", "x[::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2)}, {{2, 3}, {2, 4}, 0, kView}},
    {"t2d", "x[-2:]", {IndexItem::slice(-2, std::nullopt, 1)}, {{2, 3}, {1, 4}, 2, kView}},
    {"t2d", "x[5:]", {IndexItem::slice(5, std::nullopt, 1)}, {{0, 3}, {1, 4}, 4, kView}},
    {"t2d", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"t2d", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"t2d", "x[None]", {IndexItem::none()}, {{1, 4, 3}, {4, 1, 4}, 0, kView}},
    {"t2d", "x[...]", {IndexItem::ellipsis()}, {{4, 3}, {1, 4}, 0, kView}},
    {"t2d", "x[1, 2]", {I(1), I(2)}, {{}, {}, 9, kView}},
    {"t2d", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {{2}, {4}, 4, kView}},
    {"t2d", "x[:, 1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), I(1)}, {{4}, {1}, 4, kView}},
    {"t2d", "x[..., 0]", {IndexItem::ellipsis(), I(0)}, {{4}, {1}, 0, kView}},
    {"t2d", "x[0, ...]", {I(0), IndexItem::ellipsis()}, {{3}, {4}, 0, kView}},
    {"t2d", "x[None, 0]", {IndexItem::none(), I(0)}, {{1, 3}, {4, 4}, 0, kView}},
    {"t2d", "x[0, None, :2]", {I(0), IndexItem::none(), IndexItem::slice(std::nullopt, 2, 1)}, {{1, 2}, {12, 4}, 0, kView}},
    {"t2d", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{4, 3, 1}, {1, 4, 1}, 0, kView}},
    {"t2d", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 4, 3, 1}, {4, 1, 4, 1}, 0, kView}},
    {"t2d", "x[::2, 1::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2), IndexItem::slice(1, std::nullopt, 2)}, {{2, 1}, {2, 8}, 4, kView}},
    {"t2d", "x[1, 2, 3]", {I(1), I(2), I(3)}, {}, "IndexError", "too many indices for tensor of dimension 2"},
    {"t2d", "x[0, 0, 0, 0]", {I(0), I(0), I(0), I(0)}, {}, "IndexError", "too many indices for tensor of dimension 2"},
    {"t2d", "x[..., 0, ...]", {IndexItem::ellipsis(), I(0), IndexItem::ellipsis()}, {{4}, {1}, 0, kView}},
    {"t2d", "x[None, 3]", {IndexItem::none(), I(3)}, {{1, 3}, {4, 4}, 3, kView}},
    {"t2d", "x[-1, -2:]", {I(-1), IndexItem::slice(-2, std::nullopt, 1)}, {{2}, {4}, 7, kView}},
    {"t2d", "x[:, ::-1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"t2d", "x[:, ::0]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"t2d", "x[..., ::3]", {IndexItem::ellipsis(), IndexItem::slice(std::nullopt, std::nullopt, 3)}, {{4, 1}, {1, 12}, 0, kView}},
    {"t2d", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1, 4, 3}, {4, 4, 1, 4}, 0, kView}},
    {"t2d", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{4, 3}, {1, 4}, 0, kView}},
    {"step", "x[0]", {I(0)}, {{2}, {3}, 9, kView}},
    {"step", "x[-1]", {I(-1)}, {{2}, {3}, 41, kView}},
    {"step", "x[3]", {I(3)}, {}, "IndexError", "index 3 is out of bounds for dimension 0 with size 3"},
    {"step", "x[5]", {I(5)}, {}, "IndexError", "index 5 is out of bounds for dimension 0 with size 3"},
    {"step", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {{3, 2}, {16, 3}, 9, kView}},
    {"step", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {{2, 2}, {16, 3}, 25, kView}},
    {"step", "x[::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2)}, {{2, 2}, {32, 3}, 9, kView}},
    {"step", "x[-2:]", {IndexItem::slice(-2, std::nullopt, 1)}, {{2, 2}, {16, 3}, 25, kView}},
    {"step", "x[5:]", {IndexItem::slice(5, std::nullopt, 1)}, {{0, 2}, {16, 3}, 57, kView}},
    {"step", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"step", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"step", "x[None]", {IndexItem::none()}, {{1, 3, 2}, {48, 16, 3}, 9, kView}},
    {"step", "x[...]", {IndexItem::ellipsis()}, {{3, 2}, {16, 3}, 9, kView}},
    {"step", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {{1}, {3}, 12, kView}},
    {"step", "x[:, 1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), I(1)}, {{3}, {16}, 12, kView}},
    {"step", "x[..., 0]", {IndexItem::ellipsis(), I(0)}, {{3}, {16}, 9, kView}},
    {"step", "x[0, ...]", {I(0), IndexItem::ellipsis()}, {{2}, {3}, 9, kView}},
    {"step", "x[None, 0]", {IndexItem::none(), I(0)}, {{1, 2}, {48, 3}, 9, kView}},
    {"step", "x[0, None, :2]", {I(0), IndexItem::none(), IndexItem::slice(std::nullopt, 2, 1)}, {{1, 2}, {6, 3}, 9, kView}},
    {"step", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{3, 2, 1}, {16, 3, 1}, 9, kView}},
    {"step", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 3, 2, 1}, {48, 16, 3, 1}, 9, kView}},
    {"step", "x[::2, 1::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2), IndexItem::slice(1, std::nullopt, 2)}, {{2, 1}, {32, 6}, 12, kView}},
    {"step", "x[1, 2, 3]", {I(1), I(2), I(3)}, {}, "IndexError", "too many indices for tensor of dimension 2"},
    {"step", "x[0, 0, 0, 0]", {I(0), I(0), I(0), I(0)}, {}, "IndexError", "too many indices for tensor of dimension 2"},
    {"step", "x[..., 0, ...]", {IndexItem::ellipsis(), I(0), IndexItem::ellipsis()}, {{3}, {16}, 9, kView}},
    {"step", "x[-1, -2:]", {I(-1), IndexItem::slice(-2, std::nullopt, 1)}, {{2}, {3}, 41, kView}},
    {"step", "x[:, ::-1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"step", "x[:, ::0]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"step", "x[..., ::3]", {IndexItem::ellipsis(), IndexItem::slice(std::nullopt, std::nullopt, 3)}, {{3, 1}, {16, 9}, 9, kView}},
    {"step", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1, 3, 2}, {48, 48, 16, 3}, 9, kView}},
    {"step", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{3, 2}, {16, 3}, 9, kView}},
    {"expanded", "x[0]", {I(0)}, {{4}, {0}, 0, kView}},
    {"expanded", "x[-1]", {I(-1)}, {{4}, {0}, 2, kView}},
    {"expanded", "x[3]", {I(3)}, {}, "IndexError", "index 3 is out of bounds for dimension 0 with size 3"},
    {"expanded", "x[5]", {I(5)}, {}, "IndexError", "index 5 is out of bounds for dimension 0 with size 3"},
    {"expanded", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {{3, 4}, {1, 0}, 0, kView}},
    {"expanded", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {{2, 4}, {1, 0}, 1, kView}},
    {"expanded", "x[::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2)}, {{2, 4}, {2, 0}, 0, kView}},
    {"expanded", "x[-2:]", {IndexItem::slice(-2, std::nullopt, 1)}, {{2, 4}, {1, 0}, 1, kView}},
    {"expanded", "x[5:]", {IndexItem::slice(5, std::nullopt, 1)}, {{0, 4}, {1, 0}, 3, kView}},
    {"expanded", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"expanded", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"expanded", "x[None]", {IndexItem::none()}, {{1, 3, 4}, {3, 1, 0}, 0, kView}},
    {"expanded", "x[...]", {IndexItem::ellipsis()}, {{3, 4}, {1, 0}, 0, kView}},
    {"expanded", "x[1, 2]", {I(1), I(2)}, {{}, {}, 1, kView}},
    {"expanded", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {{3}, {0}, 0, kView}},
    {"expanded", "x[:, 1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), I(1)}, {{3}, {1}, 0, kView}},
    {"expanded", "x[..., 0]", {IndexItem::ellipsis(), I(0)}, {{3}, {1}, 0, kView}},
    {"expanded", "x[0, ...]", {I(0), IndexItem::ellipsis()}, {{4}, {0}, 0, kView}},
    {"expanded", "x[None, 0]", {IndexItem::none(), I(0)}, {{1, 4}, {3, 0}, 0, kView}},
    {"expanded", "x[0, None, :2]", {I(0), IndexItem::none(), IndexItem::slice(std::nullopt, 2, 1)}, {{1, 2}, {0, 0}, 0, kView}},
    {"expanded", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{3, 4, 1}, {1, 0, 1}, 0, kView}},
    {"expanded", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 3, 4, 1}, {3, 1, 0, 1}, 0, kView}},
    {"expanded", "x[::2, 1::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2), IndexItem::slice(1, std::nullopt, 2)}, {{2, 2}, {2, 0}, 0, kView}},
    {"expanded", "x[1, 2, 3]", {I(1), I(2), I(3)}, {}, "IndexError", "too many indices for tensor of dimension 2"},
    {"expanded", "x[0, 0, 0, 0]", {I(0), I(0), I(0), I(0)}, {}, "IndexError", "too many indices for tensor of dimension 2"},
    {"expanded", "x[..., 0, ...]", {IndexItem::ellipsis(), I(0), IndexItem::ellipsis()}, {{3}, {1}, 0, kView}},
    {"expanded", "x[-1, -2:]", {I(-1), IndexItem::slice(-2, std::nullopt, 1)}, {{2}, {0}, 2, kView}},
    {"expanded", "x[:, ::-1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"expanded", "x[:, ::0]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"expanded", "x[..., ::3]", {IndexItem::ellipsis(), IndexItem::slice(std::nullopt, std::nullopt, 3)}, {{3, 2}, {1, 0}, 0, kView}},
    {"expanded", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1, 3, 4}, {3, 3, 1, 0}, 0, kView}},
    {"expanded", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{3, 4}, {1, 0}, 0, kView}},
    {"empty", "x[0]", {I(0)}, {{0, 3}, {3, 1}, 0, kView}},
    {"empty", "x[-1]", {I(-1)}, {{0, 3}, {3, 1}, 3, kView}},
    {"empty", "x[3]", {I(3)}, {}, "IndexError", "index 3 is out of bounds for dimension 0 with size 2"},
    {"empty", "x[5]", {I(5)}, {}, "IndexError", "index 5 is out of bounds for dimension 0 with size 2"},
    {"empty", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {{2, 0, 3}, {3, 3, 1}, 0, kView}},
    {"empty", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {{1, 0, 3}, {3, 3, 1}, 3, kView}},
    {"empty", "x[::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2)}, {{1, 0, 3}, {6, 3, 1}, 0, kView}},
    {"empty", "x[-2:]", {IndexItem::slice(-2, std::nullopt, 1)}, {{2, 0, 3}, {3, 3, 1}, 0, kView}},
    {"empty", "x[5:]", {IndexItem::slice(5, std::nullopt, 1)}, {{0, 0, 3}, {3, 3, 1}, 6, kView}},
    {"empty", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"empty", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"empty", "x[None]", {IndexItem::none()}, {{1, 2, 0, 3}, {6, 3, 3, 1}, 0, kView}},
    {"empty", "x[...]", {IndexItem::ellipsis()}, {{2, 0, 3}, {3, 3, 1}, 0, kView}},
    {"empty", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {{0, 3}, {3, 1}, 0, kView}},
    {"empty", "x[..., 0]", {IndexItem::ellipsis(), I(0)}, {{2, 0}, {3, 3}, 0, kView}},
    {"empty", "x[0, ...]", {I(0), IndexItem::ellipsis()}, {{0, 3}, {3, 1}, 0, kView}},
    {"empty", "x[None, 0]", {IndexItem::none(), I(0)}, {{1, 0, 3}, {6, 3, 1}, 0, kView}},
    {"empty", "x[0, None, :2]", {I(0), IndexItem::none(), IndexItem::slice(std::nullopt, 2, 1)}, {{1, 0, 3}, {0, 3, 1}, 0, kView}},
    {"empty", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{2, 0, 3, 1}, {3, 3, 1, 1}, 0, kView}},
    {"empty", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 2, 0, 3, 1}, {6, 3, 3, 1, 1}, 0, kView}},
    {"empty", "x[::2, 1::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2), IndexItem::slice(1, std::nullopt, 2)}, {{1, 0, 3}, {6, 6, 1}, 0, kView}},
    {"empty", "x[0, 0, 0, 0]", {I(0), I(0), I(0), I(0)}, {}, "IndexError", "too many indices for tensor of dimension 3"},
    {"empty", "x[..., 0, ...]", {IndexItem::ellipsis(), I(0), IndexItem::ellipsis()}, {{2, 0}, {3, 3}, 0, kView}},
    {"empty", "x[-1, -2:]", {I(-1), IndexItem::slice(-2, std::nullopt, 1)}, {{0, 3}, {3, 1}, 3, kView}},
    {"empty", "x[:, ::-1]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"empty", "x[:, ::0]", {IndexItem::slice(std::nullopt, std::nullopt, 1), IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"empty", "x[..., ::3]", {IndexItem::ellipsis(), IndexItem::slice(std::nullopt, std::nullopt, 3)}, {{2, 0, 1}, {3, 3, 3}, 0, kView}},
    {"empty", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1, 2, 0, 3}, {6, 6, 3, 3, 1}, 0, kView}},
    {"empty", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{2, 0, 3}, {3, 3, 1}, 0, kView}},
    {"vec", "x[0]", {I(0)}, {{}, {}, 0, kView}},
    {"vec", "x[-1]", {I(-1)}, {{}, {}, 4, kView}},
    {"vec", "x[3]", {I(3)}, {{}, {}, 3, kView}},
    {"vec", "x[5]", {I(5)}, {}, "IndexError", "index 5 is out of bounds for dimension 0 with size 5"},
    {"vec", "x[-6]", {I(-6)}, {}, "IndexError", "index -6 is out of bounds for dimension 0 with size 5"},
    {"vec", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {{5}, {1}, 0, kView}},
    {"vec", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {{4}, {1}, 1, kView}},
    {"vec", "x[::2]", {IndexItem::slice(std::nullopt, std::nullopt, 2)}, {{3}, {2}, 0, kView}},
    {"vec", "x[-2:]", {IndexItem::slice(-2, std::nullopt, 1)}, {{2}, {1}, 3, kView}},
    {"vec", "x[5:]", {IndexItem::slice(5, std::nullopt, 1)}, {{0}, {1}, 5, kView}},
    {"vec", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"vec", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"vec", "x[None]", {IndexItem::none()}, {{1, 5}, {5, 1}, 0, kView}},
    {"vec", "x[...]", {IndexItem::ellipsis()}, {{5}, {1}, 0, kView}},
    {"vec", "x[1, 2]", {I(1), I(2)}, {}, "IndexError", "too many indices for tensor of dimension 1"},
    {"vec", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {}, "IndexError", "too many indices for tensor of dimension 1"},
    {"vec", "x[..., 0]", {IndexItem::ellipsis(), I(0)}, {{}, {}, 0, kView}},
    {"vec", "x[0, ...]", {I(0), IndexItem::ellipsis()}, {{}, {}, 0, kView}},
    {"vec", "x[None, 0]", {IndexItem::none(), I(0)}, {{1}, {5}, 0, kView}},
    {"vec", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{5, 1}, {1, 1}, 0, kView}},
    {"vec", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 5, 1}, {5, 1, 1}, 0, kView}},
    {"vec", "x[..., 0, ...]", {IndexItem::ellipsis(), I(0), IndexItem::ellipsis()}, {{}, {}, 0, kView}},
    {"vec", "x[None, 3]", {IndexItem::none(), I(3)}, {{1}, {5}, 3, kView}},
    {"vec", "x[..., ::3]", {IndexItem::ellipsis(), IndexItem::slice(std::nullopt, std::nullopt, 3)}, {{2}, {3}, 0, kView}},
    {"vec", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1, 5}, {5, 5, 1}, 0, kView}},
    {"vec", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{5}, {1}, 0, kView}},
    {"scalar", "x[0]", {I(0)}, {}, "IndexError", "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"},
    {"scalar", "x[-1]", {I(-1)}, {}, "IndexError", "index -1 is out of bounds for dimension 0 with size 0"},
    {"scalar", "x[3]", {I(3)}, {}, "IndexError", "index 3 is out of bounds for dimension 0 with size 0"},
    {"scalar", "x[:]", {IndexItem::slice(std::nullopt, std::nullopt, 1)}, {}, "IndexError", "slice() cannot be applied to a 0-dim tensor."},
    {"scalar", "x[1:]", {IndexItem::slice(1, std::nullopt, 1)}, {}, "IndexError", "slice() cannot be applied to a 0-dim tensor."},
    {"scalar", "x[::0]", {IndexItem::slice(std::nullopt, std::nullopt, 0)}, {}, "ValueError", "slice step cannot be zero"},
    {"scalar", "x[::-1]", {IndexItem::slice(std::nullopt, std::nullopt, -1)}, {}, "ValueError", "step must be greater than zero"},
    {"scalar", "x[None]", {IndexItem::none()}, {{1}, {1}, 4, kView}},
    {"scalar", "x[...]", {IndexItem::ellipsis()}, {{}, {}, 4, kView}},
    {"scalar", "x[1, 2]", {I(1), I(2)}, {}, "IndexError", "too many indices for tensor of dimension 0"},
    {"scalar", "x[0, 1:]", {I(0), IndexItem::slice(1, std::nullopt, 1)}, {}, "IndexError", "too many indices for tensor of dimension 0"},
    {"scalar", "x[..., None]", {IndexItem::ellipsis(), IndexItem::none()}, {{1}, {1}, 4, kView}},
    {"scalar", "x[None, ..., None]", {IndexItem::none(), IndexItem::ellipsis(), IndexItem::none()}, {{1, 1}, {1, 1}, 4, kView}},
    {"scalar", "x[None, None]", {IndexItem::none(), IndexItem::none()}, {{1, 1}, {1, 1}, 4, kView}},
    {"scalar", "x[..., ...]", {IndexItem::ellipsis(), IndexItem::ellipsis()}, {{}, {}, 4, kView}},
};

}  // namespace

TEST_CASE("every view op's stride arithmetic and errors match torch on all kinds of inputs",
          "[views]") {
  for (const Case& c : kCases) check_case(c);
}

TEST_CASE("basic indexing matches torch's __getitem__", "[views][indexing]") {
  for (const IndexCase& c : kIndexCases) {
    INFO(c.input << ": " << c.torch);
    Tensor x = input(c.input);
    if (c.error) {
      check_error([&] { basic_index(x, c.items); }, c.error_kind, c.error);
      continue;
    }
    check_geom(x, basic_index(x, c.items), c.out);
  }
}

TEST_CASE("indexing errors name the position in the subscript and PyTorch's odd sizes",
          "[views][indexing]") {
  Tensor m = zeros({3, 4}, DType::Float32);
  const IndexItem none = IndexItem::none(), dots = IndexItem::ellipsis(),
                  all = IndexItem::slice();
  check_error([&] { basic_index(m, {all, I(5)}); }, "IndexError",
              "index 5 is out of bounds for dimension 1 with size 4");
  check_error([&] { basic_index(m, {none, I(3)}); }, "IndexError",
              "index 3 is out of bounds for dimension 1 with size 3");
  check_error([&] { basic_index(m, {none, dots, I(7)}); }, "IndexError",
              "index 7 is out of bounds for dimension 2 with size 4");
  check_error([&] { basic_index(zeros({3, 4, 5}, DType::Float32), {dots, I(0), dots, I(1)}); },
              "IndexError", "index 1 is out of bounds for dimension 3 with size 0");
  CHECK(basic_index(m, {dots, I(0), dots}).sizes() == Shape{3});  // each ellipsis skips 1 dim
  CHECK(basic_index(m, {dots, dots}).sizes() == Shape{3, 4});
}

TEST_CASE("views share storage: writes through one show in the other", "[views]") {
  Tensor a = arange(Scalar(int64_t{0}), Scalar(int64_t{12}));
  Tensor m = view(a, {3, 4});
  Tensor col = select(tsh::t(m), 0, 1);  // m[:, 1]
  fill_(col, Scalar(int64_t{-1}));
  CHECK(values(a) == std::vector<int64_t>{0, -1, 2, 3, 4, -1, 6, 7, 8, -1, 10, 11});
  Tensor d = diagonal(m);
  fill_(d, Scalar(int64_t{9}));
  CHECK(values(a) == std::vector<int64_t>{9, -1, 2, 3, 4, 9, 6, 7, 8, -1, 9, 11});
  Tensor e = expand(unsqueeze(select(m, 0, 2), 0), {2, 4});  // stride 0 reads one row twice
  CHECK(values(e) == std::vector<int64_t>{8, -1, 9, 11, 8, -1, 9, 11});
  Tensor w = unfold(a, 0, 4, 4);
  CHECK(w.storage() == a.storage());
  fill_(narrow(w, 0, 2, 1), Scalar(int64_t{0}));
  CHECK(values(a) == std::vector<int64_t>{9, -1, 2, 3, 4, 9, 6, 7, 0, 0, 0, 0});
  // A reshape that has to copy does not share: writing to it leaves a alone.
  Tensor r = reshape(tsh::t(m), {12});
  fill_(r, Scalar(int64_t{5}));
  CHECK(values(a)[0] == 9);
  // basic indexing is a view too
  fill_(basic_index(m, {IndexItem::slice(1, std::nullopt, 1), IndexItem::integer(0)}),
        Scalar(int64_t{7}));
  CHECK(values(a) == std::vector<int64_t>{9, -1, 2, 3, 7, 9, 6, 7, 7, 0, 0, 0});
}

TEST_CASE("reshape and flatten copy exactly when no view exists", "[views]") {
  Tensor m = view(arange(Scalar(int64_t{0}), Scalar(int64_t{6})), {2, 3});
  CHECK(reshape(m, {3, 2}).storage() == m.storage());
  CHECK(reshape(tsh::t(m), {6}).storage() != m.storage());
  CHECK(values(reshape(tsh::t(m), {6})) == std::vector<int64_t>{0, 3, 1, 4, 2, 5});
  CHECK(reshape(tsh::t(m), {3, 2, 1}).storage() == m.storage());
  CHECK(flatten(tsh::t(m)).storage() != m.storage());
  CHECK(flatten(m, 1, 1).is_same(m));  // PyTorch returns self
  Tensor s = from_scalars({}, {Scalar(int64_t{3})}, DType::Int64);
  CHECK(flatten(s).sizes() == Shape{1});
}

TEST_CASE("in-place view variants keep the tensor's identity", "[views]") {
  Tensor m = view(arange(Scalar(int64_t{0}), Scalar(int64_t{6})), {2, 3});
  TensorImpl* id = m.impl();
  CHECK(t_(m).impl() == id);
  CHECK(m.sizes() == Shape{3, 2});
  CHECK(m.strides() == Shape{1, 3});
  t_(m);
  Tensor c = view(arange(Scalar(int64_t{0}), Scalar(int64_t{24})), {2, 3, 4});
  CHECK_THROWS_MATCHES(t_(c), RuntimeError,
                       Catch::Message("t_() expects a tensor with <= 2 dimensions, but self is 3D"));
  CHECK(transpose_(c, 0, 2).strides() == Shape{1, 4, 12});  // torch: (1, 4, 12)
  CHECK(unsqueeze_(m, 1).impl() == id);
  CHECK(m.sizes() == Shape{2, 1, 3});
  CHECK(squeeze_(m, int64_t{1}).sizes() == Shape{2, 3});
  unsqueeze_(m, 0);
  CHECK(squeeze_(m).sizes() == Shape{2, 3});
  CHECK(m.impl() == id);
  Tensor z = zeros({3, 4}, DType::Float32);
  CHECK(as_strided_(z, {2, 2}, {1, 2}, 1).strides() == Shape{1, 2});
  CHECK(z.storage_offset() == 1);
  CHECK_THROWS_MATCHES(as_strided_(z, {20, 2}, {1, 2}, 1), RuntimeError,
                       Catch::Message("setStorage: sizes [20, 2], strides [1, 2], storage offset 1, "
                                      "and itemsize 4 requiring a storage size of 92 are out of "
                                      "bounds for storage of size 48"));
  CHECK(z.sizes() == Shape{2, 2});  // a failed as_strided_ leaves the geometry alone
  CHECK_THROWS_MATCHES(squeeze_(m, int64_t{2}), IndexError,
                       Catch::Message("Dimension out of range (expected to be in range of [-2, 1], "
                                      "but got 2)"));
}

TEST_CASE("squeeze with a list of dims (PyTorch 2.x)", "[views]") {
  Tensor x = zeros({3, 1, 4, 1}, DType::Float32);
  CHECK(squeeze(x, std::vector<int64_t>{1, 3}).sizes() == Shape{3, 4});
  CHECK(squeeze(x, std::vector<int64_t>{0, -1}).sizes() == Shape{3, 1, 4});  // dim 0 is not 1
  CHECK(squeeze(x, std::vector<int64_t>{}).sizes() == Shape{3, 1, 4, 1});
  CHECK(squeeze(x, std::vector<int64_t>{-3}).strides() == Shape{4, 1, 1});
  CHECK_THROWS_MATCHES(squeeze(x, std::vector<int64_t>{1, -3}), RuntimeError,
                       Catch::Message("dim 1 appears multiple times in the list of dims"));
  CHECK_THROWS_MATCHES(squeeze(x, std::vector<int64_t>{4}), IndexError,
                       Catch::Message("Dimension out of range (expected to be in range of [-4, 3], "
                                      "but got 4)"));
  Tensor s = zeros({}, DType::Float32);
  CHECK(squeeze(s, std::vector<int64_t>{0}).dim() == 0);
  CHECK(squeeze_(x, std::vector<int64_t>{1, 3}).sizes() == Shape{3, 4});
}

TEST_CASE("unfold with a negative size (PyTorch 2.x message)", "[views]") {
  CHECK_THROWS_MATCHES(unfold(zeros({3, 4}, DType::Float32), 1, -1, 1), RuntimeError,
                       Catch::Message("size is -1 but must be >= 0"));
}

TEST_CASE("wrap_dim's message gives the valid range", "[views]") {
  CHECK_THROWS_MATCHES(transpose(zeros({2, 3}, DType::Float32), 0, 2), IndexError,
                       Catch::Message("Dimension out of range (expected to be in range of [-2, 1], "
                                      "but got 2)"));
  CHECK_THROWS_MATCHES(unsqueeze(zeros({2, 3}, DType::Float32), -4), IndexError,
                       Catch::Message("Dimension out of range (expected to be in range of [-3, 2], "
                                      "but got -4)"));
}
