// tests/unit/main.cpp — the Catch2 entry point shared by every unit test file.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
