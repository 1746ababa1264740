//===- Compilations.h - The files' compile commands -------------*- C++ -*-===//
//
// This header includes no clang header.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_COMPILATIONS_H
#define ERRLINT_COMPILATIONS_H

#include "Catalog.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace errlint {

/// The compile commands of the files to analyze.
class Compilations {
public:
  struct Impl;
  explicit Compilations(std::unique_ptr<Impl> P);
  ~Compilations();

  /// The flags after "--" on the command line, which are removed from Argv;
  /// nullptr when there is no "--".
  static std::unique_ptr<Compilations>
  fromCommandLine(int &Argc, const char **Argv, std::string &Error);

  /// compile_commands.json in (or named by) BuildPath, or found in a parent
  /// directory of FirstSource when BuildPath is empty. A missing database
  /// is reported in UsageError, a malformed one in Errors.
  static std::unique_ptr<Compilations> load(const std::string &BuildPath,
                                            const std::string &FirstSource,
                                            std::string &UsageError,
                                            std::vector<LoadError> &Errors);

  /// Every file the database lists, absolute, sorted, each once.
  std::vector<std::string> allFiles() const;

  /// The directory holding compile_commands.json; empty for "--" flags.
  const std::string &databaseDir() const;

  /// The database itself, for the runner's commands.
  const clang::tooling::CompilationDatabase &database() const;

private:
  std::unique_ptr<Impl> P;
};

} // namespace errlint

#endif
