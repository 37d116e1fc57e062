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

#include <pthread.h>

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
  // dump() walks every node, recursing once per level of the tree (the parser allows 1000), and
  // an instrumented frame is large: it runs on a thread with a stack to match (8 MB was not).
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(256) << 20);
  pthread_t thread;
  auto walk = [](void* p) -> void* {
    (void)tsh::grammar::dump(static_cast<const tsh::grammar::ParseResult*>(p)->stmts);
    return nullptr;
  };
  if (pthread_create(&thread, &attr, walk, const_cast<tsh::grammar::ParseResult*>(&r)) != 0) __builtin_trap();
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
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
