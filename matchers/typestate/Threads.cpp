//===- Threads.cpp - Threads, tasks and locks -----------------------------===//
//
// Threads and tasks started and joined, the objects they use, mutexes and
// lock objects held, and the threads classes start into their members:
// what the close-while-in-use analysis reasons about.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace errlint {
namespace typestate {

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


//===----------------------------------------------------------------------===//
// Threads and tasks
//===----------------------------------------------------------------------===//

void FunctionAnalysis::recordTaskUse(
    const Key &K, const Expr *Site, bool Guarded,
    const std::vector<std::pair<Path, Fact>> &FlagPre,
    const std::set<Path> &FlagLocks, const std::set<Path> &Locks,
    const std::set<Path> &Held, const Location *Remote) {
  if (!Replay)
    return;
  std::optional<Effect> E = entryRoot(K.P);
  if (!E)
    return;
  E->K = Effect::TaskUse;
  E->Profile = K.Profile;
  E->Site = Site;
  E->Remote = Site ? nullptr : Remote;
  E->Guarded = Guarded;
  for (const Path &L : Locks)
    if (std::optional<RootRef> R = asEntryRoot(L))
      E->Locks.push_back(*R);
  llvm::sort(E->Locks);
  for (const auto &[Flag, F] : FlagPre)
    if (std::optional<RootRef> R = asEntryRoot(Flag))
      E->Pre.push_back({*R, F});
  for (const Path &L : Held)
    if (std::optional<RootRef> R = asEntryRoot(L))
      E->HeldLocks.push_back(*R);
  llvm::sort(E->HeldLocks);
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

/// A callable expression without the std::function (or other one-argument
/// wrapper) built around it, and the lambda a variable it names holds.
static const Expr *unwrapCallable(const Expr *Callable) {
  const Expr *E = stripWrappers(Callable);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() == 1)
      E = stripWrappers(CE->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        if (const auto *LE =
                dyn_cast<LambdaExpr>(stripWrappers(VD->getInit())))
          E = LE;
  return E;
}

/// True when the lambda Callable reaches the object R names through a
/// pointer of its own: a pointer or smart pointer captured by copy
/// (`[screen]`, `[=]`) or initialized in its capture list (`[s = screen_]`).
/// The object stays the one it was when the lambda was made, whatever the
/// variable it was copied from denotes later.
static bool pinnedCapture(const Expr *Callable, const RootRef &R) {
  const auto *LE = dyn_cast<LambdaExpr>(unwrapCallable(Callable));
  if (!LE || R.Root != RootKind::Var || !R.Suffix.empty() || !R.Var)
    return false;
  QualType T = R.Var->getType();
  if (!T->isPointerType() && !isSmartPointerType(T))
    return false;
  if (R.Var->isInitCapture())
    return true;
  return llvm::any_of(LE->captures(), [&](const LambdaCapture &Cap) {
    return Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByCopy &&
           Cap.getCapturedVar()->getCanonicalDecl() ==
               R.Var->getCanonicalDecl();
  });
}

/// The function a callable expression runs, and how its parameters map:
/// a lambda, a variable holding one, a function, or a member function
/// with its object first.
static std::optional<Invocation>
callableInvocation(const Expr *Callable, llvm::ArrayRef<const Expr *> Args) {
  const Expr *E = unwrapCallable(Callable);
  Invocation Inv;
  Inv.DecayCopies = true;
  Inv.Args.assign(Args.begin(), Args.end());
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

namespace {

/// A member a thread and its owner talk through: a flag, a counter or a
/// state, plain or std::atomic.
bool isSignalField(const FieldDecl *F) {
  QualType T = F->getType();
  return T->isIntegralOrEnumerationType() ||
         isStdType(T, {"atomic", "atomic_flag"});
}

/// The field of RD that E names through `this`, if it names one.
const FieldDecl *ownField(const Expr *E, const CXXRecordDecl *RD) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!F || F->getParent()->getCanonicalDecl() != RD->getCanonicalDecl() ||
      !isSignalField(F))
    return nullptr;
  return F;
}

/// Visits Body and, once each, the bodies of the methods of RD it calls on
/// `this`: the code that runs on the object's behalf.
template <class Fn>
llvm::SmallPtrSet<const FunctionDecl *, 8>
visitOwnCode(const Stmt *Body, const CXXRecordDecl *RD, Fn Visit) {
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    Visit(St);
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      const Expr *Obj = MCE->getImplicitObjectArgument();
      const FunctionDecl *Def = nullptr;
      if (MD && Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) &&
          MD->getParent()->getCanonicalDecl() == RD->getCanonicalDecl() &&
          MD->hasBody(Def) && Seen.insert(Def).second)
        Stack.push_back(Def->getBody());
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Seen;
}

/// The flags, counters and states of RD that the code from Body writes.
llvm::SmallPtrSet<const FieldDecl *, 4> writtenFields(const Stmt *Body,
                                                      const CXXRecordDecl *RD) {
  llvm::SmallPtrSet<const FieldDecl *, 4> Out;
  auto Note = [&](const Expr *E) {
    if (const FieldDecl *F = E ? ownField(E, RD) : nullptr)
      Out.insert(F);
  };
  visitOwnCode(Body, RD, [&](const Stmt *St) {
    if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if (BO->isAssignmentOp())
        Note(BO->getLHS());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->isIncrementDecrementOp())
        Note(UO->getSubExpr());
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St)) {
      OverloadedOperatorKind Op = OCE->getOperator();
      if (OCE->getNumArgs() > 0 &&
          (OCE->isAssignmentOp() || Op == OO_PlusPlus || Op == OO_MinusMinus))
        Note(OCE->getArg(0));
    } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      // An atomic's non-const members (store, exchange, fetch_add, ...)
      // write it.
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (MD && !MD->isConst())
        Note(MCE->getImplicitObjectArgument());
    }
  });
  return Out;
}

} // namespace

/// True when MD writes a flag, counter or state of its class that the
/// member thread T reads: MD talks to the running thread (`stop()` setting
/// `stopping_`), so it runs while the thread does even when it does not
/// wait for it.
static bool signalsThread(const CXXMethodDecl *MD, const Task &T,
                          ASTContext &Ctx) {
  std::optional<StartInfo> SI = startOf(T.Start, Ctx);
  std::optional<Invocation> Inv =
      SI ? callableInvocation(SI->Callable, SI->Args) : std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!Inv || !Inv->Callee->hasBody(Def) || !MD->getBody())
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  llvm::SmallPtrSet<const FieldDecl *, 4> Written =
      writtenFields(MD->getBody(), RD);
  if (Written.empty())
    return false;
  bool Reads = false;
  auto ThreadCode = visitOwnCode(Def->getBody(), RD, [&](const Stmt *St) {
    if (const auto *E = dyn_cast<Expr>(St))
      if (const FieldDecl *F = ownField(E, RD))
        Reads |= Written.count(F) != 0;
  });
  // What the thread itself runs is not run beside it.
  const FunctionDecl *Self = nullptr;
  return Reads && MD->hasBody(Self) && !ThreadCode.count(Self) && Self != Def;
}

