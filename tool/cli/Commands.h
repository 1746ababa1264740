//===- Commands.h - The errlint command's commands --------------*- C++ -*-===//
//
// What errlint.cpp dispatches to: the analysis (Analyze.cpp) with its
// information commands, and the `merge` and `derive` subcommands.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CLI_COMMANDS_H
#define ERRLINT_CLI_COMMANDS_H

#include "Runner.h"
#include "llvm/Support/CommandLine.h"

#include <optional>

namespace errlint {
namespace cli {

/// Checks up front that -o can be written, so that a typo does not cost a
/// whole analysis.
bool outputPathUsable();

/// --list-rules, --explain, --dump-config and the docs generators, which
/// need no database; nullopt when none was asked for.
std::optional<int> runInfoCommands();

/// Analyzes the files of DB as the options say; the exit code.
int analyze(const Compilations &DB);

/// errlint merge [--fail-on=LEVEL] OUT IN..., once the command line has
/// been parsed with MergeCommand chosen.
extern llvm::cl::SubCommand MergeCommand;
int runMerge();

/// errlint derive [-o FILE] [--summary] [--explain] [-j N] RECORD-FILE...,
/// once the command line has been parsed with DeriveCommand chosen.
extern llvm::cl::SubCommand DeriveCommand;
int runDerive();

} // namespace cli
} // namespace errlint

#endif
