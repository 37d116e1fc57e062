// engine/autograd/rnn.cpp — the pointwise half of an LSTM step, composed from recorded ops in C++:
// one call from nn.LSTM's Python loop instead of a dozen interpreted ones per time step (when
// nothing records, engine/ops/rnn.cpp's one pass).
#include "engine/autograd/formula.h"
#include "engine/ops/rnn.h"

namespace tsh::ag {

std::pair<Tensor, Tensor> lstm_pointwise(const Tensor& gates, const Tensor& c) {
  if (!needs_grad({gates, c})) return tsh::lstm_pointwise(gates, c);  // one fused pass where the backend has it
  TSH_CHECK(gates.dim() >= 1 && gates.size(-1) % 4 == 0, RuntimeError,
            "lstm_pointwise: the gates' last dim must hold the four gates");
  const int64_t H = gates.size(-1) / 4;
  // i and f (adjacent) through one sigmoid, o through another, g through tanh
  const Tensor in_forget = ag::unary(UnaryOp::Sigmoid, ag::narrow(gates, -1, 0, 2 * H));
  const Tensor i = ag::narrow(in_forget, -1, 0, H), f = ag::narrow(in_forget, -1, H, H);
  const Tensor o = ag::unary(UnaryOp::Sigmoid, ag::narrow(gates, -1, 3 * H, H));
  const Tensor g = ag::unary(UnaryOp::Tanh, ag::narrow(gates, -1, 2 * H, H));
  const Tensor next_c = ag::add(ag::mul(f, c), ag::mul(i, g));
  return {ag::mul(o, ag::unary(UnaryOp::Tanh, next_c)), next_c};
}

}  // namespace tsh::ag