bool isNamingCall(const FunctionDecl *F);

TaskUse taskUseOf(const Effect &E, const Path &P) {
  TaskUse U;
  U.K = {E.Profile, P};
  U.Site = E.Site;
  U.Remote = E.Remote;
  U.Guarded = E.Guarded;
  return U;
}

/// The lambdas FD returns, when every return statement returns one (in a
/// std::function or not); none otherwise.
static llvm::SmallVector<const LambdaExpr *, 2>
returnedLambdas(const FunctionDecl *FD) {
  llvm::SmallVector<const LambdaExpr *, 2> Out;
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    // A lambda's own returns are its own.
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
      const auto *LE = RS->getRetValue()
                           ? dyn_cast<LambdaExpr>(
                                 unwrapCallable(RS->getRetValue()))
                           : nullptr;
      if (!LE)
        return {};
      Out.push_back(LE);
      continue;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Out;
}

/// What the object R names inside the lambda LE, which FD returns, is for
/// FD's callers: a parameter of FD the lambda captured (by copy when a copy
/// shares the object, then Pinned; by reference when the parameter is a
/// reference), `this`, or a global. Nothing for FD's own locals.
std::optional<RootRef> FunctionAnalysis::returnedCaptureRoot(
    const LambdaExpr *LE, const RootRef &R, bool &Pinned) const {
  Pinned = false;
  if (R.Root == RootKind::This) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    bool CapturesThis = llvm::any_of(LE->captures(), [](const LambdaCapture &Cap) {
      return Cap.capturesThis();
    });
    return MD && !MD->isStatic() && CapturesThis ? std::optional<RootRef>(R)
                                                 : std::nullopt;
  }
  if (R.Root != RootKind::Var || !R.Var)
    return std::nullopt;
  const VarDecl *V = R.Var;
  if (V->hasGlobalStorage() && !V->isStaticLocal())
    return R;
  auto FromParam = [&](const ParmVarDecl *P, bool ByCopy,
                       QualType Held) -> std::optional<RootRef> {
    if (!P || P->getDeclContext() != FD)
      return std::nullopt;
    if (ByCopy ? !(Held->isPointerType() || isSmartPointerType(Held))
               : !P->getType()->isReferenceType())
      return std::nullopt;
    Pinned = ByCopy;
    RootRef Out = R;
    Out.Root = RootKind::Param;
    Out.Param = P->getFunctionScopeIndex();
    Out.Var = nullptr;
    return Out;
  };
  if (V->isInitCapture()) {
    const Expr *Init = V->getInit() ? stripWrappers(V->getInit()) : nullptr;
    for (int Peel = 0; Init && Peel < 3; ++Peel)
      if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
          CE && CE->getNumArgs() == 1)
        Init = stripWrappers(CE->getArg(0));
      else if (const auto *Call = dyn_cast<CallExpr>(Init);
               Call && Call->getNumArgs() == 1 && Call->getDirectCallee() &&
               isNamingCall(Call->getDirectCallee()))
        Init = stripWrappers(Call->getArg(0));
      else
        break;
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Init);
    bool ByRef = V->getType()->isReferenceType();
    return FromParam(DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr,
                     !ByRef, V->getType().getNonReferenceType());
  }
  const auto *P = dyn_cast<ParmVarDecl>(V);
  for (const LambdaCapture &Cap : LE->captures())
    if (Cap.capturesVariable() &&
        Cap.getCapturedVar()->getCanonicalDecl() == V->getCanonicalDecl())
      return FromParam(P, Cap.getCaptureKind() == LCK_ByCopy,
                       P ? P->getType().getNonReferenceType() : QualType());
  return std::nullopt;
}

void FunctionAnalysis::exportReturnedCallables() {
  if (!Replay)
    return;
  for (const LambdaExpr *LE : returnedLambdas(FD)) {
    const Summary *Sum = C.summaryFor(LE->getCallOperator(), {});
    if (!Sum)
      continue;
    for (const Effect &E : Sum->Effects) {
      if ((E.K != Effect::TaskUse && E.K != Effect::Close) || E.Prior)
        continue;
      bool Pinned = false;
      std::optional<RootRef> Root = returnedCaptureRoot(LE, E.root(), Pinned);
      if (!Root)
        continue;
      Effect Out;
      Out.K = E.K == Effect::Close ? Effect::CallableClose : Effect::CallableUse;
      Out.Profile = E.Profile;
      Out.setRoot(*Root);
      Out.Must = E.Must;
      Out.Site = E.Site;
      Out.Remote = E.Remote;
      Out.Guarded = E.Guarded;
      Out.Pinned = Pinned;
      record(Out);
    }
  }
}

/// The callable a factory returns (`make_audit_handler(audit_)`, here or in
/// another unit, or a variable it initialized): what it uses and closes
/// when it is called, from the factory's CallableUse and CallableClose.
std::optional<Task> FunctionAnalysis::factoryTask(const StartInfo &SI,
                                                  const State &S) {
  const Expr *E = unwrapCallable(SI.Callable);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && VD->getInit() &&
        !VD->getType()->isReferenceType())
      E = unwrapCallable(VD->getInit());
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || isa<CXXOperatorCallExpr>(Call) || !Call->getDirectCallee())
    return std::nullopt;
  const FunctionDecl *Callee = C.analyzableCallee(Call);
  const Summary *Sum = Callee && C.isRelevant(Callee)
                           ? C.summaryFor(Callee, {})
                           : C.importedSummary(Call);
  if (!Sum)
    return std::nullopt;
  if (!Callee)
    Callee = Call->getDirectCallee();
  Invocation Inv = invocationOf(Call, Callee);
  Task T;
  T.Start = SI.Start;
  T.What = SI.What;
  bool Any = false;
  for (const Effect &Ef : Sum->Effects) {
    if (Ef.K != Effect::CallableUse && Ef.K != Effect::CallableClose)
      continue;
    std::optional<Path> P = mapRoot(Inv, Ef.root(), S);
    if (!P)
      continue;
    Any = true;
    if (Ef.K == Effect::CallableClose) {
      T.Closes.emplace_back(Key{Ef.Profile, *P}, Ef.Site ? Ef.Site : SI.Start,
                            Ef.Must);
      continue;
    }
    TaskUse U = taskUseOf(Ef, *P);
    U.Pinned = Ef.Pinned;
    if (!llvm::is_contained(T.Uses, U))
      T.Uses.push_back(std::move(U));
  }
  if (!Any)
    return std::nullopt;
  return T;
}

