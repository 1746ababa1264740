//===- Path.h - Access paths of tracked objects -----------------*- C++ -*-===//
//
// What the typestate tracks is an object named by an access path: a root
// (a variable, or `this`) followed by fields, or "some element" of a
// container. Paths hold only pointers, so this header needs no clang one.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_PATH_H
#define ERRLINT_TYPESTATE_PATH_H

#include "llvm/ADT/SmallVector.h"
#include <algorithm>

namespace errlint {
namespace typestate {

/// Stands for `this` as the root of an access path.
const void *const ThisRoot = reinterpret_cast<const void *>(1);

/// Stands for "some element" of a standard container in an access path:
/// `v[0]`, `m.at(k)`, the element a range-for over `v` visits. All elements
/// are one abstract object, so only a close of every element (a range-for
/// closing each) is tracked, and any element is closed after it.
const void *const ElementMark = reinterpret_cast<const void *>(2);
/// In State::Thrown: some exception of the standard library's.
const void *const StdThrow = reinterpret_cast<const void *>(3);

/// Ends the path of what a member denoted before it was assigned, in the
/// state kept of it since (`if (fd_ >= 0) close(fd_); fd_ = fd;`): the
/// callers learn of its closes as prior closes, on the paths that made
/// them.
const void *const PriorMark = reinterpret_cast<const void *>(3);

/// True for the path of what a member denoted before it was assigned.
inline bool isPriorPath(const llvm::SmallVectorImpl<const void *> &P) {
  return !P.empty() && P.back() == PriorMark;
}

/// An access path: a root (VarDecl or ThisRoot) followed by fields (or
/// ElementMark).
using Path = llvm::SmallVector<const void *, 3>;

/// True when P starts with Prefix (or equals it, when OrEqual).
inline bool hasPrefix(const Path &P, const Path &Prefix, bool OrEqual) {
  if (P.size() < Prefix.size() || (!OrEqual && P.size() == Prefix.size()))
    return false;
  return std::equal(Prefix.begin(), Prefix.end(), P.begin());
}

} // namespace typestate
} // namespace errlint

#endif
