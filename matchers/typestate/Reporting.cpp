//===- Reporting.cpp - What the typestate reports -------------------------===//
//
// What the analysis knows of each risky call, handed to the Handler: the
// names of the object and the callee as the code writes them, and the
// closes that reached the call. Whether a call is reported is decided here;
// what is said is ../analyses/'s.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace errlint {
namespace typestate {

/// Describes a tracked object by its root variable and fields.
std::string FunctionAnalysis::describeKey(const Key &K) const {
  if (K.P.empty())
    return "*this";
  // What a pointer denoted before it was reassigned (a callable's own
  // copy keeps it): named by the pointer, as it was then.
  if (isPriorPath(K.P) && K.P.size() > 1)
    return describeKey(Key{K.Profile, Path(K.P.begin(), K.P.end() - 1)});
  std::string Root =
      K.P.front() == ThisRoot
          ? std::string()
          : static_cast<const ValueDecl *>(K.P.front())->getNameAsString();
  return pathText(Root, llvm::ArrayRef<const void *>(K.P).drop_front());
}

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

std::vector<CloseEvent> FunctionAnalysis::closeEvents(const Key &K,
                                                     const Closed &Cl,
                                                     SourceLocation At) const {
  std::vector<const Expr *> Sites(Cl.Sites.begin(), Cl.Sites.end());
  llvm::sort(Sites, [&](const Expr *A, const Expr *B) {
    return C.SM.isBeforeInTranslationUnit(A->getExprLoc(), B->getExprLoc());
  });
  std::vector<CloseEvent> Events;
  for (const Expr *Site : Sites) {
    CloseEvent E;
    E.Loc = makeLocation(C.SM, Site->getExprLoc());
    E.EarlierIteration = At == Site->getExprLoc() ||
                         C.SM.isBeforeInTranslationUnit(At, Site->getExprLoc());
    const Expr *Inner = innerCloseOf(Site, K);
    const auto *SiteCall = dyn_cast<CallExpr>(Site);
    if (auto Q = QuerySites.find(Site); Q != QuerySites.end()) {
      E.How = CloseEvent::ByQuery;
      E.By = Q->second;
      E.EarlierIteration = false;
    } else if (Cl.SeededBy) {
      E.How = CloseEvent::ByEarlierCall;
      E.By = Cl.SeededBy->getNameAsString();
      E.EarlierIteration = false;
    } else if (auto D = Destructions.find(Site); D != Destructions.end()) {
      E.How = CloseEvent::ByScopeEnd;
      E.Loc = makeLocation(C.SM, D->second.second);
      // Members destroyed at one brace go one after another there: one
      // destroyed there before the use is not from an earlier iteration.
      E.EarlierIteration =
          C.SM.isBeforeInTranslationUnit(At, D->second.second);
      E.By = D->second.first;
      if (Inner)
        E.Inner = makeLocation(C.SM, Inner->getExprLoc());
    } else if (auto Remote = RemoteClose.find(Site);
               Remote != RemoteClose.end() && SiteCall) {
      E.How = CloseEvent::ByCall;
      E.By = calleeName(SiteCall);
      E.Inner = *Remote->second; // From a summary: no clang location.
    } else if (Inner && SiteCall) {
      E.How = CloseEvent::ByCall;
      E.By = calleeName(SiteCall);
      E.Inner = makeLocation(C.SM, Inner->getExprLoc());
    }
    Events.push_back(std::move(E));
  }
  return Events;
}

void FunctionAnalysis::reportUse(const Key &K, const Closed &Cl,
                                 const CallExpr *Call, const Expr *InnerUse,
                                 const std::string &Name,
                                 const Location *RemoteUse) {
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  // `press.ensureOpen();`: the program's own check, whose throw is the
  // report it chose.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
      MCE && !InnerUse && !RemoteUse && MCE->getMethodDecl() &&
      MCE->getMethodDecl()->getIdentifier() &&
      llvm::is_contained(CP.P->Checks, MCE->getMethodDecl()->getName().str()))
    return;
  if (!Reported.insert({Call, CP.R}).second)
    return;
  UseAfterCloseReport R;
  R.Profile = K.Profile;
  R.Loc = makeLocation(C.SM, Call->getExprLoc());
  R.Function = FD->getQualifiedNameAsString();
  R.Object = Name;
  R.Callee = calleeName(Call);
  R.MaybeOpen = Cl.MaybeOpen;
  if (InnerUse)
    R.InnerUse = makeLocation(C.SM, InnerUse->getExprLoc());
  if (InnerUse && CalleeOuterUse)
    R.OuterUse = makeLocation(C.SM, CalleeOuterUse->getExprLoc());
  else if (RemoteUse) {
    // The use in another unit, reached through the call made here (or
    // through the one a lambda makes, InnerUse).
    R.InnerUse = *RemoteUse;
    if (CalleeRemoteOuterUse)
      R.OuterUse = *CalleeRemoteOuterUse;
    else if (InnerUse)
      R.OuterUse = makeLocation(C.SM, InnerUse->getExprLoc());
  }
  R.Closes = closeEvents(K, Cl, Call->getExprLoc());
  C.H.useAfterClose(R);
}