/// The facts a task's close of K was made under, as the starting function
/// names the flags; two closes of K keep only what both say.
void FunctionAnalysis::noteTaskCloseWhile(
    Task &T, const Key &K, const std::vector<std::pair<RootRef, Fact>> &While,
    const Invocation &Inv, const State &S) {
  Facts Here;
  for (const auto &[Flag, F] : While)
    if (std::optional<Path> P = mapRoot(Inv, Flag, S); P && P->size() >= 2)
      Here.emplace(C.intern(*P), F);
  auto [It, New] = T.CloseWhile.try_emplace(K, Here);
  if (New)
    return;
  for (auto F = It->second.begin(); F != It->second.end();) {
    auto O = Here.find(F->first);
    F = O != Here.end() && O->second == F->second ? std::next(F)
                                                  : It->second.erase(F);
  }
}

std::optional<Task> FunctionAnalysis::buildTask(const StartInfo &SI,
                                                const State &S) {
  std::optional<Invocation> Inv = callableInvocation(SI.Callable, SI.Args);
  if (!Inv)
    return SI.Args.empty() ? factoryTask(SI, S) : std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!Inv->Callee->hasBody(Def) || !Def ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
    return std::nullopt;
  Inv->Callee = Def;
  // The thread's body may be the function in progress (its analysis asks
  // for its class's member threads, one of which runs it): what it leaves
  // and uses then comes from a summarizing run, so the class's member
  // threads do not depend on which method was analyzed first.
  const Summary *Sum = C.summaryFor(Def, {});
  if (!Sum)
    Sum = C.spawnSummary(Def);
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
      // A close of what a member held before the task rebound it
      // (`closeAndReset(spareFd_); spareFd_ = ::open(...)`) is not a close
      // of what the member holds once the task is joined.
      if (E.Prior)
        continue;
      if (auto P = mapRoot(*Inv, E.root(), S)) {
        T.Closes.emplace_back(Key{E.Profile, *P}, E.Site ? E.Site : SI.Start,
                              E.Must);
        noteTaskCloseWhile(T, Key{E.Profile, *P}, E.While, *Inv, S);
        if (std::optional<CloseSerial> Serial = calleeSerial(E, *Inv, S))
          T.SerialCloses.push_back(
              {Key{E.Profile, *P}, Serial->Locks, Serial->Flags});
      }
      continue;
    }
    if (E.K == Effect::Reset) {
      if (auto P = mapRoot(*Inv, E.root(), S))
        T.Reopens.push_back(*P);
      continue;
    }
    if (E.K != Effect::TaskUse)
      continue;
    std::optional<Path> P = mapRoot(*Inv, E.root(), S);
    if (!P)
      continue;
    TaskUse U = taskUseOf(E, *P);
    U.Pinned = pinnedCapture(SI.Callable, E.root());
    for (const RootRef &L : E.Locks)
      if (auto LP = mapRoot(*Inv, L, S))
        U.GuardLocks.insert(*LP);
    for (const auto &[Flag, F] : E.Pre)
      if (auto FP = mapRoot(*Inv, Flag, S))
        U.FlagPre.push_back({*FP, F});
    for (const RootRef &L : E.PreLocks)
      if (auto LP = mapRoot(*Inv, L, S))
        U.FlagLocks.insert(*LP);
    for (const RootRef &L : E.HeldLocks)
      if (auto LP = mapRoot(*Inv, L, S))
        U.HeldLocks.insert(*LP);
    if (!llvm::is_contained(T.Uses, U))
      T.Uses.push_back(std::move(U));
  }
  // `{ std::lock_guard<std::mutex> lk(mu_); done_ = true; } cv_.notify_all();`
  // as the body's last action: every use it makes comes before, so where
  // done_ is known set the task uses nothing more.
  if (const FieldDecl *F = finishingFlag(Def->getBody()))
    for (const Effect &E : Sum->Effects)
      if (E.K == Effect::Sets && E.Must && E.Root == RootKind::This &&
          E.Suffix.size() == 1 && E.Suffix.front() == F->getCanonicalDecl() &&
          E.Value.Kind == Fact::Eq)
        if (auto FP = mapRoot(*Inv, E.root(), S)) {
          // A flag of two values: not set is the other one, which a test
          // of it (`return done_;` learns `done_ != 0`) contradicts.
          T.Finishing = C.intern(*FP);
          T.Cond[T.Finishing] = E.Value.Value == 1
                                    ? Fact{Fact::Eq, 0}
                                    : Fact{Fact::Ne, E.Value.Value};
        }
  return T;
}

/// True when Body waits on a condition variable.
static bool waitsOnCondition(const Stmt *Body) {
  return waitsIn(Body, [](const Expr *Obj) {
    return isStdType(Obj->getType(),
                     {"condition_variable", "condition_variable_any"});
  });
}

namespace {
/// `cv_.notify_all();`, `lk.unlock();`: what a body may do after its last
/// real step.
bool onlySignals(const Stmt *St) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  return MD && MD->getIdentifier() &&
         llvm::is_contained({"notify_all", "notify_one", "unlock"},
                            MD->getName());
}

/// `done_ = true;` or `done_.store(true)` of a member through `this`.
const FieldDecl *assignedMember(const Stmt *St) {
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(St);
      BO && BO->getOpcode() == BO_Assign)
    Target = BO->getLHS();
  else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
           OCE && OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2)
    Target = OCE->getArg(0);
  else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
           MCE && MCE->getMethodDecl() && MCE->getMethodDecl()->getIdentifier() &&
           MCE->getMethodDecl()->getName() == "store")
    Target = MCE->getImplicitObjectArgument();
  const auto *ME =
      Target ? dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}
} // namespace

