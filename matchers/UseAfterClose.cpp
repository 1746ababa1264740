//===- UseAfterClose.cpp - CFG typestate for close/use protocols ---------===//
//
// A forward may-analysis over clang's CFG. The state maps each tracked object
// (an access path: a variable or `this`, then fields) to the close calls that
// may have reached the current point, and whether some path reaches it with
// the object open. Absent objects are open. Reopen calls, reassignment, a new
// declaration and passing the object to code that may change it make it open
// again; a query such as `isClosed()` refines the state on the branch edge
// where it proves the object open.
//
//===----------------------------------------------------------------------===//

#include "UseAfterClose.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include <deque>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace errlint {
namespace {

/// Stands for `this` as the root of an access path.
const void *const ThisRoot = reinterpret_cast<const void *>(1);

/// An access path: a root (VarDecl or ThisRoot) followed by fields.
using Path = llvm::SmallVector<const void *, 3>;

/// True when P starts with Prefix (or equals it, when OrEqual).
bool hasPrefix(const Path &P, const Path &Prefix, bool OrEqual) {
  if (P.size() < Prefix.size() || (!OrEqual && P.size() == Prefix.size()))
    return false;
  return std::equal(Prefix.begin(), Prefix.end(), P.begin());
}

bool isStdSmartPointer(const CXXRecordDecl *RD) {
  if (!RD || !RD->getIdentifier() || !RD->isInStdNamespace())
    return false;
  return llvm::StringSwitch<bool>(RD->getName())
      .Cases("unique_ptr", "shared_ptr", true)
      .Default(false);
}

/// True when a member call is made on a std::unique_ptr or std::shared_ptr
/// itself (libstdc++ declares get() and reset() in private base classes, so
/// the object's type is what tells).
bool isCallOnSmartPointer(const CXXMemberCallExpr *MCE) {
  const Expr *Obj = MCE->getImplicitObjectArgument();
  if (!Obj)
    return false;
  QualType T = Obj->IgnoreParenImpCasts()->getType();
  return isStdSmartPointer(T->getAsCXXRecordDecl());
}

/// The access path an expression denotes, looking through parentheses,
/// casts, dereferences, smart pointers and local references. None when the
/// expression is not a stable path (a call result, an array element...).
std::optional<Path> pathOf(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 16)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    // A local reference is another name for what it was bound to.
    if (VD->getType()->isReferenceType() && VD->hasLocalStorage() &&
        !isa<ParmVarDecl>(VD) && VD->getInit())
      if (auto Aliased = pathOf(VD->getInit(), Depth + 1))
        return Aliased;
    return Path{VD->getCanonicalDecl()};
  }
  if (isa<CXXThisExpr>(E))
    return Path{ThisRoot};
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return std::nullopt;
    auto Base = pathOf(ME->getBase(), Depth + 1);
    if (!Base)
      return std::nullopt;
    Base->push_back(FD->getCanonicalDecl());
    return Base;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)
      return pathOf(UO->getSubExpr(), Depth + 1);
    return std::nullopt;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = OCE->getOperator();
    if ((K == OO_Arrow || K == OO_Star) && OCE->getNumArgs() == 1)
      return pathOf(OCE->getArg(0), Depth + 1);
    return std::nullopt;
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() && MD->getName() == "get" &&
        isCallOnSmartPointer(MCE))
      return pathOf(MCE->getImplicitObjectArgument(), Depth + 1);
  }
  return std::nullopt;
}

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

/// The close calls that may reach a point, and whether some path reaches it
/// with the object still open.
struct Closed {
  llvm::SmallVector<const CallExpr *, 2> Sites;
  bool MaybeOpen = false;

  bool operator==(const Closed &O) const {
    return MaybeOpen == O.MaybeOpen && Sites == O.Sites;
  }
};

using State = std::map<Key, Closed>;

void addSites(Closed &Into, const Closed &From) {
  for (const CallExpr *S : From.Sites)
    if (!llvm::is_contained(Into.Sites, S))
      Into.Sites.push_back(S);
  llvm::sort(Into.Sites);
}

