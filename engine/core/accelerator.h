// engine/core/accelerator.h — what the shell may ask of a GPU runtime: devices, streams, events, memory.
//
// The torch.cuda module talks to this interface, never to a backend: a build
// with the CUDA backend registers one at start-up (engine/cuda/runtime.cpp),
// a build without it registers nothing and torch.cuda answers "Torch not
// compiled with CUDA enabled". Streams and events are opaque handles
// (cudaStream_t, cudaEvent_t as integers); stream 0 is a device's default
// stream. Every method that needs the driver initialises it first and throws
// PyTorch's message when there is none ("Found no NVIDIA driver ...").
#pragma once

#include <cstdint>
#include <string>

namespace tsh {

class Allocator;

struct DeviceProperties {
  std::string name;
  int major = 0, minor = 0;  // compute capability
  int64_t total_memory = 0;  // bytes
  int multi_processor_count = 0;
  std::string uuid;          // "8-4-4-4-12" hex, as PyTorch prints it
  int l2_cache_size = 0;     // bytes
  int pci_bus_id = 0, pci_device_id = 0, pci_domain_id = 0;
  int warp_size = 0, max_threads_per_block = 0, max_threads_per_multi_processor = 0;
  int regs_per_multiprocessor = 0, memory_bus_width = 0;  // registers; bits
  int64_t shared_memory_per_block = 0, shared_memory_per_block_optin = 0, shared_memory_per_multiprocessor = 0;
  bool is_integrated = false, is_multi_gpu_board = false;
};

// Figures of one device's caching allocator, as torch.cuda.memory_stats names them.
struct AcceleratorMemory {
  int64_t allocated = 0, allocated_peak = 0;
  int64_t requested = 0, requested_peak = 0;
  int64_t reserved = 0, reserved_peak = 0;
  int64_t active_blocks = 0, segments = 0;
  int64_t alloc_retries = 0, ooms = 0;
  int64_t inactive_split_bytes = 0;
  int64_t alloc_count = 0, free_count = 0;
};

using StreamHandle = uintptr_t;
using EventHandle = uintptr_t;

class Accelerator {
 public:
  virtual ~Accelerator() = default;

  // How many devices; 0 without a driver or a device. Never throws.
  virtual int device_count() = 0;
  // Initialises the driver once; throws RuntimeError with PyTorch's message when it cannot.
  virtual void lazy_init() = 0;
  virtual bool initialized() const = 0;
  virtual int current_device() = 0;
  virtual void set_device(int index) = 0;  // throws for an index out of range
  virtual DeviceProperties properties(int index) = 0;
  virtual void synchronize(int index) = 0;  // waits for every stream of the device

  // Streams: created once and kept for the life of the process, as PyTorch's pool does.
  virtual StreamHandle create_stream(int device, int priority) = 0;
  virtual StreamHandle current_stream(int device) = 0;
  virtual void set_current_stream(int device, StreamHandle s) = 0;
  virtual void stream_synchronize(int device, StreamHandle s) = 0;
  virtual bool stream_query(int device, StreamHandle s) = 0;  // true when all its work is done
  virtual void stream_wait_event(int device, StreamHandle s, EventHandle e) = 0;

  // Events: created on first record, as PyTorch does.
  virtual EventHandle create_event(int device, bool enable_timing, bool blocking) = 0;
  virtual void destroy_event(int device, EventHandle e) = 0;
  virtual void record_event(int device, EventHandle e, StreamHandle s) = 0;
  virtual void event_synchronize(int device, EventHandle e) = 0;
  virtual bool event_query(int device, EventHandle e) = 0;
  // Milliseconds between two recorded, completed timing events; throws PyTorch's CUDA error otherwise.
  virtual float elapsed_ms(int device, EventHandle start, EventHandle end) = 0;

  // The caching allocator's figures (zeros before the device is used; never initialises it).
  virtual AcceleratorMemory memory(int device) = 0;
  virtual void reset_peak_memory(int device) = 0;
  virtual void reset_accumulated_memory(int device) = 0;
  virtual void empty_cache() = 0;
  // Free and total device memory in bytes (initialises the driver).
  virtual void mem_get_info(int device, int64_t& free_bytes, int64_t& total_bytes) = 0;

  // Page-locked host memory for pin_memory(): a CPU allocator whose blocks the device reads directly.
  virtual Allocator* pinned_allocator() = 0;
  virtual bool is_pinned(const void* host) = 0;

  // Whether matmuls may use TF32 (torch.backends.cuda.matmul.allow_tf32; false by default, as PyTorch).
  virtual void set_allow_tf32(bool allow) = 0;
  virtual bool allow_tf32() const = 0;
};

// The registered runtime, or null in a build without a GPU backend.
Accelerator* accelerator();
void register_accelerator(Accelerator* a);

// Waits for every device the session has started (nothing when none has): the
// timers call it around each measurement so that GPU timings are true.
void synchronize_started_devices();

}  // namespace tsh
