//===- Results.h - What one run reports ------------------------*- C++ -*-===//
//
// The findings of a run as they are reported (with their baseline identity
// and citation level), the files that could not be analyzed, and the exit
// code they lead to. The output formats, baselines and `errlint merge` work
// on these.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_RESULTS_H
#define ERRLINT_RESULTS_H

#include "Engine.h"

#include <string>
#include <tuple>
#include <vector>

namespace errlint {

/// A file that was not analyzed, and why.
struct Failure {
  std::string File; ///< Absolute path.
  std::string Reason;
};

/// One reported finding.
struct Result {
  Finding F;
  /// Stable identity across edits (see assignFingerprints in Baseline.h).
  std::string Fingerprint;
  CiteLevel Cite = CiteLevel::Full;
};

/// Everything a run reports.
struct RunReport {
  std::string ProjectRoot; ///< Paths in reports are relative to it.
  std::vector<Result> Results;
  std::vector<Failure> Failures;
  unsigned FilesAnalyzed = 0; ///< Translation units the run looked at.
};

/// Which findings make the run fail (exit code 1).
enum class FailOn { Warning, Error, Never };

/// The documented exit codes.
enum ExitCode {
  ExitClean = 0,      ///< Everything analyzed, nothing that fails the run.
  ExitFindings = 1,   ///< Findings at or above --fail-on were reported.
  ExitUsage = 2,      ///< Usage or configuration error; nothing analyzed.
  ExitIncomplete = 3, ///< Some file could not be read or parsed.
};

/// How many reported findings have each severity.
struct SeverityCounts {
  unsigned Errors = 0;
  unsigned Warnings = 0;
};

/// Counts results by severity ("error" or anything else: warning).
SeverityCounts countSeverities(const std::vector<Result> &Results);

/// The exit code for a run (or a merge) that reported Counts.
ExitCode exitCodeFor(bool Incomplete, SeverityCounts Counts, FailOn Level);

/// Findings are reported in the order of this key: the file as reported
/// (relative to the project root when inside it), line, column, rule and
/// message. `errlint merge` sorts by the same key.
using ReportKey =
    std::tuple<std::string, unsigned, unsigned, std::string, std::string>;
ReportKey reportKey(const Finding &F, const std::string &ProjectRoot);

/// Sorts results by reportKey().
void sortResults(std::vector<Result> &Results, const std::string &ProjectRoot);

} // namespace errlint

#endif
