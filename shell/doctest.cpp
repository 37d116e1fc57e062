// shell/doctest.cpp — `tsh --doctest FILE...`: replay transcripts and diff them.
//
// A transcript's `>>> `/`... ` lines are its input; its whole text is the
// expected output of `tsh -i --echo` run from the file's folder with stderr
// merged. Markdown files are checked block by block (each fenced block whose
// first line starts with `>>> `), all blocks of a file in one session. Each
// example (a `>>> ` line, its `... ` lines and its output) passes or fails on
// its own, and a failure is reported as Python's doctest reports one: file,
// line, the example, and its output as a diff.
#include "shell/doctest.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/dtype.h"
#include "engine/format/options.h"
#include "shell/magics/magics.h"
#include "shell/paste.h"
#include "shell/session.h"

namespace tsh::shell {

namespace {

// The input of a transcript: its prompted lines (at the start of the line,
// as ../conformance/check greps them; paste.h's line rule), and the answers
// typed after a magic's question.
std::vector<std::string> input_lines(const std::vector<std::string>& transcript) {
  std::vector<std::string> in;
  for (const std::string& l : transcript) {
    if (auto code = strip_prompt(l)) in.push_back(std::move(*code));
    else if (auto answer = transcript_answer(l)) in.push_back(*answer);
  }
  return in;
}

// A minimal line diff (longest common subsequence): `    -` expected lines missing, `    +` lines got
// instead, `     ` lines both have.
std::string line_diff(const std::vector<std::string>& want, const std::vector<std::string>& got) {
  size_t n = want.size(), m = got.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = want[i] == got[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::string out;
  size_t i = 0, j = 0, shown = 0;
  while ((i < n || j < m) && shown < 40) {
    if (i < n && j < m && want[i] == got[j]) {
      out += "     " + want[i] + "\n", ++shown;
      ++i, ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out += "    -" + want[i++] + "\n", ++shown;
    } else {
      out += "    +" + got[j++] + "\n", ++shown;
    }
  }
  return out;
}

// Runs lines in a fresh session and returns everything it printed.
std::string replay(Session& session, const std::vector<std::string>& lines, std::string& sink) {
  sink.clear();
  VectorReader reader(lines);
  session.run_lines(reader, true);
  return sink;
}

struct Chunk {
  std::vector<std::string> expected;  // the transcript lines (expected output)
  size_t first_line = 1;              // the file's line number of expected[0]
};

// One example: a primary prompt, its continuation lines and its output, as a transcript shows it.
struct Example {
  size_t line;                     // the file's line number of its `>>> ` line
  std::vector<std::string> lines;  // prompted input, then output
};

bool primary_prompt(const std::string& l) { return l.rfind(">>> ", 0) == 0 || l == ">>>"; }

// A chunk's lines cut before every primary prompt (anything before the first is an example of its own).
std::vector<Example> split_examples(const std::vector<std::string>& lines, size_t first_line) {
  std::vector<Example> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (out.empty() || primary_prompt(lines[i])) out.push_back(Example{first_line + i, {}});
    out.back().lines.push_back(lines[i]);
  }
  return out;
}

// The prompted lines of an example (its input), then the rest (its output).
size_t input_length(const std::vector<std::string>& lines) {
  size_t n = 0;
  while (n < lines.size() && (primary_prompt(lines[n]) || lines[n].rfind("...", 0) == 0)) ++n;
  return n;
}

// A failed example as Python's doctest reports one, with the output compared as a unified diff.
std::string report(const std::string& file, const Example& want, const std::vector<std::string>& got) {
  std::string out = "**********************************************************************\n";
  out += "File \"" + file + "\", line " + std::to_string(want.line) + "\nFailed example:\n";
  const size_t n = input_length(want.lines);
  for (size_t i = 0; i < n; ++i) out += "    " + want.lines[i] + "\n";
  const std::vector<std::string> want_out(want.lines.begin() + static_cast<std::ptrdiff_t>(n), want.lines.end());
  const size_t m = std::min(input_length(got), got.size());
  const std::vector<std::string> got_out(got.begin() + static_cast<std::ptrdiff_t>(m), got.end());
  out += "Differences (-expected +got):\n" + line_diff(want_out, got_out);
  return out;
}

std::vector<Chunk> markdown_chunks(const std::vector<std::string>& lines) {
  std::vector<Chunk> chunks;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("```", 0) != 0) continue;
    size_t j = i + 1;
    std::vector<std::string> body;
    while (j < lines.size() && lines[j].rfind("```", 0) != 0) body.push_back(lines[j++]);
    if (!body.empty() && body[0].rfind(">>> ", 0) == 0) chunks.push_back(Chunk{body, i + 2});
    i = j;
  }
  return chunks;
}

}  // namespace

int run_doctests(const std::vector<std::string>& files) {
  int passed = 0, failed = 0;
  std::string original_dir = std::filesystem::current_path().string();
  for (const std::string& file : files) {
    const std::string name = std::filesystem::path(file).filename().string();
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cout << "**********************************************************************\n"
                << "File \"" << file << "\": cannot open file\n";
      ++failed;
      continue;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    std::vector<std::string> lines = split_lines(text);
    bool markdown = file.size() > 3 && file.compare(file.size() - 3, 3, ".md") == 0;
    std::vector<Chunk> chunks = markdown ? markdown_chunks(lines) : std::vector<Chunk>{Chunk{lines, 1}};

    // A fresh session per file, with default global state, run from the file's folder.
    set_default_dtype(DType::Float32);
    format::set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "default", std::nullopt);
    std::string sink;
    Output output{[&](std::string_view s) { sink += s; }, [&](std::string_view s) { sink += s; }};
    output.warnings = false;  // tests/oracle/make_transcript.py runs with warnings.filterwarnings("ignore")
    Session session(output);
    std::filesystem::path dir = std::filesystem::absolute(file).parent_path();
    std::error_code ec;
    std::filesystem::current_path(dir, ec);

    std::string reports;
    for (const Chunk& c : chunks) {
      // The chunk runs as one session's input; its output is then cut into examples where the
      // echoed prompts are, and each is compared with the transcript's.
      std::string got = replay(session, input_lines(c.expected), sink);
      std::vector<std::string> got_lines = split_lines(got);
      // Trailing newlines do not count, as in the conformance script.
      std::vector<std::string> want = c.expected;
      while (!want.empty() && want.back().empty()) want.pop_back();
      while (!got_lines.empty() && got_lines.back().empty()) got_lines.pop_back();
      const std::vector<Example> want_ex = split_examples(want, c.first_line);
      const std::vector<Example> got_ex = split_examples(got_lines, c.first_line);
      if (want_ex.size() != got_ex.size()) {  // an echoed prompt too many or too few: the whole chunk
        reports += report(name, Example{c.first_line, want}, got_lines);
        ++failed;
        continue;
      }
      for (size_t k = 0; k < want_ex.size(); ++k) {
        if (want_ex[k].lines == got_ex[k].lines) {
          ++passed;
        } else {
          reports += report(name, want_ex[k], got_ex[k].lines);
          ++failed;
        }
      }
    }
    std::filesystem::current_path(original_dir, ec);
    std::cout << reports;
  }
  std::cout << passed << " passed, " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace tsh::shell
