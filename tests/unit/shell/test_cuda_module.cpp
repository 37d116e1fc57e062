// tests/unit/shell/test_cuda_module.cpp — torch.cuda with a GPU, on a machine without one.
//
// The goldens (tests/golden_cuda/) show what a CUDA build does without a
// driver; what it does with one no transcript here can reach. These tests
// register a fake Accelerator with two devices, so that torch.cuda's own
// logic (device switching, streams and events, memory figures, seeds,
// reprs) runs against a runtime whose answers are known.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

#include "engine/core/accelerator.h"
#include "engine/core/error.h"
#include "engine/core/storage.h"
#include "tests/unit/shell/session_run.h"

using namespace tsh;
using namespace tsh::shell;

namespace {

// Host memory the fake hands out as "pinned".
class FakePinned : public Allocator {
 public:
  void* allocate(int64_t n) override {
    void* p = n ? std::malloc(static_cast<size_t>(n)) : nullptr;
    if (p) blocks.insert(p);
    return p;
  }
  void deallocate(void* p, int64_t) override {
    blocks.erase(p);
    std::free(p);
  }
  void copy_to_host(void* host, const void* src, int64_t n) override { std::memmove(host, src, static_cast<size_t>(n)); }
  void copy_from_host(void* dst, const void* host, int64_t n) override { std::memmove(dst, host, static_cast<size_t>(n)); }
  void copy(void* dst, const void* src, int64_t n) override { std::memmove(dst, src, static_cast<size_t>(n)); }
  void fill(void* dst, uint8_t byte, int64_t n) override { std::memset(dst, byte, static_cast<size_t>(n)); }
  std::set<const void*> blocks;
};

class FakeGpu : public Accelerator {
 public:
  int device_count() override { return 2; }
  void lazy_init() override { started = true; }
  bool initialized() const override { return started; }
  int current_device() override {
    lazy_init();
    return current;
  }
  void set_device(int index) override {
    lazy_init();
    if (index < 0 || index >= 2) throw RuntimeError("CUDA error: invalid device ordinal");
    current = index;
  }
  DeviceProperties properties(int index) override {
    DeviceProperties p;
    p.name = "Fake GPU " + std::to_string(index);
    p.major = 9;
    p.total_memory = int64_t{81559} << 20;
    p.multi_processor_count = 132;
    p.uuid = "01234567-89ab-cdef-0123-456789abcdef";
    p.l2_cache_size = 50 << 20;
    p.pci_bus_id = 24 + index;
    p.warp_size = 32;
    return p;
  }
  void synchronize(int index) override { log += "sync" + std::to_string(index) + " "; }
  StreamHandle create_stream(int device, int priority) override {
    log += "stream" + std::to_string(device) + "p" + std::to_string(priority) + " ";
    return next_stream++;
  }
  StreamHandle current_stream(int device) override { return streams[device]; }
  void set_current_stream(int device, StreamHandle s) override { streams[device] = s; }
  void stream_synchronize(int, StreamHandle) override {}
  bool stream_query(int, StreamHandle) override { return true; }
  void stream_wait_event(int, StreamHandle s, EventHandle e) override {
    log += "wait" + std::to_string(s) + "/" + std::to_string(e) + " ";
  }
  EventHandle create_event(int device, bool timing, bool) override {
    log += std::string("event") + std::to_string(device) + (timing ? "t" : "") + " ";
    return next_event++;
  }
  void destroy_event(int, EventHandle) override {}
  void record_event(int, EventHandle e, StreamHandle) override { recorded[e] = ++clock; }
  void event_synchronize(int, EventHandle) override {}
  bool event_query(int, EventHandle) override { return true; }
  float elapsed_ms(int, EventHandle start, EventHandle end) override {
    return static_cast<float>(recorded[end] - recorded[start]) * 1.5f;
  }
  AcceleratorMemory memory(int device) override {
    AcceleratorMemory m;
    m.allocated = 512 * (device + 1);
    m.allocated_peak = 4096;
    m.requested = 500;
    m.requested_peak = 4000;
    m.reserved = 2 << 20;
    m.reserved_peak = 4 << 20;
    m.active_blocks = 3;
    m.segments = 1;
    m.alloc_count = 7;
    m.free_count = 4;
    return m;
  }
  void reset_peak_memory(int device) override { log += "peak" + std::to_string(device) + " "; }
  void reset_accumulated_memory(int device) override { log += "accumulated" + std::to_string(device) + " "; }
  void empty_cache() override { log += "empty "; }
  void mem_get_info(int device, int64_t& free_bytes, int64_t& total_bytes) override {
    free_bytes = 1000 + device;
    total_bytes = 4000;
  }
  Allocator* pinned_allocator() override { return &pinned; }
  bool is_pinned(const void* host) override { return pinned.blocks.count(host) > 0; }
  void set_allow_tf32(bool allow) override { tf32 = allow; }
  bool allow_tf32() const override { return tf32; }

