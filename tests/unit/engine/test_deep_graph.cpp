// tests/unit/engine/test_deep_graph.cpp — autograd graphs as long as a user's loop makes them: a
// chain of 2x10^5 nodes is built, walked by backward (all leaves, and autograd.grad with inputs,
// which marks the nodes that lead to them) and freed, each without a C++ recursion per node.
// Under the sanitizers a recursion that deep is a stack overflow report.
#include <catch2/catch.hpp>

#include "engine/autograd/backward.h"
#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"

using namespace tsh;

namespace {

constexpr int kChain = 200000;  // as long as the chain that crashed; tests/deep runs 10^6

// x, then x + 1 applied kChain times.
Tensor chain_from(const Tensor& x) {
  Tensor h = x;
  for (int i = 0; i < kChain; ++i) h = ag::add(h, Operand(1.0));
  return h;
}

}  // namespace

TEST_CASE("a 2x10^5-node chain is backpropagated and freed without recursion", "[autograd][deep]") {
  const Tensor x = ones({2}, DType::Float32, Device{});
  autograd::set_requires_grad(x, true);
  Tensor h = chain_from(x);
  CHECK(host_values<float>(h)[0] == kChain + 1.0f);
  autograd::backward({h}, autograd::make_root_grads({h}, {ones({2}, DType::Float32, Device{})}), false, false);
  CHECK(host_values<float>(autograd::grad(x))[1] == 1.0f);
  h = Tensor();  // frees the whole chain
}

TEST_CASE("autograd.grad marks the nodes that lead to its inputs along a 2x10^5-node chain", "[autograd][deep]") {
  const Tensor x = ones({2}, DType::Float32, Device{});
  autograd::set_requires_grad(x, true);
  const Tensor h = chain_from(x);
  const autograd::TensorList g = autograd::grad({h}, autograd::make_root_grads({h}, {ones({2}, DType::Float32, Device{})}),
                                      {x}, false, false, false);
  CHECK(host_values<float>(g[0])[0] == 1.0f);
}

TEST_CASE("a chain freed while its saved tensors hold the nodes before it", "[autograd][deep]") {
  const Tensor x = ones({2}, DType::Float32, Device{});
  autograd::set_requires_grad(x, true);
  Tensor h = x;
  for (int i = 0; i < kChain; ++i) h = ag::mul(h, Operand(h));  // saves h itself: a tensor holds the previous node
  h = Tensor();
  SUCCEED("freed");
}
