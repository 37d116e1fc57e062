// shell/jupyter/kernel.cpp — the xeus interpreter (see kernel.h).
#include "shell/jupyter/kernel.h"

#include "engine/core/interrupt.h"
#include "grammar/parser.h"
#include "shell/python/errors.h"
#include "shell/complete.h"
#include "shell/help.h"
#include <openssl/evp.h>

#include "xeus/xhelper.hpp"
#include "xeus/xinput.hpp"

namespace tsh::shell::jupyter {

namespace {

// Python's code points from a byte offset into UTF-8 text, and back: the protocol counts
// cursor positions in code points.
size_t bytes_to_chars(const std::string& s, size_t bytes) {
  size_t n = 0;
  for (size_t i = 0; i < bytes && i < s.size(); ++i) n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return n;
}
size_t chars_to_bytes(const std::string& s, size_t chars) {
  size_t i = 0;
  for (size_t n = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (n == chars) return i;
      ++n;
    }
  }
  return s.size();
}

// Base64, as a display bundle carries binary images (OpenSSL's encoder; xeus links OpenSSL).
std::string base64(const std::string& bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  out.resize(static_cast<size_t>(std::max(0, n)));
  return out;
}

}  // namespace

std::atomic<bool>& Kernel::busy() {
  static std::atomic<bool> flag{false};
  return flag;
}

Kernel::Kernel()
    : session_(Output{[this](std::string_view s) { out_buf_.append(s); },
                      [this](std::string_view s) {
                        // stdout first, as a terminal shows them: a stream message each.
                        if (!out_buf_.empty()) flush();
                        err_buf_.append(s);
                      },
                      true, false}) {
  xeus::register_interpreter(this);  // input() needs it (xeus 2.4 otherwise answers "" by itself)
  session_.interp().input_hook = [this](const std::string& prompt) -> std::string {
    if (!allow_stdin_)  // nbconvert and other frontends without stdin: IPython's refusal
      throw PyError("IPython.core.error.StdinNotImplementedError", "raw_input was called, but this frontend does not support input requests.");
    flush();
    return xeus::blocking_input_request(prompt, false);
  };
  session_.interp().output().display = [this](const std::vector<std::pair<std::string, std::string>>& bundle) {
    flush();
    nl::json data;
    for (const auto& [mime, bytes] : bundle) {
      std::string shown = mime == "image/png" ? base64(bytes) : bytes;
      if (mime == "text/plain" && !shown.empty() && shown.back() == '\n') shown.pop_back();  // as a repr: no last newline
      data[mime] = std::move(shown);
    }
    display_data(std::move(data), nl::json::object(), nl::json::object());
  };
  session_.interp().display_hook = [this](const Value& v) {
    flush();
    nl::json data;
    data["text/plain"] = repr(v);
    publish_execution_result(count_, std::move(data), nl::json::object());
  };
}

void Kernel::configure_impl() {}

void Kernel::flush() {
  if (!out_buf_.empty()) publish_stream("stdout", out_buf_);
  if (!err_buf_.empty()) publish_stream("stderr", err_buf_);
  out_buf_.clear();
  err_buf_.clear();
}

nl::json Kernel::execute_request_impl(int execution_counter, const std::string& code, bool silent, bool,
                                      nl::json, bool allow_stdin) {
  count_ = silent ? 0 : execution_counter;
  allow_stdin_ = allow_stdin;
  clear_interrupt();  // a SIGINT that came while idle does not carry over
  busy() = true;
  Session::CellOutcome outcome;
  try {
    outcome = session_.run_cell(code, count_);
  } catch (const std::exception& e) {
    outcome.error = Session::CellError{"RuntimeError", e.what(), {std::string("RuntimeError: ") + e.what()}};
  }
  busy() = false;
  flush();
  nl::json reply;
  if (outcome.error) {
    const auto& err = *outcome.error;
    std::string ename = err.ename.substr(err.ename.rfind('.') == std::string::npos ? 0 : err.ename.rfind('.') + 1);
    if (!silent) publish_execution_error(ename, err.evalue, err.traceback);
    // Written by hand: xeus 2.4's create_error_reply swaps ename and evalue.
    reply["status"] = "error";
    reply["ename"] = ename;
    reply["evalue"] = err.evalue;
    reply["traceback"] = err.traceback;
    return reply;
  }
  reply = xeus::create_successful_reply();
  nl::json payload = nl::json::array();
  for (const std::string& page : outcome.pages)
    payload.push_back({{"source", "page"}, {"data", {{"text/plain", page}}}, {"start", 0}});
  reply["payload"] = payload;
  reply["user_expressions"] = nl::json::object();
  return reply;
}

