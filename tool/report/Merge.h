//===- Merge.h - errlint merge: combining sharded reports ------*- C++ -*-===//
//
// Combines the JSON reports or SARIF logs of the shards of one run into the
// report the unsharded run would have written: findings (or results) in
// report order, each once, with the files that could not be analyzed.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_MERGE_H
#define ERRLINT_MERGE_H

#include "Catalog.h"
#include "Engine.h"
#include "Results.h"

#include <string>
#include <vector>

namespace errlint {

/// What a merge produced.
struct MergeOutcome {
  std::string Text;       ///< The merged report, in the inputs' format.
  SeverityCounts Counts;  ///< Of its findings.
  bool Incomplete = false; ///< Some input could not analyze some file.
};

/// Merges the reports at Inputs, which must all be errlint JSON reports or
/// all SARIF logs written by errlint.
bool mergeReports(const std::vector<std::string> &Inputs, MergeOutcome &Out,
                  std::vector<LoadError> &Errors);

/// Reads the findings back from an errlint JSON report (for an HTML report
/// of merged shards). Paths become absolute under the report's projectRoot.
/// Returns false, with a message, when Text is not such a report.
bool findingsFromJsonReport(const std::string &Text,
                            std::vector<Finding> &Findings,
                            std::string &Error);

} // namespace errlint

#endif
