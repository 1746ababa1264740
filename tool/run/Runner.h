//===- Runner.h - Runs the engine over translation units -------*- C++ -*-===//
//
// The clang side of the command: the runner that parses each file of a
// compilation database (Compilations.h) and hands its AST to the engine, on a
// thread pool.
// This header includes no clang header.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_RUNNER_H
#define ERRLINT_RUNNER_H

#include "Catalog.h"
#include "CommandSanitizer.h"
#include "Compilations.h"
#include "Engine.h"
#include "ResultCache.h"
#include "UnitResult.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace errlint {

/// How the runner runs.
struct RunOptions {
  unsigned Jobs = 0; ///< 0: one per hardware thread.
  /// Print "[12/340] src/foo.cpp" on stderr as files finish.
  bool Progress = false;
  /// The name the progress line shows for a file.
  std::function<std::string(const std::string &)> DisplayName;
  /// When set, files whose results it holds are not parsed, and the results
  /// of the files parsed are stored in it.
  ResultCache *Cache = nullptr;
  /// What, besides its compile commands, decides a file's findings (its
  /// settings), by index in Files; part of its cache key.
  std::function<std::string(size_t)> CacheKey;
  /// A file whose analysis runs longer is stopped and reported as failed;
  /// 0: no limit.
  unsigned TimeoutSeconds = 0;
  /// What the compile commands may do: plugins, response files.
  CommandPolicy Policy;
  /// When set, receives the number of files outside Files that were parsed
  /// (or taken from the cache) for the protocols of the classes they define.
  size_t *CompanionsRead = nullptr;
  /// The disk the saved ASTs of one run may take; a unit that would go past
  /// it is parsed again instead when a second analysis needs it.
  uint64_t SavedAstLimit = uint64_t(1) << 30;
  /// When set, receive the number of units analyzed in the first pass that
  /// were parsed a second time (no saved AST), and the peak disk the saved
  /// ASTs took.
  size_t *Reparsed = nullptr;
  uint64_t *SavedAstBytes = nullptr;
};

/// Analyzes Files (absolute paths) and returns one result per file, in the
/// same order whatever the number of jobs. Each file is analyzed in a child
/// process: a crash or a time-out fails only that file. For tests, the
/// environment variables ERRLINT_TEST_CRASH_ON and ERRLINT_TEST_HANG_ON make
/// the analysis of files whose path contains their value abort or hang.
std::vector<UnitResult> analyzeFiles(const Engine &E, const Compilations &DB,
                                   const std::vector<std::string> &Files,
                                   const RunOptions &Options);

/// The files each of Files reads when preprocessed (itself and every header,
/// symbolic links resolved), or std::nullopt for a file that does not
/// preprocess.
std::vector<std::optional<std::vector<std::string>>>
includedFiles(const Compilations &DB, const std::vector<std::string> &Files,
              const RunOptions &Options);

} // namespace errlint

#endif