const FieldDecl *FunctionAnalysis::finishingFlag(const Stmt *Body) const {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  if (!CS)
    return nullptr;
  const FieldDecl *F = nullptr;
  for (auto It = CS->body_rbegin(); It != CS->body_rend() && !F; ++It) {
    const Stmt *St = *It;
    if (const auto *E = dyn_cast<Expr>(St); E && onlySignals(E->IgnoreImplicit()))
      continue;
    if (const auto *E = dyn_cast<Expr>(St))
      F = assignedMember(E->IgnoreImplicit());
    // `{ std::lock_guard<std::mutex> lk(mu_); done_ = true; }`
    else if (const auto *Block = dyn_cast<CompoundStmt>(St);
             Block && !Block->body_empty() &&
             llvm::all_of(llvm::make_range(Block->body_begin(),
                                           std::prev(Block->body_end())),
                          [](const Stmt *S) { return isa<DeclStmt>(S); }))
      if (const auto *E = dyn_cast<Expr>(Block->body_back()))
        F = assignedMember(E->IgnoreImplicit());
    if (!F)
      return nullptr;
  }
  if (!F ||
      (!F->getType()->isBooleanType() && !isStdType(F->getType(), {"atomic"})))
    return nullptr;
  // Set once, at the end: a body that also sets it earlier may stop using
  // the object later than the flag says.
  unsigned Writes = 0;
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *E = dyn_cast<Expr>(St); E && assignedMember(E) == F)
      ++Writes;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Writes == 1 ? F : nullptr;
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
    if (It == S.Keys.end() || !Replay || !Report || U.Guarded ||
        It->second.SeededBy)
      continue;
    reportTaskUse(SI, U, It->second);
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
  // A thread taken from another (`t = std::move(worker_)`): its tasks are
  // joined through the new handle.
  S.TakenThreads.erase(Handle);
  if (std::optional<Path> From = takenThread(Init, S)) {
    for (auto &[Start, T] : S.Tasks)
      if (T.Handle == *From)
        T.Handle = Handle;
    auto Earlier = S.TakenThreads.find(*From);
    S.TakenThreads[Handle] =
        Earlier != S.TakenThreads.end() ? Earlier->second : *From;
  }
}

/// A standard container of threads (`std::vector<std::thread>`).
static bool holdsThreads(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  return Spec && Spec->isInStdNamespace() &&
         Spec->getTemplateArgs().size() > 0 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
         isStdType(Spec->getTemplateArgs()[0].getAsType(),
                   {"thread", "jthread"});
}

/// `workers.swap(workers_)`, `std::swap(t, worker_)`: a local takes the
/// threads of what outlives the call, and joining it joins them.
void FunctionAnalysis::noteSwappedThreads(const Expr *A, const Expr *B,
                                          State &S) {
  QualType T = A->getType();
  if (!isStdType(T, {"thread", "jthread"}) && !holdsThreads(T))
    return;
  std::optional<Path> PA = rawPathOf(A), PB = rawPathOf(B);
  if (!PA || !PB)
    return;
  auto Local = [](const Path &P) {
    return P.size() == 1 && P.front() != ThisRoot &&
           static_cast<const VarDecl *>(P.front())->hasLocalStorage();
  };
  if (Local(*PB) && !Local(*PA))
    std::swap(PA, PB);
  if (!Local(*PA) || Local(*PB))
    return;
  Path From = resolve(*PB, S);
  for (auto &[Start, Tk] : S.Tasks)
    if (Tk.Handle == From)
      Tk.Handle = *PA;
  S.TakenThreads[*PA] = From;
}

/// The thread Init moves out of (`std::move(worker_)`,
/// `std::exchange(worker_, {})`), resolved.
std::optional<Path> FunctionAnalysis::takenThread(const Expr *Init,
                                                  const State &S) const {
  const Expr *E = stripWrappers(Init);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() == 1 && CE->getConstructor()->isMoveConstructor())
      E = stripWrappers(CE->getArg(0));
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = Call->getDirectCallee();
        FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        FD->getName() == "exchange" && Call->getNumArgs() == 2)
      E = Call->getArg(0);
  if (!isStdType(E->getType(), {"thread", "jthread"}) &&
      !holdsThreads(E->getType()))
    return std::nullopt;
  std::optional<Path> P = rawPathOf(E);
  if (!P)
    return std::nullopt;
  return resolve(*P, S);
}

std::optional<Path> FunctionAnalysis::loopRange(const VarDecl *VD) {
  if (!LoopRanges) {
    LoopRanges.emplace();
    llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *FR = dyn_cast<CXXForRangeStmt>(St)) {
        const VarDecl *Var = FR->getLoopVariable()->getCanonicalDecl();
        LoopStmts[Var] = FR;
        if (const auto *RS = dyn_cast_or_null<DeclStmt>(FR->getRangeStmt()))
          if (const auto *RV = dyn_cast_or_null<VarDecl>(RS->getSingleDecl()))
            RangeLoops[RV->getCanonicalDecl()] = FR;
        if (auto P = rawPathOf(FR->getRangeInit()))
          (*LoopRanges)[Var] = *P;
      }
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
  for (auto &[K, Cl] : S.Keys)
    Cl.HeldSince.erase(Mutex);
  for (auto It = S.FlagLocks.begin(); It != S.FlagLocks.end();)
    It = It->second.count(Mutex) ? S.FlagLocks.erase(It) : std::next(It);
  for (auto It = S.Guarded.begin(); It != S.Guarded.end();)
    It = It->second.count(Mutex) ? S.Guarded.erase(It) : std::next(It);
}

