// engine/cuda/caching_allocator.h — PyTorch's CUDA caching allocator, without CUDA.
//
// cudaMalloc and cudaFree are slow and synchronise the device, so freed blocks
// are kept and handed out again. Memory comes from RawMemory in segments;
// a segment is carved into blocks (a doubly linked list in address order) that
// are split on allocation and merged with free neighbours on free. Requests of
// at most 1 MiB share 2 MiB segments (the small pool); larger ones use the
// large pool. A free block is only reused on the stream it was allocated on,
// because that stream's queued kernels may still be using it. Nothing here
// names CUDA: the backend passes a RawMemory over cudaMalloc, tests a fake.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <unordered_map>
#include <vector>

#include "engine/core/accelerator.h"

namespace tsh::cuda {

// The raw memory source: cudaMalloc/cudaFree on a real device, a fake in tests.
class RawMemory {
 public:
  virtual ~RawMemory() = default;
  virtual void* malloc(size_t nbytes) = 0;  // nullptr when the device is out of memory
  virtual void free(void* p) = 0;
  // Device memory figures for the out-of-memory message.
  virtual void mem_info(size_t& free_bytes, size_t& total_bytes) = 0;
};

using StreamId = uintptr_t;  // an opaque stream handle (cudaStream_t as an integer); 0 = the default stream

// Bytes unless said otherwise; "current" and "peak" as torch.cuda.memory_stats.
// The figures torch.cuda.memory_stats reports (engine/core/accelerator.h): allocated and
// requested bytes (rounded and asked-for sizes), reserved bytes (segments held from RawMemory),
// active blocks (handed out, or freed awaiting release_recorded()), segments, retries, OOMs,
// inactive split bytes (free bytes inside segments that also hold allocated blocks), and
// the counts of allocate/free calls that succeeded.
using MemoryStats = AcceleratorMemory;

class CachingAllocator {
 public:
  explicit CachingAllocator(RawMemory& raw, int device_index = 0);
  ~CachingAllocator();  // returns every segment to RawMemory, live blocks included
  CachingAllocator(const CachingAllocator&) = delete;
  CachingAllocator& operator=(const CachingAllocator&) = delete;

  // nbytes 0 -> nullptr. When RawMemory is out of memory: one retry after
  // empty_cache(), then tsh::OutOfMemoryError with PyTorch's message.
  void* allocate(size_t nbytes, StreamId stream);
  // p from allocate; nullptr is ignored; any other pointer is a RuntimeError.
  void free(void* p);
  // The block at p is also used by `stream` (a use on its own stream is
  // ignored). When such a block is freed it is not reused, on any stream,
  // until release_recorded(): tsh synchronises the device and then calls it,
  // in place of PyTorch's per-block CUDA events.
  void record_stream(void* p, StreamId stream);
  void release_recorded();  // blocks freed with recorded streams become free blocks
  // Returns every wholly free segment to RawMemory; blocks awaiting
  // release_recorded() keep their segments.
  void empty_cache();

  MemoryStats stats() const;
  void reset_peak_stats();         // peaks := current values
  void reset_accumulated_stats();  // retries, ooms, alloc/free counts := 0
  size_t block_size(void* p) const;  // the rounded size of the live block at p; 0 if p is not one

 private:
  enum class State { Live, Pending, Free };  // handed out / freed awaiting release_recorded / in a pool

  // Invariants: the blocks of one segment tile it exactly, linked by prev/next
  // in address order; two Free neighbours never coexist (they are merged);
  // a block is in exactly one of live_, pending_ or its pool, as `state` says.
  struct Block {
    StreamId stream = 0;   // the stream it was allocated on; it is reused only there
    size_t size = 0;       // rounded bytes
    size_t requested = 0;  // the caller's bytes while Live
    char* ptr = nullptr;   // an address on the device, never dereferenced here
    bool small = false;    // which pool it belongs to
    State state = State::Free;
    Block* prev = nullptr;
    Block* next = nullptr;
    std::vector<StreamId> stream_uses;  // streams from record_stream
    bool is_split() const { return prev != nullptr || next != nullptr; }
  };
  // (stream, size, address): lower_bound on (stream, size, 0) is the best fit.
  struct BlockLess {
    bool operator()(const Block* a, const Block* b) const;
  };
  using Pool = std::set<Block*, BlockLess>;

  Pool& pool_of(bool small) { return small ? small_pool_ : large_pool_; }
  Block* find_free(size_t size, bool small, StreamId stream);
  Block* new_segment(size_t size, bool small, StreamId stream);
  void pool_insert(Block* b);
  void pool_erase(Block* b);
  void free_block(Block* b);
  void release_free_segments();
  [[noreturn]] void throw_oom(size_t alloc_size);
  void bump_peaks();

  RawMemory& raw_;
  int device_;
  mutable std::mutex mu_;
  Pool small_pool_, large_pool_;
  std::unordered_map<void*, Block*> live_;  // keyed by the address handed out
  std::vector<Block*> pending_;             // freed with recorded streams
  MemoryStats stats_;
};

}  // namespace tsh::cuda
