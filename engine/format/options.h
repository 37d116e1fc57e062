// engine/format/options.h — the global print options (PyTorch's PRINT_OPTS).
//
// One process-wide instance, read by every repr. set_printoptions follows
// torch.set_printoptions exactly, quirks included.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tsh::format {

struct PrintOptions {
  int precision = 4;        // digits after the point in %.{p}f and %.{p}e; negative:
                            // printing a float in those modes throws, as in Python
  double threshold = 1000;  // summarize when numel > threshold (may be inf)
  int64_t edgeitems = 3;    // items kept at each end of a summarized dim (0: "[...]", as 2.x)
  int64_t linewidth = 80;   // element wrapping and suffix wrapping
  std::optional<bool> sci_mode = std::nullopt;  // nullopt: chosen per tensor; true/false: forced
};

// The live options (mutable; tests and the shell may assign fields directly).
PrintOptions& print_options();

// torch.set_printoptions: a known profile ("default", "short", "full") is
// applied first; an unknown profile is silently ignored, as PyTorch does.
// Then every given argument overrides its field. sci_mode is ALWAYS assigned,
// so a call that leaves it out resets it to automatic (PyTorch's quirk).
void set_printoptions(std::optional<int> precision = std::nullopt,
                      std::optional<double> threshold = std::nullopt,
                      std::optional<int64_t> edgeitems = std::nullopt,
                      std::optional<int64_t> linewidth = std::nullopt,
                      std::optional<std::string> profile = std::nullopt,
                      std::optional<bool> sci_mode = std::nullopt);

}  // namespace tsh::format
