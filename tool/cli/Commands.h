//===- Commands.h - The errlint command's commands --------------*- C++ -*-===//
//
// What errlint.cpp dispatches to: the analysis (Analyze.cpp) with its
// information commands, and the `merge` and `derive` subcommands.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CLI_COMMANDS_H
#define ERRLINT_CLI_COMMANDS_H

#include "Runner.h"

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

/// errlint merge [--fail-on=LEVEL] OUT IN... (Argv[0] is "merge").
int runMerge(int Argc, const char **Argv);

/// errlint derive [-o FILE] [--summary] [--explain] [-j N] RECORD-FILE...
/// (Argv[0] is "derive").
int runDerive(int Argc, const char **Argv);

} // namespace cli
} // namespace errlint

#endif
