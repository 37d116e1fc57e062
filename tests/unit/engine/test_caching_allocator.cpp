// tests/unit/engine/test_caching_allocator.cpp — the CUDA caching allocator's rules, without a GPU.
//
// A fake RawMemory hands out addresses inside a simulated arena (it never
// touches them) and counts its calls, so each test can say exactly when the
// allocator went to the device and what it kept. Sizes and the out-of-memory
// text follow PyTorch 2.x's CUDACachingAllocator with its default settings.
#include <catch2/catch.hpp>

#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/cuda/caching_allocator.h"

using namespace tsh;
using namespace tsh::cuda;

namespace {

constexpr size_t KiB = 1024, MiB = 1024 * 1024;

// First-fit over an arena of `capacity` bytes at a made-up base address.
class FakeRaw : public RawMemory {
 public:
  explicit FakeRaw(size_t capacity) : capacity_(capacity) {}
  void* malloc(size_t n) override {
    uintptr_t at = kBase;
    for (auto& [start, size] : segments) {
      if (start - at >= n) break;
      at = start + size;
    }
    if (at + n > kBase + capacity_) return nullptr;
    segments[at] = n;
    mallocs += 1;
    return reinterpret_cast<void*>(at);
  }
  void free(void* p) override {
    if (segments.erase(reinterpret_cast<uintptr_t>(p)) == 1) frees += 1;
    else bad_frees += 1;
  }
  void mem_info(size_t& free_bytes, size_t& total_bytes) override {
    total_bytes = capacity_;
    free_bytes = reported_free >= 0 ? static_cast<size_t>(reported_free) : capacity_ - used();
  }
  size_t used() const {
    size_t n = 0;
    for (auto& [start, size] : segments) n += size;
    return n;
  }
  // Whether [p, p + n) lies inside one live segment.
  bool inside(void* p, size_t n) const {
    auto a = reinterpret_cast<uintptr_t>(p);
    auto it = segments.upper_bound(a);
    if (it == segments.begin()) return false;
    --it;
    return a + n <= it->first + it->second;
  }

  static constexpr uintptr_t kBase = uintptr_t{1} << 40;
  std::map<uintptr_t, size_t> segments;  // start -> bytes
  int mallocs = 0, frees = 0, bad_frees = 0;
  int64_t reported_free = -1;  // >= 0: what mem_info says is free

 private:
  size_t capacity_;
};

char* at(void* p) { return static_cast<char*>(p); }

// The message for an OOM, caught.
template <typename F> std::string oom_message(F&& f) {
  try {
    f();
  } catch (const OutOfMemoryError& e) {
    CHECK(std::string(e.kind()) == "torch.OutOfMemoryError");
    return e.what();
  }
  return "(no OutOfMemoryError)";
}

}  // namespace

TEST_CASE("sizes round up to 512 bytes; 0 bytes is nullptr", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  CHECK(a.allocate(0, 0) == nullptr);
  void* p = a.allocate(1, 0);
  void* q = a.allocate(513, 0);
  CHECK(a.block_size(p) == 512);
  CHECK(a.block_size(q) == 1024);
  CHECK(a.block_size(nullptr) == 0);
  MemoryStats s = a.stats();
  CHECK(s.allocated == 1536);  // rounded sizes
  CHECK(s.requested == 514);   // what was asked
  CHECK(s.active_blocks == 2);
  CHECK(s.alloc_count == 2);
  a.free(p);
  a.free(nullptr);  // ignored, not counted
  CHECK(a.stats().free_count == 1);
}

TEST_CASE("a freed block is reused without asking RawMemory again", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* p = a.allocate(1000, 0);
  a.free(p);
  CHECK(a.allocate(1000, 0) == p);
  CHECK(raw.mallocs == 1);
  void* big = a.allocate(50 * MiB, 0);
  a.free(big);
  CHECK(a.allocate(49 * MiB, 0) == big);  // best fit: the cached 50 MiB block (1 MiB over: not split)
  CHECK(raw.mallocs == 2);
}

