//===- Selection.cpp - Which files one run analyzes ----------------------===//

#include "Selection.h"
#include "Paths.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace errlint {

bool parseShard(llvm::StringRef Text, ShardSpec &Out, std::string &Error) {
  auto [K, N] = Text.split('/');
  unsigned Index = 0, Count = 0;
  if (K.trim().getAsInteger(10, Index) || N.trim().getAsInteger(10, Count) ||
      Count == 0 || Index == 0 || Index > Count) {
    Error = "invalid --shard '" + Text.str() +
            "': expected K/N with 1 <= K <= N, e.g. 2/4";
    return false;
  }
  Out = {Index, Count};
  return true;
}

std::vector<std::string> filesOfShard(const std::vector<std::string> &Files,
                                      ShardSpec Shard) {
  std::vector<uint64_t> Size(Files.size(), 0);
  for (size_t I = 0; I < Files.size(); ++I)
    if (llvm::sys::fs::file_size(Files[I], Size[I]))
      Size[I] = 0;
  std::vector<size_t> Order(Files.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Size[A] != Size[B] ? Size[A] > Size[B] : Files[A] < Files[B];
  });
  std::vector<uint64_t> Load(Shard.Count, 0);
  std::vector<bool> Mine(Files.size(), false);
  for (size_t I : Order) {
    size_t Least = std::min_element(Load.begin(), Load.end()) - Load.begin();
    // Empty files still count, so that they spread out too.
    Load[Least] += Size[I] + 1;
    Mine[I] = Least + 1 == Shard.Index;
  }
  std::vector<std::string> Out;
  for (size_t I = 0; I < Files.size(); ++I)
    if (Mine[I])
      Out.push_back(Files[I]);
  return Out;
}

namespace {

/// Runs git with Args; its standard output goes to Out.
bool runGit(llvm::ArrayRef<std::string> Args, std::string &Out,
            std::string &Error) {
  auto Git = llvm::sys::findProgramByName("git");
  if (!Git) {
    Error = "git is not installed (needed by --changed-since)";
    return false;
  }
  llvm::SmallString<128> OutFile, ErrFile;
  if (llvm::sys::fs::createTemporaryFile("errlint-git", "out", OutFile) ||
      llvm::sys::fs::createTemporaryFile("errlint-git", "err", ErrFile)) {
    Error = "cannot create a temporary file for git's output";
    return false;
  }
  std::vector<llvm::StringRef> Argv = {*Git};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""),
                                                OutFile.str(), ErrFile.str()};
  std::string ExecError;
  int RC = llvm::sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0, 0,
                                     &ExecError);
  auto Read = [](llvm::StringRef F) {
    auto Buf = llvm::MemoryBuffer::getFile(F);
    return Buf ? (*Buf)->getBuffer().str() : std::string();
  };
  Out = Read(OutFile);
  std::string Err = Read(ErrFile);
  llvm::sys::fs::remove(OutFile);
  llvm::sys::fs::remove(ErrFile);
  if (RC == 0)
    return true;
  Error = "git " + llvm::join(Args, " ") + " failed: " +
          (ExecError.empty() ? llvm::StringRef(Err).trim().str() : ExecError);
  return false;
}

void addPaths(llvm::StringRef Top, llvm::StringRef NulSeparated,
              std::set<std::string> &Out) {
  llvm::SmallVector<llvm::StringRef> Names;
  NulSeparated.split(Names, '\0', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Name : Names)
    Out.insert(realPathOrAbsolute((Top + "/" + Name).str()));
}

} // namespace

bool changedFilesSince(llvm::StringRef Ref, llvm::StringRef Dir,
                       std::set<std::string> &Out, std::string &Error) {
  std::string Top, Diff, Untracked;
  if (!runGit({"-C", Dir.str(), "rev-parse", "--show-toplevel"}, Top, Error))
    return false;
  Top = llvm::StringRef(Top).trim().str();
  if (!runGit({"-C", Top, "rev-parse", "--verify", "--quiet",
               Ref.str() + "^{commit}"},
              Diff, Error)) {
    Error = "--changed-since: '" + Ref.str() + "' is not a commit in " + Top;
    return false;
  }
  if (!runGit({"-C", Top, "diff", "--name-only", "-z", Ref.str(), "--"}, Diff,
              Error) ||
      !runGit({"-C", Top, "ls-files", "--others", "--exclude-standard", "-z"},
              Untracked, Error))
    return false;
  addPaths(Top, Diff, Out);
  addPaths(Top, Untracked, Out);
  return true;
}

} // namespace errlint
