// engine/cuda/caching_allocator.cpp — best-fit blocks carved from cached segments.
//
// The sizes and thresholds are PyTorch 2.x's defaults (max_split_size
// unlimited, no expandable segments, no garbage collection threshold), so
// memory_allocated(), memory_reserved() and the out-of-memory message agree
// with PyTorch's for the same sequence of requests.
#include "engine/cuda/caching_allocator.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/core/error.h"

namespace tsh::cuda {

namespace {

constexpr size_t kMinBlockSize = 512;            // every size rounds up to a multiple of this
constexpr size_t kSmallSize = 1 << 20;           // requests up to 1 MiB use the small pool
constexpr size_t kSmallBuffer = 2 << 20;         // small-pool segments are 2 MiB
constexpr size_t kLargeBuffer = 20 << 20;        // requests under 10 MiB share 20 MiB segments
constexpr size_t kMinLargeAlloc = 10 << 20;
constexpr size_t kRoundLarge = 2 << 20;          // bigger segments round up to 2 MiB
constexpr size_t kMaxRequest = size_t{1} << 60;  // beyond this rounding could overflow: never satisfied

size_t round_up(size_t n, size_t m) { return n > kMaxRequest ? n : (n + m - 1) / m * m; }

size_t round_size(size_t n) { return n < kMinBlockSize ? kMinBlockSize : round_up(n, kMinBlockSize); }

// How much to ask RawMemory for when no cached block fits `size`.
size_t segment_size(size_t size) {
  if (size <= kSmallSize) return kSmallBuffer;
  if (size < kMinLargeAlloc) return kLargeBuffer;
  return round_up(size, kRoundLarge);
}

// A remainder too small to be worth a block stays inside the allocated one.
bool should_split(size_t remaining, bool small) {
  return small ? remaining >= kMinBlockSize : remaining > kSmallSize;
}

// PyTorch's format_size: note the inclusive bounds (1024 is "1024 bytes").
std::string format_size(uint64_t n) {
  char buf[64];
  if (n <= 1024) std::snprintf(buf, sizeof buf, "%llu bytes", static_cast<unsigned long long>(n));
  else if (n <= (1ull << 20)) std::snprintf(buf, sizeof buf, "%.2f KiB", n / 1024.0);
  else if (n <= (1ull << 30)) std::snprintf(buf, sizeof buf, "%.2f MiB", n / 1048576.0);
  else std::snprintf(buf, sizeof buf, "%.2f GiB", n / 1073741824.0);
  return buf;
}

std::string format_ptr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

}  // namespace

bool CachingAllocator::BlockLess::operator()(const Block* a, const Block* b) const {
  if (a->stream != b->stream) return a->stream < b->stream;
  if (a->size != b->size) return a->size < b->size;
  return reinterpret_cast<uintptr_t>(a->ptr) < reinterpret_cast<uintptr_t>(b->ptr);
}

CachingAllocator::CachingAllocator(RawMemory& raw, int device_index) : raw_(raw), device_(device_index) {}

CachingAllocator::~CachingAllocator() {
  std::vector<Block*> all(small_pool_.begin(), small_pool_.end());
  all.insert(all.end(), large_pool_.begin(), large_pool_.end());
  all.insert(all.end(), pending_.begin(), pending_.end());
  for (auto& [p, b] : live_) all.push_back(b);
  // A segment's first block has no prev and carries the address RawMemory gave.
  for (Block* b : all)
    if (!b->prev) raw_.free(b->ptr);
  for (Block* b : all) delete b;
}

// inactive_split_bytes counts free blocks that share their segment. A free
// block's neighbours only change while it is out of its pool (merge, split),
// so counting on insert and uncounting on erase stays balanced.
void CachingAllocator::pool_insert(Block* b) {
  b->state = State::Free;
  pool_of(b->small).insert(b);
  if (b->is_split()) stats_.inactive_split_bytes += static_cast<int64_t>(b->size);
}

void CachingAllocator::pool_erase(Block* b) {
  pool_of(b->small).erase(b);
  if (b->is_split()) stats_.inactive_split_bytes -= static_cast<int64_t>(b->size);
}

// The smallest free block on `stream` of at least `size` bytes, taken out of its pool.
CachingAllocator::Block* CachingAllocator::find_free(size_t size, bool small, StreamId stream) {
  Pool& pool = pool_of(small);
  Block key;
  key.stream = stream;
  key.size = size;
  auto it = pool.lower_bound(&key);
  if (it == pool.end() || (*it)->stream != stream) return nullptr;
  Block* b = *it;
  pool_erase(b);
  return b;
}

// A fresh segment as one block (in no pool yet), or nullptr when RawMemory has no room.
CachingAllocator::Block* CachingAllocator::new_segment(size_t size, bool small, StreamId stream) {
  void* p = size > kMaxRequest ? nullptr : raw_.malloc(size);
  if (!p) return nullptr;
  Block* b = new Block;
  b->stream = stream;
  b->size = size;
  b->ptr = static_cast<char*>(p);
  b->small = small;
  stats_.reserved += static_cast<int64_t>(size);
  stats_.segments += 1;
  return b;
}

void* CachingAllocator::allocate(size_t nbytes, StreamId stream) {
  if (nbytes == 0) return nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  size_t size = round_size(nbytes);
  bool small = size <= kSmallSize;
  Block* b = find_free(size, small, stream);
  if (!b) {
    size_t seg = segment_size(size);
    b = new_segment(seg, small, stream);
    if (!b) {
      // Cached segments may be what fills the device: give them back, try once more.
      stats_.alloc_retries += 1;
      release_free_segments();
      b = new_segment(seg, small, stream);
    }
    if (!b) {
      stats_.ooms += 1;
      throw_oom(seg);
    }
  }
  if (should_split(b->size - size, small)) {
    // The front goes to the caller; the rest becomes a free block right after it.
    Block* rest = new Block;
    rest->stream = stream;
    rest->size = b->size - size;
    rest->ptr = b->ptr + size;
    rest->small = small;
    rest->prev = b;
    rest->next = b->next;
    if (b->next) b->next->prev = rest;
    b->next = rest;
    b->size = size;
    pool_insert(rest);
  }
  b->state = State::Live;
  b->requested = nbytes;
  live_[b->ptr] = b;
  stats_.allocated += static_cast<int64_t>(b->size);
  stats_.requested += static_cast<int64_t>(nbytes);
  stats_.active_blocks += 1;
  stats_.alloc_count += 1;
  bump_peaks();
  return b->ptr;
}

void CachingAllocator::free(void* p) {
  if (!p) return;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(p);
  TSH_CHECK(it != live_.end(), RuntimeError, "invalid device pointer: " + format_ptr(p));
  Block* b = it->second;
  live_.erase(it);
  stats_.allocated -= static_cast<int64_t>(b->size);
  stats_.requested -= static_cast<int64_t>(b->requested);
  stats_.free_count += 1;
  b->requested = 0;
  if (b->stream_uses.empty()) {
    free_block(b);
  } else {
    // Another stream may still be using it: wait for release_recorded().
    b->state = State::Pending;
    pending_.push_back(b);
  }
}

// Merges b with its free neighbours and puts the result in its pool.
void CachingAllocator::free_block(Block* b) {
  if (Block* prev = b->prev; prev && prev->state == State::Free) {
    pool_erase(prev);
    b->ptr = prev->ptr;
    b->size += prev->size;
    b->prev = prev->prev;
    if (b->prev) b->prev->next = b;
    delete prev;
  }
  if (Block* next = b->next; next && next->state == State::Free) {
    pool_erase(next);
    b->size += next->size;
    b->next = next->next;
    if (b->next) b->next->prev = b;
    delete next;
  }
  pool_insert(b);
  stats_.active_blocks -= 1;
}

void CachingAllocator::record_stream(void* p, StreamId stream) {
  if (!p) return;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(p);
  TSH_CHECK(it != live_.end(), RuntimeError, "No allocated block can be found");
  Block* b = it->second;
  // Work on the allocation stream is ordered with its later reuse already.
  if (stream == b->stream) return;
  if (std::find(b->stream_uses.begin(), b->stream_uses.end(), stream) == b->stream_uses.end())
    b->stream_uses.push_back(stream);
}

void CachingAllocator::release_recorded() {
  std::lock_guard<std::mutex> lock(mu_);
  for (Block* b : pending_) {
    b->stream_uses.clear();
    free_block(b);
  }
  pending_.clear();
}

// Only a block that is its whole segment can go back: RawMemory frees segments.
void CachingAllocator::release_free_segments() {
  for (Pool* pool : {&small_pool_, &large_pool_}) {
    for (auto it = pool->begin(); it != pool->end();) {
      Block* b = *it;
      if (b->is_split()) {
        ++it;
        continue;
      }
      it = pool->erase(it);
      raw_.free(b->ptr);
      stats_.reserved -= static_cast<int64_t>(b->size);
      stats_.segments -= 1;
      delete b;
    }
  }
}

void CachingAllocator::empty_cache() {
  std::lock_guard<std::mutex> lock(mu_);
  release_free_segments();
}

// PyTorch reports the segment size it tried to get, not the caller's request.
void CachingAllocator::throw_oom(size_t alloc_size) {
  size_t free_bytes = 0, total_bytes = 0;
  raw_.mem_info(free_bytes, total_bytes);
  auto allocated = static_cast<uint64_t>(stats_.allocated);
  auto unallocated = static_cast<uint64_t>(stats_.reserved - stats_.allocated);
  throw OutOfMemoryError(
      "CUDA out of memory. Tried to allocate " + format_size(alloc_size) + ". GPU " + std::to_string(device_) +
      " has a total capacity of " + format_size(total_bytes) + " of which " + format_size(free_bytes) +
      " is free. Of the allocated memory " + format_size(allocated) + " is allocated by PyTorch, and " +
      format_size(unallocated) +
      " is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting"
      " PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for"
      " Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)");
}

void CachingAllocator::bump_peaks() {
  stats_.allocated_peak = std::max(stats_.allocated_peak, stats_.allocated);
  stats_.requested_peak = std::max(stats_.requested_peak, stats_.requested);
  stats_.reserved_peak = std::max(stats_.reserved_peak, stats_.reserved);
}

MemoryStats CachingAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

void CachingAllocator::reset_peak_stats() {
  std::lock_guard<std::mutex> lock(mu_);
  stats_.allocated_peak = stats_.allocated;
  stats_.requested_peak = stats_.requested;
  stats_.reserved_peak = stats_.reserved;
}

void CachingAllocator::reset_accumulated_stats() {
  std::lock_guard<std::mutex> lock(mu_);
  stats_.alloc_retries = 0;
  stats_.ooms = 0;
  stats_.alloc_count = 0;
  stats_.free_count = 0;
}

size_t CachingAllocator::block_size(void* p) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(p);
  return it == live_.end() ? 0 : it->second->size;
}

}  // namespace tsh::cuda