std::optional<FunctionAnalysis::CloseSerial>
FunctionAnalysis::wholeBodyLocks(const CallExpr *Call, const Path &Obj) const {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  const FunctionDecl *Def = nullptr;
  if (!MD || !MD->hasBody(Def) || !Def)
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return std::nullopt;
  CloseSerial Out;
  for (const Stmt *St : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(St);
    const auto *VD = DS && DS->isSingleDecl()
                         ? dyn_cast<VarDecl>(DS->getSingleDecl())
                         : nullptr;
    if (!VD || !isStdType(VD->getType(),
                          {"lock_guard", "unique_lock", "scoped_lock"}))
      break;
    const auto *CE = VD->getInit()
                         ? dyn_cast<CXXConstructExpr>(stripWrappers(VD->getInit()))
                         : nullptr;
    if (!CE)
      break;
    for (const Expr *Arg : CE->arguments()) {
      if (isStdType(Arg->getType(), {"defer_lock_t", "try_to_lock_t"}))
        return Out.Locks.empty() ? std::nullopt : std::optional(Out);
      std::optional<Path> M = isMutexType(Arg->getType()) ? rawPathOf(Arg)
                                                          : std::nullopt;
      if (!M || M->size() < 2 || M->front() != ThisRoot)
        continue;
      Path Mapped = Obj;
      Mapped.append(M->begin() + 1, M->end());
      Out.Locks.insert(std::move(Mapped));
    }
  }
  if (Out.Locks.empty())
    return std::nullopt;
  return Out;
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


bool FunctionAnalysis::submitThrowsHere(const CallExpr *Call,
                                        const State &S) const {
  for (const CallRole &CR : C.roles(Call)) {
    const Profile *Pr = C.Index.profile(CR.ProfileIdx).P;
    if (CR.Kind != Role::Use || !Pr || !Pr->UseThrows ||
        reportsClosedByResult(Call, CR.ProfileIdx))
      continue;
    std::optional<Path> P = pathOf(CR.Handle, S);
    if (!P)
      continue;
    auto It = S.Keys.find({CR.ProfileIdx, *P});
    if (It != S.Keys.end() && !It->second.MaybeOpen)
      return true;
  }
  return false;
}

bool FunctionAnalysis::transferThreadCall(const CallExpr *Call, State &S) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
      Callee->getName() == "async")
    return true; // started where its future is stored
  if (Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
      Callee->getName() == "swap" && Call->getNumArgs() == 2)
    noteSwappedThreads(Call->getArg(0), Call->getArg(1), S);
  for (const ExecCall &EC : C.executorCalls(Call)) {
    std::optional<Path> Exec = pathOf(EC.Executor, S);
    // A pool's own protocol (its submit() fails once shutdown() ran) is the
    // use-after-close rules': such a call goes on to them.
    bool Protocol = !C.roles(Call).empty();
    if (EC.Kind == ExecRole::Wait) {
      if (!Exec)
        return !Protocol;
      endTasks(S, [&](const Task &T) { return T.Executor == Exec; });
      if (std::optional<Effect> E = entryRoot(*Exec)) {
        E->K = Effect::Awaits;
        record(*E);
      }
      // What else the wait does (`shutdown()` closing the pool's own event
      // queue) is its summary's to say, once its tasks have ended.
      return false;
    }
    // A submit that throws once the pool is shut down queues nothing on a
    // pool shut down on every path here: the use-after-close rules report
    // the call, and no task of it can race with a later close.
    if (Protocol && submitThrowsHere(Call, S))
      return false;
    // The callable is the first argument after the executor that is one
    // (`schedule(delay, fn)`); the arguments after it are its own.
    llvm::SmallVector<const Expr *, 4> Args;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) != EC.Executor)
        Args.push_back(Call->getArg(I));
    for (size_t I = 0; I < Args.size(); ++I) {
      StartInfo SI{Call, "executor task", Args[I], {}};
      SI.Args.assign(Args.begin() + I + 1, Args.end());
      if (!callableInvocation(SI.Callable, SI.Args))
        continue;
      startTask(SI, std::nullopt, Exec, false, S);
      if (auto Started = S.Tasks.find(Call); Started != S.Tasks.end())
        Started->second.ExecProfile = EC.ProfileIdx;
      break;
    }
    return !Protocol;
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

  // A thread or future joined through the range-for variable over the
  // container it was put into joins every one of them.
  auto RangeOf = [&]() -> std::optional<Path> {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Obj)))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->isCXXForRangeDecl())
          return loopRange(VD);
    return std::nullopt;
  };
  if (Name == "swap" && MCE->getNumArgs() == 1)
    noteSwappedThreads(Obj, MCE->getArg(0), S);
  if (isStdType(ObjT, {"thread", "jthread"})) {
    if (Name == "join") {
      std::optional<Path> Range = RangeOf();
      std::optional<Path> Taken;
      // The thread joined, or the container looped over, took its threads
      // from another (`workers.swap(workers_)`).
      for (const std::optional<Path> &Handle : {P, Range})
        if (Handle)
          if (auto It = S.TakenThreads.find(*Handle); It != S.TakenThreads.end())
            Taken = It->second;
      endTasks(S, [&](const Task &T) {
        return T.Handle &&
               (T.Handle == P || T.Handle == Range || T.Handle == Taken);
      });
      // A member thread joined here (`stop()` joining `worker_`, or each
      // of `workers_`, or a local it was moved into): its callers know it
      // ended, as they know an executor's tasks did.
      for (const std::optional<Path> &Joined : {P, Range, Taken})
        if (std::optional<Effect> E = Joined ? entryRoot(*Joined) : std::nullopt) {
          E->K = Effect::Awaits;
          record(*E);
        }
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
    if (Name == "get" || Name == "wait") {
      std::optional<Path> Range = RangeOf();
      endTasks(S, [&](const Task &T) {
        return T.Handle && (T.Handle == P || T.Handle == Range);
      });
    }
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
    // The future an executor's submit() returned: awaiting the container's
    // futures ends the task.
    auto Submitted = S.Tasks.find(stripWrappers(MCE->getArg(0)));
    if (Submitted != S.Tasks.end()) {
      Submitted->second.Handle = P;
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


/// The tasks this function handed to an executor its callers reach and
/// did not wait for outlive the call: each of their uses of what the
/// callers reach is a Spawned effect (`flush()` submitting sends on
/// `producer_` to `pool_`; `shutdown()` calls it and closes `producer_`).
void FunctionAnalysis::exportSpawned(const State &Exit) {
  for (const auto &[Start, T] : Exit.Tasks) {
    // A thread stored in a member (`start()` starting `worker_`) runs on
    // after the call too, until a join the callers see (Awaits).
    bool Thread = !T.Executor && T.Handle && !T.Detached;
    if (T.Seeded || (!T.Executor && !Thread))
      continue;
    std::optional<RootRef> Exec = asEntryRoot(Thread ? *T.Handle : *T.Executor);
    if (!Exec)
      continue;
    for (const TaskUse &U : T.Uses) {
      std::optional<Effect> E = useEffect(Effect::Spawned, U);
      if (!E)
        continue;
      E->Exec = Exec;
      E->ExecProfile = Thread ? std::nullopt : T.ExecProfile;
      E->Thread = Thread;
      E->Start = Start;
      E->OnlyIfTrue = taskOnlyIfTrue(Start);
      for (const Path &L : U.GuardLocks)
        if (std::optional<RootRef> R = asEntryRoot(L))
          E->Locks.push_back(*R);
      for (const auto &[Flag, F] : U.FlagPre)
        if (std::optional<RootRef> R = asEntryRoot(Flag))
          E->Pre.push_back({*R, F});
      for (const Path &L : U.FlagLocks)
        if (std::optional<RootRef> R = asEntryRoot(L))
          E->PreLocks.push_back(*R);
      // Runs only while these flags hold (its finishing flag not yet set).
      for (const auto &[Subject, F] : T.Cond)
        if (const Path *FP = C.subject(Subject))
          if (std::optional<RootRef> R = asEntryRoot(*FP))
            E->While.push_back({*R, F});
      llvm::sort(E->While);
      llvm::sort(E->Locks);
      llvm::sort(E->Pre);
      llvm::sort(E->PreLocks);
      record(*E);
    }
  }
}

std::optional<Effect> FunctionAnalysis::useEffect(Effect::Kind K,
                                                  const TaskUse &U) const {
  std::optional<Effect> E = entryRoot(U.K.P);
  if (!E)
    return std::nullopt;
  E->K = K;
  E->Profile = U.K.Profile;
  E->Site = U.Site;
  E->Remote = U.Remote;
  E->Guarded = U.Guarded;
  E->Pinned = K == Effect::Registers && U.Pinned;
  for (const Path &L : U.HeldLocks)
    if (std::optional<RootRef> R = asEntryRoot(L))
      E->HeldLocks.push_back(*R);
  llvm::sort(E->HeldLocks);
  return E;
}

/// The waits of a callee for an executor's tasks (its Awaits effects), and
/// the tasks it left running on an executor this function reaches (its
/// Spawned effects), as this function's own.
void FunctionAnalysis::applySpawned(const CallExpr *Call,
                                    const Invocation &Inv, const Summary &Sum,
                                    State &S) {
  applyAwaits(Inv, Sum, S);
  applyRegistered(Call, Inv, Sum, S);
  for (const Effect &E : Sum.Effects) {
    if (E.K != Effect::Spawned || !E.Exec)
      continue;
    // A task another unit's function started: started by this call.
    const Expr *Start = E.Start ? E.Start : Call;
    if (Task *T = addSpawnedTask(E, Inv, Start, S)) {
      SpawnedBy[Call].insert(Start);
      // Left running only where the call returns true: a caller that
      // finds it false has no task to wait for.
      if (E.OnlyIfTrue)
        T->Cond[Call] = Fact{Fact::Ne, 0};
    }
  }
}

/// The callee's waits for threads and executors (its Awaits effects): the
/// tasks on them have ended, for this function and its callers.
void FunctionAnalysis::applyAwaits(const Invocation &Inv, const Summary &Sum,
                                   State &S) {
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Awaits)
      if (std::optional<Path> Exec = mapRoot(Inv, E.root(), S)) {
        endTasks(S, [&](const Task &T) { return waitedBy(T, *Exec); });
        if (std::optional<Effect> Mine = entryRoot(*Exec)) {
          Mine->K = Effect::Awaits;
          record(*Mine);
        }
      }
}

/// True when a wait for the threads or executor at Waited ends T: T runs
/// on them, or on an executor that keeps them (`uploader_->stop()` joining
/// `uploader_.pool_.workers_`, the threads the uploader runs its
/// callables on).
bool FunctionAnalysis::waitedBy(const Task &T, const Path &Waited) {
  return T.Handle == Waited || T.Executor == Waited ||
         (T.Executor && hasPrefix(Waited, *T.Executor, /*OrEqual=*/false));
}

/// True when the callee of Call (Checker) waits for the thread or executor
/// T runs on: its own analysis started with T running (seeded from the
/// methods of its class that leave it) and reported what it closes before
/// the wait there.
bool FunctionAnalysis::calleeWaitsFor(const FunctionDecl *Checker,
                                      const Expr *Site, const Task &T,
                                      const State &S) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Site);
  if (!Call || !isa<CXXMethodDecl>(Checker))
    return false;
  // Defined in another unit: its analysis there started the same way.
  const Summary *Sum = Checker->hasBody() ? C.summaryFor(Checker, {})
                                          : C.importedSummary(Checker);
  if (!Sum)
    return false;
  Invocation Inv = invocationOf(Call, Checker);
  return llvm::any_of(Sum->Effects, [&](const Effect &E) {
    if (E.K != Effect::Awaits)
      return false;
    std::optional<Path> P = mapRoot(Inv, E.root(), S);
    return P && (P == T.Handle || P == T.Executor);
  });
}

