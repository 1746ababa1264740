//===- Formats.h - Machine-readable reports --------------------*- C++ -*-===//
//
// A run's report as clang-style text, the HTML page (HtmlReport.h), errlint's
// versioned JSON (see docs/json-format.md), SARIF 2.1.0 for GitHub code
// scanning and other SARIF viewers, or GitHub Actions workflow annotations.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_FORMATS_H
#define ERRLINT_FORMATS_H

#include "Results.h"
#include "llvm/Support/raw_ostream.h"
#include <nlohmann/json.hpp>

namespace errlint {

enum class Format { Text, Html, Json, Sarif, Github };

/// The "version" of the JSON report format; docs/json-format.md.
constexpr unsigned JsonReportVersion = 1;

/// The partialFingerprints key SARIF results carry their fingerprint under.
extern const char SarifFingerprintKey[];

/// The name and version reports give for errlint.
struct ToolInfo {
  std::string Version;
  std::string InformationUri; ///< Empty when the build names none.
};

/// Writes the report in the given format.
void writeReport(Format F, const Catalog &Cat, const RunReport &Report,
                 const ToolInfo &Tool, llvm::raw_ostream &OS);

/// The JSON report (also what `errlint merge` reads back).
nlohmann::ordered_json jsonReport(const Catalog &Cat, const RunReport &Report,
                          const ToolInfo &Tool);

/// The SARIF log.
nlohmann::ordered_json sarifLog(const Catalog &Cat, const RunReport &Report,
                        const ToolInfo &Tool);

/// A SARIF reportingDescriptor for a rule: descriptions, help text and
/// markdown with its records' runtime errors, prevention tips and example
/// fixes.
nlohmann::ordered_json sarifRule(const Catalog &Cat, const Rule &R);

/// A rule's help as markdown.
std::string ruleHelpMarkdown(const Catalog &Cat, const Rule &R);

} // namespace errlint

#endif
