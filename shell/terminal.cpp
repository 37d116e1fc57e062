// shell/terminal.cpp — the terminal's width, colour, and folding text to fit.
#include "shell/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace tsh::shell {

int terminal_columns(bool query) {
  long columns = 0;
  if (const char* env = std::getenv("COLUMNS")) {
    // int(os.environ['COLUMNS']): surrounding whitespace, a sign, digits with single underscores.
    std::string s(env);
    const size_t b = s.find_first_not_of(" \t\n\r\v\f");
    s = b == std::string::npos ? "" : s.substr(b, s.find_last_not_of(" \t\n\r\v\f") - b + 1);
    bool ok = !s.empty();
    size_t i = 0;
    bool negative = false;
    if (ok && (s[0] == '+' || s[0] == '-')) negative = s[i++] == '-';
    std::string digits;
    for (; ok && i < s.size(); ++i) {
      if (std::isdigit(static_cast<unsigned char>(s[i]))) digits += s[i];
      else if (s[i] == '_' && i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1])) && i + 1 < s.size() &&
               std::isdigit(static_cast<unsigned char>(s[i + 1])))
        continue;
      else ok = false;
    }
    if (ok && !digits.empty() && digits.size() < 10) columns = (negative ? -1 : 1) * std::atol(digits.c_str());
  }
  if (columns <= 0) {
    struct winsize ws {};
    if (query && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) columns = ws.ws_col;
    if (columns <= 0) columns = 80;
  }
  return static_cast<int>(columns);
}

bool colour_allowed() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);
}

size_t text_width(const std::string& s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\33' && i + 1 < s.size() && s[i + 1] == '[') {  // a colour: ESC [ ... m
      const size_t end = s.find('m', i);
      if (end != std::string::npos) {
        i = end;
        continue;
      }
    }
    n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  }
  return n;
}

std::vector<std::string> fold_items(const std::vector<std::string>& items, size_t width,
                                    const std::string& separator, const std::string& prefix,
                                    const std::string& continuation) {
  std::string closing = separator;
  while (!closing.empty() && closing.back() == ' ') closing.pop_back();
  std::vector<std::string> lines;
  std::string line = prefix;
  bool empty = true;
  for (const std::string& item : items) {
    if (!empty && text_width(line) + text_width(separator) + text_width(item) + text_width(closing) > width) {
      lines.push_back(line + closing);
      line = continuation, empty = true;
    }
    line += (empty ? "" : separator) + item;
    empty = false;
  }
  lines.push_back(line);
  return lines;
}

std::vector<std::string> fold_words(const std::string& text, size_t width, size_t indent) {
  // Words split at blanks, but not inside a tuple of numbers, so that "(4, 3)" stays whole.
  std::vector<std::string> words;
  std::string word;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' && depth == 0) {
      if (!word.empty()) words.push_back(word), word.clear();
      continue;
    }
    const char next = i + 1 < text.size() ? text[i + 1] : 0;
    if ((c == '(' || c == '[') && (std::isdigit(static_cast<unsigned char>(next)) || next == '-' || next == ')' || next == ']'))
      ++depth;
    else if ((c == ')' || c == ']') && depth > 0)
      --depth;
    word += c;
  }
  if (!word.empty()) words.push_back(word);
  // A number stays with the word before it: "stride 0", "dim 1", "moves 4 cells".
  std::vector<std::string> joined;
  for (const std::string& w : words) {
    if (!joined.empty() && (std::isdigit(static_cast<unsigned char>(w[0])) || (w[0] == '-' && w.size() > 1 && std::isdigit(static_cast<unsigned char>(w[1])))))
      joined.back() += " " + w;
    else
      joined.push_back(w);
  }
  words = std::move(joined);
  std::vector<std::string> lines;
  std::string line;
  for (const std::string& w : words) {
    const size_t lead = lines.empty() ? 0 : indent;
    if (!line.empty() && lead + text_width(line) + 1 + text_width(w) > width) {
      lines.push_back(std::string(lead, ' ') + line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::string(lines.empty() ? 0 : indent, ' ') + line);
  return lines;
}

}  // namespace tsh::shell
