//===- UseAfterClose.cpp - CFG typestate for close/use protocols ---------===//
//
// A forward may-analysis over clang's CFG. The state maps each tracked object
// (an access path: a variable or `this`, then fields) under each profile to
// the close calls that may have reached the current point, and whether some
// path reaches it with the object still open. Absent objects are open.
//
// Reopen calls, reassignment, a new declaration and passing the object to
// code that may change it make an object open again. A query such as
// `isClosed()` refines the state on the branch edge where it proves the
// object open, and facts about unmodified local flags (`if (flag)`) drop
// closes made on paths the current branch excludes.
//
// Each function is summarized once per set of constant arguments: which of
// its parameters, `this` members and captured or global objects it closes,
// uses while they may still be closed by the caller, or resets. Summaries
// apply at calls, so helpers, methods called one after another on the same
// object, and lambdas count where they are called.
//
//===----------------------------------------------------------------------===//

#include "UseAfterClose.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include <deque>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace errlint {
namespace {

/// The notes a profile gives every finding (an inferred protocol's throw
/// site and explanation), after the finding's own.
void addEvidenceNotes(Finding &F, const Profile &P) {
  for (const ProfileNote &PN : P.Evidence) {
    Note N;
    N.Kind = PN.Kind;
    N.Message = PN.Message;
    N.Loc.File = PN.File;
    N.Loc.Line = PN.Line;
    N.Loc.Column = PN.Column;
    N.Loc.LineText = PN.LineText;
    F.Notes.push_back(std::move(N));
  }
}

//===----------------------------------------------------------------------===//
// Access paths
//===----------------------------------------------------------------------===//

/// Stands for `this` as the root of an access path.
const void *const ThisRoot = reinterpret_cast<const void *>(1);

/// Stands for "some element" of a standard container in an access path:
/// `v[0]`, `m.at(k)`, the element a range-for over `v` visits. All elements
/// are one abstract object, so only a close of every element (a range-for
/// closing each) is tracked, and any element is closed after it.
const void *const ElementMark = reinterpret_cast<const void *>(2);

/// An access path: a root (VarDecl or ThisRoot) followed by fields (or
/// ElementMark).
using Path = llvm::SmallVector<const void *, 3>;

/// The name of a path's part after the root.
std::string partName(const void *Part) {
  return Part == ElementMark
             ? std::string("[]")
             : static_cast<const FieldDecl *>(Part)->getNameAsString();
}

/// A note's place in a file this unit may not have read (where another
/// unit's function closes or uses the object).
Location locationOf(const SourceSpot &S) {
  Location L;
  L.File = S.File;
  L.Line = S.Line;
  L.Column = S.Column;
  L.LineText = S.LineText;
  return L;
}

/// True when P starts with Prefix (or equals it, when OrEqual).
bool hasPrefix(const Path &P, const Path &Prefix, bool OrEqual) {
  if (P.size() < Prefix.size() || (!OrEqual && P.size() == Prefix.size()))
    return false;
  return std::equal(Prefix.begin(), Prefix.end(), P.begin());
}

bool isStdClass(const CXXRecordDecl *RD, std::initializer_list<const char *>
                                             Names) {
  if (!RD || !RD->getIdentifier() || !RD->isInStdNamespace())
    return false;
  for (const char *N : Names)
    if (RD->getName() == N)
      return true;
  return false;
}

bool isSmartPointerType(QualType T) {
  return isStdClass(T.getNonReferenceType()->getAsCXXRecordDecl(),
                    {"unique_ptr", "shared_ptr"});
}

/// True when a member call is made on a std::unique_ptr or std::shared_ptr
/// itself (libstdc++ declares get() and reset() in private base classes, so
/// the object's type is what tells).
bool isCallOnSmartPointer(const CXXMemberCallExpr *MCE) {
  const Expr *Obj = MCE->getImplicitObjectArgument();
  return Obj && isSmartPointerType(Obj->IgnoreParenImpCasts()->getType());
}

/// Types whose copies still denote the same object: pointers, smart
/// pointers, and plain values such as POSIX descriptors.
bool copiesShareObject(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() || isSmartPointerType(T) ||
         !T->getAsCXXRecordDecl();
}

/// Looks through what clang wraps around an expression that does not change
/// which object it denotes.
const Expr *stripWrappers(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = BTE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Next))
      if (FC->getCastKind() == CK_ConstructorConversion ||
          FC->getCastKind() == CK_NoOp)
        Next = FC->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

std::optional<Path> rawPathOf(const Expr *E, unsigned Depth = 0);

/// True when a close of the object at P, made through Via, can be tracked:
/// any object but a container's element, and an element only when Via is
/// the variable of a range-for over the container (every element is closed;
/// `v[0].close()` says nothing of `v[1]`).
bool closesTrackedObject(const Path &P, const Expr *Via) {
  if (!llvm::is_contained(P, ElementMark))
    return true;
  // `e.second.close()` in `for (auto &e : m)`: the loop's element.
  while (const auto *ME =
             Via ? dyn_cast<MemberExpr>(stripWrappers(Via)) : nullptr)
    Via = ME->getBase();
  const auto *DRE = Via ? dyn_cast<DeclRefExpr>(stripWrappers(Via)) : nullptr;
  if (!DRE)
    return false;
  if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()))
    return BD->getDecomposedDecl() &&
           cast<VarDecl>(BD->getDecomposedDecl())->isCXXForRangeDecl();
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && VD->isCXXForRangeDecl();
}

/// A standard container's class (not a smart pointer or an optional).
const CXXRecordDecl *stdContainer(const Expr *Obj) {
  const CXXRecordDecl *RD =
      Obj->IgnoreParenImpCasts()->getType().getNonReferenceType()
          ->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier() ||
      isStdClass(RD, {"unique_ptr", "shared_ptr", "optional", "basic_string"}))
    return nullptr;
  return RD;
}

/// For a map's element (`m.at(k)`): the `second` of the pairs a range-for
/// over the map visits, so both name the same object.
const FieldDecl *mappedField(const CXXRecordDecl *Map) {
  for (const Decl *D : Map->decls())
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      if (TD->getName() == "value_type")
        if (const CXXRecordDecl *Pair =
                TD->getUnderlyingType()->getAsCXXRecordDecl())
          for (const FieldDecl *F : Pair->fields())
            if (F->getName() == "second")
              return F->getCanonicalDecl();
  return nullptr;
}

bool isMap(const CXXRecordDecl *RD) {
  return llvm::any_of(RD->decls(), [](const Decl *D) {
    const auto *TD = dyn_cast<TypedefNameDecl>(D);
    return TD && TD->getName() == "mapped_type";
  });
}

/// `v[i]`, `v.at(i)`, `v.front()`, `v.back()`, `m[k]`, `m.at(k)`, and the
/// element `*it` where `it` is a range-for's `begin()` of a container.
std::optional<Path> elementPathOf(const Expr *E, unsigned Depth) {
  const Expr *Obj = nullptr;
  bool Mapped = false;
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2)
      Obj = OCE->getArg(0);
    else if (OCE->getOperator() == OO_Star && OCE->getNumArgs() == 1)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(OCE->getArg(0))))
        if (const auto *It = dyn_cast<VarDecl>(DRE->getDecl());
            It && It->isImplicit() && It->getInit())
          if (const auto *Begin = dyn_cast<CXXMemberCallExpr>(
                  stripWrappers(It->getInit())))
            if (Begin->getMethodDecl() && Begin->getMethodDecl()->getIdentifier() &&
                Begin->getMethodDecl()->getName() == "begin") {
              Obj = Begin->getImplicitObjectArgument();
              if (std::optional<Path> P = stdContainer(Obj)
                                              ? rawPathOf(Obj, Depth + 1)
                                              : std::nullopt) {
                P->push_back(ElementMark);
                return P;
              }
              return std::nullopt;
            }
  } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() &&
        llvm::is_contained({"at", "front", "back"}, MD->getName()))
      Obj = MCE->getImplicitObjectArgument();
  }
  const CXXRecordDecl *RD = Obj ? stdContainer(Obj) : nullptr;
  if (!RD)
    return std::nullopt;
  Mapped = isMap(RD);
  std::optional<Path> P = rawPathOf(Obj, Depth + 1);
  if (!P)
    return std::nullopt;
  P->push_back(ElementMark);
  if (Mapped) {
    const FieldDecl *Second = mappedField(RD);
    if (!Second)
      return std::nullopt;
    P->push_back(Second);
  }
  return P;
}

/// For `Channel &channel() { return channel_; }` (or `*channel_`, or
/// `channel_.get()`): the member's path from `this`. None for any other body.
std::optional<Path> returnedMember(const CXXMethodDecl *MD, unsigned Depth) {
  if (!MD || MD->isStatic() || MD->getNumParams() != 0)
    return std::nullopt;
  QualType R = MD->getReturnType();
  if (!R->isReferenceType() && !R->isPointerType())
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!MD->hasBody(Def) || !Def)
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return std::nullopt;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  if (!Ret || !Ret->getRetValue())
    return std::nullopt;
  std::optional<Path> P = rawPathOf(Ret->getRetValue(), Depth + 1);
  if (!P || P->size() < 2 || P->front() != ThisRoot)
    return std::nullopt;
  return P;
}

/// The access path an expression denotes, before aliases are resolved,
/// looking through parentheses, casts, dereferences, smart pointers and
/// local references. None when it is not a stable path (a call result...).
std::optional<Path> rawPathOf(const Expr *E, unsigned Depth) {
  if (!E || Depth > 16)
    return std::nullopt;
  E = stripWrappers(E);
  if (std::optional<Path> Element = elementPathOf(E, Depth))
    return Element;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // `auto &[key, conn] : m`: the binding names a member of the element.
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()))
      return BD->getBinding() ? rawPathOf(BD->getBinding(), Depth + 1)
                              : std::nullopt;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    // A local reference is another name for what it was bound to.
    if (VD->getType()->isReferenceType() && VD->hasLocalStorage() &&
        !isa<ParmVarDecl>(VD) && VD->getInit())
      if (auto Aliased = rawPathOf(VD->getInit(), Depth + 1))
        return Aliased;
    return Path{VD->getCanonicalDecl()};
  }
  if (isa<CXXThisExpr>(E))
    return Path{ThisRoot};
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return std::nullopt;
    auto Base = rawPathOf(ME->getBase(), Depth + 1);
    if (!Base)
      return std::nullopt;
    Base->push_back(FD->getCanonicalDecl());
    return Base;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)
      return rawPathOf(UO->getSubExpr(), Depth + 1);
    return std::nullopt;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = OCE->getOperator();
    if ((K == OO_Arrow || K == OO_Star) && OCE->getNumArgs() == 1)
      return rawPathOf(OCE->getArg(0), Depth + 1);
    return std::nullopt;
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() && MD->getName() == "get" &&
        isCallOnSmartPointer(MCE))
      return rawPathOf(MCE->getImplicitObjectArgument(), Depth + 1);
    // An accessor whose body only returns a member: that member.
    if (std::optional<Path> Member = returnedMember(MD, Depth)) {
      auto Base = rawPathOf(MCE->getImplicitObjectArgument(), Depth + 1);
      if (!Base)
        return std::nullopt;
      Base->append(Member->begin() + 1, Member->end());
      return Base;
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // std::get<1>(p) of a std::pair: p.second (how structured bindings of a
    // map's elements name them).
    const FunctionDecl *Get = CE->getDirectCallee();
    if (Get && Get->isInStdNamespace() && Get->getIdentifier() &&
        Get->getName() == "get" && CE->getNumArgs() == 1 &&
        Get->getTemplateSpecializationArgs() &&
        Get->getTemplateSpecializationArgs()->size() > 0 &&
        Get->getTemplateSpecializationArgs()->get(0).getKind() ==
            TemplateArgument::Integral)
      if (const CXXRecordDecl *Pair = CE->getArg(0)->getType()
                                          .getNonReferenceType()
                                          ->getAsCXXRecordDecl();
          Pair && isStdClass(Pair, {"pair"})) {
        unsigned Index = Get->getTemplateSpecializationArgs()
                             ->get(0)
                             .getAsIntegral()
                             .getZExtValue();
        std::optional<Path> Base = rawPathOf(CE->getArg(0), Depth + 1);
        auto Fields = Pair->fields();
        auto F = Fields.begin();
        for (unsigned I = 0; I < Index && F != Fields.end(); ++I)
          ++F;
        if (!Base || F == Fields.end())
          return std::nullopt;
        Base->push_back(F->getCanonicalDecl());
        return Base;
      }
    // std::move(x) still denotes x.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        llvm::is_contained({"move", "forward", "ref", "cref"}, FD->getName()) &&
        CE->getNumArgs() == 1)
      return rawPathOf(CE->getArg(0), Depth + 1);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// State
//===----------------------------------------------------------------------===//

/// What the analysis tracks: one object under one profile.
struct Key {
  unsigned Profile;
  Path P;
  bool operator<(const Key &O) const {
    if (Profile != O.Profile)
      return Profile < O.Profile;
    return std::lexicographical_compare(P.begin(), P.end(), O.P.begin(),
                                        O.P.end());
  }
  bool operator==(const Key &O) const {
    return Profile == O.Profile && P == O.P;
  }
};

/// A known property of a local variable: it equals Value, differs from it
/// (so "truthy" is {Ne, 0}), or is at least Value (a counter stepped up
/// since it was known exactly, as loop counters are).
struct Fact {
  enum KindT : uint8_t { Eq, Ne, AtLeast } Kind = Eq;
  int64_t Value = 0;
  bool operator==(const Fact &O) const {
    return Kind == O.Kind && Value == O.Value;
  }
  bool operator<(const Fact &O) const {
    return std::tie(Kind, Value) < std::tie(O.Kind, O.Value);
  }
  /// True when no value satisfies both.
  bool contradicts(const Fact &O) const {
    if (Kind > O.Kind)
      return O.contradicts(*this);
    switch (Kind) {
    case Eq:
      return O.Kind == Eq       ? Value != O.Value
             : O.Kind == Ne     ? Value == O.Value
                                : Value < O.Value;
    case Ne:
    case AtLeast:
      return false;
    }
    return false;
  }
  /// True when every value this fact allows is one O allows.
  bool implies(const Fact &O) const {
    switch (O.Kind) {
    case Eq:
      return Kind == Eq && Value == O.Value;
    case Ne:
      return Kind == Ne ? Value == O.Value : Kind == Eq ? Value != O.Value
                                                        : Value > O.Value;
    case AtLeast:
      return Kind != Ne && Value >= O.Value;
    }
    return false;
  }
  /// The weakest fact both imply, if one can be said: one of them, or a
  /// lower bound for two values (`== 1` and `== 2` give `>= 1`).
  std::optional<Fact> hull(const Fact &O) const {
    if (implies(O))
      return O;
    if (O.implies(*this))
      return *this;
    if (Kind != Ne && O.Kind != Ne)
      return Fact{AtLeast, std::min(Value, O.Value)};
    return std::nullopt;
  }
  /// The same fact of the variable after it was stepped by Delta.
  Fact stepped(int64_t Delta) const { return {Kind, Value + Delta}; }
};

/// Facts about local variables (VarDecl) and about the results of calls
/// (CallExpr) that branch conditions test.
using Facts = std::map<const void *, Fact>;

/// Keeps what holds on both sides: the weakest fact both imply (`== 1` on
/// one side and `!= 0` on the other give `!= 0`).
void intersect(Facts &Into, const Facts &Other) {
  for (auto It = Into.begin(); It != Into.end();) {
    auto O = Other.find(It->first);
    std::optional<Fact> Both =
        O == Other.end() ? std::nullopt : It->second.hull(O->second);
    if (!Both) {
      It = Into.erase(It);
      continue;
    }
    It->second = *Both;
    ++It;
  }
}

/// The close calls that may reach a point, whether some path reaches it with
/// the object still open, and the facts that held on every closing path.
struct Closed {
  llvm::SmallVector<const Expr *, 2> Sites;
  bool MaybeOpen = false;
  Facts Cond;
  /// What was known of the member flags' values on entry when it was
  /// closed (State::Entry then): the caller's flags the close needs.
  Facts EntryCond;
  /// MaybeOpen only because a helper closed it when returning a value:
  /// a branch on that result (Cond[OpenUnless]) settles it.
  const void *OpenUnless = nullptr;

  bool operator==(const Closed &O) const {
    return MaybeOpen == O.MaybeOpen && Sites == O.Sites && Cond == O.Cond &&
           EntryCond == O.EntryCond && OpenUnless == O.OpenUnless;
  }
};

/// A use of an object by code running on another thread, and whether it
/// is checked (isClosed()...) under locks that are still held at the use.
struct TaskUse {
  Key K;
  const Expr *Site = nullptr;
  bool Guarded = false;
  std::set<Path> GuardLocks;
  /// Member flags tested before the use (`if (stopping_) return;`) under
  /// locks held since: a closer that sets the flag under one of them before
  /// closing is serialized with the use.
  std::vector<std::pair<Path, Fact>> FlagPre;
  std::set<Path> FlagLocks;

  auto tie() const {
    return std::tie(K, Site, Guarded, GuardLocks, FlagPre, FlagLocks);
  }
  bool operator==(const TaskUse &O) const { return tie() == O.tie(); }
};

/// A thread or task that may be running: started on some path and not yet
/// joined or awaited on it.
struct Task {
  const Expr *Start = nullptr;
  std::string What = "thread";
  std::optional<Path> Handle;   ///< Joined (thread) or awaited (future).
  std::optional<Path> Executor; ///< Waited for through its executor.
  bool Detached = false;
  std::vector<TaskUse> Uses;
  std::vector<Path> Signals; ///< Latches or barriers it counts down.
  /// What it closes (and where, inside it): closed once it has ended.
  std::vector<std::tuple<Key, const Expr *, bool>> Closes;

  bool operator==(const Task &O) const {
    return Start == O.Start && What == O.What && Handle == O.Handle &&
           Executor == O.Executor && Detached == O.Detached &&
           Uses == O.Uses && Signals == O.Signals && Closes == O.Closes;
  }
};

/// A guard found in a branch condition: the object is open when the
/// condition evaluates to OpenWhen.
struct Guard {
  Key K;
  bool OpenWhen;
  bool operator==(const Guard &O) const {
    return K == O.K && OpenWhen == O.OpenWhen;
  }
};

