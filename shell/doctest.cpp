// shell/doctest.cpp — `tsh --doctest FILE...`: replay transcripts and diff them.
//
// A transcript's `>>> `/`... ` lines are its input; its whole text is the
// expected output of `tsh -i --echo` run from the file's folder with stderr
// merged. Markdown files are checked block by block (each fenced block whose
// first line starts with `>>> `), all blocks of a file in one session.
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

// A minimal line diff (longest common subsequence), in `diff`'s < / > notation.
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
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out += "    > " + got[j++] + "\n", ++shown;
    } else {
      out += "    < " + want[i++] + "\n", ++shown;
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
};

std::vector<Chunk> markdown_chunks(const std::vector<std::string>& lines) {
  std::vector<Chunk> chunks;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("```", 0) != 0) continue;
    size_t j = i + 1;
    std::vector<std::string> body;
    while (j < lines.size() && lines[j].rfind("```", 0) != 0) body.push_back(lines[j++]);
    if (!body.empty() && body[0].rfind(">>> ", 0) == 0) chunks.push_back(Chunk{body});
    i = j;
  }
  return chunks;
}

}  // namespace

int run_doctests(const std::vector<std::string>& files) {
  int passed = 0, failed = 0;
  std::string original_dir = std::filesystem::current_path().string();
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cout << "FAIL " << file << "\n    cannot open file\n";
      ++failed;
      continue;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    std::vector<std::string> lines = split_lines(text);
    bool markdown = file.size() > 3 && file.compare(file.size() - 3, 3, ".md") == 0;
    std::vector<Chunk> chunks = markdown ? markdown_chunks(lines) : std::vector<Chunk>{Chunk{lines}};

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

    std::string diffs;
    for (const Chunk& c : chunks) {
      std::string got = replay(session, input_lines(c.expected), sink);
      std::vector<std::string> got_lines = split_lines(got);
      // Compare as the conformance script does: trailing newlines do not count.
      std::vector<std::string> want = c.expected;
      while (!want.empty() && want.back().empty()) want.pop_back();
      while (!got_lines.empty() && got_lines.back().empty()) got_lines.pop_back();
      if (want != got_lines) diffs += line_diff(want, got_lines);
    }
    std::filesystem::current_path(original_dir, ec);
    if (diffs.empty()) {
      ++passed;
    } else {
      ++failed;
      std::cout << "FAIL " << std::filesystem::path(file).filename().string() << "\n" << diffs;
    }
  }
  std::cout << passed << " passed, " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace tsh::shell