void FunctionAnalysis::reportTaskUse(const StartInfo &SI, const TaskUse &U,
                                     const Closed &Cl) {
  const CompiledProfile &CP = C.Index.profile(U.K.Profile);
  if (CP.DoubleClose || !Reported.insert({SI.Start, CP.R}).second)
    return;
  TaskAfterCloseReport R;
  R.Profile = U.K.Profile;
  R.Loc = makeLocation(C.SM, SI.Start->getExprLoc());
  R.Function = FD->getQualifiedNameAsString();
  R.Object = describeKey(U.K);
  R.Task = SI.What;
  R.MaybeOpen = Cl.MaybeOpen;
  R.Use = useLocation(U);
  R.Closes = closeEvents(U.K, Cl, SI.Start->getExprLoc());
  C.H.taskAfterClose(R);
}

void FunctionAnalysis::reportDoubleClose(const Key &K, const Closed &Cl,
                                         const Expr *Site) {
  if (!Replay || !Report)
    return;
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Reported.insert({Site, CP.R}).second)
    return;
  // A destructor's close (a guard running its lambda at the end of the
  // scope) is reported where it closes, with the scope's end as a note.
  auto Destruction = Destructions.find(Site);
  auto Inner = InnerClose.find(Site);
  // A destructor in another unit closes there: reported where it does.
  auto Remote = RemoteDestructorClose.find(Site);
  const bool ByRemote = Destruction != Destructions.end() &&
                        Remote != RemoteDestructorClose.end();
  const bool ByScopeEnd =
      ByRemote ||
      (Destruction != Destructions.end() && Inner != InnerClose.end());
  const auto *Call =
      ByRemote ? nullptr : dyn_cast<CallExpr>(ByScopeEnd ? Inner->second : Site);
  if (!Call && !ByRemote)
    return;
  std::string Name;
  if (!ByScopeEnd)
    for (const CallRole &CR : C.roles(Call))
      if (CR.ProfileIdx == K.Profile)
        Name = exprName(CR.Handle);
  if (Name.empty())
    Name = describeKey(K);
  DoubleCloseReport R;
  R.Profile = K.Profile;
  R.Loc = ByRemote ? *Remote->second.first
                   : makeLocation(C.SM, Call->getExprLoc());
  R.Function = FD->getQualifiedNameAsString();
  R.Object = Name;
  R.Callee = ByRemote ? Remote->second.second : calleeName(Call);
  R.MaybeOpen = Cl.MaybeOpen;
  SourceLocation At =
      ByScopeEnd ? Destruction->second.second : Call->getExprLoc();
  R.Closes = closeEvents(K, Cl, At);
  if (ByScopeEnd) {
    R.Trigger = makeLocation(C.SM, Destruction->second.second);
    R.TriggerWhat = Destruction->second.first;
  } else if (Inner != InnerClose.end() && Inner->second != Site) {
    R.CalleeClose = makeLocation(C.SM, Inner->second->getExprLoc());
  }
  C.H.doubleClose(R);
}