struct State {
  std::map<Key, Closed> Keys;
  std::map<const Expr *, Task> Tasks;
  /// Mutexes held, the lock objects holding them, and the objects checked
  /// open (isClosed(), is_open()) with the mutexes held at the check.
  std::set<Path> Locks;
  std::map<Path, std::vector<Path>> LockVars;
  std::map<Key, std::set<Path>> Guarded;
  /// Member flags whose known value was learned under these mutexes, all
  /// held since.
  std::map<const void *, std::set<Path>> FlagLocks;
  /// Pointer-like paths (pointers, smart pointers, pointer members) and the
  /// object path they point to.
  std::map<Path, Path> Alias;
  Facts Known;
  /// What the tests on this path say of the member flags' values on entry:
  /// learned only while a flag is not yet assigned on the path (after
  /// `if (!running_) return; running_ = false;` it is still known that
  /// running_ was set on entry, though it no longer is).
  Facts Entry;
  /// Member flags assigned (or possibly changed by a call) on this path.
  std::set<const void *> Assigned;
  /// Local booleans holding a state query's result (`bool open =
  /// c.isOpen();`): the guards the variable being true gives. Dropped when
  /// the object is closed after the query.
  std::map<const VarDecl *, std::vector<Guard>> QueryVars;
  /// Objects changed (closed, reopened, reset) on every path since entry:
  /// a use of anything else sees the caller's state.
  std::set<Key> TouchedKeys;
  std::set<std::pair<Path, bool>> TouchedPrefixes;

  bool operator==(const State &O) const {
    return Keys == O.Keys && Alias == O.Alias && Known == O.Known &&
           Entry == O.Entry && Assigned == O.Assigned &&
           QueryVars == O.QueryVars &&
           TouchedKeys == O.TouchedKeys &&
           TouchedPrefixes == O.TouchedPrefixes && Tasks == O.Tasks &&
           Locks == O.Locks && LockVars == O.LockVars && Guarded == O.Guarded &&
           FlagLocks == O.FlagLocks;
  }

  bool isTouched(const Key &K) const {
    if (TouchedKeys.count(K))
      return true;
    for (const auto &[P, OrEqual] : TouchedPrefixes)
      if (hasPrefix(K.P, P, OrEqual))
        return true;
    return false;
  }
};

void addSites(Closed &Into, const Closed &From) {
  for (const Expr *S : From.Sites)
    if (!llvm::is_contained(Into.Sites, S))
      Into.Sites.push_back(S);
  llvm::sort(Into.Sites);
}

template <class Set> void intersectSet(Set &Into, const Set &Other) {
  for (auto It = Into.begin(); It != Into.end();)
    It = Other.count(*It) ? std::next(It) : Into.erase(It);
}

/// Merges the state of another incoming edge into In.
void join(State &In, const State &Other) {
  for (auto &[K, C] : In.Keys)
    if (!Other.Keys.count(K))
      C.MaybeOpen = true;
  for (const auto &[K, C] : Other.Keys) {
    auto It = In.Keys.find(K);
    if (It == In.Keys.end()) {
      Closed Copy = C;
      Copy.MaybeOpen = true;
      In.Keys.emplace(K, std::move(Copy));
      continue;
    }
    addSites(It->second, C);
    It->second.MaybeOpen |= C.MaybeOpen;
    intersect(It->second.Cond, C.Cond);
    intersect(It->second.EntryCond, C.EntryCond);
    if (It->second.OpenUnless != C.OpenUnless)
      It->second.OpenUnless = nullptr;
  }
  for (auto It = In.Alias.begin(); It != In.Alias.end();) {
    auto O = Other.Alias.find(It->first);
    It = (O != Other.Alias.end() && O->second == It->second)
             ? std::next(It)
             : In.Alias.erase(It);
  }
  intersect(In.Known, Other.Known);
  intersect(In.Entry, Other.Entry);
  In.Assigned.insert(Other.Assigned.begin(), Other.Assigned.end());
  for (auto It = In.QueryVars.begin(); It != In.QueryVars.end();) {
    auto O = Other.QueryVars.find(It->first);
    It = (O != Other.QueryVars.end() && O->second == It->second)
             ? std::next(It)
             : In.QueryVars.erase(It);
  }
  intersectSet(In.TouchedKeys, Other.TouchedKeys);
  intersectSet(In.TouchedPrefixes, Other.TouchedPrefixes);
  // A task running on some incoming path may be running here.
  for (const auto &[Start, T] : Other.Tasks) {
    auto [It, New] = In.Tasks.emplace(Start, T);
    if (!New) {
      It->second.Detached |= T.Detached;
      if (It->second.Handle != T.Handle)
        It->second.Handle.reset();
    }
  }
  intersectSet(In.Locks, Other.Locks);
  for (auto It = In.LockVars.begin(); It != In.LockVars.end();) {
    auto O = Other.LockVars.find(It->first);
    It = (O != Other.LockVars.end() && O->second == It->second)
             ? std::next(It)
             : In.LockVars.erase(It);
  }
  for (auto It = In.FlagLocks.begin(); It != In.FlagLocks.end();) {
    auto O = Other.FlagLocks.find(It->first);
    It = (O != Other.FlagLocks.end() && O->second == It->second)
             ? std::next(It)
             : In.FlagLocks.erase(It);
  }
  for (auto It = In.Guarded.begin(); It != In.Guarded.end();) {
    auto O = Other.Guarded.find(It->first);
    if (O == Other.Guarded.end()) {
      It = In.Guarded.erase(It);
      continue;
    }
    intersectSet(It->second, O->second);
    ++It;
  }
}

//===----------------------------------------------------------------------===//
// Summaries
//===----------------------------------------------------------------------===//

enum class RootKind { Param, This, Var };

/// An object a callee reaches, as the callee sees it: a parameter, `this`
/// or a variable that outlives the call, followed by fields.
struct RootRef {
  RootKind Root = RootKind::Var;
  unsigned Param = 0;
  const VarDecl *Var = nullptr;
  Path Suffix;
  auto tie() const { return std::tie(Root, Param, Var, Suffix); }
  bool operator<(const RootRef &O) const { return tie() < O.tie(); }
};

/// What a call does to an object its callee can reach. TaskUse records
/// every use, checked or not, for code that may run on another thread;
/// Signal a latch or barrier counted down.
struct Effect {
  /// CloseOnThrow: a close made on the paths that leave the callee by an
  /// exception; it applies on the edge into the caller's handler.
  enum Kind { Close, Use, Reset, TaskUse, Signal, Sets, CloseOnThrow } K = Close;
  unsigned Profile = 0;
  RootKind Root = RootKind::Var;
  unsigned Param = 0;
  const VarDecl *Var = nullptr;
  Path Suffix;
  bool Must = true;    ///< Close: on every path through the callee.
  bool OrEqual = true; ///< Reset: the object itself, not only its members.
  bool AnyProfile = false; ///< Reset: under every profile.
  const Expr *Site = nullptr; ///< Innermost close or use, for notes.
  /// The close or use inside a function another unit defines (its
  /// summary's facts outlive the analysis), for notes; Site is null then.
  const SourceSpot *Remote = nullptr;
  bool Guarded = false;         ///< TaskUse: checked open first...
  std::vector<RootRef> Locks;   ///< ...while holding these mutexes.
  /// TaskUse: Pre (below) holds under these mutexes, held since it was
  /// learned.
  std::vector<RootRef> PreLocks;
  /// Close: only on the paths that return this value (`return false;` after
  /// closing on failure), so a caller testing the result knows.
  std::optional<int64_t> OnlyIfReturns;
  /// Sets: the member flag at the root holds Value on every normal return.
  /// Use: only happens when these member flags hold these values on entry
  /// (`if (stopped_) return; producer_.send(r);`).
  Fact Value;
  std::vector<std::pair<RootRef, Fact>> Pre;

  RootRef root() const { return {Root, Param, Var, Suffix}; }
  void setRoot(const RootRef &R) {
    Root = R.Root;
    Param = R.Param;
    Var = R.Var;
    Suffix = R.Suffix;
  }
  auto tie() const {
    return std::tie(K, Profile, Root, Param, Var, Suffix, Must, OrEqual,
                    AnyProfile, Site, Guarded, Locks, OnlyIfReturns, Value,
                    Pre, PreLocks);
  }
  bool operator<(const Effect &O) const { return tie() < O.tie(); }
};

struct Summary {
  std::vector<Effect> Effects;
};

/// Constant arguments a summary was computed for: parameter index, value.
using Bindings = std::vector<std::pair<unsigned, int64_t>>;

} // namespace

/// Per-translation-unit state shared by every function's analysis.
struct TypestateAnalyzer::Context {
  Context(ASTContext &Ctx, const ProfileIndex &Index, std::vector<Finding> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Index(Index), Out(Out) {}

  const Summary *summaryFor(const FunctionDecl *FD, const Bindings &B);
  bool isRelevant(const FunctionDecl *FD);
  /// Threads the methods of RD start into its members.
  const std::vector<std::pair<const FieldDecl *, Task>> &
  memberTasks(const CXXRecordDecl *RD);
  const FunctionDecl *analyzableCallee(const CallExpr *Call) const;
  /// The summary another unit exported for the callee of Call, when this
  /// unit has no body for it (null when none).
  const Summary *importedSummary(const CallExpr *Call);
  std::optional<Effect> importEffect(const FunctionDecl *Callee,
                                     const EffectFacts &E);
  std::optional<Effect> importRoot(const FunctionDecl *Callee,
                                   const EffectFacts &E);
  std::optional<EffectFacts> exportRoot(const RootRef &R) const;
  std::optional<EffectFacts> exportEffect(const Effect &E) const;
  std::optional<unsigned> profileNamed(const std::string &Name);

  ASTContext &Ctx;
  const SourceManager &SM;
  const ProfileIndex &Index;
  std::vector<Finding> &Out;
  MatchCache Cache;
  std::map<std::pair<const FunctionDecl *, Bindings>, Summary> Summaries;
  std::set<std::pair<const FunctionDecl *, Bindings>> InProgress;
  llvm::DenseMap<const FunctionDecl *, bool> Relevance;
  /// Member flags facts are kept about, interned so a fact's key is a
  /// pointer like a local variable's.
  std::set<Path> Subjects;
  llvm::DenseMap<const void *, const Path *> SubjectOf;
  const void *intern(const Path &P) {
    const Path *Interned = &*Subjects.insert(P).first;
    SubjectOf[Interned] = Interned;
    return Interned;
  }
  const Path *subject(const void *Key) const {
    return SubjectOf.lookup(Key);
  }
  std::map<const CXXRecordDecl *,
           std::vector<std::pair<const FieldDecl *, Task>>>
      MemberTasks;
  unsigned Depth = 0;
  /// Cross-file summaries: those of other units by USR, those converted for
  /// this unit's declarations, and the callees without a body here.
  const std::map<std::string, const MethodFacts *> *External = nullptr;
  std::map<const FunctionDecl *, std::optional<Summary>> Imported;
  std::map<std::string, std::string> Pending;
  std::map<std::string, unsigned> ProfileByName;
};

namespace {

using Context = TypestateAnalyzer::Context;


/// A fact a branch condition teaches about a local variable.
struct CondFact {
  const void *Var; ///< A local VarDecl, or a call whose result is tested.
  std::optional<Fact> IfTrue, IfFalse;
};

/// A local variable (or parameter) whose value only this function changes.
const VarDecl *localScalar(const Expr *E);

/// What a condition tests the value of: a local scalar variable, or the
/// result of a call (`if (!connect(sock))`).
const void *factSubject(const Expr *E) {
  if (const VarDecl *V = localScalar(E))
    return V;
  const auto *Call = dyn_cast<CallExpr>(stripWrappers(E));
  if (!Call)
    return nullptr;
  QualType T = Call->getType();
  return T->isIntegralOrEnumerationType() || T->isPointerType() ? Call
                                                                : nullptr;
}

const VarDecl *localScalar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(E));
  if (!DRE)
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType())
    return nullptr;
  QualType T = VD->getType();
  if (!T->isIntegralOrEnumerationType() && !T->isPointerType())
    return nullptr;
  return VD->getCanonicalDecl();
}

/// The lower-case words of an identifier: `isClosed`, `is_closed` and
/// `IsClosed` all give {is, closed}.
llvm::SmallVector<std::string, 4> identifierWords(llvm::StringRef Name) {
  llvm::SmallVector<std::string, 4> Words;
  std::string Cur;
  for (size_t I = 0; I < Name.size(); ++I) {
    char Ch = Name[I];
    bool Boundary = Ch == '_' ||
                    (isUppercase(Ch) && I > 0 && !isUppercase(Name[I - 1]));
    if (Boundary && !Cur.empty()) {
      Words.push_back(Cur);
      Cur.clear();
    }
    if (Ch != '_')
      Cur.push_back(toLowercase(Ch));
  }
  if (!Cur.empty())
    Words.push_back(Cur);
  return Words;
}

/// What a state's name says about the object: true when it says open
/// (`isOpen`, `connected`, `State::Open`), false when it says closed
/// (`IsClosed`, `is_shutdown`, `State::Closed`), none otherwise. A hint
/// only: it is asked of queries whose definition errlint cannot read.
std::optional<bool> nameSaysOpen(llvm::StringRef Name) {
  static const char *const OpenWords[] = {"open",  "opened", "connected",
                                          "alive", "live",   "running",
                                          "active", "usable", "good"};
  static const char *const ClosedWords[] = {
      "closed",     "shutdown",  "stopped",   "disconnected",
      "terminated", "destroyed", "disposed",  "released"};
  std::optional<bool> Says;
  bool Negated = false;
  for (const std::string &W : identifierWords(Name)) {
    if (W == "not" || W == "no")
      Negated = !Negated;
    else if (llvm::is_contained(OpenWords, W))
      Says = true;
    else if (llvm::is_contained(ClosedWords, W))
      Says = false;
  }
  if (Says && Negated)
    Says = !*Says;
  return Says;
}

/// A method of a user's class that only reports state: const, no
/// arguments. The standard library's are left to the profiles (a stream's
/// good() says nothing about whether it is open).
const CXXMethodDecl *stateAccessor(const CXXMemberCallExpr *MCE) {
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->isConst() || MD->getNumParams() != 0 ||
      MD->getParent()->isInStdNamespace())
    return nullptr;
  return MD;
}

/// A call that reports whether its object is open: `c.isOpen()`,
/// `c.IsClosed()`, `if (c)` through an `operator bool`. Returns the object
/// and whether a true result means open.
std::optional<std::pair<const Expr *, bool>> stateQuery(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *MD = stateAccessor(MCE);
  if (!MD || !MD->getReturnType()->isBooleanType())
    return std::nullopt;
  if (isa<CXXConversionDecl>(MD))
    return std::make_pair(MCE->getImplicitObjectArgument(), true);
  if (!MD->getIdentifier())
    return std::nullopt;
  if (std::optional<bool> Open = nameSaysOpen(MD->getName()))
    return std::make_pair(MCE->getImplicitObjectArgument(), *Open);
  return std::nullopt;
}

/// `c.state()`: a user class's accessor returning an enumeration.
const Expr *stateEnumObject(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *MD = stateAccessor(MCE);
  if (!MD || !MD->getReturnType()->isEnumeralType())
    return nullptr;
  return MCE->getImplicitObjectArgument();
}

/// What an enumerator's name says: `Closed` false, `Open` true.
std::optional<bool> enumeratorSaysOpen(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(E));
  const auto *ECD = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
  if (!ECD)
    return std::nullopt;
  return nameSaysOpen(ECD->getName());
}

/// How a callee's parameters and `this` map to expressions of its caller.
struct Invocation {
  const FunctionDecl *Callee = nullptr;
  const Expr *This = nullptr;
  bool LambdaThis = false; ///< A lambda: its `this` is the caller's.
  std::vector<const Expr *> Args;
  bool DecayCopies = false; ///< std::thread and std::async copy arguments.
};

Invocation invocationOf(const CallExpr *Call, const FunctionDecl *Callee) {
  Invocation Inv;
  Inv.Callee = Callee;
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  Inv.LambdaThis = MD && MD->getParent()->isLambda();
  unsigned Offset = 0;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call)) {
    Inv.This = MCE->getImplicitObjectArgument();
  } else if (isa<CXXOperatorCallExpr>(Call) && MD && Call->getNumArgs() > 0) {
    Inv.This = Call->getArg(0);
    Offset = 1;
  }
  for (unsigned I = Offset; I < Call->getNumArgs(); ++I)
    Inv.Args.push_back(Call->getArg(I));
  return Inv;
}

bool isStdType(QualType T, std::initializer_list<const char *> Names) {
  return isStdClass(T.getNonReferenceType()->getAsCXXRecordDecl(), Names);
}

/// A thread or task started by an expression: std::thread, std::jthread or
/// std::async (not deferred).
struct StartInfo {
  const Expr *Start = nullptr;
  std::string What;
  const Expr *Callable = nullptr;
  std::vector<const Expr *> Args;
};

std::optional<StartInfo> startOf(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = stripWrappers(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (!isStdType(CE->getType(), {"thread", "jthread"}) ||
        CE->getNumArgs() == 0 || CE->getConstructor()->isCopyOrMoveConstructor())
      return std::nullopt;
    StartInfo SI{E, isStdType(CE->getType(), {"jthread"}) ? "jthread" : "thread",
                 CE->getArg(0), {}};
    for (unsigned I = 1; I < CE->getNumArgs(); ++I)
      SI.Args.push_back(CE->getArg(I));
    return SI;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      FD->getName() != "async" || Call->getNumArgs() == 0)
    return std::nullopt;
  unsigned First = 0;
  if (isStdType(Call->getArg(0)->getType(), {"launch"}) ||
      Call->getArg(0)->getType()->isEnumeralType()) {
    Expr::EvalResult R;
    // std::launch::deferred alone runs the task in get(), on this thread.
    if (!Call->getArg(0)->isValueDependent() &&
        Call->getArg(0)->EvaluateAsInt(R, Ctx) &&
        R.Val.getInt().getExtValue() == 2)
      return std::nullopt;
    First = 1;
  }
  if (First >= Call->getNumArgs())
    return std::nullopt;
  StartInfo SI{E, "async task", Call->getArg(First), {}};
  for (unsigned I = First + 1; I < Call->getNumArgs(); ++I)
    SI.Args.push_back(Call->getArg(I));
  return SI;
}

