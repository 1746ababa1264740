//===- Analyses.h - The registry of errlint's analyses ---------*- C++ -*-===//
//
// Every analysis a rule can name, as an enum and one table row: its name in
// rule files and reports, what its rules' profiles must say, and the words
// the HTML report and the generated docs use for it. Code asks the table
// instead of comparing names. Adding an analysis is one row here and one
// file under analyses/ (see docs/extending.md).
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_ANALYSES_H
#define ERRLINT_ANALYSES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace errlint {

enum class AnalysisKind : uint8_t {
  UseAfterClose,
  DoubleClose,
  CloseWhileInUse,
  AstMatcher,
  /// errlint's own check that NOLINTBEGIN/NOLINTEND comments pair up; no
  /// rule file names it.
  Nolint,
};

struct AnalysisInfo {
  AnalysisKind Kind;
  /// The name rules give in "analysis" and reports show.
  llvm::StringLiteral Name;
  /// A rule file may name it.
  bool InRuleFiles;
  /// Its rules' profiles are typestate profiles (else the rule has AST
  /// matchers and no profiles).
  bool Typestate;
  /// Each profile must list use calls (a double close needs close calls
  /// only; a race, submit calls).
  bool NeedsUse;
  /// Each profile must list submit calls: it describes executors.
  bool NeedsSubmit;
  /// What the HTML report writes beside the reported line.
  llvm::StringLiteral FindingLabel;
  /// The "What it flags" paragraph of the rule's reference page (empty: the
  /// rule's own text says it).
  llvm::StringLiteral Explanation;
};

/// Every analysis, in the order rule files and docs list them.
llvm::ArrayRef<AnalysisInfo> analyses();
const AnalysisInfo &analysisInfo(AnalysisKind K);
/// The analysis of this name that rule files may name, if there is one.
std::optional<AnalysisKind> analysisNamed(llvm::StringRef Name);
inline llvm::StringRef analysisName(AnalysisKind K) {
  return analysisInfo(K).Name;
}

} // namespace errlint

#endif
