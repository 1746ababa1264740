//===- FindingWire.h - Findings to and from JSON ----------------*- C++ -*-===//
//
// The result of one translation unit (UnitResult.h), as the child process
// that analyzed it sends it to errlint's main process. Everything it holds
// but a Finding's clang::SourceLocation (meaningless outside the child) and
// what only the main process sets round-trips.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_FINDINGWIRE_H
#define ERRLINT_FINDINGWIRE_H

#include "UnitResult.h"
#include <nlohmann/json.hpp>
#include <functional>
#include <string>
#include <vector>

namespace errlint {

std::string toWire(const UnitResult &R);

/// Replaces every file path R holds (its files, findings, notes, facts and
/// pending headers) by Map(path): the result cache stores them relative to
/// the project root.
void mapPaths(UnitResult &R,
              const std::function<std::string(const std::string &)> &Map);

/// False (with Error set) when Text is not what toWire writes.
bool fromWire(const std::string &Text, UnitResult &R, std::string &Error);

} // namespace errlint

#endif