/// Runs the typestate over one function body.
class FunctionAnalysis {
public:
  FunctionAnalysis(Context &C, const FunctionDecl *FD, const Bindings &B,
                   bool Report)
      : C(C), FD(FD), B(B), Report(Report) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        Lambda = MD->getParent();
  }

  /// Runs the analysis; returns the function's summary.
  Summary run();

private:
  // Transfer functions.
  void transfer(const CFGBlock &Blk, State &S);
  void transferCall(const CallExpr *Call, State &S);
  void transferUnknownCall(const CallExpr *Call, const FunctionDecl *Callee,
                           State &S);
  void transferArgs(const FunctionDecl *Callee, const Expr *const *Args,
                    unsigned NumArgs, State &S);
  void applySummary(const CallExpr *Call, const FunctionDecl *Callee,
                    const Summary &Sum, State &S);
  void applyRole(const CallExpr *Call, const CallRole &CR, State &S);
  void closeKey(const Key &K, const Expr *Site, bool Must,
                const std::string &Name, State &S);
  void useKey(const Key &K, const CallExpr *Call, const Expr *InnerUse,
              const std::string &Name, State &S, bool FromSummary = false,
              const SourceSpot *RemoteUse = nullptr);
  void bindAlias(const Path &Pointer, const Expr *Init, State &S);
  void assignTo(const Expr *LHS, const Expr *RHS, State &S);
  void bindConstructedMembers(const Path &Obj, const CXXConstructExpr *CE,
                              State &S);
  void learnAssigned(const Expr *LHS, const Expr *RHS, State &S);
  void copyCallFacts(const void *Result, const void *Var, State &S);
  void step(const Expr *Var, int64_t Delta, State &S);
  void forget(State &S, const Path &Prefix, bool OrEqual);
  bool applyEdge(const CFGBlock &From, unsigned SuccIdx, State &S);

  // Paths.
  std::optional<Path> pathOf(const Expr *E, const State &S) const;
  Path resolve(Path P, const State &S) const;
  std::optional<Effect> entryRoot(const Path &P) const;
  std::optional<Path> mapRoot(const Invocation &Inv, const RootRef &R,
                              const State &S) const;
  std::optional<RootRef> asEntryRoot(const Path &P) const;

  // Threads and tasks.
  bool transferThreadCall(const CallExpr *Call, State &S);
  std::optional<Task> buildTask(const StartInfo &SI, const State &S);
  void startTask(const StartInfo &SI, std::optional<Path> Handle,
                 std::optional<Path> Executor, bool Detached, State &S);
  void noteStart(const Expr *Init, const Path &Handle, State &S);
  template <class Pred> void endTasks(State &S, Pred Ends);
  void checkRace(const Key &K, const Expr *Site, const std::string &Name,
                 const State &S);
  void recordTaskUse(const Key &K, const Expr *Site, bool Guarded,
                     const std::vector<std::pair<Path, Fact>> &FlagPre,
                     const std::set<Path> &FlagLocks,
                     const std::set<Path> &Locks);
  void release(State &S, const Path &Mutex);
  void acquire(const Path &LockVar, const Expr *Init, State &S);
  void destroyed(const VarDecl *VD, const Stmt *Trigger, State &S);
  void applyDestruction(const Path &Obj, QualType T, const Expr *Site,
                        const std::string &What, SourceLocation At, State &S);
  /// Closes made by a destructor or deleter: what ran it, and where.
  std::map<const Expr *, std::pair<std::string, SourceLocation>>
      Destructions;
  std::optional<Path> loopRange(const VarDecl *VD);
  void seedMemberTasks(State &Init);
  bool waitsOn(const Path &Handle);

public:
  /// Threads this method starts into members of its class: field, task.
  std::vector<std::pair<const FieldDecl *, Task>> memberStarts();

private:
  std::string calleeRootName(const CallExpr *Call, const FunctionDecl *Callee,
                             const Effect &E) const;

  // Conditions.
  std::vector<Guard> guardsIn(const Expr *Cond, bool Negated, const State &S);
  void queryGuards(const Expr *Obj, bool OpenWhen, const State &S,
                   std::vector<Guard> &Out);
  void applyGuard(const Guard &G, State &S);
  void predicateGuards(const CallExpr *Call, bool Negated, const State &S,
                       std::vector<Guard> &Out);
  std::vector<Guard> impliedGuards(const Expr *E, bool Value, const State &S);
  std::vector<std::pair<const void *, Fact>>
  learnedFrom(const Expr *Cond, bool Value, bool RightDecides) const;
  bool learn(const void *Var, const Fact &Learned, State &S) const;
  void noteFlagLocks(const void *Var, State &S) const;
  void flagGuards(const State &S, std::vector<std::pair<Path, Fact>> &Pre,
                  std::set<Path> &Locks) const;

  unsigned PredicateDepth = 0;
  void applySwitchEdge(const CFGBlock &From, unsigned SuccIdx,
                       const SwitchStmt *SW, State &S);
  void rememberQuery(const VarDecl *VD, State &S);
  std::optional<CondFact> factIn(const Expr *Cond) const;
  const void *subjectOf(const Expr *E) const;
  std::vector<std::pair<RootRef, Fact>>
  entryPreconditions(const Facts &Entry) const;
  bool excludedBy(const std::vector<std::pair<RootRef, Fact>> &Pre,
                  const Invocation &Inv, const Key &K, const State &S) const;
  std::set<const void *> Written; ///< Member flags this function assigns.

  // Reporting.
  void reportUse(const Key &K, const Closed &Cl, const CallExpr *Call,
                 const Expr *InnerUse, const std::string &Name,
                 const SourceSpot *RemoteUse);
  void reportDoubleClose(const Key &K, const Closed &Cl, const Expr *Site);
  void addCloseNotes(Finding &F, const Closed &Cl, SourceLocation At,
                     const std::string &Name,
                     llvm::StringRef Verb = "is closed");
  std::string exprName(const Expr *E) const;
  std::string calleeName(const CallExpr *Call) const;
  std::string describeKey(const Key &K) const;
  void record(Effect E);

  Context &C;
  const FunctionDecl *FD;
  Bindings B;
  bool Report;
  const CXXRecordDecl *Lambda = nullptr;
  /// True during the final replay over converged states.
  bool Replay = false;
  /// For a close made by calling a helper: the close inside the helper, or
  /// where it is in another unit.
  std::map<const Expr *, const Expr *> InnerClose;
  std::map<const Expr *, const SourceSpot *> RemoteClose;
  /// What each call's callee closes when it throws, as the caller names it.
  struct ThrowClose {
    Key K;
    const Expr *Site;
    bool Must;
    std::string Name;
  };
  std::map<const CallExpr *, std::vector<ThrowClose>> ThrowCloses;
  void applyThrowCloses(const CFGBlock &Blk, State &S);
  std::set<std::pair<const Expr *, const Rule *>> Reported;
  std::set<Effect> Effects;
  std::optional<std::map<const VarDecl *, Path>> LoopRanges;
  /// At each return: its constant value (if any) and which objects the
  /// caller can see are closed there (true: on every path).
  struct ReturnInfo {
    std::optional<int64_t> Value;
    std::map<Key, bool> Closed;
  };
  std::vector<ReturnInfo> Returns;
  void noteReturn(const ReturnStmt *RS, const State &S);
  std::optional<int64_t> closedOnlyWhenReturning(const Key &K) const;
};

/// True for the edge a call that may throw gets to the function's exit when
/// no handler catches it: the callers of a function that throws do not go
/// on, so its summary describes normal returns only.
/// The call a block ends with, when the CFG gave it an exception edge.
const CallExpr *throwingCall(const CFGBlock &From) {
  if (From.succ_size() != 2 || From.getTerminatorStmt() || From.empty())
    return nullptr;
  std::optional<CFGStmt> Last = From.back().getAs<CFGStmt>();
  return Last ? dyn_cast<CallExpr>(Last->getStmt()) : nullptr;
}

/// True for the edge a call that may throw takes to its handler (or out).
bool isExceptionEdge(const CFGBlock &From, unsigned SuccIdx) {
  return SuccIdx == 1 && throwingCall(From);
}

/// True when a call the CFG gave an exception edge cannot throw after all:
/// C functions (glibc leaves fclose() and close() without `noexcept`,
/// because thread cancellation may unwind through them, which is not an
/// exception a handler of the program sees).
bool cannotThrow(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD && (FD->isExternC() || FD->getBuiltinID());
}

/// True for a block that ends the function without returning: a `throw`,
/// or a call that never returns (`[[noreturn]]`, std::exit, abort).
bool endsWithoutReturning(const CFGBlock &Blk) {
  if (Blk.hasNoReturnElement() ||
      isa_and_nonnull<CXXThrowExpr>(Blk.getTerminatorStmt()))
    return true;
  std::optional<CFGStmt> Last =
      Blk.empty() ? std::nullopt : Blk.back().getAs<CFGStmt>();
  return Last && isa<CXXThrowExpr>(Last->getStmt());
}

/// True for an edge into the exit that is not a return: the callers of a
/// function do not go on after it throws (or never returns), so its summary
/// describes normal returns only; what it closes on the way out by an
/// exception is summarized apart (Effect::CloseOnThrow).
bool isExceptionalExit(const CFGBlock &From, unsigned SuccIdx,
                       const CFGBlock &To, const CFG &G) {
  return &To == &G.getExit() &&
         (isExceptionEdge(From, SuccIdx) || endsWithoutReturning(From));
}

Summary FunctionAnalysis::run() {
  Summary Result;
  Stmt *Body = FD->getBody();
  if (!Body)
    return Result;
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddInitializers = true;
  // Calls that may throw get an edge to their catch handlers.
  Opts.AddEHEdges = true;
  // Scope ends join std::jthreads and release lock guards.
  Opts.AddImplicitDtors = true;
  std::unique_ptr<CFG> G = CFG::buildCFG(FD, Body, &C.Ctx, Opts);
  if (!G)
    return Result;

  State Init;
  for (const auto &[Idx, Value] : B)
    if (Idx < FD->getNumParams())
      Init.Known[FD->getParamDecl(Idx)->getCanonicalDecl()] = {Fact::Eq, Value};

  seedMemberTasks(Init);

  std::vector<std::optional<State>> In(G->getNumBlockIDs());
  const CFGBlock &Entry = G->getEntry();
  In[Entry.getBlockID()] = std::move(Init);
  std::deque<const CFGBlock *> Work{&Entry};
  llvm::DenseSet<const CFGBlock *> Queued{&Entry};
  while (!Work.empty()) {
    const CFGBlock *Blk = Work.front();
    Work.pop_front();
    Queued.erase(Blk);
    State S = *In[Blk->getBlockID()];
    transfer(*Blk, S);
    unsigned Idx = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Blk->succs()) {
      unsigned SuccIdx = Idx++;
      const CFGBlock *SB = Succ.getReachableBlock();
      if (!SB || isExceptionalExit(*Blk, SuccIdx, *SB, *G) ||
          (isExceptionEdge(*Blk, SuccIdx) && cannotThrow(throwingCall(*Blk))))
        continue;
      State Edge = S;
      if (isExceptionEdge(*Blk, SuccIdx))
        applyThrowCloses(*Blk, Edge);
      if (!applyEdge(*Blk, SuccIdx, Edge))
        continue;
      std::optional<State> &Target = In[SB->getBlockID()];
      bool Changed;
      if (!Target) {
        Target = std::move(Edge);
        Changed = true;
      } else {
        State Before = *Target;
        join(*Target, Edge);
        Changed = !(*Target == Before);
      }
      if (Changed && Queued.insert(SB).second)
        Work.push_back(SB);
    }
  }

  // One more pass over the converged states reports each risky call once
  // and collects the function's effects on what its callers can see.
  Replay = true;
  std::optional<State> ThrowExit; // how the function leaves by an exception
  for (const CFGBlock *Blk : *G) {
    if (!In[Blk->getBlockID()])
      continue;
    State S = *In[Blk->getBlockID()];
    transfer(*Blk, S);
    unsigned Idx = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Blk->succs()) {
      unsigned SuccIdx = Idx++;
      if (Succ.getReachableBlock() != &G->getExit())
        continue;
      bool Throws = isExceptionEdge(*Blk, SuccIdx);
      if (Throws ? cannotThrow(throwingCall(*Blk)) : !endsWithoutReturning(*Blk))
        continue;
      State Edge = S;
      if (Throws)
        applyThrowCloses(*Blk, Edge);
      if (!ThrowExit)
        ThrowExit = std::move(Edge);
      else
        join(*ThrowExit, Edge);
    }
  }
  if (ThrowExit)
    for (const auto &[K, Cl] : ThrowExit->Keys)
      if (std::optional<Effect> E = entryRoot(K.P)) {
        E->K = Effect::CloseOnThrow;
        E->Profile = K.Profile;
        E->Must = !Cl.MaybeOpen;
        E->Site = Cl.Sites.empty() ? nullptr : Cl.Sites.front();
        if (E->Site && InnerClose.count(E->Site))
          E->Site = InnerClose[E->Site];
        record(*E);
      }
  if (const std::optional<State> &Exit = In[G->getExit().getBlockID()])
    for (const auto &[K, Cl] : Exit->Keys) {
      std::optional<Effect> E = entryRoot(K.P);
      if (!E)
        continue;
      E->K = Effect::Close;
      E->Profile = K.Profile;
      E->Must = !Cl.MaybeOpen;
      // `if (active_) fn_();`: closed only while the caller's flag says so.
      E->Pre = entryPreconditions(Cl.EntryCond);
      if (Cl.MaybeOpen)
        if ((E->OnlyIfReturns = closedOnlyWhenReturning(K)))
          E->Must = true;
      E->Site = Cl.Sites.empty() ? nullptr : Cl.Sites.front();
      if (E->Site && InnerClose.count(E->Site))
        E->Site = InnerClose[E->Site];
      record(*E);
    }
  if (const std::optional<State> &Exit = In[G->getExit().getBlockID()])
    for (const auto &[Subject, F] : Exit->Known)
      if (const Path *P = C.subject(Subject); P && Written.count(Subject))
        if (std::optional<Effect> E = entryRoot(*P)) {
          E->K = Effect::Sets;
          E->Value = F;
          record(*E);
        }
  Result.Effects.assign(Effects.begin(), Effects.end());
  return Result;
}

void FunctionAnalysis::record(Effect E) {
  if (Replay)
    Effects.insert(std::move(E));
}

//===----------------------------------------------------------------------===//
// Paths and aliases
//===----------------------------------------------------------------------===//

Path FunctionAnalysis::resolve(Path P, const State &S) const {
  for (unsigned Round = 0; Round < 8 && !S.Alias.empty(); ++Round) {
    bool Changed = false;
    for (size_t Len = P.size(); Len > 0; --Len) {
      Path Prefix(P.begin(), P.begin() + Len);
      auto It = S.Alias.find(Prefix);
      if (It == S.Alias.end())
        continue;
      Path Next = It->second;
      Next.append(P.begin() + Len, P.end());
      P = std::move(Next);
      Changed = true;
      break;
    }
    if (!Changed)
      break;
  }
  return P;
}

std::optional<Path> FunctionAnalysis::pathOf(const Expr *E,
                                             const State &S) const {
  std::optional<Path> Raw = rawPathOf(E);
  if (!Raw)
    return std::nullopt;
  return resolve(std::move(*Raw), S);
}

/// The root of a path as the function's callers see it: a parameter, `this`
/// or an object that outlives the call (global or captured by reference).
std::optional<Effect> FunctionAnalysis::entryRoot(const Path &P) const {
  if (P.empty())
    return std::nullopt;
  Effect E;
  E.Suffix.assign(P.begin() + 1, P.end());
  if (P.front() == ThisRoot) {
    E.Root = RootKind::This;
    return E;
  }
  const auto *VD = static_cast<const VarDecl *>(P.front());
  if (const auto *PVD = dyn_cast<ParmVarDecl>(VD)) {
    for (unsigned I = 0; I < FD->getNumParams(); ++I)
      if (FD->getParamDecl(I)->getCanonicalDecl() == PVD) {
        E.Root = RootKind::Param;
        E.Param = I;
        return E;
      }
  }
  bool Outlives = VD->hasGlobalStorage();
  if (!Outlives && VD->getDeclContext() != FD &&
      !FD->Encloses(VD->getDeclContext()))
    Outlives = true; // captured from an enclosing function
  if (!Outlives)
    return std::nullopt;
  if (Lambda && !VD->hasGlobalStorage())
    for (const LambdaCapture &LC : Lambda->captures())
      if (LC.capturesVariable() && LC.getCapturedVar() == VD &&
          LC.getCaptureKind() == LCK_ByCopy && !copiesShareObject(VD->getType()))
        return std::nullopt; // the lambda has its own copy
  E.Root = RootKind::Var;
  E.Var = VD;
  return E;
}

std::optional<RootRef> FunctionAnalysis::asEntryRoot(const Path &P) const {
  if (std::optional<Effect> E = entryRoot(P))
    return E->root();
  return std::nullopt;
}

void FunctionAnalysis::forget(State &S, const Path &Prefix, bool OrEqual) {
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    if (hasPrefix(It->first.P, Prefix, OrEqual))
      It = S.Keys.erase(It);
    else
      ++It;
  }
  if (OrEqual && Prefix.size() == 1 && Prefix.front() != ThisRoot) {
    const auto *VD = static_cast<const VarDecl *>(Prefix.front());
    S.Known.erase(VD);
    S.QueryVars.erase(VD);
    for (auto &[K, Cl] : S.Keys)
      Cl.Cond.erase(VD);
  }
  if (!C.Subjects.empty()) {
    auto Under = [&](const void *Subject) {
      const Path *P = C.subject(Subject);
      return P && hasPrefix(*P, Prefix, OrEqual);
    };
    for (auto It = S.Known.begin(); It != S.Known.end();)
      It = Under(It->first) ? S.Known.erase(It) : std::next(It);
    for (const Path &P : C.Subjects)
      if (hasPrefix(P, Prefix, OrEqual))
        S.Assigned.insert(&P);
    for (auto &[K, Cl] : S.Keys)
      for (auto It = Cl.Cond.begin(); It != Cl.Cond.end();)
        It = Under(It->first) ? Cl.Cond.erase(It) : std::next(It);
  }
  S.TouchedPrefixes.insert({Prefix, OrEqual});
  if (std::optional<Effect> E = entryRoot(Prefix)) {
    E->K = Effect::Reset;
    E->AnyProfile = true;
    E->OrEqual = OrEqual;
    record(*E);
  }
}