  bool started = false;
  int current = 0;
  std::map<int, StreamHandle> streams;
  StreamHandle next_stream = 0x100;
  EventHandle next_event = 0xe0;
  std::map<EventHandle, int> recorded;
  int clock = 0;
  bool tf32 = false;
  std::string log;
  FakePinned pinned;
};

// Registers a fake for the life of the object, then puts the build's runtime back.
struct WithFakeGpu {
  Accelerator* saved = accelerator();
  FakeGpu gpu;
  WithFakeGpu() { register_accelerator(&gpu); }
  ~WithFakeGpu() { register_accelerator(saved); }
};

std::string transcript(const std::vector<std::string>& lines) { return testing::session_output(lines, true); }

}  // namespace

TEST_CASE("torch.cuda reports the runtime's devices and switches between them", "[cuda]") {
  if (!accelerator()) return;  // a build without CUDA has the no-GPU torch.cuda (tests/golden_nocuda)
  WithFakeGpu fake;
  CHECK(transcript({"torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.is_initialized()",
                    "torch.cuda.current_device()",
                    "torch.cuda.is_initialized()",
                    "torch.cuda.get_device_name(1)",
                    "torch.cuda.get_device_capability()",
                    "torch.cuda.get_device_properties('cuda:1')",
                    "p = torch.cuda.get_device_properties()",
                    "p.total_memory, p.multi_processor_count, p.L2_cache_size",
                    "p.warp_size, p.pci_bus_id", "p.clock_rate",
                    "torch.cuda.get_device_properties(2)",
                    "torch.cuda.set_device(1)",
                    "torch.cuda.current_device()",
                    "with torch.cuda.device(0) as d:",
                    "    print(torch.cuda.current_device(), d)",
                    "",
                    "torch.cuda.current_device()",
                    "c = torch.cuda.device('cuda')",
                    "c.idx",
                    "with c:",
                    "    torch.cuda.set_device(0)",
                    "",
                    "c.idx, torch.cuda.current_device()",
                    "torch.cuda.synchronize(0)",
                    "torch.cuda.current_device()",
                    "torch.cuda.set_device(5)"}) ==
        ">>> torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.is_initialized()\n"
        "(True, 2, False)\n"
        ">>> torch.cuda.current_device()\n"
        "0\n"
        ">>> torch.cuda.is_initialized()\n"
        "True\n"
        ">>> torch.cuda.get_device_name(1)\n"
        "'Fake GPU 1'\n"
        ">>> torch.cuda.get_device_capability()\n"
        "(9, 0)\n"
        ">>> torch.cuda.get_device_properties('cuda:1')\n"
        "_CudaDeviceProperties(name='Fake GPU 1', major=9, minor=0, total_memory=81559MB, multi_processor_count=132, "
        "uuid=01234567-89ab-cdef-0123-456789abcdef, pci_bus_id=25, pci_device_id=0, pci_domain_id=0, "
        "L2_cache_size=50MB)\n"
        ">>> p = torch.cuda.get_device_properties()\n"
        ">>> p.total_memory, p.multi_processor_count, p.L2_cache_size\n"
        "(85520809984, 132, 52428800)\n"
        ">>> p.warp_size, p.pci_bus_id\n"
        "(32, 24)\n"
        ">>> p.clock_rate\n"
        "NotImplementedError: _CudaDeviceProperties.clock_rate: tsh does not read this property of the device\n"
        ">>> torch.cuda.get_device_properties(2)\n"
        "AssertionError: Invalid device id\n"
        ">>> torch.cuda.set_device(1)\n"
        ">>> torch.cuda.current_device()\n"
        "1\n"
        ">>> with torch.cuda.device(0) as d:\n"
        "...     print(torch.cuda.current_device(), d)\n"
        "...\n"
        "0 None\n"
        ">>> torch.cuda.current_device()\n"
        "1\n"
        ">>> c = torch.cuda.device('cuda')\n"
        ">>> c.idx\n"
        "1\n"
        ">>> with c:\n"
        "...     torch.cuda.set_device(0)\n"
        "...\n"
        ">>> c.idx, torch.cuda.current_device()\n"
        "(0, 1)\n"
        ">>> torch.cuda.synchronize(0)\n"
        ">>> torch.cuda.current_device()\n"
        "1\n"
        ">>> torch.cuda.set_device(5)\n"
        "RuntimeError: CUDA error: invalid device ordinal\n");
  CHECK(fake.gpu.log == "sync0 ");
}

