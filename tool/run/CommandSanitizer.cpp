//===- CommandSanitizer.cpp - Makes compile commands safe to run ---------===//

#include "CommandSanitizer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>

using namespace llvm;

namespace errlint {
namespace {

/// Driver flags whose value, joined after '=', names code to load.
constexpr StringRef JoinedPluginFlags[] = {"-fplugin=", "-fpass-plugin=",
                                           "-fplugin-arg-"};
/// Compiler (cc1) flags, given bare or after -Xclang, that load a plugin or
/// pass it arguments; each takes the next argument as its value.
constexpr StringRef Cc1PluginFlags[] = {"-load", "-plugin", "-add-plugin"};

/// Response files nest at most this deep (they may name each other).
constexpr unsigned MaxResponseDepth = 16;

bool isJoinedPluginFlag(StringRef A) {
  for (StringRef F : JoinedPluginFlags)
    if (A.starts_with(F))
      return true;
  return false;
}

bool isCc1PluginFlag(StringRef A) {
  for (StringRef F : Cc1PluginFlags)
    if (A == F)
      return true;
  return A.starts_with("-plugin-arg-");
}

/// True when Path, symbolic links resolved, lies inside Root.
bool isInside(StringRef Path, StringRef Root) {
  SmallString<256> RealPath, RealRoot;
  if (Root.empty() || sys::fs::real_path(Path, RealPath) ||
      sys::fs::real_path(Root, RealRoot))
    return false;
  StringRef P = RealPath;
  return P.consume_front(RealRoot) &&
         (P.empty() || sys::path::is_separator(P.front()));
}

class Sanitizer {
public:
  Sanitizer(const std::string &Directory, const CommandPolicy &Policy,
            std::vector<std::string> &Dropped)
      : Directory(Directory), Policy(Policy), Dropped(Dropped) {}

  /// Appends the safe part of Args to Out.
  void run(ArrayRef<std::string> Args, unsigned Depth,
           std::vector<std::string> &Out) {
    for (size_t I = 0; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (A.size() > 1 && A.front() == '@') {
        expandResponseFile(A, Depth, Out);
        continue;
      }
      if (!Policy.AllowCompilerPlugins)
        if (size_t N = pluginArgCount(Args, I)) {
          drop(Args.slice(I, std::min(N, Args.size() - I)));
          I += N - 1;
          continue;
        }
      Out.push_back(Args[I]);
    }
  }

private:
  /// How many arguments from Args[I] on load a plugin; 0 if it does not.
  static size_t pluginArgCount(ArrayRef<std::string> Args, size_t I) {
    StringRef A = Args[I];
    if (isJoinedPluginFlag(A))
      return 1;
    if (isCc1PluginFlag(A))
      return 2;
    if (A != "-Xclang" || I + 1 >= Args.size() ||
        !isCc1PluginFlag(Args[I + 1]))
      return 0;
    // -Xclang -load -Xclang lib.so
    bool ValueFollows = I + 3 < Args.size() && Args[I + 2] == "-Xclang";
    return ValueFollows ? 4 : 2;
  }

  void drop(ArrayRef<std::string> Args) {
    std::string Text;
    for (const std::string &A : Args)
      Text += (Text.empty() ? "" : " ") + A;
    Dropped.push_back("'" + Text +
                      "' (it loads code into the compiler; "
                      "--allow-compiler-plugins keeps it)");
  }

  void expandResponseFile(StringRef Arg, unsigned Depth,
                          std::vector<std::string> &Out) {
    SmallString<256> Path(Arg.drop_front());
    if (!sys::path::is_absolute(Path)) {
      SmallString<256> Absolute(Directory);
      sys::path::append(Absolute, Path);
      Path = std::move(Absolute);
    }
    if (Depth >= MaxResponseDepth) {
      Dropped.push_back("'" + Arg.str() + "' (response files nest deeper "
                        "than " + std::to_string(MaxResponseDepth) + ")");
      return;
    }
    if (!sys::fs::exists(Path)) {
      Dropped.push_back("'" + Arg.str() + "' (cannot read it: no such file)");
      return;
    }
    if (!isInside(Path, Policy.ProjectRoot)) {
      Dropped.push_back("'" + Arg.str() +
                        "' (response files are read only from inside the "
                        "project '" + Policy.ProjectRoot + "')");
      return;
    }
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      Dropped.push_back("'" + Arg.str() + "' (cannot read it: " +
                        Buf.getError().message() + ")");
      return;
    }
    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 32> Tokens;
    cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Tokens);
    std::vector<std::string> Inner(Tokens.begin(), Tokens.end());
    run(Inner, Depth + 1, Out);
  }

  const std::string &Directory;
  const CommandPolicy &Policy;
  std::vector<std::string> &Dropped;
};

} // namespace

std::vector<std::string> sanitizeCommand(const std::vector<std::string> &Args,
                                         const std::string &Directory,
                                         const CommandPolicy &Policy,
                                         std::vector<std::string> &Dropped) {
  std::vector<std::string> Out;
  Sanitizer(Directory, Policy, Dropped).run(Args, 0, Out);
  return Out;
}

const std::vector<std::string> &warningDowngrades() {
  static const std::vector<std::string> Flags = {
      "-w",
      "-Wno-error",
      "-Wno-enum-constexpr-conversion",
      "-Wno-incompatible-function-pointer-types",
      "-Wno-int-conversion",
      "-Wno-implicit-function-declaration",
      "-Wno-implicit-int",
      "-Wno-c++11-narrowing",
      "-Wno-unknown-warning-option"};
  return Flags;
}

} // namespace errlint
