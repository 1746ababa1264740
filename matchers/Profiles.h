//===- Profiles.h - API profiles compiled for matching ---------*- C++ -*-===//
//
// Turns the catalogue's profiles into an index keyed by method name, so a
// call is classified with one hash lookup however many profiles are loaded.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_PROFILES_H
#define ERRLINT_PROFILES_H

#include "Catalog.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/GlobPattern.h"
#include <vector>

namespace clang {
class CXXRecordDecl;
class CallExpr;
class Expr;
} // namespace clang

namespace errlint {

/// What a call does to the object it is made on, under one profile.
enum class Role { Close, Use, Reopen, QueryClosed, QueryOpen };

struct CompiledProfile {
  const Rule *R = nullptr;
  const Profile *P = nullptr;
  std::vector<llvm::GlobPattern> Types;
};

/// One profile's view of a call.
struct CallRole {
  unsigned ProfileIdx;
  Role Kind;
};

/// Per-translation-unit memo of which classes match which profiles; class
/// pointers are only meaningful within one AST.
using MatchCache =
    llvm::DenseMap<std::pair<const clang::CXXRecordDecl *, unsigned>, bool>;

/// All profiles of the rules that use a given analysis, indexed by name.
class ProfileIndex {
public:
  ProfileIndex(const Catalog &Cat, llvm::StringRef Analysis);

  bool empty() const { return Profiles.empty(); }
  const CompiledProfile &profile(unsigned Idx) const { return Profiles[Idx]; }

  /// Roles of a member call on an object of a matching class. Empty when the
  /// call is not part of any profile.
  llvm::SmallVector<CallRole, 2> classify(const clang::CallExpr *Call,
                                          MatchCache &Cache) const;

  /// True when some profile closes with this method name: a cheap filter
  /// applied before any type is looked at.
  bool isCloseName(llvm::StringRef Name) const;

private:
  bool classMatches(unsigned Idx, const clang::CXXRecordDecl *RD,
                    MatchCache &Cache) const;
  bool nameMatches(unsigned Idx, const clang::CXXRecordDecl *RD) const;

  std::vector<CompiledProfile> Profiles;
  llvm::StringMap<llvm::SmallVector<CallRole, 2>> ByMethod;
  llvm::StringMap<bool> CloseNames;
};

} // namespace errlint

#endif
