// tests/fuzz/fuzz_files.cpp — libFuzzer target for the file readers: numpy.load (.npy) and
// numpy.loadtxt (text, whitespace and comma separated) on any bytes. Each input is written to a
// file in the current folder and read back through a session, whose errors are the readers' own
// messages; nothing may crash, trip a sanitizer, or allocate more than the file describes.
//
// Build as fuzz_session (tests/fuzz/fuzz_session.cpp says how), target fuzz_files; run from an
// empty scratch folder with the .npy fixtures as seeds:
//   ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=256:detect_leaks=0 \
//     build-fuzz/tests/fuzz_files -max_len=4096 -timeout=20 CORPUS tests/fixtures/npy
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/interrupt.h"
#include "shell/session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  for (const char* name : {"fuzz_input.npy", "fuzz_input.txt"}) {
    std::ofstream f(name, std::ios::binary);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  tsh::clear_interrupt();
  tsh::shell::Session session(tsh::shell::Output{[](std::string_view) {}, [](std::string_view) {}});
  tsh::shell::VectorReader reader(std::vector<std::string>{
      "import numpy as np",
      "a = np.load('fuzz_input.npy')",
      "b = np.loadtxt('fuzz_input.txt')",
      "c = np.loadtxt('fuzz_input.txt', delimiter=',', dtype=int)",
      "d = np.loadtxt('fuzz_input.txt', usecols=(0,), ndmin=2, unpack=True)",
  });
  session.run_lines(reader, /*echo=*/true);
  tsh::clear_interrupt();
  return 0;
}