Task *FunctionAnalysis::addSpawnedTask(const Effect &E, const Invocation &Inv,
                                       const Expr *Start, State &S) {
  std::optional<Path> Exec = mapRoot(Inv, *E.Exec, S);
  std::optional<Path> P = mapRoot(Inv, E.root(), S);
  if (!Exec || !P)
    return nullptr;
  Task &T = S.Tasks[Start];
  T.Start = Start;
  if (E.Thread) {
    T.What = "thread";
    T.Handle = Exec;
  } else {
    T.What = "executor task";
    T.Executor = Exec;
    T.ExecProfile = E.ExecProfile;
  }
  {
    TaskUse U;
    U.K = {E.Profile, *P};
    U.Site = E.Site;
    U.Remote = E.Remote;
    U.Guarded = E.Guarded;
    for (const RootRef &L : E.Locks)
      if (auto LP = mapRoot(Inv, L, S))
        U.GuardLocks.insert(*LP);
    for (const auto &[Flag, F] : E.Pre)
      if (auto FP = mapRoot(Inv, Flag, S))
        U.FlagPre.push_back({*FP, F});
    for (const RootRef &L : E.PreLocks)
      if (auto LP = mapRoot(Inv, L, S))
        U.FlagLocks.insert(*LP);
    for (const RootRef &L : E.HeldLocks)
      if (auto LP = mapRoot(Inv, L, S))
        U.HeldLocks.insert(*LP);
    if (!llvm::is_contained(T.Uses, U))
      T.Uses.push_back(std::move(U));
  }
  for (const auto &[Flag, F] : E.While)
    if (auto FP = mapRoot(Inv, Flag, S))
      T.Cond[C.intern(*FP)] = F;
  return &T;
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
          if (P->size() == 2 && P->front() == ThisRoot && fieldPart((*P)[1]))
            Consider(fieldPart((*P)[1]), OCE->getArg(1));
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Result;
}

/// True when the analysis of Method, a method of this class, starts with
/// the member thread T running: Method waits for it or talks to it.
bool FunctionAnalysis::seedsTask(const FunctionDecl *Method, const Task &T) {
  const auto *MD = dyn_cast<CXXMethodDecl>(Method);
  const auto *Own = dyn_cast<CXXMethodDecl>(FD);
  const FunctionDecl *Def = nullptr;
  if (!MD || !Own || !T.Handle || T.Handle->size() != 2 ||
      T.Handle->front() != ThisRoot || !MD->hasBody(Def) ||
      MD->getParent()->getCanonicalDecl() !=
          Own->getParent()->getCanonicalDecl())
    return false;
  const void *Field = (*T.Handle)[1];
  bool Waits = waitsIn(Def->getBody(), [&](const Expr *Obj) {
    const auto *ME = dyn_cast<MemberExpr>(Obj->IgnoreParenImpCasts());
    return ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
           ME->getMemberDecl()->getCanonicalDecl() == Field;
  });
  return Waits || signalsThread(cast<CXXMethodDecl>(Def), T, C.Ctx) ||
         waitsForFinishingFlag(MD, Field);
}

bool FunctionAnalysis::waitsForFinishingFlag(const CXXMethodDecl *MD,
                                             const void *Field) {
  const FunctionDecl *Def = nullptr;
  return MD->hasBody(Def) && waitsOnCondition(Def->getBody()) &&
         llvm::any_of(C.memberTasks(MD->getParent()), [&](const auto &FT) {
           return FT.first->getCanonicalDecl() == Field && FT.second.Finishing;
         });
}

