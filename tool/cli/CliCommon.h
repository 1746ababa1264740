//===- CliCommon.h - What every errlint command shares ----------*- C++ -*-===//
//
// Error messages, the tool's identity for reports, and atomic output files:
// what the analysis command, `merge` and `derive` all use.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CLI_CLICOMMON_H
#define ERRLINT_CLI_CLICOMMON_H

#include "Catalog.h"
#include "Formats.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace errlint {
namespace cli {

/// Prints each load error on its own line on stderr.
void printErrors(const std::vector<LoadError> &Errors);

/// Prints "errlint: error: MESSAGE" on stderr.
void usageError(const llvm::Twine &Message);

/// The first option of the analysis command that a subcommand's command
/// line gave ("-p", "--format"), or "" for none. llvm::cl lets a subcommand
/// take the top-level options; merge and derive take only their own.
std::string topLevelOptionGiven();

/// errlint's version and information URI, for SARIF and HTML reports.
ToolInfo toolInfo();

/// Writes Path atomically: a failed run never leaves a partial file.
bool writeFile(const std::string &Path,
               std::function<void(llvm::raw_ostream &)> Write);

} // namespace cli
} // namespace errlint

#endif
