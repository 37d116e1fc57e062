// Storage over borrowed memory (what numpy.load(mmap_mode=...) maps): tensors read and write it in
// place, the owner's release runs once when the last tensor lets go, and it never grows.
#include <catch2/catch.hpp>

#include "engine/core/error.h"
#include "engine/core/storage.h"
#include "engine/core/tensor.h"
#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "engine/ops/resize.h"

using namespace tsh;

TEST_CASE("a borrowed storage is viewed in place and released once") {
  double memory[4] = {1, 2, 3, 4};
  int released = 0;
  {
    auto storage = std::make_shared<StorageImpl>(memory, int64_t{sizeof memory}, [&released] { ++released; });
    Tensor t = Tensor::make(storage, {2, 2}, {2, 1}, 0, DType::Float64);
    CHECK(host_values<double>(t) == std::vector<double>{1, 2, 3, 4});
    fill_(t.as_view({2}, {2}, 1), Scalar(9.0));  // writes land in the borrowed memory
    CHECK(memory[1] == 9);
    CHECK(memory[3] == 9);
    CHECK_THROWS_WITH(resize_(t, {8}), Catch::Contains("not resizable"));
    CHECK(released == 0);
  }
  CHECK(released == 1);
}
