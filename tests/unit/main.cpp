// tests/unit/main.cpp — the Catch2 entry point shared by the three unit-test
// binaries (tsh_engine_tests, tsh_grammar_tests, tsh_shell_tests).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