/// Merges the state of another incoming edge into In.
void join(State &In, const State &Other) {
  for (auto &[K, C] : In)
    if (!Other.count(K))
      C.MaybeOpen = true;
  for (const auto &[K, C] : Other) {
    auto It = In.find(K);
    if (It == In.end()) {
      Closed Copy = C;
      Copy.MaybeOpen = true;
      In.emplace(K, std::move(Copy));
      continue;
    }
    addSites(It->second, C);
    It->second.MaybeOpen |= C.MaybeOpen;
  }
}

/// Forgets every tracked object whose path starts with Prefix.
void forget(State &S, const Path &Prefix, bool OrEqual) {
  for (auto It = S.begin(); It != S.end();) {
    if (hasPrefix(It->first.P, Prefix, OrEqual))
      It = S.erase(It);
    else
      ++It;
  }
}

/// True when passing an argument of type ParamT lets the callee modify it.
bool mayModify(QualType ParamT) {
  if (ParamT->isReferenceType())
    return !ParamT.getNonReferenceType().isConstQualified();
  if (ParamT->isPointerType())
    return !ParamT->getPointeeType().isConstQualified();
  return false;
}

/// A guard found in a branch condition: the object is open when the
/// condition evaluates to OpenWhen.
struct Guard {
  Key K;
  bool OpenWhen;
};

class Analysis {
public:
  Analysis(const Decl *D, ASTContext &Ctx, const ProfileIndex &Index,
           MatchCache &Cache, std::vector<Finding> &Out)
      : D(D), Ctx(Ctx), SM(Ctx.getSourceManager()), Index(Index),
        Cache(Cache), Out(Out) {}

  void run(Stmt *Body);

private:
  void transfer(const CFGBlock &B, State &S, bool Report);
  void transferCall(const CallExpr *Call, State &S, bool Report);
  void transferArgs(const FunctionDecl *Callee, const Expr *const *Args,
                    unsigned NumArgs, State &S);
  void applyEdge(const CFGBlock &From, unsigned SuccIdx, State &S);
  std::vector<Guard> guardsIn(const Expr *Cond, bool Negated);
  void report(const CallExpr *Use, unsigned ProfileIdx, const Closed &C);
  std::string objectName(const CallExpr *Call) const;

  const Decl *D;
  ASTContext &Ctx;
  const SourceManager &SM;
  const ProfileIndex &Index;
  MatchCache &Cache;
  std::vector<Finding> &Out;
  std::set<std::pair<const CallExpr *, const Rule *>> Reported;
};

void Analysis::run(Stmt *Body) {
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddInitializers = true;
  // Calls that may throw get an edge to their catch handlers.
  Opts.AddEHEdges = true;
  std::unique_ptr<CFG> G = CFG::buildCFG(D, Body, &Ctx, Opts);
  if (!G)
    return;

  std::vector<std::optional<State>> In(G->getNumBlockIDs());
  const CFGBlock &Entry = G->getEntry();
  In[Entry.getBlockID()] = State();
  std::deque<const CFGBlock *> Work{&Entry};
  llvm::DenseSet<const CFGBlock *> Queued{&Entry};
  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    Queued.erase(B);
    State S = *In[B->getBlockID()];
    transfer(*B, S, /*Report=*/false);
    unsigned Idx = 0;
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      unsigned SuccIdx = Idx++;
      const CFGBlock *SB = Succ.getReachableBlock();
      if (!SB)
        continue;
      State Edge = S;
      applyEdge(*B, SuccIdx, Edge);
      std::optional<State> &Target = In[SB->getBlockID()];
      State Before = Target ? *Target : State();
      bool Changed = !Target;
      if (!Target)
        Target = std::move(Edge);
      else
        join(*Target, Edge);
      Changed = Changed || *Target != Before;
      if (Changed && Queued.insert(SB).second)
        Work.push_back(SB);
    }
  }

  // One more pass over the converged states reports each risky use once.
  for (const CFGBlock *B : *G) {
    if (!In[B->getBlockID()])
      continue;
    State S = *In[B->getBlockID()];
    transfer(*B, S, /*Report=*/true);
  }
}

