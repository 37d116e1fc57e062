// shell/doctest.cpp — `tsh --doctest FILE...`: replay transcripts and diff them.
//
// A transcript's `>>> `/`... ` lines are its input; its whole text is the
// expected output of `tsh -i --echo` run from the file's folder with stderr
// merged. Markdown files are checked block by block (each fenced block whose
// first line starts with `>>> `), all blocks of a file in one session. Each
// example (a `>>> ` line, its `... ` lines and its output) passes or fails on
// its own, and a failure is reported as Python's doctest reports one: file,
// line, the example, and its output as a diff. Python's directives apply
// (`# doctest: +ELLIPSIS`, `+NORMALIZE_WHITESPACE`, `+SKIP`), and `-v`
// shows every example as Python's `doctest -v` does.
#include "shell/doctest.h"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
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

// Python's doctest directives, from `# doctest: +FLAG, -FLAG` comments in an example's input.
struct Flags {
  bool ellipsis = false, skip = false, normalize_whitespace = false;
};

Flags directives(const std::vector<std::string>& input) {
  Flags f;
  for (const std::string& line : input) {
    const size_t at = line.find("# doctest:");
    if (at == std::string::npos) continue;
    std::string rest = line.substr(at + 10);
    for (char& ch : rest)
      if (ch == ',') ch = ' ';
    std::istringstream words(rest);
    std::string w;
    while (words >> w) {
      if (w.size() < 2 || (w[0] != '+' && w[0] != '-')) continue;
      const bool on = w[0] == '+';
      const std::string name = w.substr(1);
      if (name == "ELLIPSIS") f.ellipsis = on;
      else if (name == "SKIP") f.skip = on;
      else if (name == "NORMALIZE_WHITESPACE") f.normalize_whitespace = on;
    }
  }
  return f;
}

// Runs of whitespace (newlines too) as one space, as NORMALIZE_WHITESPACE compares.
std::string squeeze_whitespace(const std::string& s) {
  std::string out;
  std::istringstream words(s);
  std::string w;
  while (words >> w) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Whether got matches want where every "..." in want stands for any text (doctest's ELLIPSIS).
bool ellipsis_match(const std::string& want, const std::string& got) {
  std::vector<std::string> pieces;
  for (size_t at = 0;;) {
    const size_t next = want.find("...", at);
    pieces.push_back(want.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) break;
    at = next + 3;
  }
  if (pieces.size() == 1) return want == got;
  if (got.compare(0, pieces.front().size(), pieces.front()) != 0) return false;
  size_t pos = pieces.front().size();
  const std::string& last = pieces.back();
  if (got.size() < pos + last.size() || got.compare(got.size() - last.size(), last.size(), last) != 0) return false;
  const size_t end = got.size() - last.size();
  for (size_t k = 1; k + 1 < pieces.size(); ++k) {
    const size_t found = got.find(pieces[k], pos);
    if (found == std::string::npos || found + pieces[k].size() > end) return false;
    pos = found + pieces[k].size();
  }
  return pos <= end;
}

std::string joined(const std::vector<std::string>& lines, size_t from) {
  std::string out;
  for (size_t i = from; i < lines.size(); ++i) out += (i > from ? "\n" : "") + lines[i];
  return out;
}

// Whether an example's output (echoed input and all) is what the transcript shows, under its flags.
bool example_matches(const std::vector<std::string>& want, const std::vector<std::string>& got, const Flags& f) {
  if (want == got) return true;
  if (!f.ellipsis && !f.normalize_whitespace) return false;
  const size_t n = input_length(want);
  if (input_length(got) != n || !std::equal(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(n), got.begin()))
    return false;
  std::string w = joined(want, n), g = joined(got, n);
  if (f.normalize_whitespace) {
    w = squeeze_whitespace(w);
    g = squeeze_whitespace(g);
  }
  return f.ellipsis ? ellipsis_match(w, g) : w == g;
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

int run_doctests(const std::vector<std::string>& args) {
  const int threads = omp_get_max_threads();
  bool verbose = false;
  std::vector<std::string> files;
  for (const std::string& a : args) {
    if (a == "-v") verbose = true;
    else files.push_back(a);
  }
  int passed = 0, failed = 0, skipped = 0;
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
    unsetenv("COLUMNS");  // drawings are 80 columns wide unless the file sets os.environ['COLUMNS']
    omp_set_num_threads(threads);  // as the process started, whatever the file before set
    std::string sink;
    Output output{[&](std::string_view s) { sink += s; }, [&](std::string_view s) { sink += s; }};
    output.warnings = false;  // tests/oracle/make_transcript.py runs with warnings.filterwarnings("ignore")
    Session session(output);
    std::filesystem::path dir = std::filesystem::absolute(file).parent_path();
    std::error_code ec;
    std::filesystem::current_path(dir, ec);

    std::string reports;
    for (const Chunk& c : chunks) {
      // Trailing newlines do not count, as in the conformance script.
      std::vector<std::string> want = c.expected;
      while (!want.empty() && want.back().empty()) want.pop_back();
      // The examples not skipped run as one session's input; the output is then cut into
      // examples where the echoed prompts are, and each is compared with the transcript's.
      std::vector<Example> run;
      std::vector<Flags> flags;
      for (Example& ex : split_examples(want, c.first_line)) {
        const Flags f = directives(std::vector<std::string>(ex.lines.begin(), ex.lines.begin() + static_cast<std::ptrdiff_t>(input_length(ex.lines))));
        if (f.skip) {
          ++skipped;
          continue;
        }
        run.push_back(std::move(ex));
        flags.push_back(f);
      }
      std::vector<std::string> kept;
      for (const Example& ex : run) kept.insert(kept.end(), ex.lines.begin(), ex.lines.end());
      std::vector<std::string> got_lines = split_lines(replay(session, input_lines(kept), sink));
      while (!got_lines.empty() && got_lines.back().empty()) got_lines.pop_back();
      const std::vector<Example> got_ex = split_examples(got_lines, c.first_line);
      if (run.size() != got_ex.size()) {  // an echoed prompt too many or too few: the whole chunk
        reports += report(name, Example{c.first_line, kept}, got_lines);
        ++failed;
        continue;
      }
      for (size_t k = 0; k < run.size(); ++k) {
        const bool ok = example_matches(run[k].lines, got_ex[k].lines, flags[k]);
        if (verbose) {
          const size_t n = input_length(run[k].lines);
          std::cout << "Trying:\n";
          for (size_t i = 0; i < n; ++i) std::cout << "    " << strip_prompt(run[k].lines[i]).value_or("") << "\n";
          std::cout << (n < run[k].lines.size() ? "Expecting:\n" : "Expecting nothing\n");
          for (size_t i = n; i < run[k].lines.size(); ++i) std::cout << "    " << run[k].lines[i] << "\n";
          std::cout << (ok ? "ok\n" : "failed\n");
        }
        if (ok) {
          ++passed;
        } else {
          reports += report(name, run[k], got_ex[k].lines);
          ++failed;
        }
      }
    }
    std::filesystem::current_path(original_dir, ec);
    std::cout << reports;
  }
  std::cout << passed << " passed, " << failed << " failed";
  if (skipped > 0) std::cout << ", " << skipped << " skipped";
  std::cout << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace tsh::shell
