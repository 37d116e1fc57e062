// shell/suggest.h — "Did you mean" for names, attributes and magics, as Python 3.11+ does.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tsh::shell {

// The closest candidate by Python's rule (see suggest.cpp), or nullopt when none is close enough.
std::optional<std::string> did_you_mean(const std::string& name,
                                        const std::vector<std::string>& candidates);

}  // namespace tsh::shell