TEST_CASE("small pool segments are 2 MiB; large ones 20 MiB below 10 MiB, else rounded to 2 MiB",
          "[cuda][allocator]") {
  struct Case {
    size_t request, reserved;
  };
  auto c = GENERATE(Case{1 * KiB, 2 * MiB}, Case{1 * MiB, 2 * MiB}, Case{1 * MiB + 1, 20 * MiB},
                    Case{5 * MiB, 20 * MiB}, Case{10 * MiB - 512, 20 * MiB}, Case{10 * MiB - 1, 10 * MiB},
                    Case{10 * MiB, 10 * MiB},
                    Case{30 * MiB, 30 * MiB}, Case{31 * MiB, 32 * MiB});
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  a.allocate(c.request, 0);
  CHECK(a.stats().reserved == static_cast<int64_t>(c.reserved));
  CHECK(a.stats().segments == 1);
  CHECK(raw.used() == c.reserved);
}

TEST_CASE("a request of at most 1 MiB never takes a cached large block", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  a.free(a.allocate(5 * MiB, 0));  // a free 20 MiB large segment
  a.allocate(1 * MiB, 0);
  CHECK(raw.mallocs == 2);
  CHECK(a.stats().reserved == static_cast<int64_t>(22 * MiB));
}

TEST_CASE("split remainders: >= 512 bytes in the small pool, > 1 MiB in the large", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  // 19 MiB -> a 20 MiB segment whose 1 MiB remainder stays inside the block.
  void* p = a.allocate(19 * MiB, 0);
  CHECK(a.block_size(p) == 20 * MiB);
  CHECK(a.stats().allocated == static_cast<int64_t>(20 * MiB));
  // In a 2 MiB small segment, 1 MiB then 1 MiB - 512 leaves 512 bytes: split.
  void* q = a.allocate(1 * MiB, 0);
  void* r = a.allocate(1 * MiB - 512, 0);
  CHECK(r == at(q) + 1 * MiB);
  CHECK(a.block_size(r) == 1 * MiB - 512);
  CHECK(a.stats().inactive_split_bytes == 512);
  CHECK(a.allocate(512, 0) == at(r) + (1 * MiB - 512));
  CHECK(raw.mallocs == 2);
}

TEST_CASE("blocks split from one segment merge back on free", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* x = a.allocate(5 * MiB, 0);
  void* y = a.allocate(5 * MiB, 0);
  void* z = a.allocate(5 * MiB, 0);
  CHECK(raw.mallocs == 1);  // one 20 MiB segment, in address order
  CHECK(y == at(x) + 5 * MiB);
  CHECK(z == at(y) + 5 * MiB);
  CHECK(a.stats().inactive_split_bytes == static_cast<int64_t>(5 * MiB));  // the tail
  a.free(y);
  CHECK(a.stats().inactive_split_bytes == static_cast<int64_t>(10 * MiB));
  a.free(x);  // merges with y
  CHECK(a.stats().inactive_split_bytes == static_cast<int64_t>(15 * MiB));
  a.free(z);  // merges with x+y and the tail: the whole segment is one free block
  CHECK(a.stats().inactive_split_bytes == 0);
  void* whole = a.allocate(20 * MiB, 0);
  CHECK(whole == x);
  CHECK(a.block_size(whole) == 20 * MiB);
  CHECK(raw.mallocs == 1);
}

TEST_CASE("a block freed on one stream is not reused on another", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* p = a.allocate(4 * KiB, 1);
  a.free(p);
  void* q = a.allocate(4 * KiB, 2);
  CHECK(q != p);
  CHECK(raw.mallocs == 2);  // stream 2 needed its own segment
  CHECK(a.allocate(4 * KiB, 1) == p);
  CHECK(raw.mallocs == 2);
}

TEST_CASE("record_stream holds a freed block until release_recorded", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* p = a.allocate(1 * KiB, 0);
  void* q = a.allocate(1 * KiB, 0);
  a.record_stream(p, 7);
  a.free(p);
  MemoryStats s = a.stats();
  CHECK(s.allocated == 1024);      // freed for the caller ...
  CHECK(s.active_blocks == 2);     // ... but still in use by stream 7
  void* r = a.allocate(1 * KiB, 0);
  CHECK(r != p);
  a.free(r);
  a.release_recorded();
  CHECK(a.allocate(1 * KiB, 0) == p);  // the 1 KiB hole is the best fit again

  // A use on the allocation stream needs no waiting.
  a.record_stream(q, 0);
  a.free(q);
  CHECK(a.allocate(1 * KiB, 0) == q);
  CHECK(raw.mallocs == 1);
}

