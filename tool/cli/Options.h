//===- Options.h - The errlint command's options ----------------*- C++ -*-===//
//
// The analysis command's options, one llvm::cl option each, defined in
// Options.cpp (a single translation unit, so that they register in the order
// --help has always been built from). `merge` and `derive` parse their own
// arguments (MergeCommand.cpp, DeriveCommand.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CLI_OPTIONS_H
#define ERRLINT_CLI_OPTIONS_H

#include "Engine.h"
#include "Formats.h"
#include "Results.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace errlint {
namespace cli {

extern llvm::cl::OptionCategory Category;
extern llvm::cl::OptionCategory CiCategory;
extern llvm::cl::OptionCategory SelectCategory;

extern llvm::cl::opt<std::string> BuildPath;
extern llvm::cl::list<std::string> Sources;
extern llvm::cl::list<std::string> RulePaths;
extern llvm::cl::list<std::string> RecordPaths;
extern llvm::cl::opt<CiteLevel> Cite;
extern llvm::cl::opt<std::string> GenerateDocs;
extern llvm::cl::opt<std::string> ExtractExamples;
extern llvm::cl::opt<bool> ListRulesOpt;
extern llvm::cl::opt<std::string> ExplainOpt;
extern llvm::cl::opt<std::string> ConfigFileOpt;
extern llvm::cl::opt<bool> DumpConfig;
extern llvm::cl::opt<Format> FormatOpt;
extern llvm::cl::opt<std::string> OutputOpt;
extern llvm::cl::opt<FailOn> FailOnOpt;
extern llvm::cl::opt<std::string> BaselineOpt;
extern llvm::cl::opt<std::string> WriteBaselineOpt;
extern llvm::cl::opt<std::string> ProjectRootOpt;
extern llvm::cl::opt<std::string> ChecksOpt;
extern llvm::cl::opt<std::string> HeaderFilterOpt;
extern llvm::cl::list<std::string> ExcludeOpt;
extern llvm::cl::opt<unsigned> JobsOpt;
extern llvm::cl::opt<std::string> ShardOpt;
extern llvm::cl::opt<unsigned> TimeoutOpt;
extern llvm::cl::opt<unsigned> SavedAstLimitOpt;
extern llvm::cl::opt<bool> AllowCompilerPluginsOpt;
extern llvm::cl::opt<std::string> ChangedSinceOpt;
extern llvm::cl::list<std::string> CacheOpt;
extern llvm::cl::opt<std::string> CacheDirOpt;
extern llvm::cl::opt<std::string> CacheModeOpt;
extern llvm::cl::opt<unsigned> CacheTimeoutOpt;
extern llvm::cl::opt<std::string> CacheSecretFileOpt;
extern llvm::cl::opt<bool> ListProtocolsOpt;
extern llvm::cl::opt<std::string> WriteProtocolsOpt;
extern llvm::cl::opt<bool> StatsOpt;

/// The text --help prints above the options.
extern const char *const Overview;

} // namespace cli
} // namespace errlint

#endif
