// engine/cpu/block_cache.cpp — see block_cache.h.
#include "engine/cpu/block_cache.h"

#include <sys/mman.h>

#include <cstdint>

namespace tsh::cpu {

namespace {

// bytes (rounded()) of fresh zero pages, from 2 MiB up at a 2 MiB boundary, or null.
void* map_block(size_t bytes) {
  if (bytes < BlockCache::kGranule) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? nullptr : p;
  }
  const size_t g = BlockCache::kGranule;
  void* raw = mmap(nullptr, bytes + g, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + g - 1) / g * g;
  if (aligned > start) munmap(raw, aligned - start);
  const uintptr_t end = start + bytes + g;
  if (end > aligned + bytes) munmap(reinterpret_cast<void*>(aligned + bytes), end - (aligned + bytes));
  void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);  // 2 MiB pages: one fault where there were 512
#endif
  return p;
}

}  // namespace

void* BlockCache::take(size_t n) {
  const size_t want = rounded(n);
  {
    std::lock_guard<std::mutex> lock(mu_);
    // The smallest kept block that fits with at most 1/8 to spare; the most recently freed among equals.
    auto best = kept_.end();
    for (auto it = kept_.begin(); it != kept_.end(); ++it)
      if (it->bytes >= want && it->bytes <= want + want / 8 && (best == kept_.end() || it->bytes <= best->bytes))
        best = it;
    if (best != kept_.end()) {
      void* p = best->p;
      cached_ -= best->bytes;
      out_[p] = best->bytes;
      kept_.erase(best);
      return p;
    }
  }
  void* p = map_block(want);
  if (!p) {
    release();  // memory is short: give back what is kept and try once more
    p = map_block(want);
  }
  if (p) {
    std::lock_guard<std::mutex> lock(mu_);
    out_[p] = want;
  }
  return p;
}

void BlockCache::give(void* p) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = out_.find(p);
  const size_t bytes = it->second;
  out_.erase(it);
  if (bytes > limit_) {
    munmap(p, bytes);
    return;
  }
  trim_to(limit_ - bytes);
  kept_.push_back({p, bytes});
  cached_ += bytes;
}

void BlockCache::release() {
  std::lock_guard<std::mutex> lock(mu_);
  trim_to(0);
}

size_t BlockCache::cached_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return cached_;
}

void BlockCache::set_limit(size_t limit) {
  std::lock_guard<std::mutex> lock(mu_);
  limit_ = limit;
  trim_to(limit);
}

void BlockCache::trim_to(size_t bytes) {
  while (cached_ > bytes && !kept_.empty()) {
    munmap(kept_.front().p, kept_.front().bytes);
    cached_ -= kept_.front().bytes;
    kept_.pop_front();
  }
}

}  // namespace tsh::cpu
