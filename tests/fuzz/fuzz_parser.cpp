// tests/fuzz/fuzz_parser.cpp — libFuzzer target for the grammar: any bytes
// must give a tree or an error (as a script and as a REPL chunk), without
// crashing, hanging, or reading out of bounds.
//
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -I. \
//       grammar/*.cpp tests/fuzz/fuzz_parser.cpp -o /tmp/fuzz_parser
//   /tmp/fuzz_parser -max_len=4096 -timeout=5 CORPUS_DIR
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "grammar/dump.h"
#include "grammar/parser.h"

namespace {

// A result that breaks parse()'s contract stops the fuzzer.
void check(const tsh::grammar::ParseResult& r) {
  if (r.error) {
    const auto& e = *r.error;
    if (!r.stmts.empty() || e.message.empty() || e.type.empty() || e.span.line < 1 ||
        e.span.end_line < e.span.line || e.span.col < -1)
      __builtin_trap();
    return;
  }
  for (const auto& s : r.stmts)
    if (!s || s->span.line < 1) __builtin_trap();
  (void)tsh::grammar::dump(r.stmts);  // walks every node
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  check(tsh::grammar::parse(source));
  tsh::grammar::ParseOptions repl;
  repl.interactive = true;
  check(tsh::grammar::parse(source, repl));
  return 0;
}
