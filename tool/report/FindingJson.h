//===- FindingJson.h - The one JSON encoding of a finding ------*- C++ -*-===//
//
// errlint's JSON report (docs/json-format.md) writes each finding this way,
// and so do the child processes and the result cache; merge reads reports
// back with the same code. Only the paths differ: reports write them
// relative to the project root.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_REPORT_FINDINGJSON_H
#define ERRLINT_REPORT_FINDINGJSON_H

#include "Engine.h"
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace errlint {

/// How a finding's file paths are written and read back.
struct FindingPaths {
  /// Writes a path as the encoding shows it; as it is when empty.
  std::function<std::string(const std::string &)> Write;
  /// The directory a relative path read back is under; none when empty.
  std::string Root;
};

/// rule, severity, message, file, line, column, lineText, function, notes
/// (kind, message, and file, line and column when the note points at
/// code), records and consequence. WithNoteText also keeps each note's
/// source line, which the child processes and the cache need for text
/// output and reports leave out.
nlohmann::json findingJson(const Finding &F, const FindingPaths &Paths = {},
                           bool WithNoteText = false);

/// The finding findingJson wrote. Throws nlohmann::json::exception when J
/// is not one (a missing rule, message, file, line or column, or a value of
/// the wrong type); the other fields default to what findingJson leaves out.
Finding findingFromJson(const nlohmann::json &J,
                        const FindingPaths &Paths = {});

} // namespace errlint

#endif
