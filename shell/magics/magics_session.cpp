// shell/magics/magics_session.cpp — the magics about the session itself: %run,
// %reset, %history, %pwd and %cd, with IPython 8's output and messages.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/storage.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"
#include "shell/python/file_write.h"
#include "shell/session.h"

namespace tsh::shell {

namespace {

// A regular file only, as IPython's os.path.isfile test: a directory, a FIFO
// or /dev/zero is "not found" (the last would never end).
bool read_whole_file(const std::string& path, std::string& out) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The entry numbers (1-based) one %history range names, as IPython reads
// them: "4", "4-6" (6 included), "4:6" (6 excluded). Others name none.
std::vector<size_t> history_range(const std::string& spec, size_t count) {
  std::vector<size_t> out;
  const size_t sep = spec.find_first_of("-:");
  std::string a = spec.substr(0, sep), b = sep == std::string::npos ? "" : spec.substr(sep + 1);
  if (!all_digits(a) || (sep != std::string::npos && !all_digits(b)) || a.size() > 9 || b.size() > 9)
    return out;
  size_t start = std::stoul(a), end = sep == std::string::npos ? start + 1 : std::stoul(b);
  if (sep != std::string::npos && spec[sep] == '-') ++end;
  for (size_t i = std::max<size_t>(start, 1); i < end && i <= count; ++i) out.push_back(i);
  return out;
}

std::string current_dir() {
  std::error_code ec;
  std::string d = std::filesystem::current_path(ec).string();
  return ec ? std::string(".") : d;
}

}  // namespace

void magic_run(const MagicCall& call) {
  const std::vector<std::string> words = split_words(call.args());
  if (words.empty()) throw PyError("Exception", "you must provide at least a filename.");
  std::string path = words[0], source;
  bool found = read_whole_file(path, source);
  if (!found && std::filesystem::path(path).extension() != ".tsh" && read_whole_file(path + ".tsh", source)) {
    path += ".tsh";
    found = true;
  }
  if (!found) throw PyError("Exception", "File `" + repr(Value::str(words[0])) + "` not found.");
  // Its traceback, if any, is printed by the run; the session goes on.
  call.session.run_file(source, path);
}

void magic_reset(const MagicCall& call) {
  Options o = parse_options(call.args(), "sf");
  const std::vector<std::string> targets = split_words(o.rest);
  if (!o.has('f')) {
    // IPython's ask_yes_no with default 'n': ask until y/yes/n/no; an empty
    // answer or the end of input is the default.
    std::string answer;
    for (;;) {
      std::optional<std::string> a = call.session.ask(reset_question());
      answer = a ? lower(*a) : "n";
      if (answer.empty()) answer = "n";
      if (answer == "y" || answer == "yes" || answer == "n" || answer == "no") break;
    }
    if (answer[0] == 'n') {
      call.print("Nothing done.\n");
      return;
    }
  }
  if (targets.empty()) {
    call.in.globals().clear();
    // The tensors are gone: so are the freed host blocks kept for reuse.
    tsh::allocator_for(tsh::Device{})->release_cache();
  }
  for (const std::string& target : targets) {
    if (lower(target) == "in") {
      call.print("Flushing input history\n");
      call.session.history().clear();
    } else {
      call.print("Don't know how to reset  " + target + ", please run `%reset?` for details\n");
    }
  }
}

void magic_history(const MagicCall& call) {
  std::vector<std::string> words = split_words(call.args());
  bool numbers = false, prompts = false, tail = false;
  size_t tail_count = 10;
  std::vector<std::string> ranges;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "-n") {
      numbers = true;
    } else if (w == "-p") {
      prompts = true;
    } else if (w == "-l") {
      tail = true;
      if (i + 1 < words.size() && all_digits(words[i + 1])) {  // any size: a huge N shows all
        const std::string& n = words[++i];
        tail_count = n.size() > 18 ? SIZE_MAX : static_cast<size_t>(std::stoull(n));
      }
    } else if (w.size() > 1 && w[0] == '-' && !std::isdigit(static_cast<unsigned char>(w[1]))) {
      throw UsageError("unrecognized arguments: " + w);
    } else {
      ranges.push_back(w);
    }
  }
  const std::vector<std::string>& hist = call.session.history();
  std::vector<size_t> shown;  // 1-based entry numbers
  if (tail) {
    // The entries before this %history line, as IPython's get_tail.
    const size_t before = hist.empty() ? 0 : hist.size() - 1;
    for (size_t i = before > tail_count ? before - tail_count + 1 : 1; i <= before; ++i) shown.push_back(i);
  } else if (!ranges.empty()) {
    for (const std::string& r : ranges)
      for (size_t i : history_range(r, hist.size())) shown.push_back(i);
  } else {
    for (size_t i = 1; i <= hist.size(); ++i) shown.push_back(i);
  }
  std::string out;
  for (size_t n : shown) {
    std::string entry = hist[n - 1];
    // Tabs as 4 spaces and no trailing blanks, as IPython prints history.
    std::string expanded;
    size_t col = 0;
    for (char c : entry) {
      if (c == '\t') {
        const size_t spaces = 4 - col % 4;
        expanded.append(spaces, ' ');
        col += spaces;
      } else {
        expanded += c;
        col = c == '\n' ? 0 : col + 1;
      }
    }
    while (!expanded.empty() && (expanded.back() == ' ' || expanded.back() == '\n')) expanded.pop_back();
    const bool multiline = expanded.find('\n') != std::string::npos;
    if (numbers) {
      std::string num = std::to_string(n);
      if (num.size() < 4) num.insert(0, 4 - num.size(), ' ');
      out += num + ":" + (multiline ? "\n" : " ");
    }
    if (prompts) {
      std::string joined = ">>> ";
      for (char c : expanded) joined += c == '\n' ? std::string("\n... ") : std::string(1, c);
      expanded = multiline ? joined + "\n..." : joined;
    }
    out += expanded + "\n";
  }
  call.print(out);
}