/// What a pointer-like initializer points to: `&x`, another pointer or smart
/// pointer (copied or moved), or `sp.get()`. None for a fresh object.
std::optional<Path> pointeeOf(const Expr *Init) {
  if (!Init)
    return std::nullopt;
  const Expr *E = stripWrappers(Init);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1 || !CE->getConstructor()->isCopyOrMoveConstructor())
      return std::nullopt;
    E = stripWrappers(CE->getArg(0));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return rawPathOf(UO->getSubExpr());
    return std::nullopt; // `*it`: an element, a different one each time
  }
  if (isa<CXXOperatorCallExpr>(E))
    return std::nullopt; // `*it`, `v[i]` on a container
  QualType T = E->getType();
  if (T->isPointerType() || isSmartPointerType(T))
    return rawPathOf(E);
  return std::nullopt;
}

void FunctionAnalysis::bindAlias(const Path &Pointer, const Expr *Init,
                                 State &S) {
  S.Alias.erase(Pointer);
  std::optional<Path> Target = pointeeOf(Init);
  if (!Target)
    return;
  Path Resolved = resolve(std::move(*Target), S);
  if (hasPrefix(Resolved, Pointer, /*OrEqual=*/true))
    return; // p = p->next: no stable alias
  S.Alias[Pointer] = std::move(Resolved);
}

/// `Closer guard(conn);` whose constructor binds a reference (or pointer)
/// member to its argument (`: conn_(c)`): guard.conn_ denotes conn, so that
/// what the guard's methods and destructor do to conn_ they do to conn.
void FunctionAnalysis::bindConstructedMembers(const Path &Obj,
                                              const CXXConstructExpr *CE,
                                              State &S) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const FunctionDecl *Def = nullptr;
  if (!Ctor || !Ctor->hasBody(Def) || !Def ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
    return;
  for (const CXXCtorInitializer *CI : cast<CXXConstructorDecl>(Def)->inits()) {
    const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
    if (!F || !(F->getType()->isReferenceType() || F->getType()->isPointerType()))
      continue;
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(CI->getInit()));
    const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!PVD || PVD->getFunctionScopeIndex() >= CE->getNumArgs())
      continue;
    QualType PT = PVD->getType();
    const Expr *Arg = CE->getArg(PVD->getFunctionScopeIndex());
    std::optional<Path> Target;
    if (F->getType()->isReferenceType() && PT->isReferenceType())
      Target = pathOf(Arg, S);
    else if (F->getType()->isPointerType() && PT->isPointerType())
      if (std::optional<Path> Pointee = pointeeOf(Arg))
        Target = resolve(*Pointee, S);
    if (!Target)
      continue;
    Path Member = Obj;
    Member.push_back(F->getCanonicalDecl());
    S.Alias[Member] = *Target;
  }
}

/// `lhs = rhs`: a pointer-like left side is rebound; an object left side is
/// replaced by a new value. Either way what it denoted before is forgotten.
void FunctionAnalysis::assignTo(const Expr *LHS, const Expr *RHS, State &S) {
  std::optional<Path> Raw = rawPathOf(LHS);
  if (!Raw)
    return;
  QualType T = LHS->getType();
  if (T->isPointerType() || isSmartPointerType(T)) {
    Path Base(Raw->begin(), Raw->end() - 1);
    Path P = resolve(Base, S);
    P.push_back(Raw->back());
    if (Raw->size() == 1)
      P = *Raw;
    forget(S, P, /*OrEqual=*/true);
    bindAlias(P, RHS, S);
    return;
  }
  Path P = resolve(std::move(*Raw), S);
  forget(S, P, /*OrEqual=*/true);
  if (isStdType(T, {"thread", "jthread", "future", "shared_future"}))
    noteStart(RHS, P, S);
  learnAssigned(LHS, RHS, S);
}

/// `closed = true;` beside a close: the flag's value is known, and every
/// object closed on this path is closed only where the flag has it.
/// `++i`, `i += 2`: the variable changes, and what was known of it, on
/// this path and on the paths that closed something, moves with it (a
/// close made when `phase == 1` is, one step later, one made when
/// `phase == 2`), so that a loop running a close in one iteration only does
/// not close again.
void FunctionAnalysis::step(const Expr *Var, int64_t Delta, State &S) {
  std::optional<Path> P = rawPathOf(Var);
  if (!P)
    return;
  // Only upwards: joining the values of successive iterations keeps a lower
  // bound, which a counter stepped up satisfies forever, so the loop's
  // facts settle; stepped down, a lower bound would have to fall forever.
  const VarDecl *V = Delta > 0 ? localScalar(Var) : nullptr;
  std::optional<Fact> Known;
  std::vector<std::pair<Key, Fact>> OnClose;
  if (V) {
    if (auto It = S.Known.find(V); It != S.Known.end())
      Known = It->second.stepped(Delta);
    for (const auto &[K, Cl] : S.Keys)
      if (auto It = Cl.Cond.find(V); It != Cl.Cond.end())
        OnClose.push_back({K, It->second.stepped(Delta)});
  }
  forget(S, *P, /*OrEqual=*/true);
  if (Known)
    S.Known[V] = *Known;
  for (const auto &[K, F] : OnClose)
    if (auto It = S.Keys.find(K); It != S.Keys.end())
      It->second.Cond[V] = F;
}

/// What the closes on this path say of a call's result (closed only when
/// it returned 0...), said of the variable that now holds it.
void FunctionAnalysis::copyCallFacts(const void *Result, const void *Var,
                                     State &S) {
  for (auto &[K, Cl] : S.Keys)
    if (auto It = Cl.Cond.find(Result); It != Cl.Cond.end())
      Cl.Cond[Var] = It->second;
}

void FunctionAnalysis::learnAssigned(const Expr *LHS, const Expr *RHS,
                                     State &S) {
  const void *V = RHS ? subjectOf(LHS) : nullptr;
  if (V && isa<CallExpr>(stripWrappers(LHS)))
    return;
  if (V && C.subject(V)) {
    Written.insert(V);
    S.Assigned.insert(V);
  }
  if (!V)
    return;
  // `rc = ::close(fd);`: what a close's result says of it, rc says.
  copyCallFacts(stripWrappers(RHS), V, S);
  Expr::EvalResult ER;
  if (RHS->isValueDependent() || !RHS->EvaluateAsInt(ER, C.Ctx))
    return;
  Fact F{Fact::Eq, ER.Val.getInt().getExtValue()};
  S.Known[V] = F;
  noteFlagLocks(V, S);
  for (auto &[K, Cl] : S.Keys)
    Cl.Cond[V] = F;
}

//===----------------------------------------------------------------------===//
// Transfer
//===----------------------------------------------------------------------===//

/// True when Body joins or awaits (join(), get(), wait()) an object that
/// IsHandle accepts.
template <class Pred> bool waitsIn(const Stmt *Body, Pred IsHandle) {
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (MD && MD->getIdentifier() &&
          llvm::is_contained({"join", "get", "wait"}, MD->getName()) &&
          IsHandle(MCE->getImplicitObjectArgument()))
        return true;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return false;
}

/// True when a range-for over threads or futures joins or awaits each one:
/// `for (auto &t : workers) t.join();`.
bool joinsEachElement(const CXXForRangeStmt *FR) {
  const VarDecl *Loop = FR->getLoopVariable();
  return waitsIn(FR->getBody(), [&](const Expr *Obj) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Obj));
    return DRE && DRE->getDecl() == Loop;
  });
}

void FunctionAnalysis::transfer(const CFGBlock &Blk, State &S) {
  // Whether or not the loop runs, every element is joined once it is done.
  if (const auto *FR =
          dyn_cast_or_null<CXXForRangeStmt>(Blk.getTerminatorStmt()))
    if (!S.Tasks.empty() && joinsEachElement(FR))
      if (std::optional<Path> Range = rawPathOf(FR->getRangeInit())) {
        Path P = resolve(*Range, S);
        endTasks(S, [&](const Task &T) { return T.Handle && *T.Handle == P; });
      }
  for (const CFGElement &E : Blk) {
    if (std::optional<CFGAutomaticObjDtor> Dtor =
            E.getAs<CFGAutomaticObjDtor>()) {
      destroyed(Dtor->getVarDecl(), Dtor->getTriggerStmt(), S);
      continue;
    }
    if (std::optional<CFGInitializer> Init = E.getAs<CFGInitializer>()) {
      const CXXCtorInitializer *CI = Init->getInitializer();
      if (CI->isMemberInitializer())
        noteStart(CI->getInit(),
                  Path{ThisRoot, CI->getMember()->getCanonicalDecl()}, S);
      continue;
    }
    std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *St = CS->getStmt();
    if (const auto *Call = dyn_cast<CallExpr>(St)) {
      transferCall(Call, S);
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(St)) {
      // Copying or moving a smart pointer shares the object (the
      // declaration binds the alias); other constructors may change what
      // they are given.
      bool Shares = isSmartPointerType(CE->getType()) &&
                    CE->getConstructor()->isCopyOrMoveConstructor();
      // Threads and locks take what they run or guard, they do not change it.
      bool Harmless = isStdType(CE->getType(),
                                {"thread", "jthread", "lock_guard",
                                 "unique_lock", "scoped_lock", "shared_lock"});
      // A constructor errlint can read that calls nothing a profile names
      // (one that binds `conn_(c)`) does not change what it is given.
      const FunctionDecl *CtorDef = nullptr;
      bool Inert = CE->getConstructor()->hasBody(CtorDef) && CtorDef &&
                   !C.SM.isInSystemHeader(
                       C.SM.getExpansionLoc(CtorDef->getLocation())) &&
                   !C.isRelevant(CtorDef);
      if (!Shares && !Harmless && !Inert)
        transferArgs(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(),
                     S);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      Expr::EvalResult ER;
      if ((BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) &&
          BO->getLHS()->getType()->isIntegralOrEnumerationType() &&
          !BO->getRHS()->isValueDependent() &&
          BO->getRHS()->EvaluateAsInt(ER, C.Ctx)) {
        int64_t By = ER.Val.getInt().getExtValue();
        step(BO->getLHS(), BO->getOpcode() == BO_AddAssign ? By : -By, S);
      } else if (BO->isAssignmentOp())
        assignTo(BO->getLHS(), BO->getOpcode() == BO_Assign ? BO->getRHS()
                                                            : nullptr,
                 S);
    } else if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
      noteReturn(RS, S);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->isIncrementDecrementOp())
        step(UO->getSubExpr(), UO->isIncrementOp() ? 1 : -1, S);
    } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *Dl : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(Dl);
        if (!VD)
          continue;
        Path P{VD->getCanonicalDecl()};
        forget(S, P, /*OrEqual=*/true);
        for (auto It = S.Alias.begin(); It != S.Alias.end();)
          It = hasPrefix(It->first, P, true) ? S.Alias.erase(It)
                                             : std::next(It);
        QualType T = VD->getType();
        if (const Expr *Init = VD->getInit(); Init && VD->hasLocalStorage() &&
                                              (T->isIntegralOrEnumerationType() ||
                                               T->isPointerType())) {
          Expr::EvalResult ER;
          if (!Init->isValueDependent() && Init->EvaluateAsInt(ER, C.Ctx)) {
            Fact F{Fact::Eq, ER.Val.getInt().getExtValue()};
            S.Known[VD->getCanonicalDecl()] = F;
            for (auto &[K, Cl] : S.Keys)
              Cl.Cond[VD->getCanonicalDecl()] = F;
          }
        }
        // `bool ok = connect(sock);`: what was known of the call's result
        // is known of ok.
        if (const Expr *Init = VD->getInit())
          copyCallFacts(stripWrappers(Init), VD->getCanonicalDecl(), S);
        rememberQuery(VD, S);
        if (isStdType(T, {"thread", "jthread", "future", "shared_future"}))
          noteStart(VD->getInit(), P, S);
        if (isStdType(T, {"lock_guard", "unique_lock", "scoped_lock",
                          "shared_lock"}))
          acquire(P, VD->getInit(), S);
        if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
                VD->getInit() ? stripWrappers(VD->getInit()) : nullptr))
          bindConstructedMembers(P, CE, S);
        if (T->isPointerType() || isSmartPointerType(T))
          bindAlias(P, VD->getInit(), S);
        else if (const auto *ILE = dyn_cast_or_null<InitListExpr>(
                     VD->getInit() ? stripWrappers(VD->getInit()) : nullptr))
          if (const RecordDecl *RD = T->getAsRecordDecl()) {
            // Holder h{&ch}: pointer members bound by aggregate init.
            unsigned I = 0;
            for (const FieldDecl *F : RD->fields()) {
              if (I >= ILE->getNumInits())
                break;
              QualType FT = F->getType();
              if (FT->isPointerType() || isSmartPointerType(FT)) {
                Path FP = P;
                FP.push_back(F->getCanonicalDecl());
                bindAlias(FP, ILE->getInit(I), S);
              }
              ++I;
            }
          }
      }
    }
  }
}

void FunctionAnalysis::transferArgs(const FunctionDecl *Callee,
                                    const Expr *const *Args, unsigned NumArgs,
                                    State &S) {
  for (unsigned I = 0; I < NumArgs; ++I) {
    const Expr *Arg = Args[I];
    std::optional<Path> P = pathOf(Arg, S);
    if (!P)
      continue;
    bool Modifiable;
    if (Callee && I < Callee->getNumParams()) {
      QualType ParamT = Callee->getParamDecl(I)->getType();
      Modifiable =
          ParamT->isReferenceType()
              ? !ParamT.getNonReferenceType().isConstQualified()
              : (ParamT->isPointerType() &&
                 !ParamT->getPointeeType().isConstQualified()) ||
                    isSmartPointerType(ParamT);
    } else { // Variadic or unknown callee: an address or a reference escapes.
      const Expr *Plain = Arg->IgnoreParenImpCasts();
      Modifiable = isa<UnaryOperator>(Plain) ||
                   Plain->getType()->isPointerType();
    }
    if (Modifiable)
      forget(S, *P, /*OrEqual=*/true);
  }
}

/// For `f()` where f is a std::function (or a variable) initialized from a
/// lambda: that lambda's call operator.
const FunctionDecl *lambdaBehind(const CallExpr *Call) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  if (!OCE || OCE->getOperator() != OO_Call || OCE->getNumArgs() == 0)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(OCE->getArg(0)));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getInit())
    return nullptr;
  const Expr *Init = stripWrappers(VD->getInit());
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    if (const auto *LE = dyn_cast<LambdaExpr>(Init))
      return LE->getCallOperator();
    const auto *CE = dyn_cast<CXXConstructExpr>(Init);
    if (!CE || CE->getNumArgs() < 1)
      return nullptr;
    Init = stripWrappers(CE->getArg(0));
  }
  return nullptr;
}

/// std::move, std::forward and friends only name their argument.
bool isNamingCall(const FunctionDecl *F) {
  if (!F || !F->isInStdNamespace() || !F->getIdentifier())
    return false;
  return llvm::is_contained(
      {"move", "forward", "as_const", "addressof", "ref", "cref"},
      F->getName());
}

void FunctionAnalysis::transferCall(const CallExpr *Call, State &S) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  // A call evaluated again has a new result: forget facts about the old one.
  S.Known.erase(Call);
  for (auto &[K, Cl] : S.Keys)
    Cl.Cond.erase(Call);
  if (isNamingCall(Callee) || transferThreadCall(Call, S))
    return;
  // A trivial accessor only names a member.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
    if (returnedMember(MCE->getMethodDecl(), 0))
      return;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  if (OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2) {
    assignTo(OCE->getArg(0), OCE->getArg(1), S);
    return;
  }
  if (OCE && (OCE->getOperator() == OO_Arrow ||
              (OCE->getOperator() == OO_Star && OCE->getNumArgs() == 1)))
    return;

  // `v[i]`, `m.at(k)`: naming an element changes nothing.
  if (elementPathOf(Call, 0))
    return;
  llvm::SmallVector<CallRole, 2> Roles = C.Index.classify(Call, C.Cache);
  if (!Roles.empty()) {
    const Expr *const *Args = Call->getArgs();
    unsigned NumArgs = Call->getNumArgs();
    if (OCE && NumArgs > 0) { // the first operand is the object itself
      ++Args;
      --NumArgs;
    }
    // Only the non-handle arguments can escape to the call.
    llvm::SmallVector<const Expr *, 4> Others;
    for (unsigned I = 0; I < NumArgs; ++I)
      if (llvm::none_of(Roles, [&](const CallRole &CR) {
            return CR.Handle == Args[I];
          }))
        Others.push_back(Args[I]);
    transferArgs(nullptr, Others.data(), Others.size(), S);
    for (const CallRole &CR : Roles)
      applyRole(Call, CR, S);
    return;
  }

  const FunctionDecl *Target = lambdaBehind(Call);
  if (!Target)
    Target = C.analyzableCallee(Call);
  if (Target && C.isRelevant(Target)) {
    Bindings CallB;
    unsigned Offset =
        (OCE && isa<CXXMethodDecl>(Call->getDirectCallee())) ? 1 : 0;
    for (unsigned I = 0; I < Target->getNumParams(); ++I) {
      if (I + Offset >= Call->getNumArgs())
        break;
      QualType PT = Target->getParamDecl(I)->getType();
      if (!PT->isIntegralOrEnumerationType())
        continue;
      Expr::EvalResult R;
      const Expr *Arg = Call->getArg(I + Offset);
      if (!Arg->isValueDependent() && Arg->EvaluateAsInt(R, C.Ctx))
        CallB.push_back({I, R.Val.getInt().getExtValue()});
    }
    if (const Summary *Sum = C.summaryFor(Target, CallB)) {
      applySummary(Call, Target, *Sum, S);
      return;
    }
  }
  if (!Target)
    if (const Summary *Sum = C.importedSummary(Call)) {
      applySummary(Call, Call->getDirectCallee(), *Sum, S);
      return;
    }
  transferUnknownCall(Call, Callee, S);
}

