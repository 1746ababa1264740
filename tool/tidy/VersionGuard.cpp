//===- VersionGuard.cpp - Refuse to run inside another clang-tidy ---------===//
//
// ERRLINT_TIDY_BUILT_FOR ("19.1") is set by the build: the release of the
// clang-tidy headers the plugin was compiled against.
//
//===----------------------------------------------------------------------===//

#include "VersionGuard.h"
#include "clang/Basic/Version.h"
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <string>

#ifndef ERRLINT_TIDY_BUILT_FOR
#error "ERRLINT_TIDY_BUILT_FOR must name the clang-tidy release, e.g. 19.1"
#endif
#if !defined(ERRLINT_TIDY_SUPPORTED) || !defined(ERRLINT_TIDY_SUPPORTED_TEXT)
#error "ERRLINT_TIDY_SUPPORTED (\"19 22\") and ERRLINT_TIDY_SUPPORTED_TEXT (\"19 and 22\") must name the releases errlint builds for"
#endif

namespace errlint {
namespace tidy {

/// "19.1" from "Debian clang version 19.1.7 (...)"; empty when not found.
/// Plain std::string only: in a host of another release, LLVM's own classes
/// may not have the layout this plugin was compiled with.
static std::string releaseOf(const std::string &FullVersion) {
  const std::string Marker = "version ";
  size_t Pos = FullVersion.find(Marker);
  if (Pos == std::string::npos)
    return "";
  size_t Begin = Pos + Marker.size();
  size_t End = FullVersion.find_first_not_of("0123456789", Begin);
  if (End == Begin || End == std::string::npos || FullVersion[End] != '.')
    return "";
  End = FullVersion.find_first_not_of("0123456789", End + 1);
  return FullVersion.substr(Begin, End - Begin);
}

/// The path this plugin was loaded from, for the message.
static std::string pluginPath() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&requireMatchingHost), &Info) &&
      Info.dli_fname)
    return Info.dli_fname;
  return "liberrlint-tidy.so";
}

void requireMatchingHost() {
  std::string Host = clang::getClangFullVersion();
  std::string HostRelease = releaseOf(Host);
  if (HostRelease.empty() || HostRelease == ERRLINT_TIDY_BUILT_FOR)
    return;
  std::string Major = HostRelease.substr(0, HostRelease.find('.'));
  std::string Supported = " " ERRLINT_TIDY_SUPPORTED " ";
  std::string Remedy =
      Supported.find(" " + Major + " ") != std::string::npos
          ? "or rebuild errlint for it (cmake -DERRLINT_LLVM_VERSION=" +
                Major + ")"
          : "errlint does not build for clang-tidy " + Major;
  std::fprintf(stderr,
               "error: %s: errlint's clang-tidy plugin was built for "
               "clang-tidy %s and cannot run in clang-tidy %s (%s); run it "
               "with clang-tidy %s, %s (errlint builds for clang-tidy %s)\n",
               pluginPath().c_str(), ERRLINT_TIDY_BUILT_FOR,
               HostRelease.c_str(), Host.c_str(), ERRLINT_TIDY_BUILT_FOR,
               Remedy.c_str(), ERRLINT_TIDY_SUPPORTED_TEXT);
  std::fflush(stderr);
  // Nothing of clang-tidy may run with this plugin loaded, not even its
  // static destructors: leave at once.
  std::_Exit(1);
}

} // namespace tidy
} // namespace errlint
