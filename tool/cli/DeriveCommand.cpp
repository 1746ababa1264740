//===- DeriveCommand.cpp - errlint derive ---------------------------------===//
//
// Drafts a rule from each error record and validates it (author/Derive*).
// Parses its own arguments: -j as the analysis command takes it, and the
// usage messages its tests assert on.
//
//===----------------------------------------------------------------------===//

#include "CliCommon.h"
#include "Commands.h"

#include "Catalog.h"
#include "DeriveDataset.h"
#include "Results.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace errlint {
namespace cli {
namespace {

/// What `errlint derive` was asked for.
struct DeriveOptions {
  std::string Output = "-";
  bool Summary = false;
  bool Explain = false;
  unsigned Jobs = 0; ///< 0: one per hardware thread, as for analysis.
  std::vector<std::string> Inputs;
};

/// Parses derive's arguments; false (after a usage error) when they are bad.
bool parseDeriveOptions(int Argc, const char **Argv, DeriveOptions &O) {
  const char *Usage =
      "usage: errlint derive [-o FILE] [--summary] [--explain] [-j N] "
      "RECORD-FILE...";
  bool OutputGiven = false;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (A.starts_with("-j")) {
      // -j N, -jN or -j=N, as the analysis command takes it.
      StringRef N = A.drop_front(2);
      if (N.empty() && I + 1 < Argc)
        N = Argv[++I];
      N.consume_front("=");
      if (N.getAsInteger(10, O.Jobs)) {
        usageError("derive: -j takes a number of threads, not '" + N + "'; " +
                   Usage);
        return false;
      }
    } else if ((A == "-o" || A == "--output") && I + 1 < Argc) {
      O.Output = Argv[++I];
      OutputGiven = true;
    } else if (A.consume_front("--output=")) {
      O.Output = A.str();
      OutputGiven = true;
    } else if (A == "--summary") {
      O.Summary = true;
    } else if (A == "--explain") {
      O.Explain = true;
    } else if (A.starts_with("-")) {
      usageError("derive: unknown option '" + A + "'; " + Usage);
      return false;
    } else {
      O.Inputs.push_back(A.str());
    }
  }
  if (O.Inputs.empty()) {
    usageError(std::string("derive: no record file; ") + Usage);
    return false;
  }
  // The summary and the explanations go to stdout: drafts only to -o.
  if ((O.Summary || O.Explain) && !OutputGiven)
    O.Output.clear();
  return true;
}

/// errlint derive: sorts each record, drafts a rule for those errlint can
/// check and validates each draft against its record's example fix. A
/// malformed record (or JSON Lines line) is reported and the others are
/// derived: exit 3 then, 2 when nothing could be read.
} // namespace

int runDerive(int Argc, const char **Argv) {
  DeriveOptions O;
  if (!parseDeriveOptions(Argc, Argv, O))
    return ExitUsage;
  // Each file in its own catalogue keeps the records in the order given.
  std::vector<Catalog> Loaded(O.Inputs.size());
  std::vector<const Record *> Records;
  std::vector<LoadError> Errors;
  for (size_t I = 0; I < O.Inputs.size(); ++I) {
    Loaded[I].loadRecords(O.Inputs[I], Errors);
    std::vector<const Record *> FromFile;
    for (const auto &[Id, R] : Loaded[I].records())
      FromFile.push_back(&R);
    inFileOrder(FromFile);
    Records.insert(Records.end(), FromFile.begin(), FromFile.end());
  }
  printErrors(Errors);
  if (Records.empty() && !Errors.empty())
    return ExitUsage;
  std::vector<DeriveEntry> Entries =
      deriveAll(Records, sys::Process::StandardErrIsDisplayed(), O.Jobs);
  printWarnings(errs(), Entries);
  size_t Drafts = 0;
  if (!O.Output.empty() && !writeFile(O.Output, [&](raw_ostream &OS) {
        Drafts = writeDrafts(OS, Entries, /*ValidatedOnly=*/O.Summary);
      }))
    return ExitUsage;
  if (O.Explain)
    printExplanations(outs(), Entries);
  if (O.Summary)
    printSummary(outs(), Entries, O.Output);
  else
    printOutOfReach(errs(), Entries);
  if (!O.Output.empty() && O.Output != "-" && !O.Summary)
    errs() << "errlint: wrote " << Drafts
           << " draft rule(s) to " << O.Output
           << "; review each rule's \"review\" points\n";
  return Errors.empty() ? ExitClean : ExitIncomplete;
}

} // namespace cli
} // namespace errlint
