//===- Profiles.h - API profiles compiled for matching ---------*- C++ -*-===//
//
// Turns the catalogue's profiles into an index keyed by method and function
// name, so a call is classified with one hash lookup however many profiles
// are loaded.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_PROFILES_H
#define ERRLINT_PROFILES_H

#include "Catalog.h"
#include "clang/AST/Type.h"
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

/// What a call does to the object it acts on, under one profile.
enum class Role { Close, Use, Reopen, QueryClosed, QueryOpen };

struct CompiledProfile {
  const Rule *R = nullptr;
  const Profile *P = nullptr;
  std::vector<llvm::GlobPattern> Types;
  bool DoubleClose = false; ///< From a rule whose analysis is double-close.
  bool Executor = false;    ///< From a close-while-in-use rule.
};

/// What a call does to an executor.
enum class ExecRole { Submit, Wait };

/// A call that hands work to an executor or waits for it.
struct ExecCall {
  unsigned ProfileIdx;
  ExecRole Kind;
  const clang::Expr *Executor;
};

/// One profile's view of a call: its role and the object it acts on.
struct CallRole {
  unsigned ProfileIdx;
  Role Kind;
  const clang::Expr *Handle; ///< The object (or handle argument) acted on.
};

/// Per-translation-unit memo of which types match which profiles; type
/// pointers are only meaningful within one AST.
using MatchCache = llvm::DenseMap<std::pair<const void *, unsigned>, bool>;

/// All profiles of the typestate rules, indexed by name.
class ProfileIndex {
public:
  /// The profiles of Cat's rules and, after them, of Extra's (rules of
  /// inferred protocols, which must outlive the index).
  explicit ProfileIndex(const Catalog &Cat,
                        const std::vector<Rule> *Extra = nullptr);

  bool empty() const { return Profiles.empty(); }
  const CompiledProfile &profile(unsigned Idx) const { return Profiles[Idx]; }
  unsigned profileCount() const { return Profiles.size(); }

  /// Roles of a call under every profile that names it and whose types
  /// match the object it acts on. Empty when no profile applies.
  /// Dynamic, when known, is the class the object really is (a member
  /// every assignment makes a `DopplerProfiler`, declared as its
  /// interface): its profiles apply to a virtual call.
  llvm::SmallVector<CallRole, 2>
  classify(const clang::CallExpr *Call, MatchCache &Cache,
           const clang::CXXRecordDecl *Dynamic = nullptr) const;

  /// The profiles (not executors) whose types match the object Handle
  /// denotes: those a state query on it speaks about.
  llvm::SmallVector<unsigned, 2> profilesOf(const clang::Expr *Handle,
                                            MatchCache &Cache) const;

  /// True when some profile names a call with this simple name: a cheap
  /// filter applied before any type is looked at.
  bool mentions(llvm::StringRef SimpleName) const;

  /// The executor role of a call (submit work, wait for it), if any.
  llvm::SmallVector<ExecCall, 1> classifyExecutor(const clang::CallExpr *Call,
                                                  MatchCache &Cache) const;

  /// The rule that reports closes racing other threads, if one is loaded.
  const Rule *raceRule() const { return RaceRule; }

private:
  struct Entry {
    unsigned ProfileIdx;
    Role Kind; ///< For executor entries: Close means submit, Use wait.
    std::string Qualified; ///< For functions: the spec's qualified name.
    unsigned Handle = 0;   ///< For functions: the argument acted on.
  };

  void addProfile(const Rule &R, const Profile &P);
  bool typeMatches(unsigned Idx, clang::QualType T, MatchCache &Cache) const;
  bool classMatches(unsigned Idx, const clang::CXXRecordDecl *RD,
                    MatchCache &Cache) const;
  bool nameMatches(unsigned Idx, llvm::StringRef Qualified,
                   llvm::StringRef Simple) const;

  std::vector<CompiledProfile> Profiles;
  llvm::StringMap<llvm::SmallVector<Entry, 2>> ByMethod;
  llvm::StringMap<llvm::SmallVector<Entry, 2>> ByFunction; ///< simple name
  llvm::StringMap<llvm::SmallVector<Entry, 2>> ExecByMethod;
  llvm::StringMap<llvm::SmallVector<Entry, 2>> ExecByFunction;
  const Rule *RaceRule = nullptr;

  /// Roles of Call under the entries of one pair of indexes.
  template <class Fn>
  void lookup(const clang::CallExpr *Call,
              const llvm::StringMap<llvm::SmallVector<Entry, 2>> &Methods,
              const llvm::StringMap<llvm::SmallVector<Entry, 2>> &Functions,
              MatchCache &Cache, Fn Add,
              const clang::CXXRecordDecl *Dynamic = nullptr) const;
};

} // namespace errlint

#endif