nl::json Kernel::complete_request_impl(const std::string& code, int cursor_pos) {
  const size_t cursor = chars_to_bytes(code, static_cast<size_t>(std::max(0, cursor_pos)));
  // The REPL completes within a line: the cursor's line of the cell.
  const size_t line_start = code.rfind('\n', cursor == 0 ? 0 : cursor - 1) == std::string::npos || cursor == 0
                                ? 0
                                : code.rfind('\n', cursor - 1) + 1;
  const std::string line = code.substr(line_start, code.find('\n', cursor) == std::string::npos
                                                       ? std::string::npos
                                                       : code.find('\n', cursor) - line_start);
  size_t word_start = cursor - line_start;
  std::vector<std::string> matches;
  try {
    matches = complete(session_.interp(), line, cursor - line_start, &word_start);
  } catch (...) {
    matches.clear();
  }
  // The REPL's completions end callables with `(` (readline's habit); Jupyter's frontends add their own.
  for (std::string& m : matches) {
    if (m.size() > 2 && m.compare(m.size() - 2, 2, "()") == 0) m.resize(m.size() - 2);
    else if (m.size() > 1 && m.back() == '(') m.pop_back();
  }
  return xeus::create_complete_reply(matches, static_cast<int>(bytes_to_chars(code, line_start + word_start)),
                                     static_cast<int>(bytes_to_chars(code, cursor)));
}

nl::json Kernel::inspect_request_impl(const std::string& code, int cursor_pos, int detail_level) {
  // The name (a chain of attributes) under or before the cursor.
  const size_t cursor = chars_to_bytes(code, static_cast<size_t>(std::max(0, cursor_pos)));
  auto part = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  size_t a = cursor, b = cursor;
  while (a > 0 && part(code[a - 1])) --a;
  while (b < code.size() && part(code[b])) ++b;
  std::string name = code.substr(a, b - a);
  while (!name.empty() && name.back() == '.') name.pop_back();
  if (name.empty()) return xeus::create_inspect_reply(false);
  grammar::ParseResult parsed = grammar::parse(name);
  if (parsed.error || parsed.stmts.size() != 1 || parsed.stmts[0]->kind != grammar::StmtKind::Expr)
    return xeus::create_inspect_reply(false);
  try {
    const Value v = session_.interp().eval(*parsed.stmts[0]->value);
    nl::json data;
    data["text/plain"] = pinfo_text(describe(session_.interp(), v), detail_level > 0 ? 2 : 1);
    return xeus::create_inspect_reply(true, data);
  } catch (...) {
    return xeus::create_inspect_reply(false);
  }
}

// IPython's answers: complete, incomplete (with the indent of the next line) or invalid.
nl::json Kernel::is_complete_request_impl(const std::string& code) {
  grammar::ParseOptions options;
  options.interactive = true;
  const grammar::ParseResult r = grammar::parse(code, options);
  if (r.error && r.error->incomplete) {
    std::string last = code.substr(code.rfind('\n', code.size() - 1) == std::string::npos ? 0 : code.rfind('\n', code.size() - 1) + 1);
    const size_t lead = last.find_first_not_of(" \t");
    std::string indent = lead == std::string::npos ? "" : last.substr(0, lead);
    const size_t end = last.find_last_not_of(" \t");
    if (end != std::string::npos && last[end] == ':') indent += "    ";
    return xeus::create_is_complete_reply("incomplete", indent);
  }
  if (r.error) return xeus::create_is_complete_reply("invalid", "");
  // A block typed so far may go on (it needs a blank line to end), as in IPython.
  const size_t first = code.find_first_not_of(" \t\n");
  const bool block = first != std::string::npos &&
                     (code.find(":\n", first) != std::string::npos || code.compare(first, 1, "@") == 0) &&
                     !(code.size() >= 2 && code.compare(code.size() - 2, 2, "\n\n") == 0);
  if (block && code.back() != '\n') {
    std::string last = code.substr(code.rfind('\n') + 1);
    const size_t lead = last.find_first_not_of(" \t");
    return xeus::create_is_complete_reply("incomplete", lead == std::string::npos ? "" : last.substr(0, lead));
  }
  return xeus::create_is_complete_reply("complete", "");
}

nl::json Kernel::kernel_info_request_impl() {
  nl::json language_info = {{"name", "python"},
                            {"version", "3.11"},
                            {"mimetype", "text/x-python"},
                            {"file_extension", ".py"},
                            {"pygments_lexer", "ipython3"},
                            {"codemirror_mode", {{"name", "ipython"}, {"version", 3}}},
                            {"nbconvert_exporter", "python"}};
  nl::json reply = xeus::create_info_reply("5.3", "tsh", TSH_VERSION, "python", "3.11", "text/x-python", ".py",
                                           "ipython3", "ipython", "python",
                                           "tsh " TSH_VERSION ": a tensor shell that speaks PyTorch", false,
                                           nl::json::array());
  reply["language_info"] = language_info;
  return reply;
}

void Kernel::shutdown_request_impl() { flush(); }

}  // namespace tsh::shell::jupyter
