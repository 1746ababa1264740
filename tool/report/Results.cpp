//===- Results.cpp - What one run reports --------------------------------===//

#include "Results.h"
#include "Paths.h"

#include <algorithm>

namespace errlint {

ExitCode exitCodeFor(bool Incomplete, SeverityCounts Counts, FailOn Level) {
  if (Incomplete)
    return ExitIncomplete;
  switch (Level) {
  case FailOn::Warning:
    return Counts.Errors + Counts.Warnings ? ExitFindings : ExitClean;
  case FailOn::Error:
    return Counts.Errors ? ExitFindings : ExitClean;
  case FailOn::Never:
    return ExitClean;
  }
  return ExitClean;
}

SeverityCounts countSeverities(const std::vector<Result> &Results) {
  SeverityCounts Counts;
  for (const Result &R : Results)
    ++(R.F.Severity == SeverityLevel::Error ? Counts.Errors : Counts.Warnings);
  return Counts;
}

ReportKey reportKey(const Finding &F, const std::string &ProjectRoot) {
  return {relativeToRoot(F.Loc.File, ProjectRoot), F.Loc.Line, F.Loc.Column,
          F.RuleId, F.Message};
}

void sortResults(std::vector<Result> &Results,
                 const std::string &ProjectRoot) {
  std::stable_sort(Results.begin(), Results.end(),
                   [&](const Result &A, const Result &B) {
                     return reportKey(A.F, ProjectRoot) <
                            reportKey(B.F, ProjectRoot);
                   });
}

} // namespace errlint
