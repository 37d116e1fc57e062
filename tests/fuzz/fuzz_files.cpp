// tests/fuzz/fuzz_files.cpp — libFuzzer target for the file readers on any bytes: numpy.load of
// .npy and .npz, numpy.loadtxt (three modes), numpy.genfromtxt (two), and torch.load. Each input is written to a file in
// the current folder and read back through a session, whose errors are the readers' own
// messages; nothing may crash, trip a sanitizer, or allocate more than the file describes.
//
// TSH_FUZZ_READER picks one reader (npy, txt, npz, pt) so each can be fuzzed for its own time;
// unset, an input goes to all of them. "pkl" fuzzes torch.load's unpickler past the zip layer: the
// input becomes data.pkl of a well-formed archive (with one 64-byte storage record, key '0'). Build as fuzz_session (tests/fuzz/fuzz_session.cpp says
// how), target fuzz_files; run from an empty scratch folder with the fixtures as seeds:
//   TSH_FUZZ_READER=pt ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=256:detect_leaks=0 \
//     build-fuzz/tests/fuzz_files -max_len=8192 -timeout=20 CORPUS tests/fixtures/pt
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/interrupt.h"
#include "shell/python/zip_archive.h"
#include "shell/session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const char* env = std::getenv("TSH_FUZZ_READER");
  const std::string reader = env ? env : "";
  std::vector<std::string> lines{"import numpy as np", "import torch"};
  auto want = [&reader](const char* r) { return reader.empty() || reader == r; };
  if (want("npy")) {
    lines.push_back("a = np.load('fuzz_input.npy')");
    lines.push_back("m = np.load('fuzz_input.npy', mmap_mode='r'); m.sum(); m[0]");  // the mapped reader
  }
  if (want("txt")) {
    lines.push_back("b = np.loadtxt('fuzz_input.txt')");
    lines.push_back("c = np.loadtxt('fuzz_input.txt', delimiter=',', dtype=int)");
    lines.push_back("d = np.loadtxt('fuzz_input.txt', usecols=(0,), ndmin=2, unpack=True)");
    lines.push_back("e = np.genfromtxt('fuzz_input.txt', delimiter=',', missing_values='x', skip_footer=1)");
    lines.push_back("g = np.genfromtxt('fuzz_input.txt', dtype=int, invalid_raise=False, usecols=(0, -1))");
  }
  if (want("npz")) lines.push_back("z = np.load('fuzz_input.npz'); [z[k] for k in z.files]");
  if (want("pt")) lines.push_back("p = torch.load('fuzz_input.pt'); print(p)");
  if (reader == "pkl") {
    tsh::shell::ZipWriter zip("fuzz_archive.pt");
    zip.add("fuzz_archive/data.pkl", std::string(reinterpret_cast<const char*>(data), size), false, 64);
    zip.add("fuzz_archive/byteorder", "little", false, 64);
    zip.add("fuzz_archive/data/0", std::string(64, '\x01'), false, 64);
    zip.add("fuzz_archive/version", "3\n", false, 64);
    zip.close();
    lines.push_back("q = torch.load('fuzz_archive.pt'); print(q)");
  }
  for (const char* name : {"fuzz_input.npy", "fuzz_input.txt", "fuzz_input.npz", "fuzz_input.pt"}) {
    std::ofstream f(name, std::ios::binary);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  tsh::clear_interrupt();
  tsh::shell::Session session(tsh::shell::Output{[](std::string_view) {}, [](std::string_view) {}});
  tsh::shell::VectorReader lines_reader(lines);
  session.run_lines(lines_reader, /*echo=*/true);
  tsh::clear_interrupt();
  return 0;
}
