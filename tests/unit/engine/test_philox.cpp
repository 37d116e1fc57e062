// tests/unit/engine/test_philox.cpp — Philox4x32-10 against the Random123 known-answer vectors.
#include <catch2/catch.hpp>

#include "engine/cuda/philox.h"

using tsh::cuda::Philox4;
using tsh::cuda::philox4x32_10;

namespace {
bool same(const Philox4& a, const Philox4& b) {
  return a.v[0] == b.v[0] && a.v[1] == b.v[1] && a.v[2] == b.v[2] && a.v[3] == b.v[3];
}
}  // namespace

TEST_CASE("Philox4x32-10 gives Random123's known answers", "[cuda][random]") {
  CHECK(same(philox4x32_10(Philox4{{0, 0, 0, 0}}, 0, 0), Philox4{{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}}));
  CHECK(same(philox4x32_10(Philox4{{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}}, 0xffffffff, 0xffffffff),
             Philox4{{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}}));
  CHECK(same(philox4x32_10(Philox4{{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}}, 0xa4093822, 0x299f31d0),
             Philox4{{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}}));
}

TEST_CASE("a Philox draw depends on seed, index and offset alone", "[cuda][random]") {
  const Philox4 a = tsh::cuda::philox_draw(42, 7, 3);
  CHECK(same(a, tsh::cuda::philox_draw(42, 7, 3)));
  CHECK_FALSE(same(a, tsh::cuda::philox_draw(42, 8, 3)));
  CHECK_FALSE(same(a, tsh::cuda::philox_draw(42, 7, 4)));
  CHECK_FALSE(same(a, tsh::cuda::philox_draw(43, 7, 3)));
}
