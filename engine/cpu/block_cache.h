// engine/cpu/block_cache.h — large host blocks that stay mapped between tensors.
//
// A fresh 64 MB result costs more in page faults (the kernel zeroing every
// page on first touch) than the arithmetic that fills it: `a + b` on 2^24
// floats spent 90% of its time faulting. Blocks of at least kMinBytes are
// therefore mapped directly (from 2 MiB up rounded to 2 MiB, aligned to 2 MiB
// and offered to transparent huge pages; smaller ones rounded to 64 KiB), and
// a freed block is kept, pages and all, for
// the next request of about its size (at most 1/8 larger). The cache holds at
// most `limit` bytes: freeing past it unmaps the least recently freed blocks
// first; a failed mapping empties the cache and tries once more; release()
// gives everything back (%reset, torch's memory pressure).
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <unordered_map>

namespace tsh::cpu {

class BlockCache {
 public:
  static constexpr size_t kMinBytes = size_t{256} << 10;  // smaller blocks come from malloc
  static constexpr size_t kGranule = size_t{2} << 20;     // one huge page
  static constexpr size_t kSmallGranule = size_t{64} << 10;

  explicit BlockCache(size_t limit) : limit_(limit) {}
  ~BlockCache() { release(); }

  // A block of at least n bytes (n >= kMinBytes), or null when the system has none.
  void* take(size_t n);
  // Returns a block take() gave, to be kept or unmapped.
  void give(void* p);
  // Unmaps every kept block.
  void release();

  size_t cached_bytes() const;
  size_t limit() const { return limit_; }
  void set_limit(size_t limit);

  static size_t rounded(size_t n) {
    const size_t g = n >= kGranule ? kGranule : kSmallGranule;
    return (n + g - 1) / g * g;
  }

 private:
  struct Block {
    void* p;
    size_t bytes;
  };
  void trim_to(size_t bytes);  // with mu_ held

  mutable std::mutex mu_;
  std::list<Block> kept_;  // least recently freed first
  std::unordered_map<void*, size_t> out_;  // blocks handed out, with their mapped sizes
  size_t cached_ = 0;
  size_t limit_;
};

}  // namespace tsh::cpu
