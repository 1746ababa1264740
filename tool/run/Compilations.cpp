//===- Compilations.cpp - The compile commands of the files to analyze ----===//
//
// clang's compilation databases behind Compilations: the flags after "--",
// or a compile_commands.json, checked first (CompileDb.h), with commands
// inferred for headers and files it does not list.
//
//===----------------------------------------------------------------------===//

#include "Compilations.h"
#include "CompileDb.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace errlint {

struct Compilations::Impl {
  std::unique_ptr<CompilationDatabase> DB;
  std::string Dir;
};

Compilations::Compilations(std::unique_ptr<Impl> P) : P(std::move(P)) {}
Compilations::~Compilations() = default;

static std::unique_ptr<Compilations>
wrap(std::unique_ptr<CompilationDatabase> DB, std::string Dir) {
  auto I = std::make_unique<Compilations::Impl>();
  I->DB = inferMissingCompileCommands(std::move(DB));
  I->Dir = std::move(Dir);
  return std::make_unique<Compilations>(std::move(I));
}

std::unique_ptr<Compilations>
Compilations::fromCommandLine(int &Argc, const char **Argv,
                              std::string &Error) {
  std::unique_ptr<CompilationDatabase> DB =
      FixedCompilationDatabase::loadFromCommandLine(Argc, Argv, Error);
  return DB ? wrap(std::move(DB), "") : nullptr;
}

/// The nearest directory above Source holding compile_commands.json.
static std::string findDatabaseDir(StringRef Source) {
  SmallString<256> Dir(Source);
  sys::fs::make_absolute(Dir);
  for (StringRef D = sys::path::parent_path(Dir); !D.empty();
       D = sys::path::parent_path(D)) {
    SmallString<256> File(D);
    sys::path::append(File, "compile_commands.json");
    if (sys::fs::exists(File))
      return D.str();
  }
  return "";
}

std::unique_ptr<Compilations>
Compilations::load(const std::string &BuildPath,
                   const std::string &FirstSource, std::string &UsageError,
                   std::vector<LoadError> &Errors) {
  SmallString<256> File;
  if (!BuildPath.empty()) {
    File = BuildPath;
    if (sys::fs::is_directory(File) || !StringRef(File).ends_with(".json"))
      sys::path::append(File, "compile_commands.json");
    if (!sys::fs::exists(File)) {
      UsageError = "no compilation database: '" + File.str().str() +
                   "' does not exist";
      return nullptr;
    }
  } else if (FirstSource.empty()) {
    UsageError = "no compilation database: give -p BUILD_DIR, or source "
                 "files followed by '--' and their compiler flags";
    return nullptr;
  } else {
    std::string Dir = findDatabaseDir(FirstSource);
    if (Dir.empty()) {
      UsageError = "no compilation database found for '" + FirstSource +
                   "' or its parent directories (give -p BUILD_DIR, or '--' "
                   "and compiler flags)";
      return nullptr;
    }
    File = Dir;
    sys::path::append(File, "compile_commands.json");
  }
  if (!validateCompileDatabase(std::string(File), Errors))
    return nullptr;
  std::string Error;
  auto DB = JSONCompilationDatabase::loadFromFile(
      File, Error, JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    UsageError = "cannot load compilation database '" + File.str().str() +
                 "': " + Error;
    return nullptr;
  }
  SmallString<256> Dir = sys::path::parent_path(File);
  sys::fs::make_absolute(Dir);
  return wrap(std::move(DB), std::string(Dir));
}

std::vector<std::string> Compilations::allFiles() const {
  std::vector<std::string> Files;
  for (const std::string &F : P->DB->getAllFiles()) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Files.push_back(std::string(Abs));
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

const std::string &Compilations::databaseDir() const { return P->Dir; }

const CompilationDatabase &Compilations::database() const { return *P->DB; }

} // namespace errlint