/// A call we cannot see into may change what it is given: arguments passed
/// by non-const reference or pointer, and the members of its receiver.
void FunctionAnalysis::transferUnknownCall(const CallExpr *Call,
                                           const FunctionDecl *Callee,
                                           State &S) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  unsigned Skip = (OCE && isa_and_nonnull<CXXMethodDecl>(Callee)) ? 1 : 0;
  transferArgs(Callee, Call->getArgs() + Skip, Call->getNumArgs() - Skip, S);
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
      OCE && MD && !MD->isConst() && OCE->getNumArgs() > 0) {
    // An iterator stepped (++it, it += n) denotes another element; other
    // operators may change what the object owns.
    OverloadedOperatorKind K = OCE->getOperator();
    bool Steps = K == OO_PlusPlus || K == OO_MinusMinus || K == OO_PlusEqual ||
                 K == OO_MinusEqual;
    if (auto Obj = pathOf(OCE->getArg(0), S))
      forget(S, *Obj, /*OrEqual=*/Steps);
    return;
  }
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MCE)
    return;
  std::optional<Path> Obj = pathOf(MCE->getImplicitObjectArgument(), S);
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!Obj || !MD || MD->isConst())
    return;
  // std::optional's reset(), emplace() and swap() replace the object it
  // holds: what follows works on a new one (or on none).
  if (const Expr *Obj = MCE->getImplicitObjectArgument();
      Obj && isStdType(Obj->IgnoreParenImpCasts()->getType(), {"optional"}) &&
      MD->getIdentifier() &&
      llvm::is_contained({"reset", "emplace", "swap"}, MD->getName())) {
    if (std::optional<Path> Raw = rawPathOf(Obj))
      forget(S, resolve(*Raw, S), /*OrEqual=*/true);
    return;
  }
  // On a smart pointer (reset, swap...) the pointer itself changes.
  if (isCallOnSmartPointer(MCE)) {
    std::optional<Path> Raw = rawPathOf(MCE->getImplicitObjectArgument());
    if (Raw) {
      forget(S, *Raw, /*OrEqual=*/true);
      S.Alias.erase(*Raw);
      if (MD->getIdentifier() && MD->getName() == "reset" &&
          (MCE->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(MCE->getArg(0)) ||
           MCE->getArg(0)->isNullPointerConstant(
               C.Ctx, Expr::NPC_ValueDependentIsNotNull)))
        // The object it owned is destroyed: its deleter runs. (Given a new
        // pointer, the same path denotes the new object from here on.)
        applyDestruction(*Raw, MCE->getImplicitObjectArgument()->getType(),
                         MCE,
                         "'" + exprName(MCE->getImplicitObjectArgument()) +
                             "' is reset",
                         MCE->getExprLoc(), S);
      if (MD->getIdentifier() && MD->getName() == "reset" &&
          MCE->getNumArgs() == 1)
        bindAlias(*Raw, MCE->getArg(0), S);
    }
    return;
  }
  forget(S, *Obj, /*OrEqual=*/false);
}

std::optional<Path> FunctionAnalysis::mapRoot(const Invocation &Inv,
                                              const RootRef &R,
                                              const State &S) const {
  std::optional<Path> Root;
  switch (R.Root) {
  case RootKind::Param: {
    if (R.Param >= Inv.Args.size() || R.Param >= Inv.Callee->getNumParams())
      return std::nullopt;
    const Expr *Arg = Inv.Args[R.Param];
    if (Inv.DecayCopies) {
      // std::thread copies its arguments unless they are std::ref()s.
      const auto *Ref = dyn_cast<CallExpr>(stripWrappers(Arg));
      bool IsRef = Ref && Ref->getDirectCallee() &&
                   isNamingCall(Ref->getDirectCallee());
      if (!IsRef && !copiesShareObject(Arg->getType()))
        return std::nullopt;
    } else {
      QualType PT = Inv.Callee->getParamDecl(R.Param)->getType();
      if (!PT->isReferenceType() && !copiesShareObject(PT))
        return std::nullopt; // the callee works on its own copy
    }
    Root = pathOf(Arg, S);
    break;
  }
  case RootKind::This:
    if (Inv.LambdaThis)
      Root = Path{ThisRoot};
    else if (Inv.This)
      Root = pathOf(Inv.This, S);
    break;
  case RootKind::Var:
    Root = resolve(Path{R.Var}, S);
    break;
  }
  if (!Root)
    return std::nullopt;
  Root->append(R.Suffix.begin(), R.Suffix.end());
  return Root;
}

/// Names what an effect reaches as the caller wrote it: the argument or the
/// receiver, followed by the fields the callee went through.
std::string FunctionAnalysis::calleeRootName(const CallExpr *Call,
                                             const FunctionDecl *Callee,
                                             const Effect &E) const {
  std::string Base;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  switch (E.Root) {
  case RootKind::Param: {
    unsigned Offset = (OCE && isa<CXXMethodDecl>(Callee)) ? 1 : 0;
    if (E.Param + Offset < Call->getNumArgs())
      Base = exprName(Call->getArg(E.Param + Offset));
    break;
  }
  case RootKind::This:
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
      Base = exprName(MCE->getImplicitObjectArgument());
    else
      Base = "*this";
    break;
  case RootKind::Var:
    Base = E.Var->getNameAsString();
    break;
  }
  if (!Base.empty() && Base.front() == '&')
    Base.erase(0, 1);
  for (const void *Field : E.Suffix) {
    std::string FName = partName(Field);
    Base = (Base == "*this" || Base.empty()) ? FName : Base + "." + FName;
  }
  return Base;
}

void FunctionAnalysis::applySummary(const CallExpr *Call,
                                    const FunctionDecl *Callee,
                                    const Summary &Sum, State &S) {
  Invocation Inv = invocationOf(Call, Callee);
  std::vector<ThrowClose> &OnThrow = ThrowCloses[Call];
  OnThrow.clear();
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::CloseOnThrow)
      if (auto P = mapRoot(Inv, E.root(), S))
        OnThrow.push_back({Key{E.Profile, *P}, E.Site, E.Must,
                           calleeRootName(Call, Callee, E)});
  // Uses see the state before the call; then resets; then closes.
  for (const Effect &E : Sum.Effects) {
    if (E.K == Effect::Use)
      if (auto P = mapRoot(Inv, E.root(), S))
        if (!excludedBy(E.Pre, Inv, {E.Profile, *P}, S))
          useKey({E.Profile, *P}, Call, E.Site,
                 calleeRootName(Call, Callee, E), S, /*FromSummary=*/true,
                 E.Remote);
    if (E.K == Effect::TaskUse)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        Key K{E.Profile, *P};
        std::set<Path> Locks;
        for (const RootRef &L : E.Locks)
          if (auto LP = mapRoot(Inv, L, S))
            Locks.insert(*LP);
        bool Guarded = E.Guarded;
        if (auto G = S.Guarded.find(K); G != S.Guarded.end()) {
          Guarded = true;
          Locks.insert(G->second.begin(), G->second.end());
        }
        std::vector<std::pair<Path, Fact>> FlagPre;
        std::set<Path> FlagLocks;
        flagGuards(S, FlagPre, FlagLocks);
        for (const auto &[Flag, F] : E.Pre)
          if (auto FP = mapRoot(Inv, Flag, S))
            FlagPre.push_back({*FP, F});
        for (const RootRef &L : E.PreLocks)
          if (auto LP = mapRoot(Inv, L, S))
            FlagLocks.insert(*LP);
        recordTaskUse(K, E.Site, Guarded, FlagPre, FlagLocks, Locks);
      }
    if (E.K == Effect::Signal)
      if (auto P = mapRoot(Inv, E.root(), S))
        if (std::optional<RootRef> R = asEntryRoot(*P)) {
          Effect Sig;
          Sig.K = Effect::Signal;
          Sig.setRoot(*R);
          record(Sig);
        }
  }
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Reset)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        if (E.AnyProfile)
          forget(S, *P, E.OrEqual);
        else
          S.Keys.erase({E.Profile, *P});
      }
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Sets)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        const void *Subject = C.intern(*P);
        S.Known[Subject] = E.Value;
        S.Assigned.insert(Subject);
        if (std::optional<Effect> Own = entryRoot(*P)) {
          Own->K = Effect::Sets;
          Own->Value = E.Value;
          Written.insert(Subject);
          record(*Own);
        }
      }
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Close)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        const Expr *Via = E.Root == RootKind::Param && E.Param < Inv.Args.size()
                              ? Inv.Args[E.Param]
                          : E.Root == RootKind::This ? Inv.This
                                                     : nullptr;
        if (!closesTrackedObject(*P, Via))
          continue;
        if (E.Site)
          InnerClose[Call] = E.Site;
        else if (E.Remote)
          RemoteClose[Call] = E.Remote;
        Key K{E.Profile, *P};
        bool Conditional = E.OnlyIfReturns.has_value();
        closeKey(K, Call, E.Must && !Conditional,
                 calleeRootName(Call, Callee, E), S);
        if (Conditional) {
          Closed &Cl = S.Keys[K];
          Cl.Cond[Call] = Fact{Fact::Eq, *E.OnlyIfReturns};
          if (Cl.Sites.size() == 1)
            Cl.OpenUnless = Call;
        }
      }
}

/// On the edge a call takes when it throws: what the callee closes on its
/// way out (`waitAck()` closing the channel before it throws a timeout).
void FunctionAnalysis::applyThrowCloses(const CFGBlock &Blk, State &S) {
  const CallExpr *Call = throwingCall(Blk);
  auto It = ThrowCloses.find(Call);
  if (It == ThrowCloses.end())
    return;
  for (const ThrowClose &TC : It->second) {
    if (TC.Site)
      InnerClose[Call] = TC.Site;
    closeKey(TC.K, Call, TC.Must, TC.Name, S);
  }
}

void FunctionAnalysis::applyRole(const CallExpr *Call, const CallRole &CR,
                                 State &S) {
  std::optional<Path> P = pathOf(CR.Handle, S);
  if (!P)
    return;
  Key K{CR.ProfileIdx, *P};
  switch (CR.Kind) {
  case Role::Close: {
    if (!closesTrackedObject(*P, CR.Handle))
      break;
    closeKey(K, Call, /*Must=*/true, exprName(CR.Handle), S);
    // A close that reports failure (`close(fd) != 0`, `fclose(f) == EOF`,
    // a non-zero error code) may not have closed: on the paths that test
    // its result and find a failure the object is not known closed, so a
    // retry (`if (close(fd) != 0 && errno == EINTR) close(fd);`) is not a
    // double close and a use there is not a use after close.
    QualType T = Call->getType();
    if (T->isIntegralOrEnumerationType() && !T->isBooleanType())
      S.Keys[K].Cond[Call] = Fact{Fact::Eq, 0};
    break;
  }
  case Role::Use:
    useKey(K, Call, nullptr, exprName(CR.Handle), S);
    break;
  case Role::Reopen:
    S.Keys.erase(K);
    S.TouchedKeys.insert(K);
    if (std::optional<Effect> E = entryRoot(K.P)) {
      E->K = Effect::Reset;
      E->Profile = K.Profile;
      record(*E);
    }
    break;
  case Role::QueryClosed:
  case Role::QueryOpen:
    break;
  }
}

void FunctionAnalysis::closeKey(const Key &K, const Expr *Site, bool Must,
                                const std::string &Name, State &S) {
  checkRace(K, Site, Name, S);
  // A query stored before this close no longer tells.
  for (auto Q = S.QueryVars.begin(); Q != S.QueryVars.end();)
    Q = llvm::any_of(Q->second, [&](const Guard &G) { return G.K.P == K.P; })
            ? S.QueryVars.erase(Q)
            : std::next(Q);
  auto It = S.Keys.find(K);
  if (It != S.Keys.end() && C.Index.profile(K.Profile).DoubleClose && Must)
    reportDoubleClose(K, It->second, Site);
  S.TouchedKeys.insert(K);
  if (!Must && It != S.Keys.end()) {
    if (!llvm::is_contained(It->second.Sites, Site))
      It->second.Sites.push_back(Site);
    llvm::sort(It->second.Sites);
    return;
  }
  Closed Cl;
  Cl.Sites.push_back(Site);
  Cl.MaybeOpen = !Must;
  Cl.Cond = S.Known;
  Cl.EntryCond = S.Entry;
  S.Keys[K] = std::move(Cl);
}

void FunctionAnalysis::useKey(const Key &K, const CallExpr *Call,
                              const Expr *InnerUse, const std::string &Name,
                              State &S, bool FromSummary,
                              const SourceSpot *RemoteUse) {
  if (C.Index.profile(K.Profile).DoubleClose)
    return;
  // A callee's use reaches other threads through its own TaskUse effect,
  // which knows the flags and locks it was made under.
  if (!FromSummary) {
    auto G = S.Guarded.find(K);
    std::vector<std::pair<Path, Fact>> FlagPre;
    std::set<Path> FlagLocks;
    flagGuards(S, FlagPre, FlagLocks);
    recordTaskUse(K, InnerUse ? InnerUse : Call, G != S.Guarded.end(), FlagPre,
                  FlagLocks,
                  G != S.Guarded.end() ? G->second : std::set<Path>());
  }
  auto It = S.Keys.find(K);
  if (It != S.Keys.end()) {
    if (Replay && Report)
      reportUse(K, It->second, Call, InnerUse, Name, RemoteUse);
    return;
  }
  if (S.isTouched(K))
    return;
  // The object is as the caller left it: a use the caller must know of.
  if (std::optional<Effect> E = entryRoot(K.P)) {
    E->K = Effect::Use;
    E->Profile = K.Profile;
    E->Site = InnerUse ? InnerUse : Call;
    E->Pre = entryPreconditions(S.Entry);
    record(*E);
  }
}

void FunctionAnalysis::noteReturn(const ReturnStmt *RS, const State &S) {
  if (!Replay)
    return;
  ReturnInfo R;
  if (const Expr *V = RS->getRetValue()) {
    Expr::EvalResult ER;
    if (V->isValueDependent())
      ;
    else if (V->isNullPointerConstant(C.Ctx,
                                      Expr::NPC_ValueDependentIsNotNull))
      R.Value = 0;
    else if (V->EvaluateAsInt(ER, C.Ctx))
      R.Value = ER.Val.getInt().getExtValue();
  }
  for (const auto &[K, Cl] : S.Keys)
    if (entryRoot(K.P))
      R.Closed[K] = !Cl.MaybeOpen;
  Returns.push_back(std::move(R));
}

/// The value a function returns exactly when it has closed K: every return
/// of that value has K closed, every other return has it open.
std::optional<int64_t>
FunctionAnalysis::closedOnlyWhenReturning(const Key &K) const {
  std::optional<int64_t> Candidate;
  for (const ReturnInfo &R : Returns) {
    auto It = R.Closed.find(K);
    if (It == R.Closed.end())
      continue;
    if (!It->second || !R.Value || (Candidate && *Candidate != *R.Value))
      return std::nullopt;
    Candidate = R.Value;
  }
  if (!Candidate)
    return std::nullopt;
  bool OtherReturn = llvm::any_of(Returns, [&](const ReturnInfo &R) {
    return !R.Closed.count(K);
  });
  for (const ReturnInfo &R : Returns)
    if (!R.Closed.count(K) && R.Value == Candidate)
      return std::nullopt; // returns the same value with it open
  return OtherReturn ? Candidate : std::nullopt;
}

//===----------------------------------------------------------------------===//
// Threads and tasks
//===----------------------------------------------------------------------===//

void FunctionAnalysis::recordTaskUse(
    const Key &K, const Expr *Site, bool Guarded,
    const std::vector<std::pair<Path, Fact>> &FlagPre,
    const std::set<Path> &FlagLocks, const std::set<Path> &Locks) {
  if (!Replay)
    return;
  std::optional<Effect> E = entryRoot(K.P);
  if (!E)
    return;
  E->K = Effect::TaskUse;
  E->Profile = K.Profile;
  E->Site = Site;
  E->Guarded = Guarded;
  for (const Path &L : Locks)
    if (std::optional<RootRef> R = asEntryRoot(L))
      E->Locks.push_back(*R);
  llvm::sort(E->Locks);
  for (const auto &[Flag, F] : FlagPre)
    if (std::optional<RootRef> R = asEntryRoot(Flag))
      E->Pre.push_back({*R, F});
  for (const Path &L : FlagLocks)
    if (std::optional<RootRef> R = asEntryRoot(L))
      E->PreLocks.push_back(*R);
  if (E->Pre.empty() || E->PreLocks.empty()) {
    E->Pre.clear();
    E->PreLocks.clear();
  }
  llvm::sort(E->Pre);
  llvm::sort(E->PreLocks);
  record(*E);
}

/// A member flag's value was just learned: under the locks held now, if
/// any (what another thread sees it as while they are held).
void FunctionAnalysis::noteFlagLocks(const void *Var, State &S) const {
  if (C.subject(Var) && !S.Locks.empty())
    S.FlagLocks[Var] = S.Locks;
  else
    S.FlagLocks.erase(Var);
}

/// The member flags known here under locks held since they were learned.
void FunctionAnalysis::flagGuards(const State &S,
                                  std::vector<std::pair<Path, Fact>> &Pre,
                                  std::set<Path> &Locks) const {
  for (const auto &[Subject, Held] : S.FlagLocks) {
    auto K = S.Known.find(Subject);
    const Path *P = C.subject(Subject);
    if (K == S.Known.end() || !P)
      continue;
    Pre.push_back({*P, K->second});
    Locks.insert(Held.begin(), Held.end());
  }
}

/// The function a callable expression runs, and how its parameters map:
/// a lambda, a variable holding one, a function, or a member function
/// with its object first.
static std::optional<Invocation>
callableInvocation(const Expr *Callable, llvm::ArrayRef<const Expr *> Args) {
  const Expr *E = stripWrappers(Callable);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() == 1)
      E = stripWrappers(CE->getArg(0));
  Invocation Inv;
  Inv.DecayCopies = true;
  Inv.Args.assign(Args.begin(), Args.end());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        if (const auto *LE =
                dyn_cast<LambdaExpr>(stripWrappers(VD->getInit()))) {
          E = LE;
        }
  if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    Inv.Callee = LE->getCallOperator();
    Inv.LambdaThis = true;
    return Inv;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = stripWrappers(UO->getSubExpr());
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  if (!FD)
    return std::nullopt;
  Inv.Callee = FD;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic()) {
    if (Args.empty())
      return std::nullopt;
    Inv.This = Args.front();
    Inv.Args.erase(Inv.Args.begin());
  }
  return Inv;
}

