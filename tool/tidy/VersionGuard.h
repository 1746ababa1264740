//===- VersionGuard.h - Refuse to run inside another clang-tidy -*- C++ -*-===//
#ifndef ERRLINT_TIDY_VERSIONGUARD_H
#define ERRLINT_TIDY_VERSIONGUARD_H

namespace errlint {
namespace tidy {

/// Stops the process with a message naming both releases when the clang-tidy
/// that loaded the plugin is not the release (major.minor) the plugin was
/// built for. clang-tidy's plugin interface is C++ classes whose layout
/// changes between releases: a plugin in the wrong clang-tidy would crash or,
/// worse, quietly report nothing.
void requireMatchingHost();

} // namespace tidy
} // namespace errlint

#endif