void FunctionAnalysis::reportDestructorUse(const Key &K, const Closed &Cl,
                                           const Effect &E, const Expr *Site,
                                           const std::string &What,
                                           SourceLocation At) {
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  const auto *UseCall = dyn_cast_or_null<CallExpr>(E.Site);
  if ((!UseCall && !E.Remote) ||
      !Reported.insert({UseCall ? UseCall : Site, CP.R}).second)
    return;
  UseAfterCloseReport R;
  R.Profile = K.Profile;
  // Where the destructor uses it, named as its code names it.
  R.Loc = UseCall ? makeLocation(C.SM, UseCall->getExprLoc()) : *E.Remote;
  R.Function = FD->getQualifiedNameAsString();
  R.Object = pathText("", E.Suffix);
  if (R.Object.empty())
    R.Object = describeKey(K);
  // A destructor defined in another unit: named, its use there is Loc.
  R.Callee = UseCall ? calleeName(UseCall)
             : !DestructorName.empty() ? DestructorName
                                       : std::string("the destructor");
  R.MaybeOpen = Cl.MaybeOpen;
  if (UseCall && E.Outer && E.Outer != E.Site)
    R.OuterUse = makeLocation(C.SM, E.Outer->getExprLoc());
  R.Closes = closeEvents(K, Cl, At);
  R.Trigger = makeLocation(C.SM, At);
  R.TriggerWhat = What;
  C.H.useAfterClose(R);
}

Location FunctionAnalysis::useLocation(const TaskUse &U) const {
  if (U.Site)
    return makeLocation(C.SM, U.Site->getExprLoc());
  return U.Remote ? *U.Remote : Location();
}

std::string FunctionAnalysis::useCallee(const TaskUse &U) const {
  if (!U.Site)
    return ""; // in another unit
  const auto *UseCall = dyn_cast<CallExpr>(U.Site);
  return UseCall ? calleeName(UseCall) : std::string("it");
}

void FunctionAnalysis::checkTaskCloses(const Key &K, const CallExpr *Call,
                                       const Expr *InnerUse,
                                       const std::string &Name,
                                       const State &S) {
  const Rule *Race = C.Index.raceRule();
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Race || !Replay || !Report || S.Tasks.empty() || CP.DoubleClose ||
      CP.P->ConcurrentClose || S.Guarded.count(K))
    return;
  for (const auto &[Start, T] : S.Tasks) {
    if (T.Seeded)
      continue;
    for (const auto &[Closed, Site, Must] : T.Closes) {
      if (!(Closed == K) || !Site || Site == Start ||
          useSerializedWith(T, K, S))
        continue;
      if (!Reported.insert({Call, Race}).second)
        return;
      CloseWhileInUseReport R;
      R.Profile = K.Profile;
      R.Loc = makeLocation(C.SM, Call->getExprLoc());
      R.ClosedByTask = true;
      R.LocCallee = calleeName(Call);
      R.Function = FD->getQualifiedNameAsString();
      R.Object = Name;
      R.Task = T.What;
      R.Detached = T.Detached;
      R.Start = makeLocation(C.SM, T.Start->getExprLoc());
      R.ExecutorProfile = T.ExecProfile;
      R.Use = makeLocation(C.SM, Site->getExprLoc());
      C.H.closeWhileInUse(R);
      return;
    }
  }
}

/// The ancestors of Target inside S, innermost first.
static bool ancestorsOf(const Stmt *S, const Stmt *Target,
                        llvm::SmallVectorImpl<const Stmt *> &Chain) {
  if (S == Target)
    return true;
  for (const Stmt *Child : S->children())
    if (Child && ancestorsOf(Child, Target, Chain)) {
      Chain.push_back(S);
      return true;
    }
  return false;
}

/// True when a call inside S may release a lock (`lk.unlock()`), or S leaves
/// the block (return, break, continue, goto, throw).
static bool mayRelease(const Stmt *S) {
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(S))
    if (const auto *MD = MCE->getMethodDecl();
        MD && MD->getIdentifier() && MD->getName() == "unlock")
      return true;
  for (const Stmt *Child : S->children())
    if (Child && mayRelease(Child))
      return true;
  return false;
}

