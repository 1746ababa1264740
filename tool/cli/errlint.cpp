//===- errlint.cpp - The errlint command ----------------------------------===//
//
// A thin front end: parses options, then hands over to the commands
// (Analyze.cpp, MergeCommand.cpp, DeriveCommand.cpp) and through them to the
// libraries for configuration, file selection, analysis (Runner), the report
// and its format.
//
//===----------------------------------------------------------------------===//

#include "CliCommon.h"
#include "Commands.h"
#include "Options.h"

#include "Results.h"
#include "Runner.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

using namespace llvm;

namespace errlint {
namespace cli {
namespace {

int run(int Argc, const char **Argv) {
  std::string Error;
  std::unique_ptr<Compilations> Fixed =
      Compilations::fromCommandLine(Argc, Argv, Error);
  if (!Error.empty()) {
    usageError(Error);
    return ExitUsage;
  }
  cl::HideUnrelatedOptions({&Category, &CiCategory, &SelectCategory});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "errlint " ERRLINT_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  std::string ParseErrors;
  raw_string_ostream ParseOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &ParseOS)) {
    errs() << ParseOS.str();
    return ExitUsage;
  }
  if (MergeCommand)
    return runMerge();
  if (DeriveCommand)
    return runDerive();
  if (std::optional<int> Code = runInfoCommands())
    return *Code;
  if (!outputPathUsable())
    return ExitUsage;

  std::vector<LoadError> Errors;
  std::unique_ptr<Compilations> DB =
      Fixed ? std::move(Fixed)
            : Compilations::load(BuildPath,
                                 Sources.empty() ? "" : Sources.front(), Error,
                                 Errors);
  if (!DB) {
    if (!Error.empty())
      usageError(Error);
    printErrors(Errors);
    return ExitUsage;
  }
  return analyze(*DB);
}

} // namespace
} // namespace cli
} // namespace errlint

int main(int Argc, const char **Argv) { return errlint::cli::run(Argc, Argv); }
