//===- FindingWire.h - Findings to and from JSON ----------------*- C++ -*-===//
//
// The findings of one translation unit, as the child process that analyzed
// it sends them to errlint's main process. Everything a Finding holds but
// its clang::SourceLocation (meaningless outside the child) round-trips.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_FINDINGWIRE_H
#define ERRLINT_FINDINGWIRE_H

#include "Engine.h"
#include <nlohmann/json.hpp>
#include <functional>
#include <string>
#include <vector>

namespace errlint {

/// What a child process reports about its translation unit.
struct WireResult {
  std::vector<Finding> Findings;
  bool Failed = false;
  std::string Reason;
  std::string Diagnostics;
  /// Every file the parse read (the file and its headers): the result
  /// cache's dependencies.
  std::vector<std::string> Files;
  bool FromCache = false; ///< The findings were reused, nothing was parsed.
  /// Protocol inference: this unit's class facts, the classes it uses
  /// whose methods other units define, and the digest of their protocols
  /// its findings were computed with.
  std::vector<ClassFacts> Facts;
  std::vector<std::string> Pending;
  std::string PendingDigest;
  /// The headers that define the pending classes.
  std::vector<std::string> PendingHeaders;
  /// The unit's AST, saved for a second analysis once every unit's facts
  /// are known; empty when not saved.
  std::string AstFile;
  /// Analyzed a second time from its saved AST (not parsed again).
  bool Reloaded = false;
  /// Its AST was saved in case a second analysis needed it.
  bool SavedAst = false;
};

std::string toWire(const WireResult &R);

/// Replaces every file path R holds (its files, findings, notes, facts and
/// pending headers) by Map(path): the result cache stores them relative to
/// the project root.
void mapPaths(WireResult &R,
              const std::function<std::string(const std::string &)> &Map);

/// False (with Error set) when Text is not what toWire writes.
bool fromWire(const std::string &Text, WireResult &R, std::string &Error);

} // namespace errlint

#endif
