//===- TidySettings.h - errlint's options inside clang-tidy -----*- C++ -*-===//
//
// Reads errlint's settings from clang-tidy's CheckOptions and keeps the
// catalogue they describe. Each option is looked up under the rule's check
// name first, then under the shared "errlint." prefix:
//
//   errlint-RULE.Cite / errlint.Cite                 full | tips | none
//   errlint-RULE.ExtraRules / errlint.ExtraRules     ';'-separated paths
//   errlint-RULE.ExtraRecords / errlint.ExtraRecords ';'-separated paths
//
// Nothing here includes clang's AST headers.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TIDY_TIDYSETTINGS_H
#define ERRLINT_TIDY_TIDYSETTINGS_H

#include "Catalog.h"
#include "Engine.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace errlint {
namespace tidy {

/// Prefix of every errlint check name.
inline constexpr llvm::StringLiteral CheckPrefix = "errlint-";
/// What stands before the '.' of the options every errlint check reads.
inline constexpr llvm::StringLiteral SharedCheck = "errlint";

/// The option names an errlint check reads, without prefix.
llvm::ArrayRef<llvm::StringRef> optionNames();

/// errlint's settings for one translation unit.
class Settings {
public:
  /// Reads the options in effect for \p MainFile. \p IsEnabled tells whether
  /// a check is enabled: ExtraRules and ExtraRecords set under a check's name
  /// apply only while that check is.
  Settings(const clang::tidy::ClangTidyOptions::OptionMap &Options,
           llvm::StringRef MainFile,
           llvm::function_ref<bool(llvm::StringRef)> IsEnabled);

  /// Extra record and rule paths, absolute, in option order, without
  /// duplicates.
  const std::vector<std::string> &recordPaths() const { return RecordPaths; }
  const std::vector<std::string> &rulePaths() const { return RulePaths; }

  /// How much of the records the findings of rule \p RuleId quote.
  CiteLevel citeFor(llvm::StringRef RuleId) const;

  /// Invalid option values, one message each.
  const std::vector<std::string> &errors() const { return Errors; }

private:
  void readPaths(const clang::tidy::ClangTidyOptions::OptionMap &Options,
                 llvm::StringRef Name, llvm::StringRef MainFile,
                 llvm::function_ref<bool(llvm::StringRef)> IsEnabled,
                 std::vector<std::string> &Out);

  std::vector<std::string> RecordPaths;
  std::vector<std::string> RulePaths;
  /// Cite levels by check name ("errlint-RULE", or "errlint" when shared).
  std::map<std::string, CiteLevel> Cites;
  std::vector<std::string> Errors;
};

/// Parses a Cite value; false when it is none of full, tips and none.
bool parseCite(llvm::StringRef Value, CiteLevel &Out);

/// Turns a relative path from option \p Key into an absolute one. It is taken
/// relative to the directory of the .clang-tidy file, found from
/// \p MainFile's directory upward, that sets \p Key to \p Value; when no such
/// file sets it (--config, --config-file), relative to the working directory
/// of the compilation.
std::string resolveOptionPath(llvm::StringRef Path, llvm::StringRef Key,
                              llvm::StringRef Value, llvm::StringRef MainFile);

/// Whether clang-tidy shows a warning at line \p Line of \p File (named as
/// the SourceManager names it), by the rules of --header-filter,
/// --exclude-header-filter and --line-filter.
bool passesTidyFilters(const clang::tidy::ClangTidyOptions &Options,
                       const clang::tidy::ClangTidyGlobalOptions &Global,
                       llvm::StringRef File, bool InMainFile, unsigned Line);

/// The built-in catalogue with extra records and rules, and an engine over
/// it; Errors says why it could not be loaded (then there is no engine).
struct LoadedCatalog {
  Catalog Cat;
  std::unique_ptr<Engine> E;
  std::vector<LoadError> Errors;
};

/// Loads (once per process for each set of paths) the catalogue the
/// settings describe.
const LoadedCatalog &loadCatalog(const Settings &S);

/// The built-in catalogue alone.
const LoadedCatalog &builtinCatalog();

} // namespace tidy
} // namespace errlint

#endif
