//===- CliCommon.cpp - What every errlint command shares ------------------===//

#include "CliCommon.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>

using namespace llvm;

namespace errlint {
namespace cli {

void printErrors(const std::vector<LoadError> &Errors) {
  for (const LoadError &E : Errors)
    errs() << E.str() << "\n";
}

void usageError(const Twine &Message) {
  errs() << "errlint: error: " << Message << "\n";
}

std::string topLevelOptionGiven() {
  const llvm::cl::Option *First = nullptr;
  // A StringMap in LLVM 19, a DenseMap in LLVM 22: both bind as pairs.
  for (const auto &[Name, O] :
       llvm::cl::getRegisteredOptions(llvm::cl::SubCommand::getTopLevel())) {
    if (O->getNumOccurrences() && O->ArgStr == Name &&
        (!First || O->getPosition() < First->getPosition()))
      First = O;
  }
  if (!First)
    return "";
  return (First->ArgStr.size() == 1 ? "-" : "--") + First->ArgStr.str();
}

ToolInfo toolInfo() { return {ERRLINT_VERSION, ERRLINT_INFORMATION_URI}; }

/// Writes Path atomically: a failed run never leaves a partial file.
bool writeFile(const std::string &Path,
               std::function<void(raw_ostream &)> Write) {
  Error E = writeToOutput(Path, [&](raw_ostream &OS) {
    Write(OS);
    // Test-only: dies before the write completes, to prove that the
    // previous file survives.
    if (getenv("ERRLINT_TEST_CRASH_IN_WRITE")) {
      OS.flush();
      abort();
    }
    return Error::success();
  });
  if (!E)
    return true;
  usageError("cannot write '" + Path + "': " + toString(std::move(E)));
  return false;
}

} // namespace cli
} // namespace errlint