std::optional<Task> FunctionAnalysis::buildTask(const StartInfo &SI,
                                                const State &S) {
  std::optional<Invocation> Inv = callableInvocation(SI.Callable, SI.Args);
  if (!Inv)
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!Inv->Callee->hasBody(Def) || !Def ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
    return std::nullopt;
  Inv->Callee = Def;
  const Summary *Sum = C.summaryFor(Def, {});
  if (!Sum)
    return std::nullopt;
  Task T;
  T.Start = SI.Start;
  T.What = SI.What;
  for (const Effect &E : Sum->Effects) {
    if (E.K == Effect::Signal) {
      if (auto P = mapRoot(*Inv, E.root(), S))
        T.Signals.push_back(*P);
      continue;
    }
    if (E.K == Effect::Close) {
      if (auto P = mapRoot(*Inv, E.root(), S))
        T.Closes.emplace_back(Key{E.Profile, *P}, E.Site ? E.Site : SI.Start,
                              E.Must);
      continue;
    }
    if (E.K != Effect::TaskUse)
      continue;
    std::optional<Path> P = mapRoot(*Inv, E.root(), S);
    if (!P)
      continue;
    TaskUse U;
    U.K = {E.Profile, *P};
    U.Site = E.Site;
    U.Guarded = E.Guarded;
    for (const RootRef &L : E.Locks)
      if (auto LP = mapRoot(*Inv, L, S))
        U.GuardLocks.insert(*LP);
    for (const auto &[Flag, F] : E.Pre)
      if (auto FP = mapRoot(*Inv, Flag, S))
        U.FlagPre.push_back({*FP, F});
    for (const RootRef &L : E.PreLocks)
      if (auto LP = mapRoot(*Inv, L, S))
        U.FlagLocks.insert(*LP);
    if (!llvm::is_contained(T.Uses, U))
      T.Uses.push_back(std::move(U));
  }
  return T;
}

void FunctionAnalysis::startTask(const StartInfo &SI,
                                 std::optional<Path> Handle,
                                 std::optional<Path> Executor, bool Detached,
                                 State &S) {
  std::optional<Task> T = buildTask(SI, S);
  if (!T || (T->Uses.empty() && T->Closes.empty()))
    return;
  T->Handle = std::move(Handle);
  T->Executor = std::move(Executor);
  T->Detached = Detached;
  // The single-thread form: the task starts after the object was closed.
  for (const TaskUse &U : T->Uses) {
    auto It = S.Keys.find(U.K);
    if (It == S.Keys.end() || !Replay || !Report || U.Guarded)
      continue;
    const CompiledProfile &CP = C.Index.profile(U.K.Profile);
    if (CP.DoubleClose || !Reported.insert({SI.Start, CP.R}).second)
      continue;
    Finding F;
    F.RuleId = CP.R->Id;
    F.Severity = CP.R->Severity;
    std::string Name = describeKey(U.K);
    F.Message = "the " + SI.What + " started here uses '" + Name + "' " +
                (It->second.MaybeOpen ? "that may have been closed"
                                      : "after it was closed");
    F.Loc = makeLocation(C.SM, SI.Start->getExprLoc());
    F.Function = FD->getQualifiedNameAsString();
    F.RecordIds = CP.P->Records.empty() ? CP.R->Records : CP.P->Records;
    F.Consequence = CP.P->Consequence;
    addCloseNotes(F, It->second, SI.Start->getExprLoc(), Name);
    Note N;
    N.Loc = makeLocation(C.SM, U.Site->getExprLoc());
    N.Message = "the " + SI.What + " uses it here";
    N.Kind = "thread-use";
    F.Notes.push_back(std::move(N));
    addEvidenceNotes(F, *CP.P);
    C.Out.push_back(std::move(F));
  }
  S.Tasks[SI.Start] = std::move(*T);
}

/// A thread or future stored into Handle (a declaration or assignment).
void FunctionAnalysis::noteStart(const Expr *Init, const Path &Handle,
                                 State &S) {
  if (!Init)
    return;
  if (std::optional<StartInfo> SI = startOf(Init, C.Ctx)) {
    startTask(*SI, Handle, std::nullopt, false, S);
    return;
  }
  // A future returned by an executor's submit(): awaiting it ends the task.
  auto It = S.Tasks.find(stripWrappers(Init));
  if (It != S.Tasks.end())
    It->second.Handle = Handle;
}

template <class Pred> void FunctionAnalysis::endTasks(State &S, Pred Ends) {
  std::vector<std::tuple<Key, const Expr *, bool>> Closed;
  for (auto It = S.Tasks.begin(); It != S.Tasks.end();) {
    if (!Ends(It->second)) {
      ++It;
      continue;
    }
    Closed.insert(Closed.end(), It->second.Closes.begin(),
                  It->second.Closes.end());
    It = S.Tasks.erase(It);
  }
  // A task that has ended has made its closes: `t.join(); p.send(r);`.
  for (const auto &[K, Site, Must] : Closed)
    closeKey(K, Site, Must, describeKey(K), S);
}

std::optional<Path> FunctionAnalysis::loopRange(const VarDecl *VD) {
  if (!LoopRanges) {
    LoopRanges.emplace();
    llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *FR = dyn_cast<CXXForRangeStmt>(St))
        if (auto P = rawPathOf(FR->getRangeInit()))
          (*LoopRanges)[FR->getLoopVariable()->getCanonicalDecl()] = *P;
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
  }
  auto It = LoopRanges->find(VD->getCanonicalDecl());
  if (It == LoopRanges->end())
    return std::nullopt;
  return It->second;
}

/// Mutexes are the std ones and any class named like one.
static bool isMutexType(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName().lower().find("mutex") !=
                                          std::string::npos;
}

void FunctionAnalysis::release(State &S, const Path &Mutex) {
  S.Locks.erase(Mutex);
  for (auto It = S.FlagLocks.begin(); It != S.FlagLocks.end();)
    It = It->second.count(Mutex) ? S.FlagLocks.erase(It) : std::next(It);
  for (auto It = S.Guarded.begin(); It != S.Guarded.end();)
    It = It->second.count(Mutex) ? S.Guarded.erase(It) : std::next(It);
}

void FunctionAnalysis::acquire(const Path &LockVar, const Expr *Init,
                               State &S) {
  const auto *CE = Init ? dyn_cast<CXXConstructExpr>(stripWrappers(Init))
                        : nullptr;
  if (!CE)
    return;
  std::vector<Path> Mutexes;
  for (const Expr *Arg : CE->arguments()) {
    // std::defer_lock and std::try_to_lock leave the mutex unlocked.
    if (isStdType(Arg->getType(), {"defer_lock_t", "try_to_lock_t"}))
      return;
    if (isMutexType(Arg->getType()))
      if (auto P = pathOf(Arg, S))
        Mutexes.push_back(*P);
  }
  for (const Path &M : Mutexes)
    S.Locks.insert(M);
  S.LockVars[LockVar] = std::move(Mutexes);
}

void FunctionAnalysis::destroyed(const VarDecl *VD, const Stmt *Trigger,
                                 State &S) {
  Path P{VD->getCanonicalDecl()};
  if (isStdType(VD->getType(), {"jthread", "thread", "future"}))
    endTasks(S, [&](const Task &T) { return T.Handle && *T.Handle == P; });
  if (auto It = S.LockVars.find(P); It != S.LockVars.end()) {
    for (const Path &M : It->second)
      release(S, M);
    S.LockVars.erase(It);
  }
  if (const Expr *Site = VD->getInit()) {
    SourceLocation At = Trigger ? Trigger->getEndLoc() : VD->getEndLoc();
    applyDestruction(resolve(P, S), VD->getType(), Site,
                     "'" + VD->getNameAsString() + "' is destroyed", At, S);
  }
}

/// The function that runs when an object of type T holding Obj is
/// destroyed, and how its roots map: a user class's destructor (`this` is
/// the object), or a std::unique_ptr's deleter of the user's (its argument
/// is the pointer). Null when nothing of the user's runs.
const FunctionDecl *destructionCode(QualType T, bool &PointerArg) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return nullptr;
  PointerArg = false;
  if (isStdClass(RD, {"unique_ptr"})) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
    if (!Spec || Spec->getTemplateArgs().size() < 2)
      return nullptr;
    const CXXRecordDecl *Deleter =
        Spec->getTemplateArgs()[1].getAsType()->getAsCXXRecordDecl();
    if (!Deleter || Deleter->isInStdNamespace() || !Deleter->hasDefinition())
      return nullptr;
    for (const CXXMethodDecl *M : Deleter->methods())
      if (M->getOverloadedOperator() == OO_Call && M->getNumParams() == 1) {
        PointerArg = true;
        return M;
      }
    return nullptr;
  }
  if (RD->isInStdNamespace())
    return nullptr;
  return RD->getDestructor();
}

/// The end of an object's life (its scope ends, a smart pointer is reset):
/// what its destructor or deleter closes is closed, at Site for the
/// finding's identity; the notes say it happened when What, at At.
void FunctionAnalysis::applyDestruction(const Path &Obj, QualType T,
                                        const Expr *Site,
                                        const std::string &What,
                                        SourceLocation At, State &S) {
  bool PointerArg = false;
  const FunctionDecl *Code = destructionCode(T, PointerArg);
  const FunctionDecl *Def = nullptr;
  if (!Code || !Code->hasBody(Def) || !Def ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())) ||
      !C.isRelevant(Def))
    return;
  const Summary *Sum = C.summaryFor(Def, {});
  if (!Sum)
    return;
  // The destructor's `this` is the object; a deleter's argument the pointer.
  auto Map = [&](const RootRef &R) -> std::optional<Path> {
    std::optional<Path> P;
    if (R.Root == RootKind::Var)
      P = resolve(Path{R.Var}, S);
    else if ((R.Root == RootKind::This && !PointerArg) ||
             (R.Root == RootKind::Param && PointerArg && R.Param == 0))
      P = Obj;
    if (!P)
      return std::nullopt;
    P->append(R.Suffix.begin(), R.Suffix.end());
    return resolve(std::move(*P), S); // guard.conn_ is what it was bound to
  };
  for (const Effect &E : Sum->Effects) {
    if (E.K != Effect::Close)
      continue;
    std::optional<Path> P = Map(E.root());
    // A guard dismissed (`active_ = false`) does not close.
    bool Excluded = llvm::any_of(E.Pre, [&](const auto &Needed) {
      std::optional<Path> Flag = Map(Needed.first);
      auto It = Flag ? S.Known.find(C.intern(*Flag)) : S.Known.end();
      return It != S.Known.end() && It->second.contradicts(Needed.second);
    });
    if (!P || Excluded)
      continue;
    if (E.Site)
      InnerClose[Site] = E.Site;
    Destructions[Site] = {What, At};
    Key K{E.Profile, *P};
    closeKey(K, Site, E.Must, describeKey(K), S);
  }
}

bool FunctionAnalysis::transferThreadCall(const CallExpr *Call, State &S) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
      Callee->getName() == "async")
    return true; // started where its future is stored
  for (const ExecCall &EC : C.Index.classifyExecutor(Call, C.Cache)) {
    std::optional<Path> Exec = pathOf(EC.Executor, S);
    if (EC.Kind == ExecRole::Wait) {
      if (Exec)
        endTasks(S, [&](const Task &T) { return T.Executor == Exec; });
      return true;
    }
    // The callable is the first argument after the executor.
    llvm::SmallVector<const Expr *, 4> Args;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) != EC.Executor)
        Args.push_back(Call->getArg(I));
    if (Args.empty())
      return true;
    StartInfo SI{Call, "executor task", Args.front(), {}};
    SI.Args.assign(Args.begin() + 1, Args.end());
    startTask(SI, std::nullopt, Exec, false, S);
    return true;
  }
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier())
    return false;
  StringRef Name = MD->getName();
  const Expr *Obj = MCE->getImplicitObjectArgument();
  QualType ObjT = Obj->IgnoreParenImpCasts()->getType();
  if (ObjT->isPointerType())
    ObjT = ObjT->getPointeeType();
  std::optional<Path> P = pathOf(Obj, S);

  if (isStdType(ObjT, {"thread", "jthread"})) {
    if (Name == "join") {
      std::optional<Path> Range;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Obj)))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (VD->isCXXForRangeDecl())
            Range = loopRange(VD);
      endTasks(S, [&](const Task &T) {
        return T.Handle && (T.Handle == P || T.Handle == Range);
      });
    } else if (Name == "detach") {
      if (std::optional<StartInfo> SI = startOf(Obj, C.Ctx))
        startTask(*SI, std::nullopt, std::nullopt, /*Detached=*/true, S);
      for (auto &[Start, T] : S.Tasks)
        if (T.Handle && T.Handle == P) {
          T.Detached = true;
          T.Handle.reset();
        }
    }
    return true;
  }
  if (isStdType(ObjT, {"future", "shared_future"})) {
    if (Name == "get" || Name == "wait")
      endTasks(S, [&](const Task &T) { return T.Handle && T.Handle == P; });
    return true;
  }
  if (isStdType(ObjT, {"latch", "barrier"})) {
    if (!P)
      return true;
    if (Name == "wait" || Name == "arrive_and_wait")
      endTasks(S, [&](const Task &T) {
        return llvm::is_contained(T.Signals, *P);
      });
    if (Name != "wait")
      if (std::optional<RootRef> R = asEntryRoot(*P)) {
        Effect Sig;
        Sig.K = Effect::Signal;
        Sig.setRoot(*R);
        record(Sig);
      }
    return true;
  }
  if (isStdType(ObjT, {"unique_lock", "shared_lock"}) && P) {
    auto It = S.LockVars.find(*P);
    if (It != S.LockVars.end())
      for (const Path &M : It->second) {
        if (Name == "unlock" || Name == "release")
          release(S, M);
        else if (Name == "lock")
          S.Locks.insert(M);
      }
    return true;
  }
  if (isMutexType(ObjT) && P) {
    if (Name == "lock" || Name == "lock_shared")
      S.Locks.insert(*P);
    else if (Name == "unlock" || Name == "unlock_shared")
      release(S, *P);
    return Name.contains("lock");
  }
  // Threads or futures put into a container are joined through it.
  const auto *Container = ObjT->getAsCXXRecordDecl();
  if (P && Container && Container->isInStdNamespace() &&
      llvm::is_contained({"emplace_back", "push_back", "emplace",
                          "emplace_front", "push_front"},
                         Name) &&
      MCE->getNumArgs() > 0) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Container);
    if (!Spec || Spec->getTemplateArgs().size() == 0 ||
        Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return false;
    QualType Elem = Spec->getTemplateArgs()[0].getAsType();
    if (std::optional<StartInfo> SI = startOf(MCE->getArg(0), C.Ctx)) {
      startTask(*SI, P, std::nullopt, false, S);
      return true;
    }
    if (isStdType(Elem, {"thread", "jthread"}) && Name.starts_with("emplace")) {
      StartInfo SI{Call, isStdType(Elem, {"jthread"}) ? "jthread" : "thread",
                   MCE->getArg(0), {}};
      for (unsigned I = 1; I < MCE->getNumArgs(); ++I)
        SI.Args.push_back(MCE->getArg(I));
      startTask(SI, P, std::nullopt, false, S);
      return true;
    }
  }
  return false;
}

/// Describes a tracked object by its root variable and fields.
std::string FunctionAnalysis::describeKey(const Key &K) const {
  std::string Name;
  for (size_t I = 0; I < K.P.size(); ++I) {
    const void *Part = K.P[I];
    if (I == 0) {
      Name = Part == ThisRoot ? std::string()
                              : static_cast<const ValueDecl *>(Part)
                                    ->getNameAsString();
      continue;
    }
    std::string Field = partName(Part);
    Name = Name.empty() ? Field : Name + "." + Field;
  }
  return Name.empty() ? std::string("*this") : Name;
}

void FunctionAnalysis::checkRace(const Key &K, const Expr *Site,
                                 const std::string &Name, const State &S) {
  const Rule *Race = C.Index.raceRule();
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Race || !Replay || !Report || S.Tasks.empty() || CP.DoubleClose ||
      CP.P->ConcurrentClose)
    return;
  for (const auto &[Start, T] : S.Tasks) {
    for (const TaskUse &U : T.Uses) {
      if (!(U.K == K))
        continue;
      auto Held = [&](const Path &M) { return S.Locks.count(M) != 0; };
      bool Serialized = U.Guarded && llvm::any_of(U.GuardLocks, Held);
      // The worker tests a flag under a lock this closer holds, and the
      // closer has set it to a value the worker's check refuses.
      Serialized |=
          llvm::any_of(U.FlagLocks, Held) &&
          llvm::any_of(U.FlagPre, [&](const std::pair<Path, Fact> &FP) {
            auto It = S.Known.find(C.intern(FP.first));
            return It != S.Known.end() && It->second.contradicts(FP.second);
          });
      if (Serialized)
        continue;
      if (!Reported.insert({Site, Race}).second)
        return;
      Finding F;
      F.RuleId = Race->Id;
      F.Severity = Race->Severity;
      std::string Who = T.Detached ? "a detached " + T.What
                                   : "a " + T.What;
      if (T.What == "async task" || T.What == "executor task")
        Who = (T.Detached ? "a detached " : "an ") + T.What;
      F.Message = "'" + Name + "' is closed while " + Who +
                  " that uses it may still be running";
      F.Loc = makeLocation(C.SM, Site->getExprLoc());
      F.Function = FD->getQualifiedNameAsString();
      F.RecordIds = Race->Records;
      F.Consequence = CP.P->Consequence;
      Note Started;
      Started.Loc = makeLocation(C.SM, T.Start->getExprLoc());
      Started.Message = "the " + T.What + " is started here" +
                        (T.Detached ? " and detached" : "") +
                        (U.Guarded ? "; its check that '" + Name +
                                         "' is open is not made under a lock "
                                         "held here"
                                   : "");
      Started.Kind = "thread-start";
      F.Notes.push_back(std::move(Started));
      Note Used;
      Used.Loc = makeLocation(C.SM, U.Site->getExprLoc());
      const auto *UseCall = dyn_cast<CallExpr>(U.Site);
      Used.Message = "it calls '" +
                     (UseCall ? calleeName(UseCall) : std::string("it")) +
                     "' on '" + Name + "' here";
      Used.Kind = "thread-use";
      F.Notes.push_back(std::move(Used));
      addEvidenceNotes(F, *CP.P);
      C.Out.push_back(std::move(F));
      return;
    }
  }
}