bool FunctionAnalysis::seedsObjectTask(const Expr *Site, const Task &T,
                                       const State &S) {
  const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(Site);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MCE || !T.Handle || T.Handle->size() < 2)
    return false;
  std::optional<Path> Obj = pathOf(MCE->getImplicitObjectArgument(), S);
  if (!Obj || Obj->size() + 1 != T.Handle->size() ||
      !std::equal(Obj->begin(), Obj->end(), T.Handle->begin()))
    return false;
  return waitsForFinishingFlag(MD, T.Handle->back());
}

void FunctionAnalysis::seedMemberTasks(State &Init) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  // No other method runs before the constructor returns: a thread they
  // start is not running yet (one the constructor starts, or a method it
  // calls starts, is tracked as it runs).
  if (!MD || MD->isStatic() || MD->getParent()->isLambda() ||
      isa<CXXConstructorDecl>(MD) || !C.Index.raceRule())
    return;
  for (const auto &[F, T] : C.memberTasks(MD->getParent())) {
    if (T.Start && FD->getBody() &&
        C.SM.isPointWithin(T.Start->getExprLoc(), FD->getBeginLoc(),
                           FD->getEndLoc()))
      continue; // started by this very method: tracked as it runs
    bool JoinsAtExit = isa<CXXDestructorDecl>(FD) &&
                       isStdType(F->getType(), {"jthread"});
    if (JoinsAtExit || waitsOn(*T.Handle) || signalsThread(MD, T, C.Ctx) ||
        (T.Finishing && waitsOnCondition(MD->getBody()))) {
      Task &Seeded = Init.Tasks[T.Start] = T;
      Seeded.Seeded = true;
      conditionOnRunningFlag(MD->getParent(), Seeded);
    }
  }
  seedSiblingTasks(MD, Init);
}

/// What the class's other methods leave running on its members' threads
/// and executors (their Spawned effects on `this`), for a method that
/// waits for them: `stop()` joining the loop `start()` started through a
/// member, or stopping the pool `publishBook()` posted to; and the
/// callables they leave with member registries, for a method that runs
/// them. A method that neither waits nor runs is not told: it may run
/// while nothing does. The constructors' callables are kept from before
/// any method runs (`dispatcher_->on(kind, make_audit_handler(audit_))` in
/// a constructor another unit defines, `dispatcher_->emit(...)` here).
void FunctionAnalysis::seedSiblingTasks(const CXXMethodDecl *MD, State &Init) {
  const CXXRecordDecl *RD = MD->getParent()->getDefinition();
  if (!RD || isa<CXXConstructorDecl>(MD) || C.SpawnPass)
    return;
  Invocation Self;
  Self.LambdaThis = true;
  Self.Callee = FD;
  auto Register = [&](const Effect &E) {
    // Callables another method handed to a member registry this method
    // runs (`start()` setting the registry's hook, `stop()` calling
    // `registry_->closeAll()` that fires it).
    if (E.K == Effect::Registers && E.Exec && E.Registered &&
        (E.Start || E.RemoteOuter) && E.Exec->Root == RootKind::This &&
        E.Root == RootKind::This)
      if (std::optional<Path> Registry = mapRoot(Self, *E.Exec, Init);
          Registry && runsRegistry(*Registry, E.Registered->Member))
        addRegisteredCallable(E, Self, E.Start, Init);
  };
  for (const CXXMethodDecl *M : RD->methods()) {
    if (isa<CXXDestructorDecl>(M) || M->isStatic() ||
        M->getCanonicalDecl() == FD->getCanonicalDecl())
      continue;
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(M);
    if (Ctor && (Ctor->isCopyOrMoveConstructor() || Ctor->isDeleted()))
      continue;
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def) {
      // Defined in another unit: the callables its facts say it keeps.
      if (M->isImplicit())
        continue;
      if (const Summary *Sum = C.importedSummary(M))
        for (const Effect &E : Sum->Effects)
          Register(E);
      continue;
    }
    if (Def->getCanonicalDecl() == FD->getCanonicalDecl())
      continue;
    const Summary *Sum = C.spawnSummary(Def);
    if (!Sum)
      continue;
    for (const Effect &E : Sum->Effects) {
      Register(E);
      if (Ctor)
        continue;
      if (E.K != Effect::Spawned || !E.Exec || !E.Start ||
          E.Exec->Root != RootKind::This || E.Root != RootKind::This ||
          Init.Tasks.count(E.Start))
        continue;
      std::optional<Path> Handle = mapRoot(Self, *E.Exec, Init);
      if (!Handle)
        continue;
      // A method that closes and opens again (`reopen()` after logrotate)
      // keeps the object in service: it runs while a member thread another
      // method started does, so a close it makes itself races with that
      // thread (the reporter writing to the stream). A method that only
      // closes may be a teardown step its caller makes after the join.
      // Closes its callees or destructors make are theirs to weigh.
      // The thread that runs this very method (`std::thread(&M::run,
      // this)` in start()) does not run beside itself.
      bool Waits = waitsFor(*Handle);
      if (!Waits &&
          !(E.Thread && Report && reopensInBody() && !runsThisMethod(E.Start)))
        continue;
      if (Task *T = addSpawnedTask(E, Self, E.Start, Init)) {
        T->Seeded = true;
        T->DirectClosesOnly = !Waits;
        // `if (live_) return;` before the close: not running there.
        if (E.Thread)
          conditionOnRunningFlag(RD, *T);
      }
    }
  }
}

namespace {
/// A bool member flag (plain or atomic).
bool isBoolFlag(const FieldDecl *F) {
  QualType T = F->getType();
  if (T->isBooleanType())
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !isStdClass(RD, {"atomic"}))
    return false;
  const auto *CTSD = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  return CTSD && CTSD->getTemplateArgs().size() == 1 &&
         CTSD->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
         CTSD->getTemplateArgs()[0].getAsType()->isBooleanType();
}

/// The truth a Sets effect's value gives a bool flag, if it decides it.
std::optional<bool> truthOf(const Fact &F) {
  if (F.Kind == Fact::Eq)
    return F.Value != 0;
  if (Fact{Fact::Eq, 0}.contradicts(F))
    return true;
  return std::nullopt;
}

