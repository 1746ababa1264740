//===- Config.h - .errlint.json and .errlint.yaml files --------*- C++ -*-===//
//
// A config file applies to the files in its directory and below; each source
// file (and each header a finding is in) uses the nearest one above it, as
// clang-tidy does with .clang-tidy. Command-line flags win over config files.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CONFIG_H
#define ERRLINT_CONFIG_H

#include "Catalog.h"
#include "GlobList.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Regex.h"
#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace errlint {

/// The config file names looked for in each directory.
extern const char *const ConfigFileNames[2];

/// Settings given on the command line; they win over config files.
struct CommandLineConfig {
  std::optional<std::string> Checks;       ///< Appended to the files' checks.
  std::optional<std::string> HeaderFilter; ///< Replaces theirs.
  std::optional<std::string> Cite;         ///< Replaces theirs.
  std::vector<std::string> Exclude;        ///< Added to theirs.
  std::vector<std::string> RulePaths;      ///< Added to theirs.
  std::vector<std::string> RecordPaths;    ///< Added to theirs.
  /// --config-file: this file applies to every file; nothing is looked up.
  std::string ConfigFile;
};

/// One config file as written.
struct ConfigFile {
  std::string Path;
  std::optional<std::string> Checks;
  std::vector<std::string> RulePaths;   ///< Absolute.
  std::vector<std::string> RecordPaths; ///< Absolute.
  /// Rule id (without "errlint-") -> its severity, with the place each
  /// override is written for validation against the catalogue.
  std::map<std::string, SeverityLevel> Severity;
  std::map<std::string, LoadError> SeveritySites;
  std::optional<std::string> HeaderFilter;
  std::vector<std::string> Exclude; ///< Relative to the file's directory.
  std::optional<std::string> Cite;
  bool InheritParentConfig = false;
  /// "cache": result cache locations (directories made absolute), and
  /// "cacheMode".
  std::optional<std::vector<std::string>> Cache;
  std::optional<std::string> CacheMode;
};

/// Parses a config file (JSON, or YAML when its name ends in .yaml/.yml),
/// reporting every problem with its position.
bool parseConfigFile(const std::string &Path, const std::string &Text,
                     ConfigFile &Out, std::vector<LoadError> &Errors);

/// The settings that apply to a file: its config files merged, then the
/// command line.
class Settings {
public:
  /// An exclusion glob and the directory its relative paths start from.
  struct Exclusion {
    std::string Pattern;
    std::string Base;
    llvm::GlobPattern Glob;
  };

  std::vector<std::string> ConfigFiles; ///< Outermost first.
  std::string Checks = "*";
  std::map<std::string, SeverityLevel> Severity;
  std::optional<std::string> HeaderFilter;
  std::vector<Exclusion> Exclude;
  std::string Cite = "full";
  std::vector<std::string> RulePaths;
  std::vector<std::string> RecordPaths;
  /// The result cache the nearest config file names (not part of the cache
  /// key: where results are kept does not change them).
  std::vector<std::string> Cache;
  std::optional<std::string> CacheMode;

  /// Compiles the globs and the header filter; call once all is merged.
  void finalize();

  bool ruleEnabled(llvm::StringRef RuleId) const;
  /// The severity findings of RuleId get: Default unless overridden.
  SeverityLevel severity(const std::string &RuleId,
                         SeverityLevel Default) const;
  /// Whether an absolute path matches an exclusion glob.
  bool excluded(llvm::StringRef AbsPath) const;
  /// Whether findings in the header at AbsPath are reported.
  bool showsHeader(llvm::StringRef AbsPath) const;

  /// The effective settings, for --dump-config.
  nlohmann::ordered_json toJson() const;

private:
  GlobList CheckGlobs;
  std::shared_ptr<llvm::Regex> HeaderRegex;
};

/// Finds, parses and merges config files, once per directory.
class ConfigResolver {
public:
  ConfigResolver(CommandLineConfig CommandLine, std::string ProjectRoot);

  /// Checks the command-line values (globs, regex, cite level).
  bool checkCommandLine(std::vector<LoadError> &Errors) const;

  /// The settings for the file (or directory) at AbsPath, or nullptr when
  /// a config file that applies has errors (reported once, into Errors).
  const Settings *forPath(llvm::StringRef AbsPath,
                          std::vector<LoadError> &Errors);

  /// Checks that every severity override of the config files read so far
  /// names a loaded rule.
  bool validate(const Catalog &Cat, std::vector<LoadError> &Errors) const;

private:
  /// The config file in Dir itself, loading it on first use. Sets Failed
  /// when it exists but has errors.
  const ConfigFile *fileIn(const std::string &Dir,
                           std::vector<LoadError> &Errors, bool &Failed);
  const ConfigFile *load(const std::string &Path,
                         std::vector<LoadError> &Errors, bool &Failed);
  /// The nearest config file at or above Dir.
  const ConfigFile *nearest(std::string Dir, std::vector<LoadError> &Errors,
                            bool &Failed);
  std::unique_ptr<Settings> merge(std::vector<const ConfigFile *> Chain) const;

  CommandLineConfig CommandLine;
  std::string ProjectRoot;
  std::map<std::string, std::unique_ptr<ConfigFile>> Files; ///< By path.
  std::set<std::string> FailedFiles;
  std::map<std::string, const ConfigFile *> InDir;          ///< By directory.
  std::map<std::string, std::unique_ptr<Settings>> ByConfig; ///< By path.
};

} // namespace errlint

#endif
