// shell/jupyter/history.cpp — see history.h.
#include "shell/jupyter/history.h"

#include <fnmatch.h>

#include <set>

namespace tsh::shell::jupyter {

namespace {

class History : public xeus::xhistory_manager {
  struct Entry {
    int session, line;
    std::string input, output;
  };
  std::vector<Entry> entries_;

  static nl::json row(const Entry& e, bool output) {
    if (output) return nl::json::array({e.session, e.line, nl::json::array({e.input, e.output.empty() ? nl::json() : nl::json(e.output)})});
    return nl::json::array({e.session, e.line, e.input});
  }
  static nl::json reply(nl::json rows) { return {{"status", "ok"}, {"history", std::move(rows)}}; }

  void configure_impl() override {}
  // xeus 2.4 hands every input the same line number: lines are counted here, in one session (1).
  void store_inputs_impl(int, int, const std::string& input, const std::string& output) override {
    entries_.push_back({1, static_cast<int>(entries_.size()) + 1, input, output});
  }
  nl::json get_tail_impl(int n, bool, bool output) const override {
    nl::json rows = nl::json::array();
    const size_t from = n < 0 || static_cast<size_t>(n) >= entries_.size() ? 0 : entries_.size() - static_cast<size_t>(n);
    for (size_t i = from; i < entries_.size(); ++i) rows.push_back(row(entries_[i], output));
    return reply(std::move(rows));
  }
  nl::json get_range_impl(int session, int start, int stop, bool, bool output) const override {
    nl::json rows = nl::json::array();
    for (const Entry& e : entries_)
      if ((session == 0 || e.session == session) && e.line >= start && (stop <= 0 || e.line < stop))
        rows.push_back(row(e, output));
    return reply(std::move(rows));
  }
  nl::json search_impl(const std::string& pattern, bool, bool output, int n, bool unique) const override {
    std::vector<const Entry*> found;
    std::set<std::string> seen;
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {  // newest first, then reversed
      if (fnmatch(pattern.c_str(), it->input.c_str(), 0) != 0) continue;
      if (unique && !seen.insert(it->input).second) continue;
      found.push_back(&*it);
      if (n > 0 && static_cast<int>(found.size()) >= n) break;
    }
    nl::json rows = nl::json::array();
    for (auto it = found.rbegin(); it != found.rend(); ++it) rows.push_back(row(**it, output));
    return reply(std::move(rows));
  }
};

}  // namespace

std::unique_ptr<xeus::xhistory_manager> make_history() { return std::make_unique<History>(); }

}  // namespace tsh::shell::jupyter