std::vector<std::pair<Path, Fact>>
FunctionAnalysis::flagsSetLater(const Expr *Site, const State &S) const {
  std::vector<std::pair<Path, Fact>> Out;
  llvm::SmallVector<const Stmt *, 8> Chain;
  if (!FD->getBody() || !ancestorsOf(FD->getBody(), Site, Chain))
    return Out;
  const Stmt *Child = Site;
  for (const Stmt *Up : Chain) {
    const auto *CS = dyn_cast<CompoundStmt>(Up);
    if (!CS) {
      Child = Up;
      continue;
    }
    bool After = false;
    for (const Stmt *St : CS->body()) {
      if (!After) {
        After = St == Child;
        continue;
      }
      if (mayRelease(St))
        return Out;
      const auto *E = dyn_cast<Expr>(St);
      const auto *BO = E ? dyn_cast<BinaryOperator>(stripWrappers(E)) : nullptr;
      if (!BO || BO->getOpcode() != BO_Assign)
        continue;
      std::optional<Path> Flag = pathOf(BO->getLHS(), S);
      std::optional<int64_t> Value = constantOf(BO->getRHS());
      if (Flag && Value)
        Out.push_back({*Flag, Fact{Fact::Eq, *Value}});
    }
    return Out;
  }
  return Out;
}

bool FunctionAnalysis::reboundLater(const Expr *Site, const Path &P,
                                    const State &S) const {
  llvm::SmallVector<const Stmt *, 8> Chain;
  if (!FD->getBody() || !ancestorsOf(FD->getBody(), Site, Chain))
    return false;
  const Stmt *Child = Site;
  for (const Stmt *Up : Chain) {
    const auto *CS = dyn_cast<CompoundStmt>(Up);
    if (!CS) {
      Child = Up;
      continue;
    }
    bool After = false;
    for (const Stmt *St : CS->body()) {
      if (!After) {
        After = St == Child;
        continue;
      }
      if (mayRelease(St))
        return false;
      const auto *E = dyn_cast<Expr>(St);
      const auto *BO = E ? dyn_cast<BinaryOperator>(stripWrappers(E)) : nullptr;
      if (BO && BO->getOpcode() == BO_Assign)
        if (std::optional<Path> L = pathOf(BO->getLHS(), S); L && *L == P)
          return true;
    }
    return false;
  }
  return false;
}

bool FunctionAnalysis::useSerializedWith(const Task &T, const Key &K,
                                         const State &S) const {
  std::vector<std::pair<Path, Fact>> Pre;
  std::set<Path> Locks;
  flagGuards(S, Pre, Locks);
  if (UseSerial) {
    Pre.insert(Pre.end(), UseSerial->Flags.begin(), UseSerial->Flags.end());
    Locks.insert(UseSerial->Locks.begin(), UseSerial->Locks.end());
  }
  return llvm::any_of(T.SerialCloses, [&](const Task::SerialClose &SC) {
    if (!(SC.K == K) || llvm::none_of(SC.Locks, [&](const Path &M) {
          return Locks.count(M) > 0;
        }))
      return false;
    return llvm::any_of(SC.Flags, [&](const auto &Set) {
      return llvm::any_of(Pre, [&](const auto &Needed) {
        return Needed.first == Set.first && Set.second.contradicts(Needed.second);
      });
    });
  });
}