TEST_CASE("torch.cuda streams and events follow the runtime's handles", "[cuda]") {
  if (!accelerator()) return;
  WithFakeGpu fake;
  CHECK(transcript({"torch.cuda.current_stream()",
                    "torch.cuda.default_stream(1)",
                    "s = torch.cuda.Stream(priority=-1)",
                    "s, s.device, s.cuda_stream",
                    "s == torch.cuda.current_stream(), s == s, torch.cuda.default_stream() == torch.cuda.current_stream()",
                    "with torch.cuda.stream(s):",
                    "    print(torch.cuda.current_stream())",
                    "",
                    "torch.cuda.current_stream()",
                    "s1 = torch.cuda.Stream(1)",
                    "with torch.cuda.stream(s1):",
                    "    print(torch.cuda.current_device(), torch.cuda.current_stream())",
                    "",
                    "torch.cuda.current_device(), torch.cuda.current_stream(1)",
                    "e = torch.cuda.Event(enable_timing=True)",
                    "e, e.query(), e.device",
                    "e.record(s)",
                    "e, e.cuda_event, e.device",
                    "e.record(s1)",
                    "f = s.record_event(torch.cuda.Event(enable_timing=True))",
                    "e.elapsed_time(f)",
                    "s.wait_event(e)",
                    "s.wait_stream(torch.cuda.default_stream())",
                    "s.query(), s.synchronize(), e.synchronize()",
                    "torch.cuda.Event(interprocess=True).record()",
                    "torch.cuda.current_stream(5)",
                    "s.priority"}) ==
        ">>> torch.cuda.current_stream()\n"
        "<torch.cuda.Stream device=cuda:0 cuda_stream=0x0>\n"
        ">>> torch.cuda.default_stream(1)\n"
        "<torch.cuda.Stream device=cuda:1 cuda_stream=0x0>\n"
        ">>> s = torch.cuda.Stream(priority=-1)\n"
        ">>> s, s.device, s.cuda_stream\n"
        "(<torch.cuda.Stream device=cuda:0 cuda_stream=0x100>, device(type='cuda', index=0), 256)\n"
        ">>> s == torch.cuda.current_stream(), s == s, torch.cuda.default_stream() == torch.cuda.current_stream()\n"
        "(False, True, True)\n"
        ">>> with torch.cuda.stream(s):\n"
        "...     print(torch.cuda.current_stream())\n"
        "...\n"
        "<torch.cuda.Stream device=cuda:0 cuda_stream=0x100>\n"
        ">>> torch.cuda.current_stream()\n"
        "<torch.cuda.Stream device=cuda:0 cuda_stream=0x0>\n"
        ">>> s1 = torch.cuda.Stream(1)\n"
        ">>> with torch.cuda.stream(s1):\n"
        "...     print(torch.cuda.current_device(), torch.cuda.current_stream())\n"
        "...\n"
        "1 <torch.cuda.Stream device=cuda:1 cuda_stream=0x101>\n"
        ">>> torch.cuda.current_device(), torch.cuda.current_stream(1)\n"
        "(0, <torch.cuda.Stream device=cuda:1 cuda_stream=0x0>)\n"
        ">>> e = torch.cuda.Event(enable_timing=True)\n"
        ">>> e, e.query(), e.device\n"
        "(<torch.cuda.Event uninitialized>, True, None)\n"
        ">>> e.record(s)\n"
        ">>> e, e.cuda_event, e.device\n"
        "(<torch.cuda.Event 0xe0>, 224, device(type='cuda', index=0))\n"
        ">>> e.record(s1)\n"
        "RuntimeError: Event device index 0 does not match recording stream's device index 1.\n"
        ">>> f = s.record_event(torch.cuda.Event(enable_timing=True))\n"
        ">>> e.elapsed_time(f)\n"
        "1.5\n"
        ">>> s.wait_event(e)\n"
        ">>> s.wait_stream(torch.cuda.default_stream())\n"
        ">>> s.query(), s.synchronize(), e.synchronize()\n"
        "(True, None, None)\n"
        ">>> torch.cuda.Event(interprocess=True).record()\n"
        "NotImplementedError: torch.cuda.Event(interprocess=True): tsh cannot share events between processes\n"
        ">>> torch.cuda.current_stream(5)\n"
        "RuntimeError: Device index value 5 is out of index range [0, 2)\n"
        ">>> s.priority\n"
        "NotImplementedError: Stream.priority: tsh's runtime interface does not report it\n");
  CHECK(fake.gpu.log == "stream0p-1 stream1p0 event0t event0t wait256/224 event0 wait256/226 ");
}

