//===- UnitResult.h - What analyzing one translation unit gave --*- C++ -*-===//
//
// The result of one translation unit in a run: its findings, or why it was
// not analyzed, with its part in protocol inference. The runner returns
// it, the result cache stores it, and FindingWire.h only serializes it for
// the child process that computed it. No clang header.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_UNITRESULT_H
#define ERRLINT_UNITRESULT_H

#include "Engine.h"
#include "Inference.h"
#include <string>
#include <vector>

namespace errlint {

/// What analyzing one translation unit produced: its findings, or why it
/// failed (Reason) with the compiler's errors (Diagnostics).
struct UnitResult {
  std::vector<Finding> Findings;
  bool Failed = false;
  std::string Reason;
  std::string Diagnostics;
  /// Every file the parse read (the file and its headers): the result
  /// cache's dependencies.
  std::vector<std::string> Files;
  /// The unit's facts, and what it used of other units' protocols.
  UnitInference Inference;
  bool FromCache = false; ///< The findings were reused, nothing was parsed.
  /// The unit's AST, saved for a second analysis once every unit's facts
  /// are known; empty when not saved.
  std::string AstFile;
  /// Analyzed a second time from its saved AST (not parsed again).
  bool Reloaded = false;
  /// Its AST was saved in case a second analysis needed it.
  bool SavedAst = false;
};

} // namespace errlint

#endif
