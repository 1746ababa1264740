//===- MergeCommand.cpp - errlint merge -----------------------------------===//
//
// Combines the JSON or SARIF reports of shards into one (or an HTML report
// from their JSON). Its usage messages and exit codes are part of the
// interface CI scripts rely on: unknown options are collected, not left to
// the command-line library's message.
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

// Defined before its options, which register with it as they are built.
cl::SubCommand MergeCommand(
    "merge", "Combine the JSON or SARIF reports of shards into OUT (JSON, "
             "SARIF, or an HTML page when OUT ends in .html)");

namespace {

const char *const MergeUsage =
    "usage: errlint merge [--fail-on=warning|error|never] OUT IN...";

cl::opt<std::string> MergeFailOn(
    "fail-on", cl::sub(MergeCommand), cl::value_desc("warning|error|never"),
    cl::desc("Which findings of the merged report make errlint exit with 1"),
    cl::init("warning"));
cl::list<std::string> MergePaths(cl::Positional, cl::sub(MergeCommand),
                                 cl::desc("OUT IN..."));
cl::list<std::string> MergeUnknown(cl::Sink, cl::sub(MergeCommand));

} // namespace

int runMerge() {
  std::string Unknown =
      MergeUnknown.empty() ? topLevelOptionGiven() : MergeUnknown.front();
  if (!Unknown.empty()) {
    usageError("merge: unknown option '" + Unknown + "'; " + MergeUsage);
    return ExitUsage;
  }
  StringRef A = MergeFailOn;
  if (A != "warning" && A != "error" && A != "never") {
    usageError("merge: --fail-on must be warning, error or never");
    return ExitUsage;
  }
  FailOn Level = A == "never" ? FailOn::Never
                 : A == "error" ? FailOn::Error
                                : FailOn::Warning;
  std::vector<std::string> Paths(MergePaths.begin(), MergePaths.end());
  if (Paths.size() < 2) {
    usageError(MergeUsage);
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