TEST_CASE("torch.cuda memory figures, seeds and matmul settings come from the runtime", "[cuda]") {
  if (!accelerator()) return;
  WithFakeGpu fake;
  CHECK(transcript({"torch.cuda.manual_seed(7)",
                    "torch.cuda.memory_stats(), torch.cuda.memory_allocated()",
                    "torch.cuda.initial_seed()",
                    "torch.cuda.memory_stats()",
                    "torch.cuda.memory_allocated(1), torch.cuda.max_memory_allocated(), torch.cuda.memory_reserved(), "
                    "torch.cuda.max_memory_reserved()",
                    "torch.cuda.reset_peak_memory_stats(1)",
                    "torch.cuda.reset_accumulated_memory_stats()",
                    "torch.cuda.reset_peak_memory_stats(2)",
                    "torch.cuda.empty_cache()",
                    "torch.cuda.mem_get_info(1)",
                    "torch.cuda.memory_summary()",
                    "torch.cuda.manual_seed_all(11)",
                    "torch.cuda.set_device(1)",
                    "torch.cuda.initial_seed()",
                    "torch.manual_seed(12) is torch.default_generator",
                    "torch.cuda.initial_seed()",
                    "torch.backends.cuda.matmul.allow_tf32 = True",
                    "torch.backends.cuda.matmul.allow_tf32",
                    "torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction"}) ==
        ">>> torch.cuda.manual_seed(7)\n"
        ">>> torch.cuda.memory_stats(), torch.cuda.memory_allocated()\n"
        "(OrderedDict(), 0)\n"
        ">>> torch.cuda.initial_seed()\n"
        "7\n"
        ">>> torch.cuda.memory_stats()\n"
        "OrderedDict([('active.all.current', 3), ('allocated_bytes.all.current', 512), ('allocated_bytes.all.peak', 4096), "
        "('allocation.all.allocated', 7), ('allocation.all.freed', 4), ('inactive_split_bytes.all.current', 0), "
        "('num_alloc_retries', 0), ('num_ooms', 0), ('requested_bytes.all.current', 500), "
        "('requested_bytes.all.peak', 4000), ('reserved_bytes.all.current', 2097152), "
        "('reserved_bytes.all.peak', 4194304), ('segment.all.current', 1)])\n"
        ">>> torch.cuda.memory_allocated(1), torch.cuda.max_memory_allocated(), torch.cuda.memory_reserved(), "
        "torch.cuda.max_memory_reserved()\n"
        "(1024, 4096, 2097152, 4194304)\n"
        ">>> torch.cuda.reset_peak_memory_stats(1)\n"
        ">>> torch.cuda.reset_accumulated_memory_stats()\n"
        ">>> torch.cuda.reset_peak_memory_stats(2)\n"
        "RuntimeError: Invalid device argument \x02: did you call init?\n"
        ">>> torch.cuda.empty_cache()\n"
        ">>> torch.cuda.mem_get_info(1)\n"
        "(1001, 4000)\n"
        ">>> torch.cuda.memory_summary()\n"
        "NotImplementedError: torch.cuda.memory_summary: tsh's allocator does not keep the per-pool and cumulative "
        "figures PyTorch's table shows; torch.cuda.memory_stats() has the ones it keeps\n"
        ">>> torch.cuda.manual_seed_all(11)\n"
        ">>> torch.cuda.set_device(1)\n"
        ">>> torch.cuda.initial_seed()\n"
        "11\n"
        ">>> torch.manual_seed(12) is torch.default_generator\n"
        "True\n"
        ">>> torch.cuda.initial_seed()\n"
        "12\n"
        ">>> torch.backends.cuda.matmul.allow_tf32 = True\n"
        ">>> torch.backends.cuda.matmul.allow_tf32\n"
        "True\n"
        ">>> torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction\n"
        "NotImplementedError: torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction: tsh's CUDA matmuls "
        "do not have this setting\n");
  CHECK(fake.gpu.log == "peak1 accumulated0 empty ");
  CHECK(fake.gpu.tf32);
}

