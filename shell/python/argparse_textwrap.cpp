// shell/python/argparse_textwrap.cpp — Python's textwrap.wrap with its
// defaults (break_on_hyphens, break_long_words, drop_whitespace), which
// argparse's help text and descriptions go through: the chunks are what
// TextWrapper's word-splitting expression finds (whitespace runs, words split
// after the hyphens of hyphenated words and before em-dashes), and lines are
// filled greedily, a word longer than a line broken where it must be.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "shell/python/argparse.h"
#include "shell/python/errors.h"
#include "shell/python/unicode.h"

namespace tsh::shell::argparse {

namespace {

using U = std::vector<uint32_t>;

// --- textwrap ---------------------------------------------------------------

bool ascii_space(uint32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
// \w, \d and the classes of textwrap's word-splitting pattern.
bool word_char(uint32_t c) {
  if (c < 128) return std::isalnum(static_cast<int>(c)) || c == '_';
  return is_alpha(c) || is_digit(c);
}
bool letter(uint32_t c) { return word_char(c) && !is_digit(c); }
bool word_punct(uint32_t c) { return word_char(c) || (c != 0 && c < 128 && std::strchr("!\"'&.,?", static_cast<int>(c))); }
bool blank(const U& s) {
  return std::all_of(s.begin(), s.end(), [](uint32_t c) { return is_space(c); });
}

// TextWrapper._split with break_on_hyphens: whitespace runs, and words split
// after the hyphens of hyphenated words ("goof-", "ball") and before em-dashes.
std::vector<U> split_chunks(const U& t) {
  const size_t n = t.size();
  // The length of a run of two or more dashes at q followed by a word character, else 0.
  auto dashes_then_word = [&](size_t q) -> size_t {
    size_t r = 0;
    while (q + r < n && t[q + r] == '-') ++r;
    return r >= 2 && q + r < n && word_char(t[q + r]) ? r : 0;
  };
  auto letter_at = [&](size_t i) { return i < n && letter(t[i]); };
  std::vector<U> out;
  size_t p = 0;
  while (p < n) {
    size_t end = p;
    size_t r = 0;
    if (ascii_space(t[p])) {
      while (end < n && ascii_space(t[end])) ++end;
    } else if (p > 0 && word_punct(t[p - 1]) && (r = dashes_then_word(p)) != 0) {
      end = p + r;  // an em-dash between words
    } else {
      for (size_t q = p + 1;; ++q) {  // t[p, q) holds no whitespace
        const bool hyphenated =
            q < n && t[q] == '-' &&
            ((q >= 2 && letter(t[q - 2]) && letter(t[q - 1])) ||
             (q >= 3 && letter(t[q - 3]) && t[q - 2] == '-' && letter(t[q - 1]))) &&
            letter_at(q + 1) && (letter_at(q + 2) || (q + 2 < n && t[q + 2] == '-' && letter_at(q + 3)));
        if (hyphenated) {
          end = q + 1;
          break;
        }
        if (q == n || ascii_space(t[q])) {
          end = q;
          break;
        }
        if (word_punct(t[q - 1]) && dashes_then_word(q)) {
          end = q;
          break;
        }
      }
    }
    out.emplace_back(t.begin() + static_cast<long>(p), t.begin() + static_cast<long>(end));
    p = end;
  }
  return out;
}

// expandtabs(8), then every whitespace character becomes a space.
U munge_whitespace(const U& t) {
  U out;
  size_t col = 0;
  for (uint32_t c : t) {
    if (c == '\t') {
      const size_t next = (col / 8 + 1) * 8;
      while (col < next) out.push_back(' '), ++col;
      continue;
    }
    out.push_back(ascii_space(c) ? ' ' : c);
    col = (c == '\n' || c == '\r') ? 0 : col + 1;
  }
  return out;
}

}  // namespace

size_t text_len(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::vector<std::string> text_wrap(const std::string& text, int width, const std::string& initial_indent,
                                   const std::string& subsequent_indent) {
  if (width <= 0) throw ValueError("invalid width " + std::to_string(width) + " (must be > 0)");
  std::vector<U> chunks = split_chunks(munge_whitespace(decode(text)));
  std::reverse(chunks.begin(), chunks.end());
  const U first_indent = decode(initial_indent), next_indent = decode(subsequent_indent);
  std::vector<std::string> lines;
  while (!chunks.empty()) {
    std::vector<U> line;
    long len = 0;
    const U& indent = lines.empty() ? first_indent : next_indent;
    const long w = width - static_cast<long>(indent.size());
    if (blank(chunks.back()) && !lines.empty()) chunks.pop_back();
    while (!chunks.empty()) {
      const long l = static_cast<long>(chunks.back().size());
      if (len + l > w) break;
      line.push_back(chunks.back());
      chunks.pop_back();
      len += l;
    }
    if (!chunks.empty() && static_cast<long>(chunks.back().size()) > w) {
      // _handle_long_word: as much of the word as fits, broken after a hyphen if one is there.
      const long space_left = w < 1 ? 1 : w - len;
      U& chunk = chunks.back();
      long end = space_left;
      if (static_cast<long>(chunk.size()) > space_left) {
        long hyphen = -1;
        for (long i = std::min(space_left, static_cast<long>(chunk.size())) - 1; i >= 0; --i)
          if (chunk[static_cast<size_t>(i)] == '-') {
            hyphen = i;
            break;
          }
        if (hyphen > 0 && std::any_of(chunk.begin(), chunk.begin() + hyphen, [](uint32_t c) { return c != '-'; }))
          end = hyphen + 1;
      }
      end = std::min(end, static_cast<long>(chunk.size()));
      line.emplace_back(chunk.begin(), chunk.begin() + end);
      chunk.erase(chunk.begin(), chunk.begin() + end);
      len = 0;
      for (const U& c : line) len += static_cast<long>(c.size());
    }
    if (!line.empty() && blank(line.back())) {
      len -= static_cast<long>(line.back().size());
      line.pop_back();
    }
    if (!line.empty()) {
      U out = indent;
      for (const U& c : line) out.insert(out.end(), c.begin(), c.end());
      lines.push_back(encode(out));
    }
  }
  return lines;
}

}  // namespace tsh::shell::argparse