void Analysis::transfer(const CFGBlock &B, State &S, bool Report) {
  for (const CFGElement &E : B) {
    std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *St = CS->getStmt();
    if (const auto *Call = dyn_cast<CallExpr>(St)) {
      transferCall(Call, S, Report);
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(St)) {
      transferArgs(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(), S);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if (BO->isAssignmentOp())
        if (auto P = pathOf(BO->getLHS()))
          forget(S, *P, /*OrEqual=*/true);
    } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *Dl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dl))
          forget(S, Path{VD->getCanonicalDecl()}, /*OrEqual=*/true);
    }
  }
}

void Analysis::transferArgs(const FunctionDecl *Callee,
                            const Expr *const *Args, unsigned NumArgs,
                            State &S) {
  for (unsigned I = 0; I < NumArgs; ++I) {
    const Expr *Arg = Args[I];
    std::optional<Path> P = pathOf(Arg);
    if (!P)
      continue;
    bool Modifiable;
    if (Callee && I < Callee->getNumParams())
      Modifiable = mayModify(Callee->getParamDecl(I)->getType());
    else // Variadic or unknown callee: trust the argument's own type.
      Modifiable = mayModify(Arg->IgnoreParenImpCasts()->getType()) ||
                   isa<UnaryOperator>(Arg->IgnoreParenImpCasts());
    if (Modifiable)
      forget(S, *P, /*OrEqual=*/true);
  }
}

void Analysis::transferCall(const CallExpr *Call, State &S, bool Report) {
  const FunctionDecl *Callee = Call->getDirectCallee();

  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call)) {
    // Assigning to an object (or to the smart pointer holding it) gives it a
    // new identity.
    if (OCE->isAssignmentOp() && OCE->getNumArgs() >= 1) {
      if (auto P = pathOf(OCE->getArg(0)->IgnoreParenImpCasts()))
        forget(S, *P, /*OrEqual=*/true);
      return;
    }
    if (OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star)
      return;
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
    unsigned Skip = MD ? 1 : 0; // arg 0 is the object for member operators
    transferArgs(Callee, Call->getArgs() + Skip, Call->getNumArgs() - Skip, S);
    return;
  }

  llvm::SmallVector<CallRole, 2> Roles = Index.classify(Call, Cache);
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  std::optional<Path> Obj;
  if (MCE)
    Obj = pathOf(MCE->getImplicitObjectArgument());

  if (Roles.empty()) {
    transferArgs(Callee, Call->getArgs(), Call->getNumArgs(), S);
    if (!MCE || !Obj)
      return;
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (!MD || MD->isConst())
      return;
    // A non-const method may change the objects its receiver owns; on a
    // smart pointer (reset, swap...) it changes the pointer itself.
    forget(S, *Obj, /*OrEqual=*/isCallOnSmartPointer(MCE));
    return;
  }

  transferArgs(Callee, Call->getArgs(), Call->getNumArgs(), S);
  if (!Obj)
    return;
  for (const CallRole &CR : Roles) {
    Key K{CR.ProfileIdx, *Obj};
    switch (CR.Kind) {
    case Role::Close: {
      Closed C;
      C.Sites.push_back(Call);
      S[K] = C;
      break;
    }
    case Role::Use: {
      auto It = S.find(K);
      if (Report && It != S.end())
        report(Call, CR.ProfileIdx, It->second);
      break;
    }
    case Role::Reopen:
      S.erase(K);
      break;
    case Role::QueryClosed:
    case Role::QueryOpen:
      break;
    }
  }
}

/// Looks through the wrappers clang puts around a condition.
const Expr *stripCondition(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

std::vector<Guard> Analysis::guardsIn(const Expr *Cond, bool Negated) {
  std::vector<Guard> Result;
  if (!Cond)
    return Result;
  Cond = stripCondition(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
    if (UO->getOpcode() == UO_LNot)
      return guardsIn(UO->getSubExpr(), !Negated);
    return Result;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    // For `a && b` / `a || b` the block that branches on the whole condition
    // has just evaluated the right operand; the left one branched earlier.
    if (BO->isLogicalOp())
      return guardsIn(BO->getRHS(), Negated);
    if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) {
      const Expr *L = stripCondition(BO->getLHS());
      const Expr *R = stripCondition(BO->getRHS());
      if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(R))
        return guardsIn(L, Negated != ((BO->getOpcode() == BO_EQ) !=
                                       Lit->getValue()));
      if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(L))
        return guardsIn(R, Negated != ((BO->getOpcode() == BO_EQ) !=
                                       Lit->getValue()));
    }
    return Result;
  }
  const auto *Call = dyn_cast<CallExpr>(Cond);
  if (!Call)
    return Result;
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MCE)
    return Result;
  std::optional<Path> Obj = pathOf(MCE->getImplicitObjectArgument());
  if (!Obj)
    return Result;
  for (const CallRole &CR : Index.classify(Call, Cache)) {
    if (CR.Kind == Role::QueryClosed)
      Result.push_back({Key{CR.ProfileIdx, *Obj}, /*OpenWhen=*/Negated});
    else if (CR.Kind == Role::QueryOpen)
      Result.push_back({Key{CR.ProfileIdx, *Obj}, /*OpenWhen=*/!Negated});
  }
  return Result;
}

