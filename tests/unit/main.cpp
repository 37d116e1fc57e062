// tests/unit/main.cpp — the Catch2 entry point shared by the three unit-test
// binaries (tsh_engine_tests, tsh_grammar_tests, tsh_shell_tests).
//
// The unit tests pin OpenBLAS's and SLEEF's bits (products, factorizations, lane
// groups): they run on OpenBLAS unless TSH_BLAS asks otherwise. MKL's paths, which
// give PyTorch's own bits, are checked through tsh (the goldens, tests/mathbits).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>

// Before any static constructor: the engine registers its CPU backend, and opens the library, while
// the program starts.
__attribute__((constructor(101))) static void run_on_openblas() { setenv("TSH_BLAS", "openblas", 0); }

int main(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
