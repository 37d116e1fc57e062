// shell/suggest.cpp — Python 3.11's suggestion rule for misspelled names.
//
// CPython compares with a Levenshtein distance where a substitution costs 2,
// a case-only substitution 1, and an insertion or deletion 2 ("move cost"),
// and accepts the best candidate when its distance is at most
// (len(name) + len(candidate) + 3) * MOVE_COST / 6.
#include "shell/suggest.h"

#include <algorithm>
#include <cctype>

namespace tsh::shell {

namespace {

constexpr size_t kMoveCost = 2;

size_t substitution_cost(char a, char b) {
  if (a == b) return 0;
  if (std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)))
    return 1;
  return kMoveCost;
}

size_t distance(const std::string& a, const std::string& b, size_t max_cost) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j * kMoveCost;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i * kMoveCost;
    size_t best = row[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + kMoveCost, row[j - 1] + kMoveCost,
                         diag + substitution_cost(a[i - 1], b[j - 1])});
      diag = up;
      best = std::min(best, row[j]);
    }
    if (best > max_cost) return max_cost + 1;
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> did_you_mean(const std::string& name,
                                        const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  size_t best_cost = SIZE_MAX;
  for (const std::string& c : candidates) {
    if (c == name) continue;
    size_t max_cost = (name.size() + c.size() + 3) * kMoveCost / 6;
    max_cost = std::min(max_cost, best_cost == SIZE_MAX ? max_cost : best_cost - 1);
    size_t d = distance(name, c, max_cost);
    if (d > max_cost) continue;
    if (!best || d < best_cost) {
      best = c;
      best_cost = d;
    }
  }
  return best;
}

}  // namespace tsh::shell
