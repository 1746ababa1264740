//===- MergeCommand.cpp - errlint merge -----------------------------------===//
//
// Combines the JSON or SARIF reports of shards into one (or an HTML report
// from their JSON). Parses its own arguments: its usage messages and exit
// codes are part of the interface CI scripts rely on.
//
//===----------------------------------------------------------------------===//

#include "CliCommon.h"
#include "Commands.h"

#include "Catalog.h"
#include "HtmlReport.h"
#include "Merge.h"
#include "Results.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace errlint {
namespace cli {

/// errlint merge [--fail-on=LEVEL] OUT IN...
int runMerge(int Argc, const char **Argv) {
  std::vector<std::string> Paths;
  FailOn Level = FailOn::Warning;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (A == "--fail-on" && I + 1 < Argc)
      A = Argv[++I];
    else if (!A.consume_front("--fail-on=")) {
      if (A.starts_with("-") && A != "-") {
        usageError("merge: unknown option '" + A +
                   "'; usage: errlint merge [--fail-on=warning|error|never] "
                   "OUT IN...");
        return ExitUsage;
      }
      Paths.push_back(A.str());
      continue;
    }
    if (A != "warning" && A != "error" && A != "never") {
      usageError("merge: --fail-on must be warning, error or never");
      return ExitUsage;
    }
    Level = A == "never" ? FailOn::Never
                         : A == "error" ? FailOn::Error : FailOn::Warning;
  }
  if (Paths.size() < 2) {
    usageError("usage: errlint merge [--fail-on=warning|error|never] OUT "
               "IN...");
    return ExitUsage;
  }
  std::vector<std::string> Inputs(Paths.begin() + 1, Paths.end());
  MergeOutcome Out;
  std::vector<LoadError> Errors;
  if (!mergeReports(Inputs, Out, Errors)) {
    printErrors(Errors);
    return ExitUsage;
  }
  if (StringRef(Paths.front()).ends_with(".html")) {
    // The report people read, from the shards' JSON.
    std::vector<Finding> Findings;
    std::string Error;
    Catalog Cat;
    std::vector<LoadError> CatErrors;
    if (!findingsFromJsonReport(Out.Text, Findings, Error) ||
        !Cat.loadBuiltins(CatErrors)) {
      usageError("merge: " + (Error.empty() ? std::string("catalogue") : Error));
      return ExitUsage;
    }
    HtmlReportOptions Opts;
    Opts.Generator = "errlint " ERRLINT_VERSION;
    if (!writeFile(Paths.front(), [&](raw_ostream &OS) {
          renderHtml(Cat, Findings, Opts, OS);
        }))
      return ExitUsage;
    return exitCodeFor(Out.Incomplete, Out.Counts, Level);
  }
  if (!writeFile(Paths.front(), [&](raw_ostream &OS) { OS << Out.Text; }))
    return ExitUsage;
  return exitCodeFor(Out.Incomplete, Out.Counts, Level);
}

} // namespace cli
} // namespace errlint
