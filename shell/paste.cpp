// shell/paste.cpp — prompt stripping for pasted transcripts (doctest's rules).
#include "shell/paste.h"

namespace tsh::shell {

namespace {

// `rest` after a prompt that ends at `end`: the prompt stands alone or is followed by one space.
std::optional<std::string> after_prompt(std::string_view line, size_t end) {
  if (line.size() == end) return std::string();
  if (line[end] == ' ') return std::string(line.substr(end + 1));
  return std::nullopt;
}

}  // namespace

std::optional<std::string> strip_prompt(std::string_view line) {
  for (std::string_view prompt : {">>>", "..."})
    if (line.substr(0, 3) == prompt) return after_prompt(line, 3);
  // IPython's `In [12]: ` and its continuation `   ...: ` (indented to line up).
  if (line.substr(0, 4) == "In [") {
    size_t k = 4;
    while (k < line.size() && line[k] >= '0' && line[k] <= '9') ++k;
    if (k > 4 && line.substr(k, 2) == "]:") return after_prompt(line, k + 2);
  }
  const size_t lead = line.find_first_not_of(' ');
  if (lead != std::string_view::npos && line.substr(lead, 4) == "...:") return after_prompt(line, lead + 4);
  return std::nullopt;
}

std::optional<std::string> PromptStripper::feed(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const size_t indent = line.find_first_not_of(" \t");
  if (state_ == State::Undecided) {
    if (indent == std::string_view::npos) return std::string();
    if (strip_prompt(line.substr(indent))) {
      state_ = State::Prompted;
      indent_ = std::string(line.substr(0, indent));
    } else {
      state_ = State::Plain;
    }
  }
  std::string_view body = line;
  if (state_ == State::Prompted && line.substr(0, indent_.size()) == indent_) body.remove_prefix(indent_.size());
  if (std::optional<std::string> code = strip_prompt(body)) return code;
  if (state_ == State::Prompted) return std::nullopt;  // the slide's expected output
  return std::string(line);
}

std::vector<std::string> strip_pasted_prompts(std::string_view text) {
  PromptStripper stripper;
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    if (auto code = stripper.feed(text.substr(pos, nl - pos))) out.push_back(std::move(*code));
    pos = nl + 1;
  }
  return out;
}

}  // namespace tsh::shell