TEST_CASE("pin_memory copies a CPU tensor into the runtime's page-locked memory", "[cuda]") {
  if (!accelerator()) return;
  WithFakeGpu fake;
  CHECK(transcript({"t = torch.arange(6.).reshape(2, 3).t()",
                    "p = t.pin_memory()",
                    "p, p.is_pinned(), t.is_pinned(), p.stride()",
                    "p.pin_memory() is p",
                    "z = torch.zeros(2, pin_memory=True)",
                    "z, z.is_pinned()",
                    "torch.tensor([1, 2], pin_memory=True).is_pinned()",
                    "t.pin_memory('cpu')"}) ==
        ">>> t = torch.arange(6.).reshape(2, 3).t()\n"
        ">>> p = t.pin_memory()\n"
        ">>> p, p.is_pinned(), t.is_pinned(), p.stride()\n"
        "(tensor([[0., 3.],\n"
        "        [1., 4.],\n"
        "        [2., 5.]]), True, False, (1, 3))\n"
        ">>> p.pin_memory() is p\n"
        "True\n"
        ">>> z = torch.zeros(2, pin_memory=True)\n"
        ">>> z, z.is_pinned()\n"
        "(tensor([0., 0.]), True)\n"
        ">>> torch.tensor([1, 2], pin_memory=True).is_pinned()\n"
        "True\n"
        ">>> t.pin_memory('cpu')\n"
        "DeprecationWarning: The argument 'device' of Tensor.pin_memory() is deprecated. Please do not pass this argument.\n"
        "RuntimeError: CPU device type not an accelerator.\n");
}
