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

/// What one use of the encoding adds to it.
struct FindingExtras {
  /// Each note's source line, which the child processes and the cache need
  /// for text output, and reports leave out.
  bool NoteText = false;
  /// The report's fingerprint of the finding (written when not empty).
  std::string Fingerprint;
};

/// rule, severity, message, file, line, column, function, lineText,
/// [fingerprint,] notes (kind, message, and file, line and column when the
/// note points at code), records and consequence, in that order. JsonT is
/// nlohmann::json or nlohmann::ordered_json (reports keep the order).
template <class JsonT>
JsonT findingJson(const Finding &F, const FindingPaths &Paths = {},
                  const FindingExtras &Extra = {});

/// The finding findingJson wrote. Throws nlohmann::json::exception when J
/// is not one (a missing rule, message, file, line or column, or a value of
/// the wrong type); the other fields default to what findingJson leaves out.
template <class JsonT>
Finding findingFromJson(const JsonT &J, const FindingPaths &Paths = {});

extern template nlohmann::json
findingJson<nlohmann::json>(const Finding &, const FindingPaths &,
                            const FindingExtras &);
extern template nlohmann::ordered_json
findingJson<nlohmann::ordered_json>(const Finding &, const FindingPaths &,
                                    const FindingExtras &);
extern template Finding findingFromJson(const nlohmann::json &,
                                        const FindingPaths &);
extern template Finding findingFromJson(const nlohmann::ordered_json &,
                                        const FindingPaths &);

} // namespace errlint

#endif