/// True when Start's callable writes the member flag F itself (`[this] {
/// ...; live_ = false; }`): it may clear it while still running.
bool writesFlag(const Stmt *Start, const FieldDecl *F) {
  llvm::SmallVector<const Stmt *, 32> Stack{Start};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
             OCE && OCE->isAssignmentOp())
      Target = OCE->getArg(0);
    else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
             MCE && MCE->getMethodDecl() && !MCE->getMethodDecl()->isConst())
      Target = MCE->getImplicitObjectArgument();
    if (const auto *ME = Target ? dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts())
                                : nullptr;
        ME && ME->getMemberDecl()->getCanonicalDecl() == F->getCanonicalDecl())
      return true;
    if (const auto *LE = dyn_cast<LambdaExpr>(St)) {
      Stack.push_back(LE->getBody());
      continue;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return false;
}
} // namespace

/// Followspot's `live_`: startTrackerLocked() sets it and starts the
/// tracker; stopTracker() clears it and joins; start() returning while it
/// is set closes its link where no tracker runs. A method of another unit,
/// one that clears the flag without joining, or a thread that clears it
/// itself breaks the pairing: no flag then.
std::optional<std::pair<const FieldDecl *, Fact>>
FunctionAnalysis::threadRunningFlag(const CXXRecordDecl *RD,
                                    const void *ThreadMember) {
  auto ThisMember = [](const RootRef &R, const void *Member) {
    return R.Root == RootKind::This && R.Suffix.size() == 1 &&
           R.Suffix.front() == Member;
  };
  std::vector<std::pair<const FunctionDecl *, const Summary *>> Methods;
  for (const CXXMethodDecl *M : RD->methods()) {
    if (isa<CXXDestructorDecl>(M) || M->isStatic() || M->isDeleted())
      continue;
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def) {
      if (M->isImplicit() || M->isDefaulted())
        continue;
      return std::nullopt;
    }
    const Summary *Sum = C.spawnSummary(Def);
    if (!Sum)
      return std::nullopt;
    Methods.push_back({Def, Sum});
  }
  // The flags every starting method leaves set, and their truth then.
  std::optional<std::map<const FieldDecl *, bool>> Running;
  for (const auto &[Def, Sum] : Methods) {
    const Effect *Start = nullptr;
    for (const Effect &E : Sum->Effects)
      if (E.K == Effect::Spawned && E.Thread && E.Exec &&
          ThisMember(*E.Exec, ThreadMember))
        Start = &E;
    if (!Start)
      continue;
    std::map<const FieldDecl *, bool> Here;
    for (const Effect &E : Sum->Effects)
      if (E.K == Effect::Sets && E.Must && E.Root == RootKind::This &&
          E.Suffix.size() == 1)
        if (const FieldDecl *F = fieldPart(E.Suffix.front());
            F && isBoolFlag(F) && !writesFlag(Start->Start, F))
          if (std::optional<bool> Truth = truthOf(E.Value))
            Here[F->getCanonicalDecl()] = *Truth;
    if (!Running) {
      Running = std::move(Here);
      continue;
    }
    for (auto It = Running->begin(); It != Running->end();) {
      auto Same = Here.find(It->first);
      It = Same == Here.end() || Same->second != It->second
               ? Running->erase(It)
               : std::next(It);
    }
  }
  if (!Running)
    return std::nullopt;
  for (const auto &[F, Truth] : *Running) {
    bool Kept = llvm::all_of(Methods, [&, F = F, Truth = Truth](const auto &MS) {
      const Summary *Sum = MS.second;
      bool Writes = false, KeepsTruth = false, Joins = false;
      for (const Effect &E : Sum->Effects) {
        if ((E.K == Effect::Reset || E.K == Effect::Sets) &&
            ThisMember(E.root(), F))
          Writes = true;
        if (E.K == Effect::Sets && E.Must && ThisMember(E.root(), F) &&
            truthOf(E.Value) == Truth)
          KeepsTruth = true;
        if (E.K == Effect::Awaits && E.Must &&
            ThisMember(E.root(), ThreadMember))
          Joins = true;
      }
      return !Writes || KeepsTruth || Joins;
    });
    if (Kept)
      return std::make_pair(F, Truth ? Fact{Fact::Ne, 0} : Fact{Fact::Eq, 0});
  }
  return std::nullopt;
}

void FunctionAnalysis::conditionOnRunningFlag(const CXXRecordDecl *RD,
                                              Task &T) {
  if (!T.Handle || T.Handle->size() != 2 || T.Handle->front() != ThisRoot)
    return;
  if (auto Flag = threadRunningFlag(RD->getDefinition() ? RD->getDefinition() : RD,
                                    (*T.Handle)[1]))
    T.Cond[C.intern(Path{ThisRoot, Flag->first->getCanonicalDecl()})] =
        Flag->second;
}

bool FunctionAnalysis::runsThisMethod(const Expr *Start) const {
  const Decl *Self = FD->getCanonicalDecl();
  llvm::SmallVector<const Stmt *, 32> Stack{Start};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St);
        DRE && DRE->getDecl()->getCanonicalDecl() == Self)
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(St))
      if (const FunctionDecl *Callee = Call->getDirectCallee();
          Callee && Callee->getCanonicalDecl() == Self)
        return true;
    if (const auto *LE = dyn_cast<LambdaExpr>(St)) {
      Stack.push_back(LE->getBody());
      continue;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return false;
}

bool FunctionAnalysis::reopensInBody() {
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    if (const auto *Call = dyn_cast<CallExpr>(St))
      for (const CallRole &CR : C.roles(Call))
        if (CR.Kind == Role::Reopen)
          return true;
  }
  return false;
}

/// True when this function's code waits for the thread or executor at
/// Handle: joins or awaits it, calls its executor's wait, or calls a
/// function whose summary waits for it.
bool FunctionAnalysis::waitsFor(const Path &Handle) {
  if (waitsOn(Handle))
    return true;
  State Empty;
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const auto *Call = dyn_cast<CallExpr>(St);
    if (!Call)
      continue;
    for (const ExecCall &EC : C.executorCalls(Call))
      if (EC.Kind == ExecRole::Wait && rawPathOf(EC.Executor) == Handle)
        return true;
    const FunctionDecl *Callee = C.analyzableCallee(Call);
    if (Callee && Callee->getCanonicalDecl() == FD->getCanonicalDecl())
      continue;
    const Summary *Sum =
        Callee ? C.summaryFor(Callee, {}) : C.importedSummary(Call);
    if (!Sum)
      continue;
    Invocation Inv = invocationOf(Call, Callee ? Callee : Call->getDirectCallee());
    // A wait for threads the executor keeps (`uploader_->stop()` joining
    // `uploader_.pool_.workers_`) is a wait for it.
    for (const Effect &E : Sum->Effects)
      if (E.K == Effect::Awaits)
        if (std::optional<Path> P = mapRoot(Inv, E.root(), Empty);
            P && hasPrefix(*P, Handle, /*OrEqual=*/true))
          return true;
  }
  return false;
}

} // namespace typestate
} // namespace errlint
