// shell/paste.h — running a snippet pasted from a slide or a doctest, prompts and all.
//
// Teachers' snippets are often transcripts: `>>> ` and `... ` before the code,
// the expected output below it. Like doctest (and IPython's classic-prompt
// input transformer), the REPL removes the prompts; and when a paste starts
// with a prompt, its lines without one are the slide's output and are skipped.
// Pure logic, so it is tested without a terminal.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsh::shell {

// `line` without its prompt — `>>> ` or `... ` at its start, IPython's
// `In [N]: ` or `   ...: `, or a line that is only a prompt (an empty
// prompted line) — or nullopt when it has no prompt. (IPython's `Out[N]:`
// lines have none: they are output, skipped with the rest of it.)
std::optional<std::string> strip_prompt(std::string_view line);

// Feeds one paste line by line. start() begins a paste (or a typed line);
// its first non-blank line decides whether prompts are in use. A prompted
// paste may be indented as a whole (a transcript inside an indented slide
// block, as doctest allows): its first prompt's indentation is removed from
// every line before looking for a prompt.
class PromptStripper {
 public:
  void start() {
    state_ = State::Undecided;
    indent_.clear();
  }
  // The code to run for `line`, or nullopt when it is expected output to skip.
  std::optional<std::string> feed(std::string_view line);

 private:
  enum class State { Undecided, Prompted, Plain };
  State state_ = State::Undecided;
  std::string indent_;  // of the first prompt, in a prompted paste
};

// A whole paste (lines separated by \n or \r\n) → the code lines to run.
std::vector<std::string> strip_pasted_prompts(std::string_view text);

}  // namespace tsh::shell