TEST_CASE("empty_cache returns only wholly free segments", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* small = a.allocate(1 * KiB, 0);  // its 2 MiB segment stays: it holds a live block
  a.free(a.allocate(5 * MiB, 0));        // a wholly free 20 MiB segment
  void* held = a.allocate(30 * MiB, 0);  // freed with a recorded stream: not yet free
  a.record_stream(held, 3);
  a.free(held);
  a.empty_cache();
  CHECK(raw.frees == 1);
  CHECK(a.stats().reserved == static_cast<int64_t>(32 * MiB));
  CHECK(a.stats().segments == 2);
  a.release_recorded();
  a.empty_cache();
  CHECK(a.stats().reserved == static_cast<int64_t>(2 * MiB));
  a.free(small);
  a.empty_cache();
  CHECK(a.stats().reserved == 0);
  CHECK(raw.segments.empty());
}

TEST_CASE("when RawMemory is full, the cache is released and the request retried", "[cuda][allocator]") {
  FakeRaw raw(40 * MiB);
  CachingAllocator a(raw);
  void* x = a.allocate(15 * MiB, 0);  // two 16 MiB segments, cached once freed
  void* y = a.allocate(15 * MiB, 0);
  a.free(x);
  a.free(y);
  CHECK(a.stats().reserved == static_cast<int64_t>(32 * MiB));
  void* p = a.allocate(30 * MiB, 0);
  CHECK(p != nullptr);
  MemoryStats s = a.stats();
  CHECK(s.alloc_retries == 1);
  CHECK(s.ooms == 0);
  CHECK(s.reserved == static_cast<int64_t>(30 * MiB));
  CHECK(raw.frees == 2);
}

TEST_CASE("out of memory: PyTorch's message, with the segment size it tried to get", "[cuda][allocator]") {
  FakeRaw raw(100 * MiB);
  CachingAllocator a(raw, 1);
  a.allocate(5 * MiB, 0);  // 5 MiB allocated in a 20 MiB segment that cannot be released
  std::string msg = oom_message([&] { a.allocate(90 * MiB, 0); });
  CHECK(msg ==
        "CUDA out of memory. Tried to allocate 90.00 MiB. GPU 1 has a total capacity of 100.00 MiB of which "
        "80.00 MiB is free. Of the allocated memory 5.00 MiB is allocated by PyTorch, and 15.00 MiB is reserved "
        "by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)");
  MemoryStats s = a.stats();
  CHECK(s.alloc_retries == 1);
  CHECK(s.ooms == 1);
  CHECK(s.alloc_count == 1);
  CHECK(s.reserved == static_cast<int64_t>(20 * MiB));

  // A 5 MiB request asks for a 20 MiB segment, and that is the size PyTorch names.
  FakeRaw tiny(10 * MiB);
  CachingAllocator b(tiny);
  CHECK(oom_message([&] { b.allocate(5 * MiB, 0); }).rfind("CUDA out of memory. Tried to allocate 20.00 MiB. ", 0) ==
        0);
}

TEST_CASE("out-of-memory sizes use format_size's inclusive bounds", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);  // 1 GiB prints as 1024.00 MiB
  CachingAllocator a(raw);
  a.allocate(1 * MiB, 0);     // half a 2 MiB segment: 1 MiB unallocated, printed 1024.00 KiB
  a.allocate(1000 * MiB, 0);  // 22 MiB of the arena left: a 30 MiB segment does not fit
  raw.reported_free = 1024;   // what the driver calls free need not be what is left
  std::string msg = oom_message([&] { a.allocate(30 * MiB, 0); });
  CHECK(msg.rfind("CUDA out of memory. Tried to allocate 30.00 MiB. GPU 0 has a total capacity of 1024.00 MiB "
                  "of which 1024 bytes is free. Of the allocated memory 1001.00 MiB is allocated by PyTorch, "
                  "and 1024.00 KiB is reserved by PyTorch but unallocated. If reserved",
                  0) == 0);
}

