//===- CommandSanitizer.h - Makes compile commands safe to run --*- C++ -*-===//
//
// A compile_commands.json may come from a pull request. Before its commands
// reach the compiler, this drops what would load code into it (plugins) and
// expands response files, reading only those inside the project. It also
// keeps compiler warnings from stopping the analysis. No clang header here.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_COMMANDSANITIZER_H
#define ERRLINT_COMMANDSANITIZER_H

#include <string>
#include <vector>

namespace errlint {

/// What a compile command may do.
struct CommandPolicy {
  /// Response files are read only from inside this directory (absolute).
  /// Empty: no response file is read.
  std::string ProjectRoot;
  /// Keep -fplugin= and the like (--allow-compiler-plugins).
  bool AllowCompilerPlugins = false;
};

/// Args (the compiler first) with every argument that loads code into the
/// compiler removed (unless the policy allows plugins) and every "@file"
/// replaced by that file's arguments, treated the same way, when the file
/// lies inside the project; other response files are removed. Relative
/// response file names are resolved against Directory. Dropped receives one
/// line per argument removed, saying what and why.
std::vector<std::string> sanitizeCommand(const std::vector<std::string> &Args,
                                         const std::string &Directory,
                                         const CommandPolicy &Policy,
                                         std::vector<std::string> &Dropped);

/// The flags appended to every command so that no compiler warning, not
/// even one clang makes an error by default (e.g. -Wenum-constexpr-conversion
/// in old Boost headers), stops the analysis.
const std::vector<std::string> &warningDowngrades();

} // namespace errlint

#endif
