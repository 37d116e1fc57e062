// shell/doctest.h — `tsh --doctest FILE...` (LANGUAGE.md, "Sessions without a terminal").
#pragma once

#include <string>
#include <vector>

namespace tsh::shell {

// Checks each transcript example by example; prints each failing example (file, line, input,
// a diff of its output) and "N passed, M failed", counting examples.
// Returns the exit status: 0 when all pass, else 1.
int run_doctests(const std::vector<std::string>& files);

}  // namespace tsh::shell
