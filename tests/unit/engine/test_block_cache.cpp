// tests/unit/engine/test_block_cache.cpp — large host blocks kept for reuse (engine/cpu/block_cache.h).
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "engine/cpu/block_cache.h"

using tsh::cpu::BlockCache;

namespace {
constexpr size_t MiB = size_t{1} << 20;
}

TEST_CASE("a freed large block is handed out again, pages kept", "[block_cache]") {
  BlockCache cache(64 * MiB);
  void* p = cache.take(5 * MiB);
  REQUIRE(p != nullptr);
  CHECK(reinterpret_cast<uintptr_t>(p) % BlockCache::kGranule == 0);
  std::memset(p, 7, 5 * MiB);
  cache.give(p);
  CHECK(cache.cached_bytes() == 6 * MiB);  // rounded to whole 2 MiB granules
  void* q = cache.take(5 * MiB + 123);
  CHECK(q == p);
  CHECK(static_cast<unsigned char*>(q)[5 * MiB - 1] == 7);  // same pages, not fresh ones
  CHECK(cache.cached_bytes() == 0);
  cache.give(q);
}

TEST_CASE("a kept block serves only requests it fits closely", "[block_cache]") {
  BlockCache cache(256 * MiB);
  void* big = cache.take(64 * MiB);
  cache.give(big);
  void* small = cache.take(8 * MiB);  // 64 MiB would waste more than an eighth
  CHECK(small != big);
  CHECK(cache.cached_bytes() == 64 * MiB);
  void* near = cache.take(60 * MiB);  // 64 is within 60 + 60/8
  CHECK(near == big);
  cache.give(small);
  cache.give(near);
  CHECK(cache.cached_bytes() == 72 * MiB);  // the 60 MiB request had the 64 MiB block
}

TEST_CASE("the cache never holds more than its limit and gives everything back", "[block_cache]") {
  BlockCache cache(16 * MiB);
  void* a = cache.take(8 * MiB);
  void* b = cache.take(8 * MiB);
  void* c = cache.take(8 * MiB);
  cache.give(a);
  cache.give(b);
  CHECK(cache.cached_bytes() == 16 * MiB);
  cache.give(c);  // the least recently freed (a) goes
  CHECK(cache.cached_bytes() == 16 * MiB);
  void* again = cache.take(8 * MiB);
  CHECK(again == c);  // the most recently freed of equal size comes first
  cache.give(again);
  void* huge = cache.take(32 * MiB);  // larger than the limit: unmapped when freed
  cache.give(huge);
  CHECK(cache.cached_bytes() == 16 * MiB);
  cache.set_limit(8 * MiB);
  CHECK(cache.cached_bytes() == 8 * MiB);
  cache.release();
  CHECK(cache.cached_bytes() == 0);
}

TEST_CASE("blocks under 2 MiB round to 64 KiB", "[block_cache]") {
  BlockCache cache(64 * MiB);
  void* p = cache.take(1000000);  // a 500 x 500 float matrix
  REQUIRE(p != nullptr);
  CHECK(reinterpret_cast<uintptr_t>(p) % 4096 == 0);
  cache.give(p);
  CHECK(cache.cached_bytes() == 16 * 65536);
  CHECK(cache.take(999000) == p);
  cache.give(p);
}
