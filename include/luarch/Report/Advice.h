//===- Advice.h - What to change in the source or the build ----*- C++ -*-===//
//
// Beside the bottleneck, a report says what a person can change when the
// analysis supports it: split a floating-point reduction chain over several
// accumulators, fuse a multiply-add chain into FMAs, multiply by a
// reciprocal instead of dividing, avoid blocked store forwarding, replace
// gathers with contiguous loads, move 4K-aliased arrays apart, interleave a
// latency-bound vector reduction more. Each rule fires only on evidence in
// the report (the binding recurrence, the divider bound, blocked-forwarding
// edges, ...) and is checked by a test where following it is measured to
// help (test/lit/Advice). Consumed by the text, JSON and HTML reports and
// by the clang plugin's remarks.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_REPORT_ADVICE_H
#define LUARCH_REPORT_ADVICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace luarch {

struct KernelReport;

/// One piece of advice about one kernel.
struct AdviceRecord {
  /// Stable identifier of the rule ("fp-reduction-chain"; adviceRules()).
  std::string Rule;
  /// What the analysis found, with its numbers.
  std::string Finding;
  /// What to change in the source or the build.
  std::string Action;
  /// The instructions concerned (kernel indices).
  std::vector<unsigned> Instrs;
  /// Cycles per iteration the analysis expects once the advice is followed
  /// (the next bound), when it can tell.
  std::optional<double> ExpectedCycles;
};

struct AdviceRule {
  const char *Id;
  const char *Summary;
};

/// Every rule, in the order they are tried.
llvm::ArrayRef<AdviceRule> adviceRules();

/// The advice supported by \p R's analysis, most valuable first.
std::vector<AdviceRecord> adviseKernel(const KernelReport &R);

} // namespace luarch

#endif