/// True when this function waits for the thread or future at Handle.
bool FunctionAnalysis::waitsOn(const Path &Handle) {
  return waitsIn(FD->getBody(), [&](const Expr *Obj) {
    std::optional<Path> P = rawPathOf(Obj);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Obj)))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->isCXXForRangeDecl())
          P = loopRange(VD);
    return P == Handle;
  });
}

std::vector<std::pair<const FieldDecl *, Task>>
FunctionAnalysis::memberStarts() {
  std::vector<std::pair<const FieldDecl *, Task>> Result;
  State Empty;
  auto Consider = [&](const FieldDecl *F, const Expr *Init) {
    std::optional<StartInfo> SI = startOf(Init, C.Ctx);
    if (!SI)
      return;
    std::optional<Task> T = buildTask(*SI, Empty);
    if (!T)
      return;
    // Only what the thread does to this object's members is known to the
    // class's other methods.
    llvm::erase_if(T->Uses, [](const TaskUse &U) {
      return U.K.P.empty() || U.K.P.front() != ThisRoot;
    });
    if (T->Uses.empty())
      return;
    T->Handle = Path{ThisRoot, F->getCanonicalDecl()};
    Result.push_back({F, std::move(*T)});
  };
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isMemberInitializer())
        Consider(Init->getMember(), Init->getInit());
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St))
      if (OCE->isAssignmentOp() && OCE->getNumArgs() == 2)
        if (auto P = rawPathOf(OCE->getArg(0)))
          if (P->size() == 2 && P->front() == ThisRoot)
            Consider(static_cast<const FieldDecl *>((*P)[1]), OCE->getArg(1));
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Result;
}

void FunctionAnalysis::seedMemberTasks(State &Init) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->isStatic() || MD->getParent()->isLambda() ||
      !C.Index.raceRule())
    return;
  for (const auto &[F, T] : C.memberTasks(MD->getParent())) {
    if (T.Start && FD->getBody() &&
        C.SM.isPointWithin(T.Start->getExprLoc(), FD->getBeginLoc(),
                           FD->getEndLoc()))
      continue; // started by this very method: tracked as it runs
    bool JoinsAtExit = isa<CXXDestructorDecl>(FD) &&
                       isStdType(F->getType(), {"jthread"});
    if (JoinsAtExit || waitsOn(*T.Handle))
      Init.Tasks[T.Start] = T;
  }
}

//===----------------------------------------------------------------------===//
// Branch conditions
//===----------------------------------------------------------------------===//

std::vector<Guard> FunctionAnalysis::guardsIn(const Expr *Cond, bool Negated,
                                              const State &S) {
  std::vector<Guard> Result;
  if (!Cond)
    return Result;
  Cond = stripWrappers(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
    if (UO->getOpcode() == UO_LNot)
      return guardsIn(UO->getSubExpr(), !Negated, S);
    return Result;
  }
  if (const VarDecl *V = localScalar(Cond)) {
    if (auto It = S.QueryVars.find(V); It != S.QueryVars.end())
      for (Guard G : It->second) {
        G.OpenWhen = G.OpenWhen != Negated;
        Result.push_back(G);
      }
    return Result;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    // For `a && b` / `a || b` the block that branches on the whole condition
    // has just evaluated the right operand; the left one branched earlier.
    if (BO->isLogicalOp())
      return guardsIn(BO->getRHS(), Negated, S);
    if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) {
      const Expr *L = stripWrappers(BO->getLHS());
      const Expr *R = stripWrappers(BO->getRHS());
      bool Eq = BO->getOpcode() == BO_EQ;
      if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(R))
        return guardsIn(L, Negated != (Eq != Lit->getValue()), S);
      if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(L))
        return guardsIn(R, Negated != (Eq != Lit->getValue()), S);
      // `c.state() == State::Closed`, `c.state() != State::Open`.
      for (auto [Call, Enumerator] : {std::pair(L, R), std::pair(R, L)})
        if (const Expr *Obj = stateEnumObject(Call))
          if (std::optional<bool> Open = enumeratorSaysOpen(Enumerator)) {
            bool TrueMeansOpen = *Open == Eq;
            queryGuards(Obj, TrueMeansOpen != Negated, S, Result);
            return Result;
          }
    }
    return Result;
  }
  const auto *Call = dyn_cast<CallExpr>(Cond);
  if (!Call)
    return Result;
  for (const CallRole &CR : C.Index.classify(Call, C.Cache)) {
    std::optional<Path> P = pathOf(CR.Handle, S);
    if (!P)
      continue;
    if (CR.Kind == Role::QueryClosed)
      Result.push_back({Key{CR.ProfileIdx, *P}, /*OpenWhen=*/Negated});
    else if (CR.Kind == Role::QueryOpen)
      Result.push_back({Key{CR.ProfileIdx, *P}, /*OpenWhen=*/!Negated});
  }
  // A query no profile names: a user class's own isOpen(), closed(),
  // `operator bool`...
  if (Result.empty())
    if (auto Q = stateQuery(Call))
      queryGuards(Q->first, Q->second != Negated, S, Result);
  if (Result.empty())
    predicateGuards(Call, Negated, S, Result);
  return Result;
}

/// The guards that hold when E evaluates to Value, whatever the context:
/// `!p.isClosed() && p.pendingCount() < 1000` being true proves p open.
std::vector<Guard> FunctionAnalysis::impliedGuards(const Expr *E, bool Value,
                                                   const State &S) {
  E = stripWrappers(E);
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot)
    return impliedGuards(UO->getSubExpr(), !Value, S);
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp()) {
    // Both operands are known only when `&&` is true or `||` is false.
    if ((BO->getOpcode() == BO_LAnd) != Value)
      return {};
    std::vector<Guard> Result = impliedGuards(BO->getLHS(), Value, S);
    for (const Guard &G : impliedGuards(BO->getRHS(), Value, S))
      Result.push_back(G);
    return Result;
  }
  std::vector<Guard> Result;
  for (const Guard &G : guardsIn(E, /*Negated=*/false, S))
    if (G.OpenWhen == Value)
      Result.push_back(G);
  return Result;
}

/// `if (!usable(producer)) return;`: a predicate of the user's whose body
/// is one `return` of a test of its argument's (or object's) state guards
/// what it is given.
void FunctionAnalysis::predicateGuards(const CallExpr *Call, bool Negated,
                                       const State &S,
                                       std::vector<Guard> &Out) {
  const FunctionDecl *Callee = C.analyzableCallee(Call);
  if (!Callee || !Callee->getReturnType()->isBooleanType() ||
      PredicateDepth >= 4)
    return;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Callee->getBody());
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  if (!Ret || !Ret->getRetValue())
    return;
  Invocation Inv = invocationOf(Call, Callee);
  ++PredicateDepth;
  for (bool Value : {true, false})
    // In the predicate's own terms: its parameters and `this`.
    for (const Guard &G : impliedGuards(Ret->getRetValue(), Value, State())) {
      RootRef R;
      R.Suffix.assign(G.K.P.begin() + 1, G.K.P.end());
      if (G.K.P.front() == ThisRoot) {
        R.Root = RootKind::This;
      } else {
        const auto *PVD = dyn_cast<ParmVarDecl>(
            static_cast<const VarDecl *>(G.K.P.front()));
        if (!PVD || PVD->getFunctionScopeIndex() >= Callee->getNumParams())
          continue;
        R.Root = RootKind::Param;
        R.Param = PVD->getFunctionScopeIndex();
      }
      if (std::optional<Path> P = mapRoot(Inv, R, S))
        Out.push_back({Key{G.K.Profile, *P}, Value != Negated});
    }
  --PredicateDepth;
}

/// Guards that Obj is open when a condition is OpenWhen: under every
/// profile its type has, and every profile it is tracked closed under.
void FunctionAnalysis::queryGuards(const Expr *Obj, bool OpenWhen,
                                   const State &S, std::vector<Guard> &Out) {
  std::optional<Path> P = pathOf(Obj, S);
  if (!P)
    return;
  for (unsigned Idx : C.Index.profilesOf(Obj, C.Cache))
    Out.push_back({Key{Idx, *P}, OpenWhen});
  for (const auto &Entry : S.Keys) {
    const Key &K = Entry.first;
    if (K.P == *P &&
        llvm::none_of(Out, [&](const Guard &G) { return G.K == K; }))
      Out.push_back({K, OpenWhen});
  }
}

/// `bool open = c.isOpen();`: testing `open` later tests the object.
void FunctionAnalysis::rememberQuery(const VarDecl *VD, State &S) {
  const Expr *Init = VD->getInit();
  if (!Init || !VD->hasLocalStorage() || !VD->getType()->isBooleanType())
    return;
  std::vector<Guard> G = guardsIn(Init, /*Negated=*/false, S);
  if (!G.empty())
    S.QueryVars[VD->getCanonicalDecl()] = std::move(G);
}

/// The object is open on this edge: what follows does not depend on what
/// the caller did to it.
void FunctionAnalysis::applyGuard(const Guard &G, State &S) {
  S.Keys.erase(G.K);
  S.TouchedKeys.insert(G.K);
  S.Guarded[G.K] = S.Locks;
}

/// `switch (c.state()) { case State::Open: ... }`: open in that case.
void FunctionAnalysis::applySwitchEdge(const CFGBlock &From, unsigned SuccIdx,
                                       const SwitchStmt *SW, State &S) {
  const Expr *Obj = SW->getCond() ? stateEnumObject(SW->getCond()) : nullptr;
  if (!Obj)
    return;
  const CFGBlock *To = (From.succ_begin() + SuccIdx)->getReachableBlock();
  const auto *Case = To ? dyn_cast_or_null<CaseStmt>(To->getLabel()) : nullptr;
  if (!Case || Case->getRHS() || enumeratorSaysOpen(Case->getLHS()) != true)
    return;
  std::vector<Guard> Guards;
  queryGuards(Obj, /*OpenWhen=*/true, S, Guards);
  for (const Guard &G : Guards)
    applyGuard(G, S);
}

std::optional<CondFact> FunctionAnalysis::factIn(const Expr *Cond) const {
  Cond = stripWrappers(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
    if (UO->getOpcode() != UO_LNot)
      return std::nullopt;
    std::optional<CondFact> F = factIn(UO->getSubExpr());
    if (F)
      std::swap(F->IfTrue, F->IfFalse);
    return F;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->isLogicalOp())
      return factIn(BO->getRHS());
    if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
      return std::nullopt;
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    const void *V = subjectOf(L);
    if (!V) {
      std::swap(L, R);
      V = subjectOf(L);
    }
    Expr::EvalResult ER;
    if (!V || R->isValueDependent() || !R->EvaluateAsInt(ER, C.Ctx))
      return std::nullopt;
    int64_t K = ER.Val.getInt().getExtValue();
    CondFact F{V, Fact{Fact::Eq, K}, Fact{Fact::Ne, K}};
    if (BO->getOpcode() == BO_NE)
      std::swap(F.IfTrue, F.IfFalse);
    return F;
  }
  if (const void *V = subjectOf(Cond))
    return CondFact{V, Fact{Fact::Ne, 0}, Fact{Fact::Eq, 0}};
  return std::nullopt;
}

/// What a condition tests: a local scalar, a call's result, or a member
/// flag such as `stopped_` or `s.closed` (an integral or bool field).
/// The member a getter returns as it is (`bool running() const { return
/// running_; }`): testing `p.running()` tests `p.running_`.
const FieldDecl *returnedMember(const CXXMethodDecl *MD) {
  const FunctionDecl *Def = nullptr;
  if (!MD || !MD->hasBody(Def) || !Def)
    return nullptr;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *V = Ret ? Ret->getRetValue() : nullptr;
  const auto *ME = V ? dyn_cast<MemberExpr>(V->IgnoreParenImpCasts()) : nullptr;
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

const void *FunctionAnalysis::subjectOf(const Expr *E) const {
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E)))
    if (const FieldDecl *F = returnedMember(MCE->getMethodDecl()))
      if (std::optional<Path> Obj =
              rawPathOf(MCE->getImplicitObjectArgument())) {
        Obj->push_back(F);
        if (F->getType()->isIntegralOrEnumerationType() &&
            !F->getType().isVolatileQualified())
          return C.intern(*Obj);
      }
  if (const void *V = factSubject(E))
    return V;
  std::optional<Path> P = rawPathOf(E);
  if (!P || P->size() < 2 || P->back() == ElementMark)
    return nullptr;
  const auto *F = static_cast<const FieldDecl *>(P->back());
  QualType T = F->getType();
  if (!T->isIntegralOrEnumerationType() || T.isVolatileQualified())
    return nullptr;
  return C.intern(*P);
}

/// The member flags whose entry values this path tested: the caller
/// decides them, whether or not this function assigns them later.
std::vector<std::pair<RootRef, Fact>>
FunctionAnalysis::entryPreconditions(const Facts &Entry) const {
  std::vector<std::pair<RootRef, Fact>> Pre;
  for (const auto &[Subject, F] : Entry)
    if (const Path *P = C.subject(Subject))
      if (std::optional<Effect> E = entryRoot(*P))
        Pre.push_back({E->root(), F});
  return Pre;
}

/// True when a callee's use, made only under Pre, cannot happen while K is
/// closed in the caller: the flags it needs contradict what the caller
/// knows, or what held when K was closed.
bool FunctionAnalysis::excludedBy(
    const std::vector<std::pair<RootRef, Fact>> &Pre, const Invocation &Inv,
    const Key &K, const State &S) const {
  auto Closed = S.Keys.find(K);
  for (const auto &[Root, Needed] : Pre) {
    std::optional<Path> P = mapRoot(Inv, Root, S);
    if (!P)
      continue;
    const void *Subject = C.intern(*P);
    if (auto It = S.Known.find(Subject);
        It != S.Known.end() && It->second.contradicts(Needed))
      return true;
    if (Closed != S.Keys.end())
      if (auto It = Closed->second.Cond.find(Subject);
          It != Closed->second.Cond.end() && It->second.contradicts(Needed))
        return true;
  }
  return false;
}

/// Applies what the branch from From to its SuccIdx-th successor teaches.
/// Returns false when the edge cannot be taken given the known facts.
bool FunctionAnalysis::applyEdge(const CFGBlock &From, unsigned SuccIdx,
                                 State &S) {
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(From.getTerminatorStmt())) {
    applySwitchEdge(From, SuccIdx, SW, S);
    return true;
  }
  if (From.succ_size() != 2 || !From.getTerminatorStmt())
    return true;
  const auto *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  if (!Cond)
    return true;
  bool EdgeValue = SuccIdx == 0; // successor 0 is the true branch
  // In a branch (`if (a && b)`) the left operand of a logical operator has
  // branched in a block of its own, so this block only decides the right
  // one. In a value context (a do-while condition, `bool x = a && b;`) the
  // left operand's block falls into this one, and only what the whole
  // condition's value proves is known.
  const auto *Logical = dyn_cast<BinaryOperator>(stripWrappers(Cond));
  bool ValueContext =
      Logical && Logical->isLogicalOp() &&
      llvm::any_of(From.preds(), [&](const CFGBlock::AdjacentBlock &P) {
        return P && P->getTerminatorStmt() == Logical;
      });
  for (const auto &[Var, Learned] : learnedFrom(Cond, EdgeValue, !ValueContext))
    if (!learn(Var, Learned, S))
      return false;
  // A guard proves the object open on one edge; past it, a use no longer
  // depends on what the caller did.
  if (!ValueContext)
    for (const Guard &G : guardsIn(Cond, /*Negated=*/false, S))
      if (G.OpenWhen == EdgeValue)
        applyGuard(G, S);
  for (const Guard &G : impliedGuards(Cond, EdgeValue, S))
    applyGuard(G, S);
  return true;
}

/// The facts a condition having Value teaches: both operands of a true
/// `&&` or a false `||`; otherwise, when RightDecides, the right operand's.
std::vector<std::pair<const void *, Fact>>
FunctionAnalysis::learnedFrom(const Expr *Cond, bool Value,
                              bool RightDecides) const {
  Cond = stripWrappers(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return learnedFrom(UO->getSubExpr(), !Value, RightDecides);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond); BO && BO->isLogicalOp()) {
    if ((BO->getOpcode() == BO_LAnd) == Value) {
      auto Result = learnedFrom(BO->getLHS(), Value, false);
      for (auto &F : learnedFrom(BO->getRHS(), Value, false))
        Result.push_back(F);
      return Result;
    }
    return RightDecides ? learnedFrom(BO->getRHS(), Value, RightDecides)
                        : std::vector<std::pair<const void *, Fact>>();
  }
  std::optional<CondFact> CF = factIn(Cond);
  if (!CF)
    return {};
  const std::optional<Fact> &Learned = Value ? CF->IfTrue : CF->IfFalse;
  if (!Learned)
    return {};
  return {{CF->Var, *Learned}};
}

/// Records that Var has the value Learned says on this edge. Returns false
/// when what is known contradicts it: the edge cannot be taken.
bool FunctionAnalysis::learn(const void *Var, const Fact &Learned,
                             State &S) const {
  auto Known = S.Known.find(Var);
  if (Known != S.Known.end() && Known->second.contradicts(Learned))
    return false;
  if (Known == S.Known.end() || Known->second.Kind != Fact::Eq)
    S.Known[Var] = Learned;
  if (C.subject(Var) && !S.Assigned.count(Var)) {
    auto Entry = S.Entry.find(Var);
    if (Entry == S.Entry.end() || Entry->second.Kind != Fact::Eq)
      S.Entry[Var] = Learned;
  }
  noteFlagLocks(Var, S);
  // Objects closed only on paths this branch excludes are open here;
  // those closed exactly when this branch is taken are closed.
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    Closed &Cl = It->second;
    auto C2 = Cl.Cond.find(Var);
    if (C2 != Cl.Cond.end() && C2->second.contradicts(Learned)) {
      It = S.Keys.erase(It);
      continue;
    }
    if (Cl.OpenUnless == Var && C2 != Cl.Cond.end() &&
        Learned.implies(C2->second)) {
      Cl.MaybeOpen = false;
      Cl.OpenUnless = nullptr;
    }
    ++It;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

std::string FunctionAnalysis::exprName(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E))
    if (OCE->getOperator() == OO_Arrow && OCE->getNumArgs() == 1)
      E = OCE->getArg(0)->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return "*this";
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  StringRef Text = Lexer::getSourceText(R, C.SM, C.Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 80 || Text.contains('\n'))
    return "the object";
  return Text.str();
}

