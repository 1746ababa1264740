//===- Paths.h - Project-relative paths and file URIs ----------*- C++ -*-===//
//
// Reports name files relative to the project root (the git work tree, or
// what --project-root says) so that they are the same on every machine.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_PATHS_H
#define ERRLINT_PATHS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace errlint {

/// Path made absolute (against the current directory) without "." or ".."
/// components.
std::string absolutePath(llvm::StringRef Path);

/// Path with symbolic links resolved when it exists, else absolutePath().
std::string realPathOrAbsolute(llvm::StringRef Path);

/// The nearest directory at or above Path that holds a ".git" directory or
/// file (a work tree or a linked worktree), or "" when there is none.
std::string findGitRoot(llvm::StringRef Path);

/// Path relative to Root, with '/' separators, when Path is inside Root;
/// otherwise Path unchanged. Both must be absolute.
std::string relativeToRoot(llvm::StringRef Path, llvm::StringRef Root);

/// Whether relativeToRoot() made Rel relative.
bool isRelative(llvm::StringRef Rel);

/// Text with every character Keep rejects written as "%XX".
std::string percentEncode(llvm::StringRef Text,
                          llvm::function_ref<bool(char)> Keep);

/// Percent-encodes the characters RFC 3986 does not allow in a path.
std::string encodeUriPath(llvm::StringRef Path);

/// Reverses encodeUriPath().
std::string decodeUriPath(llvm::StringRef Uri);

/// "file:///abs/path" (a trailing '/' is kept).
std::string fileUri(llvm::StringRef AbsPath);

} // namespace errlint

#endif
