// engine/format/options.cpp — the global print options and set_printoptions.
#include "engine/format/options.h"

#include <limits>

namespace tsh::format {

PrintOptions& print_options() {
  static PrintOptions opts;
  return opts;
}

void set_printoptions(std::optional<int> precision, std::optional<double> threshold,
                      std::optional<int64_t> edgeitems, std::optional<int64_t> linewidth,
                      std::optional<std::string> profile, std::optional<bool> sci_mode) {
  PrintOptions& o = print_options();
  if (profile) {
    // Profiles set the four numeric fields only; sci_mode is handled below.
    if (*profile == "default") {
      o.precision = 4, o.threshold = 1000, o.edgeitems = 3, o.linewidth = 80;
    } else if (*profile == "short") {
      o.precision = 2, o.threshold = 1000, o.edgeitems = 2, o.linewidth = 80;
    } else if (*profile == "full") {
      o.precision = 4, o.threshold = std::numeric_limits<double>::infinity(), o.edgeitems = 3,
      o.linewidth = 80;
    }
  }
  if (precision) o.precision = *precision;
  if (threshold) o.threshold = *threshold;
  if (edgeitems) o.edgeitems = *edgeitems;
  if (linewidth) o.linewidth = *linewidth;
  o.sci_mode = sci_mode;
}

}  // namespace tsh::format