std::string FunctionAnalysis::calleeName(const CallExpr *Call) const {
  // A lambda or std::function called through a variable: its name.
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call))
    if (OCE->getOperator() == OO_Call && OCE->getNumArgs() > 0)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(stripWrappers(OCE->getArg(0))))
        return DRE->getDecl()->getNameAsString();
  if (const FunctionDecl *F = Call->getDirectCallee()) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(F))
      if (MD->getParent()->isLambda())
        return "the lambda";
    return F->getNameAsString();
  }
  return "the callee";
}

void FunctionAnalysis::addCloseNotes(Finding &F, const Closed &Cl,
                                     SourceLocation At,
                                     const std::string &Name,
                                     llvm::StringRef Verb) {
  std::vector<const Expr *> Sites(Cl.Sites.begin(), Cl.Sites.end());
  llvm::sort(Sites, [&](const Expr *A, const Expr *B) {
    return C.SM.isBeforeInTranslationUnit(A->getExprLoc(), B->getExprLoc());
  });
  for (const Expr *Site : Sites) {
    Note N;
    N.Loc = makeLocation(C.SM, Site->getExprLoc());
    // At or after the finding: it ran on an earlier iteration.
    bool Later = At == Site->getExprLoc() ||
                 C.SM.isBeforeInTranslationUnit(At, Site->getExprLoc());
    std::string Suffix =
        Later ? ", on an earlier iteration of the loop" : std::string();
    auto Inner = InnerClose.find(Site);
    if (auto D = Destructions.find(Site); D != Destructions.end()) {
      N.Loc = makeLocation(C.SM, D->second.second);
      N.Message = "'" + Name + "' " + Verb.str() + " when " + D->second.first +
                  " here" + Suffix;
      F.Notes.push_back(N);
      if (Inner != InnerClose.end()) {
        Note In;
        In.Loc = makeLocation(C.SM, Inner->second->getExprLoc());
        In.Message = "which closes it here";
        F.Notes.push_back(std::move(In));
      }
      continue;
    }
    const auto *SiteCall = dyn_cast<CallExpr>(Site);
    auto Remote = RemoteClose.find(Site);
    if (Remote != RemoteClose.end() && SiteCall) {
      N.Message = "'" + Name + "' " + Verb.str() + " by the call to '" +
                  calleeName(SiteCall) + "' here" + Suffix;
      F.Notes.push_back(N);
      Note In;
      In.Loc = locationOf(*Remote->second);
      In.Message = "'" + calleeName(SiteCall) + "' closes it here";
      F.Notes.push_back(std::move(In));
      continue;
    }
    if (Inner != InnerClose.end() && SiteCall) {
      N.Message = "'" + Name + "' " + Verb.str() + " by the call to '" +
                  calleeName(SiteCall) + "' here" + Suffix;
      F.Notes.push_back(N);
      Note In;
      In.Loc = makeLocation(C.SM, Inner->second->getExprLoc());
      In.Message = "'" + calleeName(SiteCall) + "' closes it here";
      F.Notes.push_back(std::move(In));
      continue;
    }
    N.Message = "'" + Name + "' " + Verb.str() + " here" + Suffix;
    F.Notes.push_back(std::move(N));
  }
}

void FunctionAnalysis::reportUse(const Key &K, const Closed &Cl,
                                 const CallExpr *Call, const Expr *InnerUse,
                                 const std::string &DirectName,
                                 const SourceSpot *RemoteUse) {
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Reported.insert({Call, CP.R}).second)
    return;
  const std::string &Name = DirectName;
  Finding F;
  F.RuleId = CP.R->Id;
  F.Severity = CP.R->Severity;
  std::string What = InnerUse || RemoteUse
                         ? "call to '" + calleeName(Call) + "' uses '" +
                                    Name + "'"
                              : "call to '" + calleeName(Call) + "' on '" +
                                    Name + "'";
  F.Message = What + (Cl.MaybeOpen ? " that may have been closed"
                                   : " after it was closed");
  F.Loc = makeLocation(C.SM, Call->getExprLoc());
  F.Function = FD->getQualifiedNameAsString();
  F.RecordIds = CP.P->Records.empty() ? CP.R->Records : CP.P->Records;
  F.Consequence = CP.P->Consequence;
  addCloseNotes(F, Cl, Call->getExprLoc(), Name);
  if (InnerUse || RemoteUse) {
    Note N;
    N.Loc = InnerUse ? makeLocation(C.SM, InnerUse->getExprLoc())
                     : locationOf(*RemoteUse);
    N.Message = "'" + calleeName(Call) + "' uses it here";
    N.Kind = "callee-use";
    F.Notes.push_back(std::move(N));
  }
  addEvidenceNotes(F, *CP.P);
  C.Out.push_back(std::move(F));
}

void FunctionAnalysis::reportDoubleClose(const Key &K, const Closed &Cl,
                                         const Expr *Site) {
  if (!Replay || !Report)
    return;
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Reported.insert({Site, CP.R}).second)
    return;
  const auto *Call = dyn_cast<CallExpr>(Site);
  if (!Call)
    return;
  std::string Name;
  for (const CallRole &CR : C.Index.classify(Call, C.Cache))
    if (CR.ProfileIdx == K.Profile)
      Name = exprName(CR.Handle);
  if (Name.empty())
    Name = K.P.front() == ThisRoot
               ? std::string("*this")
               : static_cast<const VarDecl *>(K.P.front())->getNameAsString();
  Finding F;
  F.RuleId = CP.R->Id;
  F.Severity = CP.R->Severity;
  F.Message = "'" + calleeName(Call) + "' closes '" + Name + "' " +
              (Cl.MaybeOpen ? "that may already have been closed"
                            : "a second time");
  F.Loc = makeLocation(C.SM, Call->getExprLoc());
  F.Function = FD->getQualifiedNameAsString();
  F.RecordIds = CP.P->Records.empty() ? CP.R->Records : CP.P->Records;
  F.Consequence = CP.P->Consequence;
  addCloseNotes(F, Cl, Call->getExprLoc(), Name, "was first closed");
  addEvidenceNotes(F, *CP.P);
  C.Out.push_back(std::move(F));
}

} // namespace

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

const FunctionDecl *Context::analyzableCallee(const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return nullptr;
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def)
    return nullptr;
  if (SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    return nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def)) {
    // A virtual call may run an override we cannot see.
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
    bool Qualified = false;
    if (MCE)
      if (const auto *ME = dyn_cast<MemberExpr>(MCE->getCallee()))
        Qualified = ME->hasQualifier();
    if (MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
        !MD->getParent()->hasAttr<FinalAttr>() && !Qualified)
      return nullptr;
  }
  return Def;
}

bool Context::isRelevant(const FunctionDecl *FD) {
  auto It = Relevance.find(FD);
  if (It != Relevance.end())
    return It->second;
  Relevance[FD] = false; // recursion sees "not relevant" until decided
  bool Result = false;
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty() && !Result) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      bool Named = false;
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call))
        Named = OCE->getOperator() != OO_Arrow;
      else if (Callee && Callee->getIdentifier())
        Named = Index.mentions(Callee->getName());
      if (Named && !Index.classify(Call, Cache).empty()) {
        Result = true;
        break;
      }
      const FunctionDecl *Target = lambdaBehind(Call);
      if (!Target)
        Target = analyzableCallee(Call);
      if (Target && Target != FD && isRelevant(Target)) {
        Result = true;
        break;
      }
      if (!Target && importedSummary(Call)) {
        Result = true;
        break;
      }
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      Stack.push_back(LE->getBody());
      continue;
    }
    // `active_ = false;`: a member flag set to a constant may decide what
    // another method or the destructor closes (a dismissed scope guard).
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign && isa<CXXMethodDecl>(FD))
      if (const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
            BO->getLHS()->getType()->isIntegralOrEnumerationType() &&
            !BO->getRHS()->isValueDependent() &&
            BO->getRHS()->isEvaluatable(Ctx)) {
          Result = true;
          break;
        }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  Relevance[FD] = Result;
  return Result;
}

const Summary *Context::summaryFor(const FunctionDecl *FD, const Bindings &B) {
  auto Key = std::make_pair(FD, B);
  auto It = Summaries.find(Key);
  if (It != Summaries.end())
    return &It->second;
  if (InProgress.count(Key) || Depth >= 8)
    return nullptr; // recursion: treat the call as unknown
  InProgress.insert(Key);
  ++Depth;
  // The run without constant arguments is the function's own analysis and
  // reports its findings; specialized runs only summarize.
  FunctionAnalysis A(*this, FD, B, /*Report=*/B.empty());
  Summary S = A.run();
  --Depth;
  InProgress.erase(Key);
  return &Summaries.emplace(Key, std::move(S)).first->second;
}

const std::vector<std::pair<const FieldDecl *, Task>> &
Context::memberTasks(const CXXRecordDecl *RD) {
  RD = RD->getCanonicalDecl();
  auto It = MemberTasks.find(RD);
  if (It != MemberTasks.end())
    return It->second;
  MemberTasks[RD]; // empty while it is computed: recursion sees no task
  std::vector<std::pair<const FieldDecl *, Task>> Result;
  if (const CXXRecordDecl *Def = RD->getDefinition())
    for (const CXXMethodDecl *M : Def->methods()) {
      const FunctionDecl *Body = nullptr;
      if (!M->hasBody(Body) || !Body)
        continue;
      FunctionAnalysis A(*this, Body, {}, /*Report=*/false);
      for (auto &Start : A.memberStarts())
        Result.push_back(std::move(Start));
    }
  return MemberTasks[RD] = std::move(Result);
}

//===----------------------------------------------------------------------===//
// Summaries across translation units
//===----------------------------------------------------------------------===//

namespace {

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Usr;
  if (index::generateUSRForDecl(D, Usr))
    return "";
  return std::string(Usr);
}

/// The class an object of type T is, through references and pointers.
const CXXRecordDecl *recordBehind(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD ? RD->getDefinition() : nullptr;
}

SourceSpot spotAt(const SourceManager &SM, SourceLocation L) {
  Location Loc = makeLocation(SM, L);
  return SourceSpot{Loc.File, Loc.Line, Loc.Column, Loc.LineText};
}

const FieldDecl *fieldNamed(const CXXRecordDecl *RD, llvm::StringRef Name) {
  if (!RD)
    return nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == Name)
      return F;
  return nullptr;
}

} // namespace

std::optional<unsigned> Context::profileNamed(const std::string &Name) {
  if (ProfileByName.empty())
    for (unsigned I = 0; I < Index.profileCount(); ++I)
      ProfileByName[Index.profile(I).R->Id + "/" + Index.profile(I).P->Name] =
          I;
  auto It = ProfileByName.find(Name);
  if (It == ProfileByName.end())
    return std::nullopt;
  return It->second;
}

/// The effect as this unit's analysis knows it: the profile by index, the
/// members by declaration. Nothing when this unit cannot name them.
std::optional<Effect> Context::importEffect(const FunctionDecl *Callee,
                                            const EffectFacts &F) {
  Effect E;
  if (F.K != EffectFacts::Sets) {
    std::optional<unsigned> Profile = profileNamed(F.Profile);
    if (!Profile)
      return std::nullopt;
    E.Profile = *Profile;
  }
  E.K = F.K == EffectFacts::Close ? Effect::Close
        : F.K == EffectFacts::Use ? Effect::Use
                                  : Effect::Sets;
  E.Must = F.Must;
  E.OnlyIfReturns = F.OnlyIfReturns;
  E.Value = Fact{static_cast<Fact::KindT>(F.ValueKind), F.Value};
  if (F.Site.Line)
    E.Remote = &F.Site;
  for (const EffectFacts &P : F.Pre) {
    std::optional<Effect> Flag = importRoot(Callee, P);
    if (!Flag)
      return std::nullopt; // a condition we cannot name: not the effect
    E.Pre.push_back({Flag->root(),
                     Fact{static_cast<Fact::KindT>(P.ValueKind), P.Value}});
  }
  if (std::optional<Effect> Root = importRoot(Callee, F)) {
    E.setRoot(Root->root());
    return E;
  }
  return std::nullopt;
}

/// The object F names (root and members), as an effect's root here.
std::optional<Effect> Context::importRoot(const FunctionDecl *Callee,
                                          const EffectFacts &F) {
  Effect E;
  const CXXRecordDecl *RD = nullptr;
  if (F.OnThis) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    if (!MD)
      return std::nullopt;
    E.Root = RootKind::This;
    RD = MD->getParent()->getDefinition();
  } else {
    if (F.Param >= Callee->getNumParams())
      return std::nullopt;
    E.Root = RootKind::Param;
    E.Param = F.Param;
    RD = recordBehind(Callee->getParamDecl(F.Param)->getType());
  }
  for (const std::string &Name : F.Fields) {
    const FieldDecl *Field = fieldNamed(RD, Name);
    if (!Field)
      return std::nullopt;
    E.Suffix.push_back(Field);
    QualType T = Field->getType();
    // Only value and reference members lead on: a pointer member may point
    // at another object in each unit.
    RD = T->isPointerType() ? nullptr : recordBehind(T);
  }
  return E;
}

const Summary *Context::importedSummary(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Callee->hasBody() || Callee->isTemplateInstantiation() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
    return nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee))
    if (MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
        !MD->getParent()->hasAttr<FinalAttr>())
      return nullptr; // an override elsewhere may run instead
  Callee = Callee->getCanonicalDecl();
  auto [It, New] = Imported.try_emplace(Callee);
  if (!New)
    return It->second ? &*It->second : nullptr;
  std::string Usr = usrOf(Callee);
  if (Usr.empty())
    return nullptr;
  Pending[Usr] = makeLocation(SM, Callee->getLocation()).File;
  if (!External)
    return nullptr;
  auto Found = External->find(Usr);
  if (Found == External->end())
    return nullptr;
  Summary Sum;
  for (const EffectFacts &F : Found->second->Effects)
    if (std::optional<Effect> E = importEffect(Callee, F))
      Sum.Effects.push_back(std::move(*E));
  if (Sum.Effects.empty())
    return nullptr;
  It->second = std::move(Sum);
  return &*It->second;
}

/// The effect in names another unit can resolve; nothing for what only this
/// unit can name (globals, captured variables, elements, guarded uses).
std::optional<EffectFacts> Context::exportEffect(const Effect &E) const {
  if ((E.K != Effect::Close && E.K != Effect::Use && E.K != Effect::Sets) ||
      !E.Locks.empty() || !E.PreLocks.empty())
    return std::nullopt;
  std::optional<EffectFacts> Root = exportRoot(E.root());
  if (!Root)
    return std::nullopt;
  EffectFacts F = std::move(*Root);
  F.K = E.K == Effect::Close ? EffectFacts::Close
        : E.K == Effect::Use ? EffectFacts::Use
                             : EffectFacts::Sets;
  if (E.K != Effect::Sets) {
    const CompiledProfile &P = Index.profile(E.Profile);
    F.Profile = P.R->Id + "/" + P.P->Name;
  }
  F.ValueKind = E.Value.Kind;
  F.Value = E.Value.Value;
  for (const auto &[Flag, Value] : E.Pre) {
    std::optional<EffectFacts> P = exportRoot(Flag);
    if (!P)
      return std::nullopt; // without its condition the effect is wrong
    P->ValueKind = Value.Kind;
    P->Value = Value.Value;
    F.Pre.push_back(std::move(*P));
  }
  F.Must = E.Must;
  F.OnlyIfReturns = E.OnlyIfReturns;
  if (E.Site)
    F.Site = spotAt(SM, E.Site->getBeginLoc());
  return F;
}

/// A root another unit can name: a parameter or `this`, then members.
std::optional<EffectFacts> Context::exportRoot(const RootRef &R) const {
  if (R.Root == RootKind::Var)
    return std::nullopt;
  EffectFacts F;
  F.OnThis = R.Root == RootKind::This;
  F.Param = R.Param;
  for (const void *Part : R.Suffix) {
    if (Part == ElementMark || Part == ThisRoot)
      return std::nullopt;
    F.Fields.push_back(partName(Part));
  }
  return F;
}

void TypestateAnalyzer::useExternalSummaries(
    const std::map<std::string, const MethodFacts *> *S) {
  C->External = S;
}

std::vector<MethodFacts> TypestateAnalyzer::exportSummaries() const {
  std::vector<MethodFacts> Out;
  for (const auto &[Key, Sum] : C->Summaries) {
    const FunctionDecl *FD = Key.first;
    if (!Key.second.empty() || !FD->isExternallyVisible() ||
        FD->isTemplateInstantiation() || FD->isInlined() ||
        !C->SM.isInMainFile(C->SM.getExpansionLoc(FD->getLocation())))
      continue;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        continue;
    MethodFacts M;
    for (const Effect &E : Sum.Effects)
      if (std::optional<EffectFacts> F = C->exportEffect(E))
        M.Effects.push_back(std::move(*F));
    if (M.Effects.empty())
      continue;
    M.Name = usrOf(FD->getCanonicalDecl());
    if (M.Name.empty())
      continue;
    M.Site = spotAt(C->SM, FD->getLocation());
    Out.push_back(std::move(M));
  }
  return Out;
}

const std::map<std::string, std::string> &
TypestateAnalyzer::pendingFunctions() const {
  return C->Pending;
}

TypestateAnalyzer::TypestateAnalyzer(ASTContext &Ctx, const ProfileIndex &Index,
                                     std::vector<Finding> &Out)
    : C(std::make_unique<Context>(Ctx, Index, Out)) {}

TypestateAnalyzer::~TypestateAnalyzer() = default;

void TypestateAnalyzer::analyzeFunction(const FunctionDecl *FD) {
  if (C->Index.empty() || !FD->getBody() || !C->isRelevant(FD))
    return;
  C->summaryFor(FD, {});
}

} // namespace errlint
