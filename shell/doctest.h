// shell/doctest.h — `tsh --doctest FILE...` (LANGUAGE.md, "Sessions without a terminal").
#pragma once

#include <string>
#include <vector>

namespace tsh::shell {

// Checks each transcript; prints a diff per failing file and "N passed, M failed".
// Returns the exit status: 0 when all pass, else 1.
int run_doctests(const std::vector<std::string>& files);

}  // namespace tsh::shell