void FunctionAnalysis::checkRace(const Key &K, const Expr *Site,
                                 const std::string &Name, const State &S,
                                 const FunctionDecl *Checker) {
  const Rule *Race = C.Index.raceRule();
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Race || !Replay || !Report || S.Tasks.empty() || CP.DoubleClose ||
      CP.P->ConcurrentClose)
    return;
  std::optional<std::vector<std::pair<Path, Fact>>> Later;
  std::optional<std::set<Path>> ReboundUnder;
  for (const auto &[Start, T] : S.Tasks) {
    // The callee was analyzed with this thread running and checked its
    // closes with the locks and flags it holds, which its summary drops.
    if (Checker &&
        (seedsTask(Checker, T) || calleeWaitsFor(Checker, Site, T, S)))
      continue;
    if (seedsObjectTask(Site, T, S))
      continue;
    if (auto By = SpawnedBy.find(dyn_cast<CallExpr>(Site));
        By != SpawnedBy.end() && By->second.count(Start))
      continue;
    if (T.DirectClosesOnly &&
        (Checker || InnerClose.count(Site) || RemoteClose.count(Site) ||
         Destructions.count(Site)))
      continue;
    for (const TaskUse &U : T.Uses) {
      if (!(U.K == K))
        continue;
      // A callee's close holds its own mutexes and knows its own flags.
      auto Held = [&](const Path &M) {
        return S.Locks.count(M) || (CalleeSerial && CalleeSerial->Locks.count(M));
      };
      auto Refuses = [&](const std::pair<Path, Fact> &FP) {
        auto It = S.Known.find(C.intern(FP.first));
        if (It != S.Known.end() && It->second.contradicts(FP.second))
          return true;
        return CalleeSerial &&
               llvm::any_of(CalleeSerial->Flags, [&](const auto &CF) {
                 return CF.first == FP.first && CF.second.contradicts(FP.second);
               });
      };
      bool Serialized = U.Guarded && llvm::any_of(U.GuardLocks, Held);
      // The worker tests a flag under a lock this closer holds, and the
      // closer has set it to a value the worker's check refuses.
      Serialized |= llvm::any_of(U.FlagLocks, Held) &&
                    llvm::any_of(U.FlagPre, Refuses);
      // ...or sets it so later in the same critical section (`channel_.close();
      // linkClosed_ = true;` under linkMu_): the worker cannot test it
      // between the close and the set.
      if (!Serialized && !U.FlagPre.empty() &&
          llvm::any_of(U.FlagLocks,
                       [&](const Path &M) { return S.Locks.count(M) > 0; })) {
        if (!Later)
          Later = flagsSetLater(Site, S);
        Serialized = llvm::any_of(U.FlagPre, [&](const auto &FP) {
          return llvm::any_of(*Later, [&](const auto &Set) {
            return Set.first == FP.first && Set.second.contradicts(FP.second);
          });
        });
      }
      // The close leaves it closed only inside a critical section that
      // rebinds it (`fclose(out_); out_ = next;` under mu_): a use made
      // holding that mutex meets the member open.
      if (!Serialized && !U.HeldLocks.empty()) {
        if (!ReboundUnder) {
          ReboundUnder = CalleeReboundUnder;
          if (ReboundUnder->empty() && !S.Locks.empty() &&
              reboundLater(Site, K.P, S))
            ReboundUnder = S.Locks;
        }
        Serialized = llvm::any_of(U.HeldLocks, [&](const Path &M) {
          return ReboundUnder->count(M) > 0;
        });
      }
      if (Serialized)
        continue;
      // One finding per object the close leaves in use (`end()` closing
      // both links a thread sends on), not per call: a member of one
      // already reported is the same object.
      std::vector<Path> &Raced = RacedAt[Site];
      if (llvm::any_of(Raced, [&](const Path &P) {
            return hasPrefix(K.P, P, /*OrEqual=*/true) ||
                   hasPrefix(P, K.P, /*OrEqual=*/true);
          }))
        return;
      Raced.push_back(K.P);
      Reported.insert({Site, Race});
      CloseWhileInUseReport R;
      R.Profile = K.Profile;
      R.Loc = makeLocation(C.SM, Site->getExprLoc());
      // A close a callee makes is reported at the call made here, where
      // the order of the close and the thread's end is decided: the
      // callee (often a helper every owner shares) closes as asked.
      if (auto Inner = InnerClose.find(Site); Inner != InnerClose.end())
        R.Via = makeLocation(C.SM, Inner->second->getExprLoc());
      else if (auto Remote = RemoteClose.find(Site); Remote != RemoteClose.end())
        R.Via = *Remote->second;
      if (R.Via)
        if (const auto *Call = dyn_cast<CallExpr>(Site))
          R.ViaCallee = calleeName(Call);
      R.Function = FD->getQualifiedNameAsString();
      R.Object = Name;
      R.Task = T.What;
      R.Detached = T.Detached;
      R.CheckedUnlocked = U.Guarded;
      R.Start = makeLocation(C.SM, T.Start->getExprLoc());
      R.ExecutorProfile = T.ExecProfile;
      R.Use = useLocation(U);
      R.UseCallee = useCallee(U);
      C.H.closeWhileInUse(R);
      return;
    }
  }
}

} // namespace typestate
} // namespace errlint