// %tb: the last error's whole traceback, as %xmode Plain would have shown it.
void magic_tb(const MagicCall& call) {
  if (!call.args().empty()) throw UsageError("%tb takes no arguments in tsh");
  if (call.session.last_traceback().empty()) throw UsageError("No traceback available to show.");
  call.print(call.session.last_traceback());
}

// %xmode [Plain|Context|Minimal]: how errors print; no argument takes the next
// mode in IPython's cycle (Verbose, which tsh lacks, skipped).
void magic_xmode(const MagicCall& call) {
  using XMode = Session::XMode;
  std::vector<std::string> words = split_words(call.args());
  if (words.size() > 1) throw UsageError("%xmode takes one mode, got " + std::to_string(words.size()));
  std::string lower;
  for (char c : words.empty() ? std::string() : words[0])
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  XMode mode;
  if (words.empty()) {
    const XMode now = call.session.xmode();
    mode = now == XMode::Plain ? XMode::Context : now == XMode::Context ? XMode::Minimal : XMode::Plain;
  } else if (lower == "plain") {
    mode = XMode::Plain;
  } else if (lower == "context") {
    mode = XMode::Context;
  } else if (lower == "minimal") {
    mode = XMode::Minimal;
  } else if (lower == "verbose" || lower == "docs") {
    throw UsageError("%xmode " + words[0] + " is not supported by tsh: its modes are Plain, Context and Minimal");
  } else {
    throw UsageError("Valid modes: ['Plain', 'Context', 'Verbose', 'Minimal', 'Docs']");
  }
  call.session.set_xmode(mode);
  call.print(std::string("Exception reporting mode: ") +
             (mode == XMode::Plain ? "Plain" : mode == XMode::Context ? "Context" : "Minimal") + "\n");
}

void magic_pwd(const MagicCall& call) { call.in.display(Value::str(current_dir())); }

void magic_cd(const MagicCall& call) {
  std::vector<std::string> words = split_words(call.args());
  std::string target;
  if (words.empty() || words[0] == "~") {
    const char* home = std::getenv("HOME");
    target = home ? home : "/";
  } else if (words[0] == "-") {
    target = call.session.previous_dir.empty() ? current_dir() : call.session.previous_dir;
  } else {
    target = words[0];
    if (target.rfind("~/", 0) == 0) {
      const char* home = std::getenv("HOME");
      target = std::string(home ? home : "") + target.substr(1);
    }
  }
  const std::string before = current_dir();
  if (chdir(target.c_str()) != 0) {
    call.print("[Errno " + std::to_string(errno) + "] " + std::strerror(errno) + ": " +
               repr(Value::str(target)) + "\n");
  } else {
    call.session.previous_dir = before;
  }
  call.print(current_dir() + "\n");
}

}  // namespace tsh::shell

namespace tsh::shell {

namespace {

// Text without the colour escapes (ESC [ ... m) a drawing on a terminal has.
std::string without_colour(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\33' && i + 1 < s.size() && s[i + 1] == '[') {
      const size_t end = s.find('m', i);
      if (end != std::string::npos) {
        i = end;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

}  // namespace

void magic_save(const MagicCall& call) {
  const std::vector<std::string> words = split_words(call.args());
  if (words.size() != 1) throw UsageError("%save takes one argument: the Markdown file to write (%save lesson.md)");
  const std::string& file = words[0];
  if (file.size() < 4 || file.compare(file.size() - 3, 3, ".md") != 0)
    throw UsageError("%save writes a Markdown transcript: give a file name ending in .md, not '" + file + "'");
  if (call.session.transcript_overflowed())
    throw UsageError("this session printed more than " + std::to_string(Session::kTranscriptLimit >> 20) +
                     " MiB, more than %save keeps: nothing was written");
  std::string body;
  size_t statements = 0;
  for (const Session::TranscriptEntry& e : call.session.transcript()) {
    body += e.input + without_colour(e.output);
    ++statements;
  }
  if (!body.empty() && body.back() != '\n') body += '\n';
  std::string text = "# tsh session\n\n";
  if (!body.empty()) text += "```\n" + body + "```\n";
  write_whole_file(file, text);  // whole or not at all, through a symlink
  call.print("Wrote " + std::to_string(statements) + (statements == 1 ? " statement" : " statements") +
             " to " + file + "\n");
}

}  // namespace tsh::shell

namespace tsh::shell {

void magic_meta(const MagicCall& call) {
  const std::vector<std::string> words = split_words(call.args());
  if (words.size() > 1 || (words.size() == 1 && words[0] != "on" && words[0] != "off"))
    throw UsageError("%meta takes on or off (or nothing, to show the mode)");
  if (words.size() == 1) call.in.show_meta = words[0] == "on";
  call.print(std::string("metadata mode is ") + (call.in.show_meta ? "on" : "off") + "\n");
}

}  // namespace tsh::shell
