// shell/torch/removed_ops.cpp — functions PyTorch removed and still answers with a message.
//
// Old slides call torch.eig, torch.symeig, torch.lstsq, torch.solve,
// torch.matrix_rank, torch.cholesky and torch.qr; PyTorch 2.x keeps the
// names (and the Tensor methods) only to raise a RuntimeError saying what
// replaces them. tsh raises the same words, whatever the arguments.
#include <map>
#include <string>

#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

const std::map<std::string, std::string>& removal_messages() {
  static const std::map<std::string, std::string> messages = {
    {"eig",
      "This function was deprecated since version 1.9 and is now removed. `torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real tensors mimicking complex tensors.\n"
      "\n"
      "L, _ = torch.eig(A) should be replaced with:\n"
      "L_complex = torch.linalg.eigvals(A)\n"
      "\n"
      "and\n"
      "\n"
      "L, V = torch.eig(A, eigenvectors=True) should be replaced with:\n"
      "L_complex, V_complex = torch.linalg.eig(A)"},
    {"symeig",
      "This function was deprecated since version 1.9 and is now removed. The default behavior has changed from using the upper triangular portion of the matrix by default to using the lower triangular portion.\n"
      "\n"
      "L, _ = torch.symeig(A, upper=upper) should be replaced with:\n"
      "L = torch.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n"
      "\n"
      "and\n"
      "\n"
      "L, V = torch.symeig(A, eigenvectors=True) should be replaced with:\n"
      "L, V = torch.linalg.eigh(A, UPLO='U' if upper else 'L')"},
    {"lstsq",
      "This function was deprecated since version 1.9 and is now removed. `torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n"
      "`torch.linalg.lstsq` has reversed arguments and does not return the QR decomposition in the returned tuple (although it returns other information about the problem).\n"
      "\n"
      "To get the QR decomposition consider using `torch.linalg.qr`.\n"
      "\n"
      "The returned solution in `torch.lstsq` stored the residuals of the solution in the last m - n columns of the returned value whenever m > n. In torch.linalg.lstsq, the residuals are in the field 'residuals' of the returned named tuple.\n"
      "\n"
      "The unpacking of the solution, as in\n"
      "X, _ = torch.lstsq(B, A).solution[:A.size(1)]\n"
      "should be replaced with:\n"
      "X = torch.linalg.lstsq(A, B).solution"},
    {"solve",
      "This function was deprecated since version 1.9 and is now removed. `torch.solve` is deprecated in favor of `torch.linalg.solve`. `torch.linalg.solve` has its arguments reversed and does not return the LU factorization.\n"
      "\n"
      "To get the LU factorization see `torch.lu`, which can be used with `torch.lu_solve` or `torch.lu_unpack`.\n"
      "X = torch.solve(B, A).solution should be replaced with:\n"
      "X = torch.linalg.solve(A, B)"},
    {"matrix_rank",
      "This function was deprecated since version 1.9 and is now removed.\n"
      "Please use the `torch.linalg.matrix_rank` function instead. The parameter 'symmetric' was renamed in `torch.linalg.matrix_rank()` to 'hermitian'."},
    {"cholesky",
      "This function was deprecated since version 1.9 and is now removed. `torch.cholesky` is deprecated in favor of `torch.linalg.cholesky`.\n"
      "L = torch.cholesky(A) should be replaced with:\n"
      "L = torch.linalg.cholesky(A)\n"
      "U = torch.cholesky(A, upper=True) should be replaced with:\n"
      "U = torch.linalg.cholesky(A).mH"},
    {"qr",
      "This function was deprecated since version 1.9 and is now removed. `torch.qr` is deprecated in favor of `torch.linalg.qr` and the boolean parameter `some` has been replaced with a string parameter `mode`.\n"
      "\n"
      "Q, R = torch.qr(A) should be replaced with:\n"
      "Q, R = torch.linalg.qr(A, mode='reduced')\n"
      "\n"
      "and\n"
      "\n"
      "Q, R = torch.qr(A, some=False) should be replaced with:\n"
      "Q, R = torch.linalg.qr(A, mode='complete')\n"
      "\n"
      "Since `some` was set to True, use mode='reduced'."},
  };
  return messages;
}

}  // namespace

void install_removed_attrs(std::map<std::string, Value>& attrs) {
  for (const auto& [name, message] : removal_messages()) {
    const std::string text = message;
    attrs[name] = make_builtin(name, "<function " + name + ">", [text](Interpreter&, Args&, Kwargs&) -> Value {
      throw RuntimeError(text);
    });
  }
}

void register_removed_methods(Registry& r) {
  // Tensor.reinforce, removed with stochastic functions (PyTorch 0.4); PyTorch still answers this.
  r.def("reinforce(Tensor self, Any reward=None) -> Tensor |python", kMethod, "Removed from PyTorch: raises its message.",
        [](Interpreter&, Bound&) -> Value {
          throw RuntimeError(
              "reinforce() was removed.\nUse torch.distributions instead.\nSee https://pytorch.org/docs/main/distributions.html\n\n"
              "Instead of:\n\nprobs = policy_network(state)\naction = probs.multinomial()\nnext_state, reward = env.step(action)\n"
              "action.reinforce(reward)\naction.backward()\n\nUse:\n\nprobs = policy_network(state)\n"
              "# NOTE: categorical is equivalent to what used to be called multinomial\n"
              "m = torch.distributions.Categorical(probs)\naction = m.sample()\nnext_state, reward = env.step(action)\n"
              "loss = -m.log_prob(action) * reward\nloss.backward()\n");
        });
  for (const auto& [name, message] : removal_messages()) {
    if (name == "matrix_rank") continue;  // PyTorch has no Tensor.matrix_rank
    const std::string text = message;
    r.def(name + "(Tensor self, Any a=None, Any b=None) -> Tensor", kMethod, "Removed from PyTorch: raises its message.",
          [text](Interpreter&, Bound&) -> Value { throw RuntimeError(text); });
  }
}

}  // namespace tsh::shell