TEST_CASE("peaks follow every allocation and reset to the current values", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* p = a.allocate(1 * MiB, 0);
  void* q = a.allocate(3 * MiB, 0);
  a.free(q);
  MemoryStats s = a.stats();
  CHECK(s.allocated == static_cast<int64_t>(1 * MiB));
  CHECK(s.allocated_peak == static_cast<int64_t>(4 * MiB));
  CHECK(s.requested_peak == static_cast<int64_t>(4 * MiB));
  CHECK(s.reserved_peak == static_cast<int64_t>(22 * MiB));
  a.empty_cache();
  a.reset_peak_stats();
  s = a.stats();
  CHECK(s.allocated_peak == static_cast<int64_t>(1 * MiB));
  CHECK(s.requested_peak == static_cast<int64_t>(1 * MiB));
  CHECK(s.reserved_peak == static_cast<int64_t>(2 * MiB));
  CHECK(s.alloc_count == 2);
  CHECK(s.free_count == 1);
  a.reset_accumulated_stats();
  s = a.stats();
  CHECK(s.alloc_count == 0);
  CHECK(s.free_count == 0);
  CHECK(s.allocated == static_cast<int64_t>(1 * MiB));  // current values stay
  a.free(p);
}

TEST_CASE("freeing a pointer the allocator did not hand out is a RuntimeError", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  CachingAllocator a(raw);
  void* p = a.allocate(1 * KiB, 0);
  CHECK_THROWS_AS(a.free(at(p) + 512), RuntimeError);
  CHECK_THROWS_AS(a.record_stream(at(p) + 512, 1), RuntimeError);
  a.free(p);
  CHECK_THROWS_AS(a.free(p), RuntimeError);  // twice
}

TEST_CASE("the destructor returns every segment, live and cached", "[cuda][allocator]") {
  FakeRaw raw(1024 * MiB);
  {
    CachingAllocator a(raw);
    a.allocate(1 * KiB, 0);
    a.free(a.allocate(5 * MiB, 0));
    void* held = a.allocate(12 * MiB, 1);
    a.record_stream(held, 2);
    a.free(held);
    a.allocate(40 * MiB, 2);
    CHECK(raw.segments.size() == 4);
  }
  CHECK(raw.segments.empty());
  CHECK(raw.frees == raw.mallocs);
  CHECK(raw.bad_frees == 0);
}

TEST_CASE("random traffic keeps blocks disjoint, inside segments, and the books balanced",
          "[cuda][allocator]") {
  FakeRaw raw(256 * MiB);
  CachingAllocator a(raw);
  std::mt19937 rng(1234);
  std::map<uintptr_t, size_t> live;  // address -> rounded size
  for (int step = 0; step < 4000; ++step) {
    bool alloc = live.empty() || rng() % 5 < 3;
    if (alloc) {
      size_t n = rng() % 4 == 0 ? 1 + rng() % (12 * MiB) : 1 + rng() % (64 * KiB);
      void* p = nullptr;
      try {
        p = a.allocate(n, rng() % 2);
      } catch (const OutOfMemoryError&) {
        continue;
      }
      size_t size = a.block_size(p);
      REQUIRE(size >= n);
      REQUIRE(raw.inside(p, size));
      auto u = reinterpret_cast<uintptr_t>(p);
      auto next = live.lower_bound(u);
      REQUIRE((next == live.end() || u + size <= next->first));
      REQUIRE((next == live.begin() || std::prev(next)->first + std::prev(next)->second <= u));
      live[u] = size;
      if (rng() % 10 == 0) a.record_stream(p, 5);
    } else {
      auto it = std::next(live.begin(), static_cast<long>(rng() % live.size()));
      a.free(reinterpret_cast<void*>(it->first));
      live.erase(it);
    }
    if (step % 500 == 0) a.release_recorded();
    int64_t total = 0;
    for (auto& [u, size] : live) total += static_cast<int64_t>(size);
    REQUIRE(a.stats().allocated == total);
  }
  for (auto& [u, size] : live) a.free(reinterpret_cast<void*>(u));
  a.release_recorded();
  MemoryStats s = a.stats();
  CHECK(s.allocated == 0);
  CHECK(s.requested == 0);
  CHECK(s.active_blocks == 0);
  CHECK(s.inactive_split_bytes == 0);
  a.empty_cache();
  CHECK(a.stats().reserved == 0);
  CHECK(a.stats().segments == 0);
  CHECK(raw.segments.empty());
  CHECK(raw.bad_frees == 0);
}
