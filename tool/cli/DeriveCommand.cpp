//===- DeriveCommand.cpp - errlint derive ---------------------------------===//
//
// Drafts a rule from each error record and validates it (author/Derive*).
// -j is read as the analysis command takes it, and unknown options are
// collected, so that the usage messages stay errlint's own.
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

// Defined before its options, which register with it as they are built.
cl::SubCommand DeriveCommand(
    "derive", "Draft a rule from each error record and validate it against "
              "the record's example fix");

namespace {

const char *const DeriveUsage =
    "usage: errlint derive [-o FILE] [--summary] [--explain] [-j N] "
    "RECORD-FILE...";

cl::opt<std::string> DeriveOutput(
    "o", cl::sub(DeriveCommand), cl::value_desc("file"), cl::init("-"),
    cl::desc("Where to write the draft rules ('-': standard output)"));
cl::alias DeriveOutputLong("output", cl::aliasopt(DeriveOutput),
                           cl::desc("Alias for -o"));
cl::opt<bool> DeriveSummary(
    "summary", cl::sub(DeriveCommand),
    cl::desc("Print how the records sort and which drafts validate; write "
             "only validated drafts, and only with -o"));
cl::opt<bool> DeriveExplain(
    "explain", cl::sub(DeriveCommand),
    cl::desc("Print why each record sorts as it does"));
cl::opt<std::string> DeriveJobs(
    "j", cl::sub(DeriveCommand), cl::Prefix, cl::value_desc("N"),
    cl::desc("Threads to validate drafts on (default: one per hardware "
             "thread)"));
cl::list<std::string> DeriveInputs(cl::Positional, cl::sub(DeriveCommand),
                                   cl::desc("RECORD-FILE..."));
cl::list<std::string> DeriveUnknown(cl::Sink, cl::sub(DeriveCommand));

/// What `errlint derive` was asked for.
struct DeriveOptions {
  std::string Output = "-";
  bool Summary = false;
  bool Explain = false;
  unsigned Jobs = 0; ///< 0: one per hardware thread, as for analysis.
  std::vector<std::string> Inputs;
};

/// Checks derive's parsed options; false (after a usage error) when they
/// are bad.
bool deriveOptions(DeriveOptions &O) {
  std::string Unknown =
      DeriveUnknown.empty() ? topLevelOptionGiven() : DeriveUnknown.front();
  if (!Unknown.empty()) {
    usageError("derive: unknown option '" + Unknown + "'; " + DeriveUsage);
    return false;
  }
  if (DeriveJobs.getNumOccurrences()) {
    // -j N, -jN or -j=N, as the analysis command takes it.
    StringRef N = DeriveJobs;
    N.consume_front("=");
    if (N.getAsInteger(10, O.Jobs)) {
      usageError("derive: -j takes a number of threads, not '" + N + "'; " +
                 DeriveUsage);
      return false;
    }
  }
  O.Output = DeriveOutput;
  O.Summary = DeriveSummary;
  O.Explain = DeriveExplain;
  O.Inputs.assign(DeriveInputs.begin(), DeriveInputs.end());
  if (O.Inputs.empty()) {
    usageError(std::string("derive: no record file; ") + DeriveUsage);
    return false;
  }
  // The summary and the explanations go to stdout: drafts only to -o.
  if ((O.Summary || O.Explain) && !DeriveOutput.getNumOccurrences())
    O.Output.clear();
  return true;
}

/// errlint derive: sorts each record, drafts a rule for those errlint can
/// check and validates each draft against its record's example fix. A
/// malformed record (or JSON Lines line) is reported and the others are
/// derived: exit 3 then, 2 when nothing could be read.
} // namespace

int runDerive() {
  DeriveOptions O;
  if (!deriveOptions(O))
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