void Analysis::applyEdge(const CFGBlock &From, unsigned SuccIdx, State &S) {
  if (S.empty() || From.succ_size() != 2)
    return;
  const Stmt *Term = From.getTerminatorStmt();
  if (!Term)
    return;
  const auto *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  if (!Cond)
    return;
  bool EdgeValue = SuccIdx == 0; // successor 0 is the true branch
  for (const Guard &G : guardsIn(Cond, /*Negated=*/false))
    if (G.OpenWhen == EdgeValue)
      S.erase(G.K);
}

std::string Analysis::objectName(const CallExpr *Call) const {
  const auto *MCE = cast<CXXMemberCallExpr>(Call);
  const Expr *Obj = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Obj))
    if (OCE->getOperator() == OO_Arrow && OCE->getNumArgs() == 1)
      Obj = OCE->getArg(0)->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Obj))
    return "*this";
  CharSourceRange R = CharSourceRange::getTokenRange(Obj->getSourceRange());
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 80 || Text.contains('\n'))
    return "the object";
  return Text.str();
}

void Analysis::report(const CallExpr *Use, unsigned ProfileIdx,
                      const Closed &C) {
  const CompiledProfile &CP = Index.profile(ProfileIdx);
  if (!Reported.insert({Use, CP.R}).second)
    return;
  const auto *MCE = cast<CXXMemberCallExpr>(Use);
  std::string Method = MCE->getMethodDecl()->getNameAsString();
  std::string Name = objectName(Use);

  Finding F;
  F.RuleId = CP.R->Id;
  F.Severity = CP.R->Severity;
  F.Message = "call to '" + Method + "' on '" + Name + "' " +
              (C.MaybeOpen ? "that may have been closed"
                           : "after it was closed");
  F.Loc = makeLocation(SM, Use->getExprLoc());
  if (const auto *ND = dyn_cast<NamedDecl>(D))
    F.Function = ND->getQualifiedNameAsString();
  F.RecordIds = CP.P->Records.empty() ? CP.R->Records : CP.P->Records;
  F.Consequence = CP.P->Consequence;

  std::vector<const CallExpr *> Sites(C.Sites.begin(), C.Sites.end());
  llvm::sort(Sites, [&](const CallExpr *A, const CallExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getExprLoc(), B->getExprLoc());
  });
  for (const CallExpr *Site : Sites) {
    Note N;
    N.Loc = makeLocation(SM, Site->getExprLoc());
    bool Later = SM.isBeforeInTranslationUnit(Use->getExprLoc(),
                                              Site->getExprLoc());
    N.Message = "'" + Name + "' is closed here" +
                (Later ? std::string(", on an earlier iteration of the loop")
                       : std::string());
    F.Notes.push_back(std::move(N));
  }
  Out.push_back(std::move(F));
}

} // namespace

bool mayClose(const Stmt *Body, const ProfileIndex &Index, MatchCache &Cache) {
  // An explicit stack: generated code can nest far deeper than the C stack.
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (MD && MD->getIdentifier() && Index.isCloseName(MD->getName()))
        for (const CallRole &CR : Index.classify(MCE, Cache))
          if (CR.Kind == Role::Close)
            return true;
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return false;
}

void checkUseAfterClose(const Decl *D, Stmt *Body, ASTContext &Ctx,
                        const ProfileIndex &Index, MatchCache &Cache,
                        std::vector<Finding> &Out) {
  Analysis A(D, Ctx, Index, Cache, Out);
  A.run(Body);
}

} // namespace errlint
