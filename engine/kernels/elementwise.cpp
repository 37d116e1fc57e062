// engine/kernels/elementwise.cpp — one coverage check per elementwise op kind, keyed by family and value.
#include "engine/kernels/elementwise.h"

#include <vector>

#include "engine/kernels/coverage.h"

namespace tsh::kernels {

namespace {

template <typename Op> std::string key(const char* family, Op op) {
  return std::string(family) + "/" + std::to_string(static_cast<int>(op));
}

// Every value of Op up to and including `last`, each with its check.
template <typename Op> const Check& check(const char* family, Op op, Op last) {
  static const std::vector<Check> checks = [&] {
    std::vector<Check> v;
    for (int i = 0; i <= static_cast<int>(last); ++i) v.emplace_back(key(family, static_cast<Op>(i)));
    return v;
  }();
  return checks[static_cast<size_t>(op)];
}

}  // namespace

std::string coverage_key(BinaryOp op) { return key("binary", op); }
std::string coverage_key(UnaryOp op) { return key("unary", op); }
std::string coverage_key(CompareOp op) { return key("compare", op); }
std::string coverage_key(TernaryOp op) { return key("ternary", op); }

const Check& check_of(BinaryOp op) { return check("binary", op, BinaryOp::NextAfter); }
const Check& check_of(UnaryOp op) { return check("unary", op, UnaryOp::LogicalNot); }
const Check& check_of(CompareOp op) { return check("compare", op, CompareOp::LogicalXor); }
const Check& check_of(TernaryOp op) { return check("ternary", op, TernaryOp::ClampMax); }

}  // namespace tsh::kernels
