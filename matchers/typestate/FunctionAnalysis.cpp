//===- FunctionAnalysis.cpp - Driver and store updates of the typestate ---===//
//
// The worklist over the CFG, the replay that reports and summarizes, and
// the updates of the store: aliases, assignments, counters and the closes
// made by destructors at the end of a scope.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/SaveAndRestore.h"
#include <deque>
#include <functional>

using namespace clang;

namespace errlint {
namespace typestate {

/// Whether a block leaves the function by a return statement (its paths
/// are noted as returns).
static bool endsWithReturn(const CFGBlock &Blk) {
  for (auto It = Blk.rbegin(); It != Blk.rend(); ++It)
    if (std::optional<CFGStmt> CS = It->getAs<CFGStmt>())
      return isa<ReturnStmt>(CS->getStmt());
  return false;
}


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
/// Nor can a method declared `noexcept`: the CFG only reads the exception
/// specification off a callee of function (pointer) type, so a member
/// call gets the edge all the same.
bool cannotThrow(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return false;
  if (FD->isExternC() || FD->getBuiltinID())
    return true;
  const auto *Proto = FD->getType()->getAs<FunctionProtoType>();
  return Proto && !isUnresolvedExceptionSpec(Proto->getExceptionSpecType()) &&
         Proto->isNothrow();
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
         (isExceptionEdge(From, SuccIdx) || endsWithoutReturning(From) ||
          isa_and_nonnull<CXXTryStmt>(From.getTerminatorStmt()));
}

namespace {

bool isMemberPath(const Path &P) {
  return P.size() >= 2 && P.front() == ThisRoot;
}

/// What ties members of `this` to each other in Alias: a member aliasing
/// another, or two aliasing one object outside (`producer_(std::move(p))`
/// and `bus_(std::make_unique<Bus>(producer_))` both reach p): the one
/// with the shortest path stands for that object, so every function that
/// sets the same members up names them alike.
std::map<Path, Path> memberToMember(const std::map<Path, Path> &Alias) {
  std::map<Path, Path> Rep;
  for (const auto &[From, To] : Alias)
    if (isMemberPath(From) && !isMemberPath(To)) {
      auto [It, New] = Rep.emplace(To, From);
      if (!New && (From.size() < It->second.size() ||
                   (From.size() == It->second.size() && From < It->second)))
        It->second = From;
    }
  std::map<Path, Path> Out;
  for (const auto &[From, To] : Alias) {
    if (!isMemberPath(From))
      continue;
    if (isMemberPath(To)) {
      Out.emplace(From, To);
      continue;
    }
    auto It = Rep.find(To);
    if (It != Rep.end() && It->second != From)
      Out.emplace(From, It->second);
  }
  return Out;
}

} // namespace

State FunctionAnalysis::uncaughtBy(const CXXTryStmt *Try,
                                   const State &S) const {
  State Out = S;
  for (auto It = Out.Keys.begin(); It != Out.Keys.end();) {
    const std::optional<std::set<const void *>> &Thrown = It->second.Thrown;
    // Closed only where the try threw something a handler gets.
    bool Caught = Thrown && !reachesHandler(Try, *Thrown, nullptr);
    It = Caught || It->second.OnlyByThrow ? Out.Keys.erase(It)
                                          : std::next(It);
  }
  return Out;
}

std::optional<std::set<const void *>>
FunctionAnalysis::thrownOut(const CFGBlock &Blk, bool Throws) {
  if (Throws) {
    const CallExpr *Call = throwingCall(Blk);
    return C.thrownBy(Call ? Call->getDirectCallee() : nullptr);
  }
  const auto *Throw = dyn_cast_or_null<CXXThrowExpr>(Blk.getTerminatorStmt());
  if (!Throw && !Blk.empty())
    if (std::optional<CFGStmt> Last = Blk.back().getAs<CFGStmt>())
      Throw = dyn_cast<CXXThrowExpr>(Last->getStmt());
  if (!Throw)
    return std::nullopt; // a call that never returns
  if (const Expr *Sub = Throw->getSubExpr()) {
    const CXXRecordDecl *RD = Sub->getType()->getAsCXXRecordDecl();
    if (!RD)
      return std::nullopt;
    return std::set<const void *>{RD->getCanonicalDecl()};
  }
  if (!RethrowFrom)
    RethrowFrom = C.rethrowHandlers(FD->getBody());
  auto From = RethrowFrom->find(Throw);
  if (From == RethrowFrom->end() || !C.Rethrows.count(From->second))
    return std::nullopt;
  return std::set<const void *>{From->second};
}

bool FunctionAnalysis::cannotThrowHere(const CallExpr *Call) const {
  if (cannotThrow(Call))
    return true;
  // A callee whose code throws nothing (allocation failure aside).
  std::optional<std::set<const void *>> Thrown =
      C.thrownBy(Call ? Call->getDirectCallee() : nullptr);
  return Thrown && Thrown->empty();
}

/// The close a caller is told of: the first in the source (a destructor
/// at the closing brace that closes again only if still open comes after
/// the close the body made).
const Expr *FunctionAnalysis::firstSite(const Closed &Cl) const {
  const Expr *First = nullptr;
  for (const Expr *Site : Cl.Sites)
    if (!First || C.SM.isBeforeInTranslationUnit(Site->getExprLoc(),
                                                  First->getExprLoc()))
      First = Site;
  return First;
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
  for (const auto &[Idx, Value] : B.Constants)
    if (Idx < FD->getNumParams())
      Init.Known[FD->getParamDecl(Idx)->getCanonicalDecl()] = {Fact::Eq, Value};

  // Analyzed for the lambdas its construction gave its callable members:
  // they hold them on entry, as the caller knows (a dismissed guard's
  // emptied member refutes that, which the effects' preconditions say).
  if (isa<CXXMethodDecl>(FD))
    for (const auto &[Field, Lambda] : B.Callables) {
      const void *Held = C.intern(Path{ThisRoot, Field->getCanonicalDecl()});
      Init.Known[Held] = Fact{Fact::Ne, 0};
      Init.Entry[Held] = Fact{Fact::Ne, 0};
    }

  findDiscardedTemporaries(Body);
  findFullExprTemporaries(Body);
  seedMemberTasks(Init);
  seedMemberAliases(Init);
  seedEarlierCalls(Init);

  std::vector<std::optional<State>> In(G->getNumBlockIDs());
  const CFGBlock &Entry = G->getEntry();
  In[Entry.getBlockID()] = std::move(Init);
  std::deque<const CFGBlock *> Work{&Entry};
  llvm::DenseSet<const CFGBlock *> Queued{&Entry};
  // A block's state only grows, but some facts (a loop counter's bounds,
  // the sets of sites) may grow for long: past this many visits a block's
  // successors keep what they have, so the analysis ends.
  constexpr unsigned MaxVisits = 64;
  std::vector<unsigned> Visits(G->getNumBlockIDs());
  while (!Work.empty()) {
    const CFGBlock *Blk = Work.front();
    Work.pop_front();
    Queued.erase(Blk);
    if (++Visits[Blk->getBlockID()] > MaxVisits) {
      if (Visits[Blk->getBlockID()] == MaxVisits + 1 && C.DebugSummaries)
        llvm::errs() << "fixpoint: gave up on a block of "
                     << FD->getQualifiedNameAsString() << "\n";
      continue;
    }
    State S = *In[Blk->getBlockID()];
    transfer(*Blk, S);
    bool Ends = PathEnds;
    unsigned Idx = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Blk->succs()) {
      unsigned SuccIdx = Idx++;
      const CFGBlock *SB = Succ.getReachableBlock();
      if (!SB || (Ends && !isExceptionEdge(*Blk, SuccIdx)) ||
          isExceptionalExit(*Blk, SuccIdx, *SB, *G) ||
          (isExceptionEdge(*Blk, SuccIdx) && cannotThrowHere(throwingCall(*Blk))))
        continue;
      bool Throws = isExceptionEdge(*Blk, SuccIdx);
      State Edge = Throws && BeforeThrow ? *BeforeThrow : S;
      if (Throws) {
        applyThrowCloses(*Blk, Edge);
        destroyLocalsOnThrow(*Blk, *SB, Edge);
      }
      // What a call may throw travels with what it leaves closed to the
      // try's dispatch, which weighs it against each handler.
      if (Throws) {
        const CallExpr *Call = throwingCall(*Blk);
        std::optional<std::set<const void *>> Thrown =
            C.thrownBy(Call ? Call->getDirectCallee() : nullptr);
        for (auto &[K, Cl] : Edge.Keys)
          if (!TypedThrowKeys.count(K))
            Cl.Thrown = Thrown;
      } else if (isa_and_nonnull<CXXTryStmt>(SB->getTerminatorStmt())) {
        for (auto &[K, Cl] : Edge.Keys)
          Cl.Thrown.reset();
      }
      if (!applyEdge(*Blk, SuccIdx, Edge))
        continue;
      auto Propagate = [&](const CFGBlock *To, State &&Edge) {
        std::optional<State> &Target = In[To->getBlockID()];
        bool Changed;
        if (!Target) {
          Target = std::move(Edge);
          Changed = true;
        } else {
          State Before = *Target;
          join(*Target, Edge);
          Changed = !(*Target == Before);
        }
        if (Changed && Queued.insert(To).second)
          Work.push_back(To);
      };
      if (!Throws && threadShortCircuit(*Blk, *SB, *G, Edge, Propagate))
        continue;
      Propagate(SB, std::move(Edge));
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
    bool Ends = PathEnds;
    unsigned Idx = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Blk->succs()) {
      unsigned SuccIdx = Idx++;
      if (Succ.getReachableBlock() != &G->getExit())
        continue;
      // A try's dispatch passes on what none of its handlers catches.
      if (const auto *Try = dyn_cast_or_null<CXXTryStmt>(Blk->getTerminatorStmt())) {
        State Edge = uncaughtBy(Try, S);
        if (!ThrowExit)
          ThrowExit = std::move(Edge);
        else
          join(*ThrowExit, Edge);
        continue;
      }
      bool Throws = isExceptionEdge(*Blk, SuccIdx);
      if (Ends && !Throws)
        continue;
      // Each return of a constructor: what its path bound (`rows_.attach(
      // file_.get())` past an early return) meets the members' destruction.
      if (!Throws && !endsWithoutReturning(*Blk))
        destroyAfterConstruction(S);
      if (!Throws && !endsWithoutReturning(*Blk) && !endsWithReturn(*Blk)) {
        // What the branch into the exit says (`if (armed_) fn_();` falls
        // out with armed_ clear) belongs to that path.
        State Out = S;
        if (applyEdge(*Blk, SuccIdx, Out))
          FallThroughs.push_back(returnInfo(Out));
      }
      if (Throws ? cannotThrowHere(throwingCall(*Blk)) : !endsWithoutReturning(*Blk))
        continue;
      State Edge = Throws && BeforeThrow ? *BeforeThrow : S;
      if (Throws)
        applyThrowCloses(*Blk, Edge);
      else
        exportFailsIfClosed(S, *Blk);
      // What leaves by this edge, for the callers' handlers to weigh.
      std::optional<std::set<const void *>> Thrown = thrownOut(*Blk, Throws);
      for (auto &[K, Cl] : Edge.Keys) {
        if (Throws && TypedThrowKeys.count(K))
          continue;
        Cl.Thrown = Thrown;
        // A use that throws once the object is closed (`send()` throwing
        // std::runtime_error): where it is closed, that is what leaves.
        if (auto Type = Edge.ThrownIfClosed.find(K);
            Throws && Type != Edge.ThrownIfClosed.end())
          if (const CXXRecordDecl *RD = C.recordNamed(Type->second))
            Cl.Thrown = std::set<const void *>{RD->getCanonicalDecl()};
      }
      // Closed only if a close whose code is not seen closed before it
      // threw: never told to the callers (below), so what that close may
      // throw does not blur what the paths that did close throw.
      for (auto It = Edge.Keys.begin(); It != Edge.Keys.end();)
        It = It->second.OnlyByThrow ? Edge.Keys.erase(It) : std::next(It);
      if (!ThrowExit)
        ThrowExit = std::move(Edge);
      else
        join(*ThrowExit, Edge);
    }
  }
  if (ThrowExit)
    for (const auto &[K, Cl] : ThrowExit->Keys) {
      // Closed only if a close whose code is not seen closed before it
      // threw: for this function's own handlers to weigh, not its callers'
      // (a caller that catches and goes on is not told of a close that may
      // never have happened).
      if (Cl.OnlyByThrow || Cl.SeededBy || Cl.Queried || isPriorPath(K.P))
        continue;
      if (std::optional<Effect> E = entryRoot(K.P)) {
        E->K = Effect::CloseOnThrow;
        E->Profile = K.Profile;
        E->Thrown = Cl.Thrown;
        E->Must = !Cl.MaybeOpen;
        E->CheckedOpen = Cl.Checked;
        E->Pre = entryPreconditions(Cl.EntryCond);
        E->While = flagsWhileClosed(Cl);
        E->Site = firstSite(Cl);
        if (const Expr *Inner = E->Site ? innerCloseOf(E->Site, K) : nullptr)
          E->Site = Inner;
        record(*E);
      }
    }
  if (const std::optional<State> &Exit = In[G->getExit().getBlockID()])
    for (const auto &[K, Cl] : Exit->Keys) {
      if (Cl.SeededBy || Cl.Queried)
        continue;
      bool Prior = isPriorPath(K.P);
      std::optional<Effect> E =
          entryRoot(Prior ? Path(K.P.begin(), K.P.end() - 1) : K.P);
      // Closed through a local holding the member's entry value.
      if (!E && !Prior)
        if (std::optional<Path> Member = entryCopyPath(K.P)) {
          E = entryRoot(*Member);
          Prior = true;
        }
      if (!E)
        continue;
      E->Prior = Prior;
      E->K = Effect::Close;
      E->Profile = K.Profile;
      E->Must = !Cl.MaybeOpen;
      exportSerial(Cl, *E);
      if (Prior)
        for (const Path &M : Cl.ReboundUnder)
          if (std::optional<RootRef> R = asEntryRoot(M))
            E->HeldLocks.push_back(*R);
      E->CheckedOpen = Cl.Checked;
      E->Again = Cl.Again;
      E->While = flagsWhileClosed(Cl);
      // `if (active_) fn_();`: closed only while the caller's flag says so.
      E->Pre = entryPreconditions(Cl.EntryCond);
      if (Cl.MaybeOpen && !E->Pre.empty() &&
          (closedWherePreHolds(K, Cl.EntryCond) || openOnlyWherePreFails(Cl)))
        E->MustIfPre = true;
      // Closed only where a result this function tested says so (`return
      // v.close() == 0;`, Cond on that call): its returns tell the caller.
      if (Cl.MaybeOpen || !Cl.Cond.empty()) {
        bool Exact = true;
        if (std::optional<Fact> Only = closedOnlyWhenReturning(K, Exact)) {
          // `if (cmd == "eod") { stop(); return false; }` beside `return
          // false;` for "quit": a true result says open, a false one
          // says nothing.
          E->Must = Exact;
          if (Only->Kind == Fact::Eq) {
            E->OnlyIfReturns = Only->Value;
          } else {
            E->OnlyIfTrue = true;
            E->ResultNegative = Only->Kind == Fact::AtMost;
          }
        } else if (std::optional<unsigned> P = closedOnlyWhenParamSet(K)) {
          E->Must = true;
          E->OnlyIfParam = P;
        } else if (auto Field = closedOnlyWhenField(K, Exact)) {
          // `if (t > limit) { ch.close(); outcome.aborted = true; }`: the
          // returned struct's field says what happened.
          E->Must = Exact;
          E->OnlyIfField = Field->first->getName().str();
          E->Value = Field->second;
        }
      }
      E->Site = firstSite(Cl);
      E->Outer = E->Site;
      if (const Expr *Inner = E->Site ? innerCloseOf(E->Site, K) : nullptr)
        E->Site = Inner;
      record(*E);
    }
  if (const std::optional<State> &Exit = In[G->getExit().getBlockID()]) {
    for (const Key &K : Exit->ProvedOpen)
      if (std::optional<Effect> E = entryRoot(K.P)) {
        E->K = Effect::ProvesOpen;
        E->Profile = K.Profile;
        record(*E);
      }
    exportSpawned(*Exit);
    for (const Path &Ended : FlagAwaited)
      if (std::optional<Effect> E = entryRoot(Ended)) {
        E->K = Effect::Awaits;
        record(*E);
      }
    exportRegistered(*Exit);
    exportEnsures(*Exit);
    exportTrueOnlyIf();
    exportProvesOpenIfTrue(Exit->ProvedOpen);
    ExitMemberAliases = memberToMember(Exit->Alias);
  }
  exportKeeps();
  exportConstructorAliases();
  exportInvokes(*G);
  exportReturned();
  exportReturnedClosed();
  exportReturnedCallables();
  if (const std::optional<State> &Exit = In[G->getExit().getBlockID()])
    exportWritten(*Exit);
  Result.Effects.assign(Effects.begin(), Effects.end());
  return Result;
}

/// The logical operator a block only computes the value of, to branch on
/// it: its elements are the operator (and casts of it), nothing else.
static const BinaryOperator *logicalValueBlock(const CFGBlock &B,
                                               const CFG &G) {
  if (B.succ_size() != 2 || B.getLabel() || !B.getTerminatorStmt())
    return nullptr;
  const auto *Cond = dyn_cast_or_null<Expr>(B.getTerminatorCondition());
  const auto *Op =
      Cond ? dyn_cast<BinaryOperator>(stripWrappers(Cond)) : nullptr;
  if (!Op || !Op->isLogicalOp() || B.empty())
    return nullptr;
  for (const CFGElement &El : B) {
    std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
    const auto *E = CS ? dyn_cast<Expr>(CS->getStmt()) : nullptr;
    if (!E || stripWrappers(E) != Op)
      return nullptr;
  }
  // A path that ends here keeps its own exit handling (the replay's).
  for (const CFGBlock::AdjacentBlock &Succ : B.succs())
    if (!Succ.getReachableBlock() || Succ.getReachableBlock() == &G.getExit())
      return nullptr;
  return Op;
}

bool FunctionAnalysis::threadShortCircuit(
    const CFGBlock &From, const CFGBlock &Value, const CFG &G,
    const State &Edge,
    llvm::function_ref<void(const CFGBlock *, State &&)> Propagate) {
  const BinaryOperator *Op = logicalValueBlock(Value, G);
  if (!Op)
    return false;
  // From the left operand's branch: it decided the value (false for
  // `&&`, true for `||`). From the right operand's block: the right
  // operand's value is the value. Any other way in (an operand that is a
  // logical operator itself) joins as before.
  std::optional<bool> Known;
  if (From.getTerminatorStmt() == Op)
    Known = Op->getOpcode() == BO_LOr;
  else if (From.succ_size() != 1 || From.getTerminatorStmt())
    return false;
  unsigned Idx = 0;
  for (const CFGBlock::AdjacentBlock &Succ : Value.succs()) {
    unsigned SuccIdx = Idx++;
    const CFGBlock *To = Succ.getReachableBlock();
    bool EdgeValue = SuccIdx == 0;
    if (Known && *Known != EdgeValue)
      continue;
    State S = Edge;
    if (!Known) {
      llvm::SaveAndRestore<bool> Threaded(ThreadedEdge, true);
      if (!applyEdge(Value, SuccIdx, S))
        continue;
    }
    Propagate(To, std::move(S));
  }
  return true;
}

/// True when the function can return normally without passing through
/// any of the blocks in Avoid. A call's exception edge leaves from inside
/// its block: a handler reached from it has passed through it.
static bool returnsAvoiding(const CFG &G,
                            const llvm::DenseSet<const CFGBlock *> &Avoid) {
  llvm::SmallVector<const CFGBlock *, 32> Work{&G.getEntry()};
  llvm::DenseSet<const CFGBlock *> Seen{&G.getEntry()};
  while (!Work.empty()) {
    const CFGBlock *Blk = Work.pop_back_val();
    unsigned Idx = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Blk->succs()) {
      unsigned SuccIdx = Idx++;
      const CFGBlock *SB = Succ.getReachableBlock();
      if (!SB || Avoid.count(SB) || isExceptionEdge(*Blk, SuccIdx))
        continue;
      if (SB == &G.getExit()) {
        if (!endsWithoutReturning(*Blk) &&
            !isa_and_nonnull<CXXTryStmt>(Blk->getTerminatorStmt()))
          return true;
        continue;
      }
      if (Seen.insert(SB).second)
        Work.push_back(SB);
    }
  }
  return false;
}

/// `if (!out.is_open()) throw std::runtime_error("ledger closed");`: a
/// throw where a query found the caller's object closed fails because it
/// is, as a use of it would: the caller that closed it first is told of a
/// use (at the query).
void FunctionAnalysis::exportFailsIfClosed(const State &S,
                                           const CFGBlock &Blk) {
  for (const auto &[K, Cl] : S.Keys) {
    if (!Cl.Queried || Cl.MaybeOpen || Cl.SeededBy || Cl.Sites.empty() ||
        S.isTouched(K) || C.Index.profile(K.Profile).DoubleClose)
      continue;
    std::optional<Effect> E = entryRoot(K.P);
    if (!E)
      continue;
    E->K = Effect::Use;
    E->Profile = K.Profile;
    E->Site = Cl.Sites.front();
    E->Outer = E->Site;
    E->Pre = entryPreconditions(S.Entry);
    // What the refusal throws: a caller that catches it handles the
    // refusal (FunctionAnalysis::refusalCaught()).
    if (std::optional<std::set<const void *>> Thrown = thrownOut(Blk, false);
        Thrown && !Thrown->empty())
      E->Thrown = std::move(Thrown);
    record(*E);
  }
}

/// The try statements of this function whose try block holds St, innermost
/// first (not those of an enclosing function around a lambda's body).
llvm::SmallVector<const CXXTryStmt *, 2>
FunctionAnalysis::triesAround(const Stmt *St) const {
  llvm::SmallVector<const CXXTryStmt *, 2> Out;
  DynTypedNode Node = DynTypedNode::create(*St);
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Parents = C.Ctx.getParents(Node);
    if (Parents.empty())
      break;
    const DynTypedNode &Up = Parents[0];
    if (Up.get<FunctionDecl>() || Up.get<LambdaExpr>() || Up.get<BlockExpr>())
      break;
    if (const auto *Try = Up.get<CXXTryStmt>())
      if (Node.get<Stmt>() == Try->getTryBlock())
        Out.push_back(Try);
    Node = Up;
  }
  return Out;
}

/// A callee that refuses to work on a closed object by throwing (its own
/// `if (!force_) throw std::runtime_error("refusing ...")`, exported as a use
/// at its query) where this function catches every class it throws: the
/// refusal is the error path both sides were written for, not a failure.
bool FunctionAnalysis::refusalCaught(const CallExpr *Call,
                                     const Effect &E) const {
  if (!E.Thrown || E.Thrown->empty())
    return false;
  return llvm::any_of(triesAround(Call), [&](const CXXTryStmt *Try) {
    return !reachesHandler(Try, *E.Thrown, nullptr);
  });
}

void FunctionAnalysis::exportInvokes(const CFG &G) {
  std::set<unsigned> Params(MayInvoke);
  for (const auto &[P, Sites] : InvokeSites)
    Params.insert(P);
  for (unsigned P : Params) {
    llvm::DenseSet<const CFGBlock *> Avoid;
    auto Sites = InvokeSites.find(P);
    if (Sites != InvokeSites.end())
      for (const CFGBlock *Blk : G)
        for (const CFGElement &El : *Blk)
          if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
              CS && llvm::is_contained(Sites->second, CS->getStmt()))
            Avoid.insert(Blk);
    Effect E;
    E.K = Effect::Invokes;
    E.Root = RootKind::Param;
    E.Param = P;
    E.Must = !Avoid.empty() && !returnsAvoiding(G, Avoid);
    if (auto Entry = InvokeEntry.find(P);
        !E.Must && Entry != InvokeEntry.end() && !MayInvoke.count(P))
      E.Pre = entryPreconditions(Entry->second);
    record(E);
  }
  for (unsigned P : InvokesElements) {
    Effect E;
    E.K = Effect::Invokes;
    E.Root = RootKind::Param;
    E.Param = P;
    E.Suffix.push_back(ElementMark);
    E.Must = false;
    // Goes on to the next only where each returned true.
    E.OnlyIfTrue = StopsOnFalse.count(P) > 0;
    record(E);
  }
}

void FunctionAnalysis::noteWritten(const void *Subject, const State &S) {
  auto [It, First] = Written.insert(Subject);
  (void)It;
  auto [W, New] = WrittenWhere.try_emplace(Subject, S.Entry);
  if (New || First)
    return;
  for (auto F = W->second.begin(); F != W->second.end();) {
    auto Here = S.Entry.find(F->first);
    F = Here != S.Entry.end() && Here->second == F->second
            ? std::next(F)
            : W->second.erase(F);
  }
}

void FunctionAnalysis::exportWritten(const State &Exit) {
  for (const void *Subject : Written) {
    const Path *P = C.subject(Subject);
    std::optional<Effect> E = P ? entryRoot(*P) : std::nullopt;
    if (!E)
      continue;
    auto It = Exit.Known.find(Subject);
    if (It != Exit.Known.end()) {
      E->K = Effect::Sets;
      E->Value = It->second;
    } else if (!isStateFlag(*P)) {
      continue; // a handle or pointer assigned says so by its own effects
    } else {
      // Written on some paths only (`if (armed_) conn_.close();` setting
      // the connection's closed_): the caller knows nothing of it after,
      // unless what held at every write excludes them all.
      E->K = Effect::Reset;
      E->AnyProfile = true;
      E->OrEqual = true;
      if (auto W = WrittenWhere.find(Subject); W != WrittenWhere.end())
        E->Pre = entryPreconditions(W->second);
    }
    record(*E);
  }
}

std::vector<std::pair<RootRef, Fact>>
FunctionAnalysis::flagsWhileClosed(const Closed &Cl) const {
  std::vector<std::pair<RootRef, Fact>> While;
  for (const auto &[Subject, F] : Cl.Cond) {
    if (const Path *P = C.subject(Subject); P && P->size() >= 2)
      if (std::optional<RootRef> R = asEntryRoot(*P))
        While.push_back({*R, F});
    // A smart pointer the caller passed by reference, emptied where it was
    // closed (`log.reset()`). A subject is not always a declaration (a
    // call's result, a path, a difference): only this function's own
    // parameters are compared with it.
    for (const ParmVarDecl *PVD : FD->parameters())
      if (PVD->getCanonicalDecl() == Subject &&
          PVD->getType()->isLValueReferenceType() &&
          isSmartPointerType(PVD->getType().getNonReferenceType())) {
        RootRef R;
        R.Root = RootKind::Param;
        R.Param = PVD->getFunctionScopeIndex();
        While.push_back({R, F});
      }
  }
  return While;
}

void FunctionAnalysis::record(Effect E) {
  if (!Replay)
    return;
  // `upstreams_[i] = Connection(ep)` in a loop over i: the element at a key
  // only this function names. Its callers cannot tell which element that
  // is, so for them some element may be open again. (A close or use there
  // stays keyed: it says nothing of every element.)
  if (E.K == Effect::Reset)
    llvm::erase_if(E.Suffix, [&](const void *Part) {
      const VarDecl *Key = keyVariable(Part);
      return Key && !isa<ParmVarDecl>(Key) && !Key->hasGlobalStorage();
    });
  Effects.insert(std::move(E));
}

//===----------------------------------------------------------------------===//
// Paths and aliases
//===----------------------------------------------------------------------===//

namespace {
/// The index of `v[i]`, `a[i]` or `v.at(i)`; null for anything else.
const Expr *subscriptIndex(const Stmt *St) {
  if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(St);
      OCE && OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2)
    return OCE->getArg(1);
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(St))
    return ASE->getIdx();
  if (const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(St);
      MCE && MCE->getNumArgs() == 1 && MCE->getMethodDecl() &&
      MCE->getMethodDecl()->getIdentifier() &&
      MCE->getMethodDecl()->getName() == "at")
    return MCE->getArg(0);
  return nullptr;
}

/// The variable of `for (T i = 0; i < v.size(); ++i)` (or `!=`, `i++`), and
/// v; none for any other loop.
std::optional<std::pair<const VarDecl *, const Expr *>>
wholeIndexLoop(const ForStmt *FS) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit());
  const auto *VD = Init && Init->isSingleDecl()
                       ? dyn_cast<VarDecl>(Init->getSingleDecl())
                       : nullptr;
  const auto *Zero = VD && VD->getInit()
                         ? dyn_cast<IntegerLiteral>(stripWrappers(VD->getInit()))
                         : nullptr;
  if (!Zero || Zero->getValue() != 0 || !VD->getType()->isIntegerType())
    return std::nullopt;
  auto IsVar = [&](const Expr *E) {
    const auto *DRE = E ? dyn_cast<DeclRefExpr>(stripWrappers(E)) : nullptr;
    return DRE && DRE->getDecl() == VD;
  };
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(FS->getInc());
  if (!Inc || !Inc->isIncrementOp() || !IsVar(Inc->getSubExpr()))
    return std::nullopt;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? stripWrappers(FS->getCond()) : nullptr);
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_NE) ||
      !IsVar(Cond->getLHS()))
    return std::nullopt;
  const auto *Size =
      dyn_cast<CXXMemberCallExpr>(stripWrappers(Cond->getRHS()));
  const CXXMethodDecl *MD = Size ? Size->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "size" ||
      Size->getNumArgs() != 0)
    return std::nullopt;
  // Every index is visited alike: nothing leaves the loop early, and the
  // body uses i only to name the element at it (`if (i % 2) ...`, `i == 0`
  // and `++i` single indexes out or move on).
  bool Early = false;
  unsigned Uses = 0, Indexing = 0;
  std::function<void(const Stmt *, bool)> Scan = [&](const Stmt *St,
                                                     bool Nested) {
    if (!St || Early)
      return;
    if (isa<BreakStmt, GotoStmt>(St) && !Nested)
      Early = true;
    if (IsVar(dyn_cast<Expr>(St)) && isa<DeclRefExpr>(St))
      ++Uses;
    if (IsVar(subscriptIndex(St)))
      ++Indexing;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(St))
      Nested = true;
    for (const Stmt *Child : St->children())
      Scan(Child, Nested);
  };
  Scan(FS->getBody(), false);
  if (Early || Uses != Indexing)
    return std::nullopt;
  return std::pair{VD->getCanonicalDecl(), Size->getImplicitObjectArgument()};
}
} // namespace

bool FunctionAnalysis::viaIndexLoop(const Expr *Via) const {
  if (!Via || indexLoops().empty())
    return false;
  llvm::SmallVector<const Stmt *, 16> Stack{Via};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(St))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && IndexLoops->count(VD->getCanonicalDecl()))
        return true;
    if (St)
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
  }
  return false;
}

const std::map<const VarDecl *, FunctionAnalysis::IndexLoop> &
FunctionAnalysis::indexLoops() const {
  if (IndexLoops)
    return *IndexLoops;
  IndexLoops.emplace();
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *FS = dyn_cast<ForStmt>(St))
      if (auto Loop = wholeIndexLoop(FS))
        if (std::optional<Path> Range = rawPathOf(Loop->second))
          (*IndexLoops)[Loop->first] = {FS, *Range};
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return *IndexLoops;
}

Path FunctionAnalysis::resolve(Path P, const State &S) const {
  return eachElementPath(resolveAliases(std::move(P), S), S);
}

Path FunctionAnalysis::eachElementPath(Path P, const State &S) const {
  // `v[i]` in a loop over every index of v: each element in turn, without
  // a key, as a range-for's variable names it.
  if (indexLoops().empty())
    return P;
  for (size_t I = 1; I < P.size(); ++I) {
    const VarDecl *Var = keyFields(P[I]).empty() && keyLiteral(P[I]).empty()
                             ? keyVariable(P[I])
                             : nullptr;
    auto Loop = Var ? IndexLoops->find(Var) : IndexLoops->end();
    if (Loop == IndexLoops->end() || P[I - 1] != ElementMark ||
        resolveAliases(Loop->second.Range, S) != Path(P.begin(), P.begin() + I - 1))
      continue;
    P.erase(P.begin() + I);
    break;
  }
  return P;
}

Path FunctionAnalysis::resolveAliases(Path P, const State &S) const {
  for (unsigned Round = 0; Round < 8 && !S.Alias.empty(); ++Round) {
    bool Changed = false;
    for (size_t Len = P.size(); Len > 0; --Len) {
      Path Prefix(P.begin(), P.begin() + Len);
      auto It = S.Alias.find(Prefix);
      // A member every element binds (bindElementMembers) is bound in the
      // element at a key too (`routes.front()->timer_`).
      if (It == S.Alias.end() && llvm::any_of(Prefix, isKeyPart))
        It = S.Alias.find(withoutKeys(Prefix));
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
  // `lease->read(r)` through a handle class's `operator->` defined in
  // another unit: the member its summary says it returns.
  if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(
          E ? stripWrappers(E) : nullptr);
      OCE && OCE->getNumArgs() == 1 &&
      (OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star))
    if (const auto *MD =
            dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
        MD && !MD->getParent()->isInStdNamespace() && !MD->hasBody())
      if (std::optional<Path> P = returnedPath(OCE, S))
        return resolve(std::move(*P), S);
  std::optional<Path> Raw = rawPathOf(E);
  if (!Raw) {
    // `registry.find(id)->send(m)`: what the callee says it returns.
    const Expr *Inner = E ? stripWrappers(E) : nullptr;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inner);
        UO && UO->getOpcode() == UO_Deref)
      Inner = stripWrappers(UO->getSubExpr());
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Inner))
      if (std::optional<Path> P = returnedPath(Call, S))
        return resolve(std::move(*P), S);
    return std::nullopt;
  }
  // `files[i + 1]` in a loop over every index: not the element at i, nor
  // one this analysis can name.
  if (nearIndexLoopElement(E))
    return std::nullopt;
  return resolve(std::move(*Raw), S);
}

bool FunctionAnalysis::nearIndexLoopElement(const Expr *E) const {
  if (!E || indexLoops().empty())
    return false;
  const Expr *Index = subscriptIndex(stripWrappers(E));
  if (!Index)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Index));
  return !DRE && viaIndexLoop(Index);
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
  // A lambda's init-capture is a member of its closure: the lambda's
  // caller reaches it (its creator names what it shares).
  bool Outlives = VD->hasGlobalStorage() || VD->isInitCapture();
  if (!Outlives && VD->getDeclContext() != FD &&
      !FD->Encloses(VD->getDeclContext()))
    Outlives = true; // captured from an enclosing function
  if (!Outlives)
    return std::nullopt;
  if (Lambda && !VD->hasGlobalStorage())
    for (const LambdaCapture &LC : Lambda->captures())
      if (LC.capturesVariable() && LC.getCapturedVar() == VD &&
          LC.getCaptureKind() == LCK_ByCopy &&
          !copiesShareObject(VD->getType()) &&
          !holdsPointerElements(VD->getType()))
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

/// `id = next;`, `++i`: `m.at(id)`, `v[i]` name other elements from here
/// on; what was known of the ones they named is forgotten.
/// The part that names an element of a container whose key is no longer
/// known (`files[...]`).
static const void *someElementPart() { return keyPartForLiteral("..."); }

/// P with the element VD keyed (`files[s]`) made some element of the same
/// container (`files[...]`); none when VD keys anything but an element
/// directly.
std::optional<Path> FunctionAnalysis::someElementPath(const Path &P,
                                                      const VarDecl *VD) {
  std::optional<Path> Out;
  for (size_t I = 1; I < P.size(); ++I)
    if (keyVariable(P[I]) == VD) {
      // A member of VD (`spec.name`) keys elements VD's next value may key
      // again or not: no claim on some element.
      if (P[I - 1] != ElementMark || Out || !keyFields(P[I]).empty())
        return std::nullopt;
      Out = P;
      (*Out)[I] = someElementPart();
    }
  return Out;
}

void FunctionAnalysis::forgetKeyedBy(const VarDecl *VD, State &S) {
  VD = VD->getCanonicalDecl();
  auto KeyedBy = [&](const Path &P) {
    return llvm::any_of(P, [&](const void *Part) {
      return keyVariable(Part) == VD;
    });
  };
  // `fclose(files[s])` in some iterations of `for (s ...)`: once s moves
  // on, some element is closed, which no single element's access can
  // name, but an operation on every element meets (a range-for over
  // files, a callee closing each).
  std::vector<std::pair<Key, Closed>> Some;
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    if (!KeyedBy(It->first.P)) {
      ++It;
      continue;
    }
    if (std::optional<Path> P = someElementPath(It->first.P, VD)) {
      Closed Cl = It->second;
      Cl.MaybeOpen = true;
      // What held of that element's flags where it was closed
      // (`lines_[id].lifted == 1` beside closing `lines_[id].link`) holds
      // of the element that is closed: some element's flags.
      Facts Cond;
      for (const auto &[Subject, F] : Cl.Cond) {
        const Path *SP = C.subject(Subject);
        if (!SP || !KeyedBy(*SP)) {
          Cond.emplace(Subject, F);
          continue;
        }
        if (std::optional<Path> Some = someElementPath(*SP, VD))
          Cond.emplace(C.intern(*Some), F);
      }
      Cl.Cond = std::move(Cond);
      Some.push_back({Key{It->first.Profile, std::move(*P)}, std::move(Cl)});
    }
    It = S.Keys.erase(It);
  }
  // Facts of an element at VD's old value (`silenced_[d]`, `cmds[i]`) are
  // not facts of the one its new value names.
  auto SubjectKeyedBy = [&](const void *Subject) {
    const Path *SP = C.subject(Subject);
    return SP && KeyedBy(*SP);
  };
  for (auto It = S.Known.begin(); It != S.Known.end();)
    It = SubjectKeyedBy(It->first) ? S.Known.erase(It) : std::next(It);
  for (auto &[K, Cl] : S.Keys)
    for (auto It = Cl.Cond.begin(); It != Cl.Cond.end();)
      It = SubjectKeyedBy(It->first) ? Cl.Cond.erase(It) : std::next(It);
  for (auto &[K, Cl] : Some)
    S.Keys.emplace(std::move(K), std::move(Cl));
  for (auto It = S.Guarded.begin(); It != S.Guarded.end();)
    It = KeyedBy(It->first.P) ? S.Guarded.erase(It) : std::next(It);
  for (auto It = S.Alias.begin(); It != S.Alias.end();)
    It = KeyedBy(It->first) || KeyedBy(It->second) ? S.Alias.erase(It)
                                                    : std::next(It);
}

/// A range-for's next iteration visits another element: what its body
/// closed in the iterations before was not this element, though once the
/// loop is done every element is closed (the loop's exit keeps them).
void FunctionAnalysis::enterIteration(const VarDecl *LoopVar, State &S) {
  std::optional<Path> Range = loopRange(LoopVar);
  auto Loop = LoopStmts.find(LoopVar->getCanonicalDecl());
  if (!Range || Loop == LoopStmts.end() || !Loop->second->getBody())
    return;
  enterElement(*Range, Loop->second->getBody(), S);
  // `++written == latest_.size()` counts the iterations: at the start of
  // each, fewer have been counted than there are elements, so the one
  // where it reached the size was the last.
  if (const VarDecl *Counter = iterationCounter(Loop->second))
    if (std::optional<Path> Size = containerSize(Loop->second->getRangeInit()))
      learn(C.difference(Counter, *Size), Fact{Fact::AtMost, -1}, S);
}

namespace {
/// The local a statement steps by one (`++n`, `n++`, `n += 1`), looking
/// through the left operands of a condition (`++n == size && ...`).
const VarDecl *steppedLocal(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_AddAssign) {
        Expr::EvalResult R;
        const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
        return DRE && isa<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts()) &&
                       cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts())
                               ->getValue() == 1
                   ? dyn_cast<VarDecl>(DRE->getDecl())
                   : nullptr;
      }
      if (!BO->isLogicalOp() && !BO->isComparisonOp())
        return nullptr;
      E = BO->getLHS();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (!UO->isIncrementOp())
        return nullptr;
      const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
      return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    }
    return nullptr;
  }
  return nullptr;
}

/// True when St may leave the iteration early or jump.
bool mayLeave(const Stmt *St) {
  if (!St)
    return false;
  if (isa<ContinueStmt, BreakStmt, ReturnStmt, GotoStmt, CXXThrowExpr>(St))
    return true;
  return llvm::any_of(St->children(), mayLeave);
}

/// Every mention of V in St that is not a plain read, counted.
unsigned writesOf(const Stmt *St, const VarDecl *V) {
  if (!St)
    return 0;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(St);
      ICE && ICE->getCastKind() == CK_LValueToRValue &&
      isa<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens()))
    return 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
    return DRE->getDecl() == V ? 1 : 0;
  unsigned N = 0;
  for (const Stmt *Child : St->children())
    N += writesOf(Child, V);
  return N;
}
} // namespace

/// A local that counts the loop's iterations from 0: declared before it
/// with 0, stepped by one in every iteration before anything may leave it
/// (a statement of the body, or the first operand of a top-level `if`'s
/// condition), and written nowhere else.
const VarDecl *FunctionAnalysis::iterationCounter(const CXXForRangeStmt *FR) {
  auto [It, New] = IterationCounters.try_emplace(FR, nullptr);
  if (!New)
    return It->second;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FR->getBody());
  if (!Body)
    return nullptr;
  for (const Stmt *St : Body->body()) {
    const Expr *Stepping = dyn_cast<Expr>(St);
    if (const auto *If = dyn_cast<IfStmt>(St); If && !If->getInit() &&
                                               !If->getConditionVariable())
      Stepping = If->getCond();
    const VarDecl *V = steppedLocal(Stepping);
    if (V && V->hasLocalStorage() && V->getType()->isIntegerType() &&
        !V->getType()->isBooleanType() && V->getInit() &&
        C.SM.isBeforeInTranslationUnit(V->getLocation(), FR->getBeginLoc())) {
      const auto *Zero =
          dyn_cast<IntegerLiteral>(V->getInit()->IgnoreParenImpCasts());
      if (Zero && Zero->getValue() == 0 && writesOf(FD->getBody(), V) == 1)
        return It->second = V->getCanonicalDecl();
    }
    if (mayLeave(St))
      return nullptr;
  }
  return nullptr;
}

/// `latest_.size()` for the range `latest_` of a range-for: the term a
/// comparison with it names.
std::optional<Path> FunctionAnalysis::containerSize(const Expr *Range) {
  const CXXRecordDecl *RD =
      Range ? Range->getType().getNonReferenceType()->getAsCXXRecordDecl()
            : nullptr;
  std::optional<Path> P = Range ? rawPathOf(Range) : std::nullopt;
  if (!RD || !P || !RD->hasDefinition())
    return std::nullopt;
  for (const NamedDecl *ND : RD->lookup(&C.Ctx.Idents.get("size")))
    if (const auto *MD = dyn_cast<CXXMethodDecl>(ND);
        MD && MD->isConst() && MD->getNumParams() == 0) {
      P->push_back(MD->getCanonicalDecl());
      return P;
    }
  return std::nullopt;
}

void FunctionAnalysis::enterElement(const Path &Range, const Stmt *Body,
                                    State &S) {
  Path Element = resolve(Range, S);
  Element.push_back(ElementMark);
  // What the previous iteration learned of its element (`r.path.size() >
  // 256`) says nothing of this one's. Except what a close of an element
  // said of that element's own flags (`close(h.fd); h.open = false;` in
  // an earlier loop): visiting another element does not change them, and
  // a test of this one's flag (`if (!h.open) continue;`) meets them.
  std::map<Key, Facts> ElementFlags;
  for (const auto &[K, Cl] : S.Keys)
    if (hasPrefix(K.P, Element, /*OrEqual=*/false))
      for (const auto &[Subject, F] : Cl.Cond)
        if (const Path *SP = C.subject(Subject);
            SP && hasPrefix(*SP, Element, /*OrEqual=*/false))
          ElementFlags[K].emplace(Subject, F);
  forgetFacts(S, Element, /*OrEqual=*/true);
  for (auto &[K, Flags] : ElementFlags)
    if (auto It = S.Keys.find(K); It != S.Keys.end())
      It->second.Cond.insert(Flags.begin(), Flags.end());
  auto InBody = [&](const Expr *Site) {
    return Site && C.SM.isPointWithin(Site->getExprLoc(), Body->getBeginLoc(),
                                      Body->getEndLoc());
  };
  // `for (auto &c : ups_[i].idle)`: the elements of the container at a
  // key, as every element's state is kept (without keys).
  const Path Elements = withoutKeys(Element);
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    if (!hasPrefix(withoutKeys(It->first.P), Elements, /*OrEqual=*/true)) {
      ++It;
      continue;
    }
    llvm::erase_if(It->second.Sites, InBody);
    It = It->second.Sites.empty() ? S.Keys.erase(It) : std::next(It);
  }
  // Nor was this element changed by what the iterations before did to
  // theirs (`fclose(f)` in each): what was closed before the loop, at
  // some key, it may meet.
  for (auto It = S.TouchedKeys.begin(); It != S.TouchedKeys.end();)
    It = It->P == Element && !S.Keys.count(*It) ? S.TouchedKeys.erase(It)
                                                 : std::next(It);
}

void FunctionAnalysis::forgetFacts(State &S, const Path &Prefix,
                                   bool OrEqual) {
  if (C.Subjects.empty())
    return;
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

/// True when Prefix names an element without its key (`links_[...]`, an
/// element a callee replaced at a key the caller cannot name).
static bool unkeyedElement(const Path &Prefix) {
  for (size_t I = 0; I < Prefix.size(); ++I)
    if (Prefix[I] == ElementMark &&
        (I + 1 == Prefix.size() || !isKeyPart(Prefix[I + 1])))
      return true;
  return false;
}

void FunctionAnalysis::forget(State &S, const Path &Prefix, bool OrEqual) {
  // An element at a key the caller cannot name may be the one at any key
  // it knows (`attach(link)` storing it under `link->id()`).
  const bool AnyKey = unkeyedElement(Prefix);
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    if ((hasPrefix(It->first.P, Prefix, OrEqual) ||
         (AnyKey && hasPrefix(withoutKeys(It->first.P), Prefix, OrEqual))) &&
        !isPriorPath(It->first.P))
      It = S.Keys.erase(It);
    else
      ++It;
  }
  if (OrEqual && Prefix.size() == 1 && Prefix.front() != ThisRoot) {
    const auto *VD = static_cast<const VarDecl *>(Prefix.front());
    forgetKeyedBy(VD, S);
    S.Known.erase(VD);
    S.QueryVars.erase(VD);
    for (auto &[K, Cl] : S.Keys)
      Cl.Cond.erase(VD);
  }
  if (!C.Differences.empty()) {
    // `i - v.size()` says nothing once i or v changed.
    auto Stale = [&](const void *Subject) {
      const Context::Difference *D = C.differenceOf(Subject);
      return D && ((OrEqual && Prefix.size() == 1 &&
                    Prefix.front() == D->first) ||
                   hasPrefix(D->second, Prefix, OrEqual));
    };
    for (auto It = S.Known.begin(); It != S.Known.end();)
      It = Stale(It->first) ? S.Known.erase(It) : std::next(It);
    for (auto &[K, Cl] : S.Keys)
      for (auto It = Cl.Cond.begin(); It != Cl.Cond.end();)
        It = Stale(It->first) ? Cl.Cond.erase(It) : std::next(It);
  }
  forgetFacts(S, Prefix, OrEqual);
  for (auto It = S.Null.begin(); It != S.Null.end();)
    It = hasPrefix(*It, Prefix, OrEqual) ? S.Null.erase(It) : std::next(It);
  for (auto It = S.MaybeNull.begin(); It != S.MaybeNull.end();)
    It = hasPrefix(*It, Prefix, OrEqual) ? S.MaybeNull.erase(It)
                                         : std::next(It);
  S.TouchedPrefixes.insert({Prefix, OrEqual});
  if (std::optional<Effect> E = entryRoot(Prefix)) {
    E->K = Effect::Reset;
    E->AnyProfile = true;
    E->OrEqual = OrEqual;
    // A flag written only where the entry values say so (`if (closeAfter)
    // ... stopped_ = true;`): a caller that excludes them knows it still.
    // So is a container of its own filled or emptied only there (`if
    // (pending_.empty()) return; ... backlog_.insert(...)`).
    if (const FieldDecl *F = Prefix.size() >= 2 ? fieldPart(Prefix.back())
                                                : nullptr;
        F && (isStateFlag(Prefix) ||
              (F->getType()->isIntegralOrEnumerationType() &&
               !isHandleInteger(F->getType())) ||
              isValueContainer(F->getType())))
      E->Pre = entryPreconditions(S.Entry);
    record(*E);
  }
}

/// A standard sequence or map of values (`std::vector<std::string>`), not of
/// handles: what it holds is data, its size a flag (memberSizeFlag()).
bool isValueContainer(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() ||
      !isStdType(T, {"vector", "deque", "list", "set", "map", "unordered_map",
                     "unordered_set", "queue", "stack"}))
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() != TemplateArgument::Type)
      continue;
    QualType V = A.getAsType();
    if (V->isPointerType() || isSmartPointerType(V))
      return false;
    if (const CXXRecordDecl *RD = V->getAsCXXRecordDecl();
        RD && !RD->isInStdNamespace())
      return false; // a class of the program's own may hold handles
  }
  return true;
}

/// What a pointer-like initializer points to: `&x`, another pointer or smart
/// pointer (copied or moved), or `sp.get()`. None for a fresh object.
std::optional<Path> pointeeOf(const Expr *Init) {
  if (!Init)
    return std::nullopt;
  const Expr *E = stripWrappers(Init);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // A copy or move, or a smart pointer made from another (a weak_ptr
    // from a shared_ptr, a shared_ptr from a unique_ptr).
    bool Converts = isSmartPointerType(CE->getType()) &&
                    CE->getNumArgs() == 1 &&
                    isSmartPointerType(CE->getArg(0)->getType());
    // A smart pointer taking ownership of a raw one (`unique_ptr<FILE,
    // Closer> file_(f)`): the same object.
    bool Adopts = isSmartPointerType(CE->getType()) && CE->getNumArgs() >= 1 &&
                  CE->getArg(0)->getType()->isPointerType();
    if (Adopts)
      return pointeeOf(CE->getArg(0));
    if (CE->getNumArgs() != 1 ||
        !(CE->getConstructor()->isCopyOrMoveConstructor() || Converts))
      return std::nullopt;
    E = stripWrappers(CE->getArg(0));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return rawPathOf(UO->getSubExpr());
    return std::nullopt; // `*it`: an element, a different one each time
  }
  if (isa<CXXOperatorCallExpr>(E)) {
    // `for (auto *p : producers)`: the element the loop visits, which the
    // loop's closes and uses are about. Any other `*it` or `v[i]` copied
    // out is left alone.
    if (cast<CXXOperatorCallExpr>(E)->getOperator() == OO_Star)
      if (std::optional<Path> Element = elementPathOf(E, 0))
        return Element;
    return std::nullopt;
  }
  QualType T = E->getType();
  if (T->isPointerType() || isSmartPointerType(T))
    return rawPathOf(E);
  if (isHandleInteger(T))
    return rawPathOf(E);
  return std::nullopt;
}

void FunctionAnalysis::bindAlias(const Path &Pointer, const Expr *Init,
                                 State &S) {
  S.Alias.erase(Pointer);
  S.Null.erase(Pointer);
  S.MaybeNull.erase(Pointer);
  auto IsNull = [&](const Expr *E) {
    return E->isNullPointerConstant(C.Ctx, Expr::NPC_ValueDependentIsNotNull);
  };
  // `std::unique_ptr<T, D> p;` and `p(nullptr)` hold nothing; `p(c ? &x :
  // nullptr)` holds x where it holds anything (as a join of both would).
  if (const auto *CE =
          Init ? dyn_cast<CXXConstructExpr>(stripWrappers(Init)) : nullptr;
      CE && isSmartPointerType(CE->getType()) &&
      !CE->getConstructor()->isCopyOrMoveConstructor()) {
    if (CE->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(CE->getArg(0)) ||
        IsNull(CE->getArg(0))) {
      S.Null.insert(Pointer);
      return;
    }
    Init = CE->getArg(0);
  }
  if (const auto *CO =
          Init ? dyn_cast<ConditionalOperator>(stripWrappers(Init)) : nullptr;
      CO && IsNull(CO->getLHS()) != IsNull(CO->getRHS())) {
    Init = IsNull(CO->getLHS()) ? CO->getRHS() : CO->getLHS();
    S.MaybeNull.insert(Pointer);
  }
  if (Init && IsNull(Init)) {
    S.Null.insert(Pointer);
    return;
  }
  bindCopy(Pointer, Init, S);
}

void FunctionAnalysis::bindCopy(const Path &Var, const Expr *Init,
                                State &S) {
  S.Alias.erase(Var);
  std::optional<Path> Target = pointeeOf(Init);
  if (!Target)
    if (const auto *Call =
            Init ? dyn_cast<CallExpr>(stripWrappers(Init)) : nullptr)
      Target = returnedPath(Call, S);
  if (!Target)
    return;
  Path Resolved = resolve(std::move(*Target), S);
  if (!hasPrefix(Resolved, Var, /*OrEqual=*/true)) // p = p->next: unstable
    S.Alias[Var] = std::move(Resolved);
}

void FunctionAnalysis::splitCopies(const Path &P, State &S) {
  std::vector<Path> Copies;
  for (const auto &[From, To] : S.Alias)
    if (To == P && !hasPrefix(From, P, /*OrEqual=*/true))
      Copies.push_back(From);
  if (Copies.empty())
    return;
  std::vector<std::pair<Key, Closed>> Kept;
  for (const auto &[K, Cl] : S.Keys)
    if (K.P == P)
      for (const Path &Copy : Copies)
        Kept.push_back({Key{K.Profile, Copy}, Cl});
  for (const Path &Copy : Copies)
    S.Alias.erase(Copy);
  for (auto &[K, Cl] : Kept)
    S.Keys.insert_or_assign(std::move(K), std::move(Cl));
}

void FunctionAnalysis::splitIntCopiesUnder(const Path &P, bool OrEqual,
                                            State &S) {
  std::set<Path> Targets;
  for (const auto &[From, To] : S.Alias) {
    if (!(OrEqual ? hasPrefix(To, P, /*OrEqual=*/true) : To == P) ||
        From.size() != 1 || From.front() == ThisRoot)
      continue;
    const auto *VD = dyn_cast<VarDecl>(
        static_cast<const Decl *>(static_cast<const NamedDecl *>(From.front())));
    if (VD && isHandleInteger(VD->getType()))
      Targets.insert(To);
  }
  for (const Path &T : Targets)
    splitCopies(T, S);
}

namespace {

/// P with its prefix From replaced by To.
Path renamed(const Path &P, const Path &From, const Path &To) {
  if (!hasPrefix(P, From, /*OrEqual=*/true))
    return P;
  Path Out = To;
  Out.insert(Out.end(), P.begin() + From.size(), P.end());
  return Out;
}

/// P with its prefix A replaced by B and its prefix B by A (unchanged when
/// it has neither).
Path exchanged(const Path &P, const Path &A, const Path &B) {
  if (hasPrefix(P, A, /*OrEqual=*/true))
    return renamed(P, A, B);
  return renamed(P, B, A);
}

/// A user class whose copies and moves are the compiler's, member by
/// member, and whose destructor does nothing of its own: std::swap of two
/// of them exchanges their whole state (no temporary's destructor closes
/// what one of them holds).
static bool movesMemberwise(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isInStdNamespace() || RD->isLambda())
    return false;
  RD = RD->getDefinition();
  auto Compiler = [](const CXXMethodDecl *M) {
    return !M || M->isDeleted() || !M->isUserProvided();
  };
  if (!Compiler(RD->getDestructor()))
    return false;
  for (const CXXConstructorDecl *Ctor : RD->ctors())
    if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
        !Compiler(Ctor))
      return false;
  for (const CXXMethodDecl *M : RD->methods())
    if ((M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator()) &&
        !Compiler(M))
      return false;
  return true;
}

/// `void swap(Port &o) noexcept { std::swap(fd_, o.fd_); }`: a member swap
/// whose body is only std::swap of each of the class's fields with the
/// same field of its parameter (after `using std::swap;`).
static bool swapsEveryMember(const CXXMethodDecl *MD) {
  const FunctionDecl *Def = nullptr;
  if (!MD || MD->getNumParams() != 1 || !MD->hasBody(Def) || !Def)
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  const ParmVarDecl *Other = Def->getParamDecl(0);
  QualType PT = Other->getType();
  if (!PT->isLValueReferenceType() ||
      PT.getNonReferenceType()->getAsCXXRecordDecl() != RD->getDefinition())
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  if (!Body)
    return false;
  std::set<const FieldDecl *> Swapped;
  auto FieldOf = [](const Expr *E, bool OfThis, const ParmVarDecl *P)
      -> const FieldDecl * {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    if (!ME)
      return nullptr;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    if (OfThis ? !isa<CXXThisExpr>(Base) : !DRE || DRE->getDecl() != P)
      return nullptr;
    return dyn_cast<FieldDecl>(ME->getMemberDecl());
  };
  for (const Stmt *St : Body->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(St);
        DS && llvm::all_of(DS->decls(), [](const Decl *D) {
          return isa<UsingDecl, UsingShadowDecl>(D);
        }))
      continue;
    const auto *Call = dyn_cast<CallExpr>(St);
    const FunctionDecl *Swap = Call ? Call->getDirectCallee() : nullptr;
    if (!Swap || !Swap->isInStdNamespace() || !Swap->getIdentifier() ||
        Swap->getName() != "swap" || Call->getNumArgs() != 2)
      return false;
    const FieldDecl *Mine = FieldOf(Call->getArg(0), true, Other);
    const FieldDecl *Theirs = FieldOf(Call->getArg(1), false, Other);
    if (!Mine || Mine != Theirs)
      return false;
    Swapped.insert(Mine->getCanonicalDecl());
  }
  return !Swapped.empty() && llvm::all_of(RD->fields(), [&](const FieldDecl *F) {
    return Swapped.count(F->getCanonicalDecl()) != 0;
  });
}


/// The two pointer-like operands of `std::swap(a, b)` or `a.swap(b)`, or
/// the objects of a user class whose swap exchanges every member.
std::optional<std::pair<const Expr *, const Expr *>>
swappedPointers(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Callee->getName() != "swap")
    return std::nullopt;
  std::pair<const Expr *, const Expr *> Ops;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call)) {
    if (MCE->getNumArgs() != 1)
      return std::nullopt;
    // `a.swap(b)` of a user class whose swap exchanges every member: the
    // two objects trade places, as std::swap of them would.
    if (swapsEveryMember(MCE->getMethodDecl()))
      return std::make_pair(MCE->getImplicitObjectArgument(), MCE->getArg(0));
    if (!isCallOnSmartPointer(MCE))
      return std::nullopt;
    Ops = {MCE->getImplicitObjectArgument(), MCE->getArg(0)};
  } else if (Callee->isInStdNamespace() && Call->getNumArgs() == 2) {
    Ops = {Call->getArg(0), Call->getArg(1)};
  } else {
    return std::nullopt;
  }
  // A user class's swap may do anything; pointers exchange what they hold,
  // and so does std::swap of objects that move member by member.
  for (const Expr *E : {Ops.first, Ops.second}) {
    QualType T = E->getType();
    if (!T->isPointerType() && !isSmartPointerType(T) &&
        !(Callee->isInStdNamespace() && movesMemberwise(T)))
      return std::nullopt;
  }
  return Ops;
}

/// Moves what S knows of each object to the path Map gives it: its state,
/// the locks guarding it, the pointers to it and whether it was touched.
void renamePaths(State &S, llvm::function_ref<Path(const Path &)> Map) {
  std::map<Key, Closed> Keys;
  for (auto &[K, Cl] : S.Keys)
    Keys[Key{K.Profile, Map(K.P)}] = std::move(Cl);
  S.Keys = std::move(Keys);
  std::map<Key, std::set<Path>> Guarded;
  for (auto &[K, Locks] : S.Guarded)
    Guarded[Key{K.Profile, Map(K.P)}] = std::move(Locks);
  S.Guarded = std::move(Guarded);
  std::map<Path, Path> Alias;
  for (auto &[From, To] : S.Alias)
    Alias[Map(From)] = Map(To);
  S.Alias = std::move(Alias);
  std::set<Key> Touched;
  for (const Key &K : S.TouchedKeys)
    Touched.insert(Key{K.Profile, Map(K.P)});
  S.TouchedKeys = std::move(Touched);
  // A callable's own copy of the pointer goes with the object; a use
  // through a path (`[this] { screen_->draw(); }`) stays with the path.
  for (auto &[Where, Callables] : S.Kept)
    for (KeptCallable &K : Callables)
      for (TaskUse &U : K.Uses)
        if (U.Pinned)
          U.K.P = Map(U.K.P);
}

} // namespace

bool FunctionAnalysis::rehomes(const Path &P, const State &S) const {
  return llvm::any_of(S.Alias, [&](const auto &A) {
    return A.second == P && !hasPrefix(A.first, P, /*OrEqual=*/true);
  });
}

bool FunctionAnalysis::rehome(const Path &P, State &S) {
  if (S.Alias.count(P))
    return false; // P points elsewhere: rebinding it moves nothing.
  // A weak_ptr owns nothing: once P lets go, what it observes is gone (its
  // lock() gives null), unless an owner is left.
  auto Owns = [](const Path &Q) {
    const ValueDecl *D = nullptr;
    if (Q.size() == 1 && Q.front() != ThisRoot)
      D = static_cast<const VarDecl *>(Q.front());
    else if (Q.size() > 1)
      D = fieldPart(Q.back());
    return !D || !isWeakPointerType(D->getType());
  };
  // The objects P's own members point to (`bus_->producer_` when `bus_` is
  // rebound) that another owner shares (`audit_->producer_`) live on in it
  // too, whatever becomes of P's object.
  std::set<Path> Inner;
  for (const auto &[From, To] : S.Alias)
    if (To.size() > P.size() && hasPrefix(To, P, /*OrEqual=*/false) &&
        !hasPrefix(From, P, /*OrEqual=*/true) && Owns(From))
      Inner.insert(To);
  auto MoveTo = [&](const Path &Target) {
    const Path *Heir = nullptr;
    for (const auto &[From, To] : S.Alias)
      if (To == Target && !hasPrefix(From, P, /*OrEqual=*/true) && Owns(From)) {
        Heir = &From;
        break;
      }
    if (!Heir)
      return false;
    Path Q = *Heir;
    S.Alias.erase(Q);
    renamePaths(S, [&](const Path &Old) { return renamed(Old, Target, Q); });
    return true;
  };
  // Deepest first: renaming an outer one would rename those inside it.
  for (auto It = Inner.rbegin(); It != Inner.rend(); ++It)
    MoveTo(*It);
  return MoveTo(P);
}

/// `std::swap(active_, standby_)` of two pointers (or `a.swap(b)` of smart
/// pointers): the object each pointed to, and all that is known of it, is
/// reached through the other from here on.
bool FunctionAnalysis::transferAtomicStore(const CallExpr *Call, State &S) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MCE->getNumArgs() == 0 ||
      !isStdType(MCE->getImplicitObjectArgument()->getType(), {"atomic"}) ||
      (MD->getName() != "store" && MD->getName() != "exchange"))
    return false;
  if (MD->getName() == "exchange")
    if (const void *Member = subjectOf(MCE->getImplicitObjectArgument())) {
      if (S.Assigned.count(Member))
        ExchangedEntry[Call] = nullptr; // assigned on some path: not entry
      else if (auto [It, New] = ExchangedEntry.try_emplace(Call, Member); !New)
        It->second = It->second == Member ? Member : nullptr;
    }
  assignTo(MCE->getImplicitObjectArgument(), MCE->getArg(0), S);
  return true;
}

bool FunctionAnalysis::transferSwap(const CallExpr *Call, State &S) {
  std::optional<std::pair<const Expr *, const Expr *>> Ops =
      swappedPointers(Call);
  if (!Ops)
    return false;
  // The pointers themselves (what they point to is what moves).
  auto PointerPath = [&](const Expr *E) -> std::optional<Path> {
    std::optional<Path> Raw = rawPathOf(E);
    if (!Raw || Raw->size() == 1)
      return Raw;
    Path P = resolve(Path(Raw->begin(), Raw->end() - 1), S);
    P.push_back(Raw->back());
    return P;
  };
  std::optional<Path> A = PointerPath(Ops->first), B = PointerPath(Ops->second);
  if (!A || !B || hasPrefix(*A, *B, true) || hasPrefix(*B, *A, true))
    return false;
  renamePaths(S, [&](const Path &P) { return exchanged(P, *A, *B); });
  return true;
}

/// `Closer guard(conn);` whose constructor binds a reference (or pointer, or
/// smart pointer) member to its argument (`: conn_(c)`,
/// `: channel_(std::move(channel))`): guard.conn_ denotes conn, so that what
/// the guard's methods and destructor do to conn_ they do to conn. A flag
/// the constructor initializes to a constant (`bool committed_ = false;`)
/// and its body leaves alone holds that value in the new object.
/// True when Body assigns or steps the member F of `this`.
static bool writesMember(const Stmt *Body, const FieldDecl *F) {
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  auto Names = [&](const Expr *E) {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return ME && ME->getMemberDecl()->getCanonicalDecl() == F;
  };
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *BO = dyn_cast<BinaryOperator>(St);
        BO && BO->isAssignmentOp() && Names(BO->getLHS()))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(St);
        UO && UO->isIncrementDecrementOp() && Names(UO->getSubExpr()))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(St);
        UO && UO->getOpcode() == UO_AddrOf && Names(UO->getSubExpr()))
      return true; // its address escapes: anything may write it
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return false;
}

void FunctionAnalysis::learnInitialized(const Path &Obj, const FieldDecl *F,
                                        const Expr *Init, const Stmt *Body,
                                        State &S) {
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(Init->IgnoreImplicit()))
    Init = DIE->getExpr();
  Expr::EvalResult ER;
  if (!Init || Init->isValueDependent() || !Init->EvaluateAsInt(ER, C.Ctx) ||
      writesMember(Body, F->getCanonicalDecl()))
    return;
  Path Member = Obj;
  Member.push_back(F->getCanonicalDecl());
  S.Known[C.intern(Member)] = Fact{Fact::Eq, ER.Val.getInt().getExtValue()};
}

void FunctionAnalysis::learnConstructedFlags(const Path &Obj,
                                             const CXXConstructorDecl *Ctor,
                                             State &S) {
  const FunctionDecl *Def = nullptr;
  if (Ctor && !Ctor->hasBody(Def)) {
    // Defined in another unit: the flags its summary there says it sets.
    if (const Summary *Sum = C.importedSummary(Ctor))
      for (const Effect &E : Sum->Effects)
        if (E.K == Effect::Sets && E.Root == RootKind::This &&
            !E.Suffix.empty() && llvm::all_of(E.Suffix, fieldPart)) {
          Path Flag = Obj;
          Flag.insert(Flag.end(), E.Suffix.begin(), E.Suffix.end());
          S.Known[C.intern(Flag)] = E.Value;
        }
    return;
  }
  if (!Ctor || !Def ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
    return;
  for (const CXXCtorInitializer *CI : cast<CXXConstructorDecl>(Def)->inits())
    if (const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
        F && CI->getInit() && F->getType()->isIntegralOrEnumerationType())
      learnInitialized(Obj, F, CI->getInit(), Def->getBody(), S);
}

/// `std::optional<Lease> lease(std::in_place, link)`: the value's
/// constructor runs on the arguments after the tag.
static bool buildsOptionalInPlace(const CXXConstructExpr *CE) {
  const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier() ||
      RD->getName() != "optional" || CE->getNumArgs() < 1)
    return false;
  const CXXRecordDecl *Tag =
      CE->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return Tag && Tag->isInStdNamespace() && Tag->getIdentifier() &&
         Tag->getName() == "in_place_t";
}

/// The class of a copy made by the compiler's copy constructor whose
/// destructor is the user's own: its copies share raw handles that each
/// copy's destructor may release.
static const CXXRecordDecl *memberwiseCopyWithDestructor(
    const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE ? CE->getConstructor() : nullptr;
  if (!Ctor || !Ctor->isCopyConstructor() || Ctor->isUserProvided() ||
      CE->getNumArgs() != 1)
    return nullptr;
  const CXXRecordDecl *RD = Ctor->getParent();
  if (!RD || RD->isInStdNamespace() || RD->isLambda() || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  const CXXDestructorDecl *Dtor = RD->getDestructor();
  return Dtor && Dtor->isUserProvided() ? RD : nullptr;
}

/// The class of a copy the compiler's copy constructor makes member by
/// member: one with a destructor of the user's own (above), a struct of the
/// program's with none, or a `std::pair` (`auto [fd, dev] = lines_.at(n);`
/// copies the element): a raw handle member of the copy is the original's.
static const CXXRecordDecl *memberwiseCopiedClass(const CXXConstructExpr *CE) {
  if (const CXXRecordDecl *RD = memberwiseCopyWithDestructor(CE))
    return RD;
  const CXXConstructorDecl *Ctor = CE ? CE->getConstructor() : nullptr;
  if (!Ctor || !Ctor->isCopyConstructor() || Ctor->isUserProvided() ||
      CE->getNumArgs() != 1)
    return nullptr;
  const CXXRecordDecl *RD = Ctor->getParent();
  if (!RD || RD->isLambda() || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  if (RD->isInStdNamespace())
    return RD->getIdentifier() && RD->getName() == "pair" ? RD : nullptr;
  const CXXDestructorDecl *Dtor = RD->getDestructor();
  return !Dtor || Dtor->isTrivial() ? RD : nullptr;
}

void FunctionAnalysis::bindMemberwiseCopy(const Path &Obj,
                                          const CXXConstructExpr *CE,
                                          State &S) {
  const CXXRecordDecl *RD = memberwiseCopiedClass(CE);
  if (!RD)
    return;
  std::optional<Path> From = pathOf(CE->getArg(0), S);
  if (!From || hasPrefix(*From, Obj, /*OrEqual=*/true))
    return;
  for (const FieldDecl *F : RD->fields()) {
    QualType T = F->getType();
    if (!T->isPointerType() && !isHandleInteger(T))
      continue;
    Path Mine = Obj, Theirs = *From;
    Mine.push_back(F->getCanonicalDecl());
    Theirs.push_back(F->getCanonicalDecl());
    Path Target = resolve(std::move(Theirs), S);
    if (!hasPrefix(Target, Mine, /*OrEqual=*/true))
      S.Alias[Mine] = std::move(Target);
  }
}

void FunctionAnalysis::destroyArgumentCopies(const CallExpr *Call, State &S) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return;
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) &&
                           isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = Shift; I < Call->getNumArgs(); ++I) {
    const auto *Bound = dyn_cast<CXXBindTemporaryExpr>(
        Call->getArg(I)->IgnoreParenImpCasts());
    const auto *CE =
        Bound ? dyn_cast<CXXConstructExpr>(Bound->getSubExpr()) : nullptr;
    if (!memberwiseCopyWithDestructor(CE) || I - Shift >= Callee->getNumParams())
      continue;
    // The parameter stands for the copy: one object per call here.
    const ParmVarDecl *Param = Callee->getParamDecl(I - Shift);
    Path Copy{Param->getCanonicalDecl()};
    bindMemberwiseCopy(Copy, CE, S);
    if (!llvm::any_of(S.Alias, [&](const auto &A) {
          return hasPrefix(A.first, Copy, /*OrEqual=*/false);
        }))
      continue;
    applyDestruction(Copy, CE->getType(), CE,
                     "the copy of '" + exprName(CE->getArg(0)) +
                         "' passed to '" + Callee->getNameAsString() +
                         "' by value is destroyed",
                     Call->getEndLoc(), S);
    for (auto It = S.Alias.begin(); It != S.Alias.end();)
      It = hasPrefix(It->first, Copy, /*OrEqual=*/true) ? S.Alias.erase(It)
                                                        : std::next(It);
  }
}

void FunctionAnalysis::bindConstructedMembers(const Path &Obj,
                                              const CXXConstructExpr *CE,
                                              State &S) {
  bindMemberwiseCopy(Obj, CE, S);
  if (buildsOptionalInPlace(CE)) {
    const auto *Spec = cast<ClassTemplateSpecializationDecl>(
        CE->getType()->getAsCXXRecordDecl());
    const TemplateArgument &Value = Spec->getTemplateArgs()[0];
    const CXXRecordDecl *Made = Value.getKind() == TemplateArgument::Type
                                    ? Value.getAsType()->getAsCXXRecordDecl()
                                    : nullptr;
    llvm::ArrayRef<const Expr *> Args(CE->getArgs() + 1, CE->getNumArgs() - 1);
    if (const CXXConstructorDecl *Ctor = forwardedConstructor(Made, Args.size()))
      bindConstructedMembers(Obj, Ctor, Args, S);
    return;
  }
  bindConstructedMembers(Obj, CE->getConstructor(),
                         llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()), S);
}

const CXXConstructorDecl *forwardedConstructor(const CXXRecordDecl *Made,
                                               unsigned NumArgs) {
  if (!Made || !Made->hasDefinition())
    return nullptr;
  const CXXConstructorDecl *Found = nullptr;
  for (const CXXConstructorDecl *Ctor : Made->getDefinition()->ctors()) {
    if (Ctor->isCopyOrMoveConstructor() || Ctor->getNumParams() != NumArgs)
      continue;
    if (Found)
      return nullptr; // overloads: not ours to pick
    Found = Ctor;
  }
  return Found;
}

/// `std::make_unique<EventBus>(producer_)`: the constructor of the class
/// it makes that takes that many arguments (when only one does).
static const CXXConstructorDecl *madeWith(const CallExpr *Call) {
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      !llvm::is_contained({"make_unique", "make_shared"}, F->getName()))
    return nullptr;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Call->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return forwardedConstructor(
      Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl(),
      Call->getNumArgs());
}

namespace {

/// `push_back(std::make_unique<Route>(...))`: a call that appends one
/// element to a standard sequence, and the make_unique/make_shared call
/// that builds it (null when the element comes from elsewhere).
std::optional<const CallExpr *> appendedElement(const CXXMemberCallExpr *MCE) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier() || !MD->getParent()->isInStdNamespace())
    return std::nullopt;
  static constexpr llvm::StringLiteral Appends[] = {
      "push_back", "emplace_back", "push_front", "emplace_front"};
  static constexpr llvm::StringLiteral Others[] = {
      "insert", "emplace", "assign", "resize", "swap", "operator="};
  if (llvm::is_contained(Others, MD->getName()))
    return nullptr;
  if (!llvm::is_contained(Appends, MD->getName()))
    return std::nullopt;
  const CallExpr *Made =
      MCE->getNumArgs() == 1
          ? dyn_cast<CallExpr>(stripWrappers(MCE->getArg(0)))
          : nullptr;
  return madeWith(Made) ? Made : nullptr;
}

/// Where a local sequence gets its elements: the one call that appends
/// them, each built by make_unique/make_shared; null when another call
/// adds to it, or it is handed to code that may.
const CXXMemberCallExpr *soleAppendSite(const FunctionDecl *FD,
                                        const VarDecl *Container) {
  const CXXMemberCallExpr *Site = nullptr;
  bool Other = false;
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty() && !Other) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const auto *Obj = dyn_cast<DeclRefExpr>(
          MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
      if (!Obj || Obj->getDecl()->getCanonicalDecl() != Container)
        continue;
      std::optional<const CallExpr *> Made = appendedElement(MCE);
      if (Made && (!*Made || Site))
        Other = true;
      else if (Made)
        Site = MCE;
      continue;
    }
    // Passed to a call that may change it, or assigned.
    const auto *Call = dyn_cast<CallExpr>(St);
    for (unsigned I = 0; Call && I < Call->getNumArgs(); ++I) {
      const auto *DRE =
          dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
      if (DRE && DRE->getDecl()->getCanonicalDecl() == Container &&
          !Call->getArg(I)->getType().isConstQualified() &&
          !isa<CXXOperatorCallExpr>(Call))
        Other = true;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
        OCE && OCE->isAssignmentOp() && OCE->getNumArgs() >= 1)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(OCE->getArg(0)->IgnoreParenImpCasts());
          DRE && DRE->getDecl()->getCanonicalDecl() == Container)
        Other = true;
  }
  return Other ? nullptr : Site;
}

} // namespace

/// `routes.push_back(std::make_unique<Route>(name, timer, ch));`, the one
/// way a local sequence declared here gets its elements: the members every
/// element's constructor binds to a parameter of this function (`timer_(
/// timer)`) denote that object for each element, from the declaration on
/// (`for (auto &r : routes) r->start();` then keeps its callables in the
/// caller's `timer`). A member bound to what changes from one element to
/// the next (a loop's variable) is not bound.
void FunctionAnalysis::bindElementMembers(const VarDecl *VD, State &S) {
  if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      VD->getType()->isReferenceType() || !VD->getType()->isRecordType() ||
      !isStdType(VD->getType(), {"vector", "deque", "list"}))
    return;
  const CXXMemberCallExpr *MCE = soleAppendSite(FD, VD->getCanonicalDecl());
  std::optional<const CallExpr *> Made =
      MCE ? appendedElement(MCE) : std::nullopt;
  if (!Made || !*Made)
    return;
  Path Element{VD->getCanonicalDecl(), ElementMark};
  State Bound;
  bindConstructedMembers(Element, madeWith(*Made),
                         llvm::ArrayRef((*Made)->getArgs(), (*Made)->getNumArgs()),
                         Bound);
  for (const auto &[Member, Target] : Bound.Alias) {
    const bool Stable =
        !Target.empty() && !llvm::is_contained(Target, ElementMark) &&
        Target.front() != ThisRoot &&
        isa<ParmVarDecl>(static_cast<const VarDecl *>(Target.front()));
    if (Stable && hasPrefix(Member, Element, /*OrEqual=*/false))
      S.Alias[Member] = Target;
  }
}

void FunctionAnalysis::bindMadeMembers(const Path &Ptr, const Expr *Init,
                                       State &S) {
  const auto *Call = Init ? dyn_cast<CallExpr>(stripWrappers(Init)) : nullptr;
  if (const CXXConstructorDecl *Ctor = madeWith(Call)) {
    llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
    bindConstructedMembers(Ptr, Ctor, Args, S);
    applyConstructorRegistrations(Ptr, Ctor, Args, Call, S);
  }
}

void FunctionAnalysis::applyConstructorRegistrations(
    const Path &Obj, const CXXConstructorDecl *Ctor,
    llvm::ArrayRef<const Expr *> Args, const Expr *Site, State &S) {
  const FunctionDecl *Def = nullptr;
  const Summary *Sum = nullptr;
  if (Ctor->hasBody(Def) && Def) {
    if (C.isRelevant(Def))
      Sum = C.summaryFor(Def, Bindings{});
  } else {
    Sum = C.importedSummary(Ctor);
  }
  if (!Sum)
    return;
  Invocation Inv;
  Inv.Callee = Def ? Def : Ctor;
  Inv.Args.assign(Args.begin(), Args.end());
  Inv.ThisPath = Obj;
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Registers && E.Exec && E.Registered)
      addRegisteredCallable(E, Inv, E.Start ? E.Start : Site, S);
}

bool isNamingCall(const FunctionDecl *F);

std::vector<std::pair<Path, unsigned>>
FunctionAnalysis::constructorBindings(const CXXConstructorDecl *Ctor,
                                      unsigned Depth) {
  std::vector<std::pair<Path, unsigned>> Out;
  const FunctionDecl *Def = nullptr;
  if (!Ctor || Depth > 3)
    return Out;
  // Defined in another unit: the members its summary there says it binds
  // to its parameters.
  if (!Ctor->hasBody(Def) || !Def) {
    if (const Summary *Sum = C.importedSummary(Ctor))
      for (const Effect &E : Sum->Effects)
        if (E.K == Effect::Keeps && !E.Suffix.empty() && E.Value.Value >= 0 &&
            E.Value.Value < static_cast<int64_t>(Ctor->getNumParams()) &&
            llvm::all_of(E.Suffix, fieldPart))
          Out.push_back({E.Suffix, static_cast<unsigned>(E.Value.Value)});
    return Out;
  }
  if (C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
    return Out;
  for (const CXXCtorInitializer *CI : cast<CXXConstructorDecl>(Def)->inits()) {
    const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
    if (!F || !CI->getInit())
      continue;
    if (const ParmVarDecl *PVD = boundParameter(CI)) {
      Out.push_back({Path{F->getCanonicalDecl()}, PVD->getFunctionScopeIndex()});
      continue;
    }
    // `p_(std::move(parts))` keeping a struct of shared owners the caller
    // filled (`Parts{watchdog_, audit_, ...}`): each pointer-like field
    // points at what the argument's field does.
    if (const RecordDecl *RD = plainStruct(F->getType())) {
      const ParmVarDecl *PVD = keptParameter(CI->getInit());
      if (PVD && PVD->getDeclContext() == Def &&
          plainStruct(PVD->getType().getNonReferenceType()) == RD) {
        for (const FieldDecl *G : RD->fields())
          if (QualType GT = G->getType();
              GT->isPointerType() || isSmartPointerType(GT))
            Out.push_back({Path{F->getCanonicalDecl(), G->getCanonicalDecl()},
                           PVD->getFunctionScopeIndex()});
        continue;
      }
    }
    // `notifier_(producer)`: what the member's own constructor binds to the
    // parameter this one passes it.
    const auto *CE = dyn_cast<CXXConstructExpr>(stripWrappers(CI->getInit()));
    if (!CE || !F->getType()->isRecordType() || isCallableRecord(F->getType()))
      continue;
    for (auto &[Suffix, Inner] :
         constructorBindings(CE->getConstructor(), Depth + 1)) {
      const ParmVarDecl *PVD =
          Inner < CE->getNumArgs() ? keptParameter(CE->getArg(Inner)) : nullptr;
      if (!PVD || PVD->getDeclContext() != Def)
        continue;
      Path P{F->getCanonicalDecl()};
      P.append(Suffix.begin(), Suffix.end());
      Out.push_back({std::move(P), PVD->getFunctionScopeIndex()});
    }
  }
  return Out;
}

void FunctionAnalysis::bindConstructedMembers(const Path &Obj,
                                              const CXXConstructorDecl *Ctor,
                                              llvm::ArrayRef<const Expr *> Args,
                                              State &S) {
  if (!Ctor)
    return;
  for (const auto &[Suffix, Param] : constructorBindings(Ctor, 0))
    bindMemberTo(Obj, Suffix, Ctor->getParamDecl(Param)->getType(),
                 Args.size() > Param ? Args[Param] : nullptr, S);
  learnConstructedFlags(Obj, Ctor, S);
}

const RecordDecl *plainStruct(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || !RD->isAggregate() ||
      RD->getNumBases() != 0 || RD->isLambda() || isSmartPointerType(T) ||
      isCallableRecord(T) || RD->isInStdNamespace())
    return nullptr;
  return RD;
}

/// The expression an argument of a plain struct gives its field G
/// (`Parts{w, audit_}` gives `audit` the second): none when not written.
static const Expr *fieldInitializer(const Expr *Arg, const FieldDecl *G) {
  for (unsigned Depth = 0; Arg && Depth < 8; ++Depth) {
    Arg = stripWrappers(Arg);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg))
      Arg = CE->getNumArgs() == 1 ? CE->getArg(0) : nullptr;
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Arg))
      Arg = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Arg))
      Arg = BTE->getSubExpr();
    else if (const auto *FCE = dyn_cast<CXXFunctionalCastExpr>(Arg))
      Arg = FCE->getSubExpr();
    else if (const auto *Call = dyn_cast<CallExpr>(Arg))
      Arg = isNamingCall(Call->getDirectCallee()) && Call->getNumArgs() == 1
                ? Call->getArg(0)
                : nullptr;
    else
      break;
  }
  const auto *ILE = dyn_cast_or_null<InitListExpr>(Arg);
  if (!ILE)
    return nullptr;
  if (const InitListExpr *Syn = ILE->getSyntacticForm())
    ILE = ILE->isSemanticForm() ? ILE : Syn;
  unsigned I = G->getFieldIndex();
  return I < ILE->getNumInits() ? ILE->getInit(I) : nullptr;
}

void FunctionAnalysis::bindMemberTo(const Path &Obj, const Path &Suffix,
                                    QualType PT, const Expr *Arg, State &S) {
  const FieldDecl *F = Suffix.empty() ? nullptr : fieldPart(Suffix.back());
  if (!F || !Arg)
    return;
  // A field of a struct the constructor keeps (`p_.audit`): what the
  // argument's initializer list gives that field.
  if (Suffix.size() >= 2)
    if (const FieldDecl *Held = fieldPart(Suffix[Suffix.size() - 2]);
        Held && plainStruct(Held->getType()) &&
        plainStruct(PT.getNonReferenceType()) ==
            plainStruct(Held->getType())) {
      const Expr *Given = fieldInitializer(Arg, F);
      std::optional<Path> Pointee = Given ? pointeeOf(Given) : std::nullopt;
      if (!Pointee)
        return;
      Path Member = Obj;
      Member.append(Suffix.begin(), Suffix.end());
      S.Alias[Member] = resolve(*Pointee, S);
      return;
    }
  QualType FT = F->getType();
  bool Smart = isSmartPointerType(FT);
  std::optional<Path> Target;
  if (FT->isReferenceType() && PT->isReferenceType())
    Target = pathOf(Arg, S);
  else if (isHandleInteger(FT) && isHandleInteger(PT)) {
    // A descriptor copied in: the member is a copy of the argument's.
    if (std::optional<Path> Copied = pointeeOf(Arg))
      Target = resolve(*Copied, S);
  } else if ((FT->isPointerType() && PT->isPointerType()) ||
           (Smart && (isSmartPointerType(PT) || PT->isPointerType())))
    if (std::optional<Path> Pointee = pointeeOf(Arg))
      Target = resolve(*Pointee, S);
  if (!Target)
    return;
  Path Member = Obj;
  Member.append(Suffix.begin(), Suffix.end());
  S.Alias[Member] = *Target;
}

const ParmVarDecl *boundParameter(const CXXCtorInitializer *CI) {
  const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
  if (!F || !CI->getInit())
    return nullptr;
  QualType FT = F->getType();
  if (isSmartPointerType(FT)) { // `channel_(std::move(channel))`
    std::optional<Path> From = pointeeOf(CI->getInit());
    if (From && From->size() == 1 && From->front() != ThisRoot)
      return dyn_cast<ParmVarDecl>(static_cast<const VarDecl *>(From->front()));
    return nullptr;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(CI->getInit()));
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  // `UniqueFd(int fd) : fd_(fd)`: the member holds the descriptor the
  // parameter names, as a local copy of it would.
  if (PVD && isHandleInteger(FT) && isHandleInteger(PVD->getType()))
    return PVD;
  if (!FT->isReferenceType() && !FT->isPointerType())
    return nullptr;
  return PVD;
}

/// `m_ = e;` (operator= or the built-in one) on a member of `this`: the
/// member and the expression assigned.
static std::optional<std::pair<const FieldDecl *, const Expr *>>
assignedMember(const Expr *E) {
  if (!E)
    return std::nullopt;
  const Expr *LHS = nullptr, *RHS = nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2) {
    LHS = OCE->getArg(0);
    RHS = OCE->getArg(1);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->getOpcode() == BO_Assign) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
  }
  const auto *ME =
      LHS ? dyn_cast<MemberExpr>(LHS->IgnoreParenImpCasts()) : nullptr;
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return std::nullopt;
  return std::make_pair(F, RHS);
}

/// What a constructor ties between its members, for units that see only
/// its declaration (Context::memberAliases there).
void FunctionAnalysis::exportConstructorAliases() {
  if (!isa<CXXConstructorDecl>(FD) || Lambda)
    return;
  for (const auto &[From, To] : constructorAliases()) {
    if (From.size() < 2 || To.size() < 2 || From.front() != ThisRoot ||
        To.front() != ThisRoot)
      continue;
    Effect E;
    E.K = Effect::Aliases;
    E.Root = RootKind::This;
    E.Suffix.assign(From.begin() + 1, From.end());
    RootRef Target;
    Target.Root = RootKind::This;
    Target.Suffix.assign(To.begin() + 1, To.end());
    E.Exec = Target;
    record(E);
  }
}

std::map<Path, Path> FunctionAnalysis::constructorAliases() {
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
  if (!Ctor)
    return {};
  State S;
  auto Bind = [&](const FieldDecl *F, const Expr *Init) {
    Path Member{ThisRoot, F->getCanonicalDecl()};
    QualType T = F->getType();
    if (T->isPointerType() || isSmartPointerType(T)) {
      bindAlias(Member, Init, S);
      bindMadeMembers(Member, Init, S);
    } else if (T->isReferenceType()) {
      if (std::optional<Path> Target = pathOf(Init, S))
        S.Alias[Member] = *Target;
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(stripWrappers(Init))) {
      bindConstructedMembers(Member, CE, S);
    }
  };
  // A defaulted default constructor not defined here runs the default
  // member initializers (`Loop loop_{out_};`), and nothing else.
  if (!Ctor->hasBody() && Ctor->isDefaulted() && Ctor->isDefaultConstructor()) {
    for (const FieldDecl *F : Ctor->getParent()->fields())
      if (const Expr *Init = F->getInClassInitializer())
        Bind(F, Init);
    return memberToMember(S.Alias);
  }
  // Defined in another unit: the members it binds to each parameter, and
  // those it ties to one another (its Aliases effects).
  if (!Ctor->hasBody()) {
    for (const auto &[Suffix, Param] : constructorBindings(Ctor, 0)) {
      Path Member{ThisRoot};
      Member.append(Suffix.begin(), Suffix.end());
      S.Alias[Member] = Path{Ctor->getParamDecl(Param)->getCanonicalDecl()};
    }
    if (const Summary *Sum = C.importedSummary(Ctor))
      for (const Effect &E : Sum->Effects)
        if (E.K == Effect::Aliases && E.Root == RootKind::This && E.Exec &&
            E.Exec->Root == RootKind::This) {
          Path Member{ThisRoot}, Target{ThisRoot};
          Member.append(E.Suffix.begin(), E.Suffix.end());
          Target.append(E.Exec->Suffix.begin(), E.Exec->Suffix.end());
          S.Alias[Member] = Target;
        }
    return memberToMember(S.Alias);
  }
  for (const CXXCtorInitializer *CI : Ctor->inits()) {
    const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
    const Expr *Init = F ? CI->getInit() : nullptr;
    // A default member initializer (`Loop loop_{out_};`) binds as a
    // constructor's initializer does.
    if (const auto *DIE = dyn_cast_or_null<CXXDefaultInitExpr>(
            Init ? Init->IgnoreImplicit() : nullptr))
      Init = DIE->getExpr();
    if (Init)
      Bind(F, Init);
  }
  // `engine_.attach(metrics_);` in the body, on every path: the setter
  // points the member's member at the argument.
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(Ctor->getBody()))
    for (const Stmt *St : Body->body()) {
      const auto *E = dyn_cast<Expr>(St);
      // `fetcher_ = std::make_unique<Fetcher>(*queue_);` in the body binds
      // as the same initializer would (members built in steps).
      if (auto Assigned = assignedMember(E)) {
        Bind(Assigned->first, Assigned->second);
        continue;
      }
      const auto *MCE =
          E ? dyn_cast<CXXMemberCallExpr>(stripWrappers(E)) : nullptr;
      if (!MCE)
        continue;
      std::optional<std::pair<const FieldDecl *, unsigned>> Set =
          setterBinding(MCE->getMethodDecl());
      std::optional<Path> Obj = rawPathOf(MCE->getImplicitObjectArgument());
      if (!Set || !Obj || Obj->size() != 2 || Obj->front() != ThisRoot ||
          Set->second >= MCE->getNumArgs())
        continue;
      if (std::optional<Path> Target = pathOf(MCE->getArg(Set->second), S)) {
        Path Member = *Obj;
        Member.push_back(Set->first->getCanonicalDecl());
        S.Alias[Member] = *Target;
      }
    }
  return memberToMember(S.Alias);
}

/// A setter: a method whose body points a pointer member at what a
/// parameter refers to (`metrics_ = &m;`, `journal_ = j;`) on every path.
std::optional<std::pair<const FieldDecl *, unsigned>>
FunctionAnalysis::setterBinding(const CXXMethodDecl *MD) {
  const FunctionDecl *Def = nullptr;
  if (!MD || !MD->hasBody(Def) || !Def)
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return std::nullopt;
  for (const Stmt *St : Body->body()) {
    const auto *BO = dyn_cast<BinaryOperator>(St);
    if (!BO || BO->getOpcode() != BO_Assign)
      continue;
    const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    if (!F || !F->getType()->isPointerType() ||
        !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      continue;
    const Expr *RHS = BO->getRHS()->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(RHS);
        UO && UO->getOpcode() == UO_AddrOf)
      RHS = UO->getSubExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(RHS);
    const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (PVD && PVD->getType()->isReferenceType() == (RHS != BO->getRHS()->IgnoreParenImpCasts()))
      return std::make_pair(F, PVD->getFunctionScopeIndex());
  }
  return std::nullopt;
}

namespace {
/// The class whose object T denotes or refers to: the pointee of a pointer
/// or reference, the object a smart pointer owns, or T itself.
const CXXRecordDecl *referredClass(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  else if (isSmartPointerType(T))
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl());
        Spec && Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      T = Spec->getTemplateArgs()[0].getAsType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() ? RD : nullptr;
}
} // namespace

/// The object at Base, of class RD, starts with the ties between members
/// that every constructor of RD set up, where no method of RD can rebind
/// them unseen and no outsider can (the members are not public): a
/// function that is not RD's own method may come after any rebinder.
void FunctionAnalysis::seedAliasesOf(const Path &Base, const CXXRecordDecl *RD,
                                     State &Init) {
  const Context::MemberAliases &M = C.memberAliases(RD);
  auto Stable = [&](const Path &P) {
    if (M.Rebinders.count(P[1]))
      return false;
    const FieldDecl *Last = fieldPart(P.back());
    return Last && Last->getAccess() != AS_public;
  };
  for (const auto &[From, To] : M.Aliases) {
    if (!Stable(From) || !Stable(To))
      continue;
    Path F = Base, Dest = Base;
    F.append(From.begin() + 1, From.end());
    Dest.append(To.begin() + 1, To.end());
    Init.Alias.emplace(std::move(F), std::move(Dest));
  }
}

/// A parameter that refers to an object of a class whose constructors all
/// tie some of its members to one object starts with those ties.
void FunctionAnalysis::seedParameterAliases(State &Init) {
  for (const ParmVarDecl *PVD : FD->parameters()) {
    QualType T = PVD->getType();
    if (!T->isReferenceType() && !T->isPointerType())
      continue;
    if (const CXXRecordDecl *RD = referredClass(T))
      seedAliasesOf(Path{PVD->getCanonicalDecl()}, RD, Init);
  }
}

/// A member of `this` that holds or refers to an object of another class
/// (`Terminal &terminal_`, `std::shared_ptr<Plant> plant_`) starts with
/// the ties that class's constructors set up, as a parameter would.
void FunctionAnalysis::seedNestedMemberAliases(const CXXRecordDecl *Self,
                                               State &Init) {
  for (const FieldDecl *F : Self->fields()) {
    const CXXRecordDecl *RD = referredClass(F->getType());
    if (!RD || RD->getCanonicalDecl() == Self->getCanonicalDecl() ||
        RD->isInStdNamespace())
      continue;
    seedAliasesOf(Path{ThisRoot, F->getCanonicalDecl()}, RD, Init);
  }
}

void FunctionAnalysis::seedMemberAliases(State &Init) {
  if (!Lambda)
    seedParameterAliases(Init);
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->isStatic() || isa<CXXConstructorDecl>(MD) || Lambda)
    return;
  seedNestedMemberAliases(MD->getParent(), Init);
  const Context::MemberAliases &M = C.memberAliases(MD->getParent());
  const FunctionDecl *Self = FD->getCanonicalDecl();
  // A method that rebinds a member but ties it as before on every return
  // (`producer_ = make(); bus_ = std::make_unique<Bus>(producer_);`) keeps
  // the alias for the others.
  auto BrokenElsewhere = [&](const void *Member, const Path &From,
                             const Path &To) {
    auto It = M.Rebinders.find(Member);
    if (It == M.Rebinders.end())
      return false;
    return llvm::any_of(It->second, [&](const FunctionDecl *F) {
      if (F == Self)
        return false;
      auto Kept = M.Kept.find(F);
      return Kept == M.Kept.end() || !Kept->second.count({From, To});
    });
  };
  for (const auto &[From, To] : M.Aliases)
    if (!BrokenElsewhere(From[1], From, To) && !BrokenElsewhere(To[1], From, To))
      Init.Alias.emplace(From, To);
}


/// EC's method closed the member by calling FD (`authenticate()` calling
/// `close()` on a wrong token, and saying so by returning false): calling
/// FD again after it is its caller's second call, reported where the
/// caller makes it, not inside FD.
bool FunctionAnalysis::closesInside(const Context::EarlierClose &EC,
                                    const FunctionDecl *FD) const {
  const Stmt *Body = FD->getBody();
  return EC.Site && Body &&
         C.SM.isPointWithin(EC.Site->getExprLoc(), Body->getBeginLoc(),
                            Body->getEndLoc());
}

/// What an earlier call of the class's methods may leave closed
/// (Context::earlierCloses): the method analyzed starts with it closed on
/// some paths, where the member is not null.
void FunctionAnalysis::seedEarlierCalls(State &Init) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !Report || !B.empty() || C.SpawnPass || MD->isStatic() ||
      MD->getParent()->isLambda() || isa<CXXConstructorDecl>(MD))
    return;
  // A private helper (`rotateLocked()`) runs inside the public calls that
  // were seeded: what an earlier call left reaches it through them.
  if (MD->getAccess() == AS_private && !isa<CXXDestructorDecl>(MD))
    return;
  Invocation Self;
  Self.LambdaThis = true;
  Self.Callee = FD;
  for (const Context::EarlierClose &EC : C.earlierCloses(MD->getParent())) {
    if (EC.By->getCanonicalDecl() == FD->getCanonicalDecl() ||
        closesInside(EC, FD))
      continue;
    Path P{ThisRoot, EC.Part};
    Key K{EC.Profile, P};
    // A pointer left closed is so where it is not null; a descriptor where
    // the flags recorded beside its close say so.
    const void *Pointer = pointerSubject(P);
    if ((!Pointer && EC.While.empty()) || Init.Keys.count(K))
      continue;
    Closed Cl;
    Cl.Sites.push_back(EC.Site);
    Cl.MaybeOpen = true;
    Cl.SeededBy = EC.By;
    if (Pointer)
      Cl.Cond[Pointer] = Fact{Fact::Ne, 0};
    // `broken_ = true;` beside the close: the class's checks of it see.
    for (const auto &[Flag, Value] : EC.While)
      if (std::optional<Path> FP = mapRoot(Self, Flag, Init))
        Cl.Cond[C.intern(*FP)] = Value;
    Init.Keys.emplace(K, std::move(Cl));
  }
}

/// The closes of what P denoted are kept apart (PriorMark) until the
/// function returns, where they become prior closes: made on every path,
/// or on every path where the caller's flags say so (`if (fd_ >= 0)
/// close(fd_); fd_ = fd;`). A later assignment keeps the first.
/// Every path that leaves Cl's object open knew on entry something its
/// close's entry facts exclude (`if (fd_ >= 0) close(fd_);` is open only
/// where fd_ was negative).
bool FunctionAnalysis::openOnlyWherePreFails(const Closed &Cl) const {
  if (!Cl.OpenEntry)
    return false;
  return llvm::any_of(Cl.EntryCond, [&](const auto &SF) {
    auto It = Cl.OpenEntry->find(SF.first);
    return It != Cl.OpenEntry->end() && It->second.contradicts(SF.second);
  });
}

void FunctionAnalysis::recordPriorCloses(const Path &P, State &S,
                                         bool Elements) {
  if (!entryRoot(P))
    return;
  std::vector<std::pair<Key, Closed>> Prior;
  for (const auto &[K, Cl] : S.Keys)
    if (Elements ? hasPrefix(K.P, P, /*OrEqual=*/false) &&
                       !isPriorPath(K.P) && entryRoot(K.P)
                 : K.P == P) {
      Key Shadow = K;
      Shadow.P.push_back(PriorMark);
      Prior.push_back({Shadow, Cl});
      // Closed and rebound without releasing these: a thread holding one
      // never met it closed. (A callee that closed it may have rebound it
      // under a mutex of its own: ReboundUnder.)
      Closed &Rebound = Prior.back().second;
      for (const Path &M : Cl.HeldSince)
        if (S.Locks.count(M))
          Rebound.ReboundUnder.insert(M);
    }
  for (auto &[K, Cl] : Prior)
    S.Keys.emplace(std::move(K), std::move(Cl));
}

void FunctionAnalysis::rebind(const Path &P, State &S) {
  // What P denoted was closed here and no other owner this function sees
  // keeps it: the caller's owners may (a copy another component holds).
  if (P.size() >= 2 && !S.Alias.count(P) && !rehomes(P, S))
    recordPriorCloses(P, S);
  // `files[s] = fopen(...)` in a loop may replace the element some
  // earlier iteration closed.
  if (P.size() >= 2 && keyVariable(P.back()) && P[P.size() - 2] == ElementMark) {
    Path Some(P.begin(), P.end() - 1);
    Some.push_back(someElementPart());
    forget(S, Some, /*OrEqual=*/true);
  }
  rehome(P, S);
  pinKeptUses(P, S);
  splitIntCopiesUnder(P, /*OrEqual=*/true, S);
  forget(S, P, /*OrEqual=*/true);
  // `it->second = make();`: the element at that key holds a new object,
  // whatever a close of every element did before.
  if (llvm::is_contained(P, ElementMark) && llvm::any_of(P, isKeyPart))
    S.TouchedKeys.insert(Key{Key::EveryProfile, P});
  for (auto It = S.Alias.begin(); It != S.Alias.end();)
    It = hasPrefix(It->first, P, /*OrEqual=*/true) ? S.Alias.erase(It)
                                                    : std::next(It);
  if (P.size() < 2)
    return;
  if (std::optional<Effect> E = entryRoot(P)) {
    E->K = Effect::Rebinds;
    record(*E);
  }
}

/// `lhs = rhs`: a pointer-like left side is rebound; an object left side is
/// replaced by a new value. Either way what it denoted before is forgotten.
/// What a protocol's state member is given, as the facts name the value
/// (StateTest): "true", "false", an enumerator, "@nohandle" or "@handle";
/// empty when not known.
static std::string stateValueOf(const Expr *E, QualType T, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (T->isPointerType() || isSmartPointerType(T))
    return E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull)
               ? "@nohandle"
               : "@handle";
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
    return B->getValue() ? "true" : "false";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return EC->getNameAsString();
  if (T->isIntegerType() && !T->isBooleanType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().isNegative() ? "@nohandle" : "@handle";
    return "@handle";
  }
  return "";
}

void FunctionAnalysis::reopenByStateField(const Path &Member, const Expr *RHS,
                                          State &S) {
  if (Member.size() < 2 || !RHS)
    return;
  const FieldDecl *F = fieldPart(Member.back());
  if (!F || !F->getIdentifier())
    return;
  Path Obj(Member.begin(), Member.end() - 1);
  std::vector<Key> Reopened;
  for (const auto &[K, Cl] : S.Keys) {
    if (K.P != Obj && !(K.P.empty() && Obj == Path{ThisRoot}))
      continue;
    const struct Profile *P = C.Index.profile(K.Profile).P;
    if (!P || P->StateField != F->getName())
      continue;
    std::string V = stateValueOf(RHS, F->getType(), C.Ctx);
    bool StillClosed = P->ClosedEqual ? V == P->ClosedValue
                                      : !V.empty() && V != P->ClosedValue;
    if (!StillClosed)
      Reopened.push_back(K);
  }
  for (const Key &K : Reopened) {
    reopenKey(K, S);
    recordReopen(K, S);
  }
}

void FunctionAnalysis::assignTo(const Expr *LHS, const Expr *RHS, State &S) {
  std::optional<Path> Raw = rawPathOf(LHS);
  if (!Raw)
    return;
  reopenByStateField(*Raw, RHS, S);
  QualType T = LHS->getType();
  if (T->isPointerType() || isSmartPointerType(T)) {
    Path Base(Raw->begin(), Raw->end() - 1);
    Path P = resolve(Base, S);
    P.push_back(Raw->back());
    if (Raw->size() == 1)
      P = *Raw;
    P = eachElementPath(std::move(P), S);
    rebind(P, S);
    bindAlias(P, RHS, S);
    bindMadeMembers(P, RHS, S);
    noteAdoption(P, RHS, S);
    // `fp_ = nullptr;`: a later `if (fp_)` knows.
    if (T->isPointerType())
      learnAssigned(LHS, RHS, S);
    return;
  }
  if (isHandleInteger(T)) {
    // `peer = accept(...)`: a copy of a descriptor now holds another.
    if (S.Alias.count(*Raw)) {
      bindCopy(*Raw, RHS, S);
      learnAssigned(LHS, RHS, S);
      return;
    }
    splitCopies(resolve(*Raw, S), S);
  }
  // `fd = fd_;` under a lock, used after it: a local copy of a descriptor.
  const bool LocalCopy =
      isHandleInteger(T) && Raw->size() == 1 && Raw->front() != ThisRoot &&
      static_cast<const VarDecl *>(Raw->front())->hasLocalStorage();
  Path P = resolve(*Raw, S);
  // `conn_.close(); conn_ = connect();`: the caller must know of the close
  // (its own close before the call makes this one a second close).
  recordPriorCloses(P, S);
  splitIntCopiesUnder(P, /*OrEqual=*/true, S);
  forget(S, P, /*OrEqual=*/true);
  if (isStdType(T, {"thread", "jthread", "future", "shared_future"}))
    noteStart(RHS, P, S);
  learnAssigned(LHS, RHS, S);
  if (LocalCopy)
    bindCopy(*Raw, RHS, S);
}

/// `closed = true;` beside a close: the flag's value is known, and every
/// object closed on this path is closed only where the flag has it.
/// `++i`, `i += 2`: the variable changes, and what was known of it, on
/// this path and on the paths that closed something, moves with it (a
/// close made when `phase == 1` is, one step later, one made when
/// `phase == 2`), so that a loop running a close in one iteration only does
/// not close again.
void FunctionAnalysis::step(const Expr *Var, int64_t Delta, State &S,
                            bool Grows) {
  std::optional<Path> P = rawPathOf(Var);
  if (!P)
    return;
  if (P->size() == 1 && P->front() != ThisRoot) {
    forgetKeyedBy(static_cast<const VarDecl *>(P->front()), S);
    if (scalarParamOf(P->front()))
      S.Assigned.insert(P->front());
  }
  // Only upwards: joining the values of successive iterations keeps a lower
  // bound, which a counter stepped up satisfies forever, so the loop's
  // facts settle; stepped down, a lower bound would have to fall forever.
  const VarDecl *V = Delta > 0 || Grows ? localScalar(Var) : nullptr;
  auto Next = [&](const Fact &F) {
    return Grows ? F.grown() : F.stepped(Delta);
  };
  // The facts that move with V: its own and those of its differences with
  // values that do not change (`i - v.size()`).
  auto Moves = [&](const void *Subject) {
    if (Subject == V)
      return true;
    const Context::Difference *D = C.differenceOf(Subject);
    return D && D->first == V;
  };
  std::vector<std::pair<const void *, Fact>> Known;
  std::vector<std::tuple<Key, const void *, Fact>> OnClose;
  if (V) {
    for (const auto &[Subject, F] : S.Known)
      if (Moves(Subject))
        if (std::optional<Fact> After = Next(F))
          Known.push_back({Subject, *After});
    for (const auto &[K, Cl] : S.Keys)
      for (const auto &[Subject, F] : Cl.Cond)
        if (Moves(Subject))
          if (std::optional<Fact> After = Next(F))
            OnClose.push_back({K, Subject, *After});
  }
  forget(S, *P, /*OrEqual=*/true);
  for (const auto &[Subject, F] : Known)
    S.Known[Subject] = F;
  for (const auto &[K, Subject, F] : OnClose)
    if (auto It = S.Keys.find(K); It != S.Keys.end())
      It->second.Cond[Subject] = F;
}

/// What the closes on this path say of a call's result (closed only when
/// it returned 0...), said of the variable that now holds it.
void FunctionAnalysis::copyCallFacts(const void *Result, const void *Var,
                                     State &S) {
  for (auto &[K, Cl] : S.Keys) {
    if (auto It = Cl.Cond.find(Result); It != Cl.Cond.end()) {
      Cl.Cond[Var] = It->second;
      // A test of the variable settles what a test of the call would.
      if (Cl.OpenUnless == Result)
        Cl.OpenUnless = Var;
    }
    // `FiringOutcome r = fire(ch);`: what the result's fields say, r's
    // fields say.
    std::vector<std::pair<const void *, Fact>> Fields;
    for (const auto &[Subject, F] : Cl.Cond)
      if (const auto *RF = C.ResultFieldOf.lookup(Subject);
          RF && RF->first == Result) {
        const void *Field = C.intern(Path{Var, RF->second});
        Fields.push_back({Field, F});
        if (Cl.OpenUnless == Subject)
          Cl.OpenUnless = Field;
      }
    for (const auto &[Field, F] : Fields)
      Cl.Cond[Field] = F;
  }
  for (auto &[Start, T] : S.Tasks)
    if (auto It = T.Cond.find(Result); It != T.Cond.end())
      T.Cond[Var] = It->second;
}

void FunctionAnalysis::learnAssigned(const Expr *LHS, const Expr *RHS,
                                     State &S) {
  const void *V = RHS ? subjectOf(LHS) : nullptr;
  if (V && V == stripWrappers(LHS))
    return;
  // `st = daemon.start();` of a local struct: what the result's fields say,
  // st's fields say, as for `Status st = daemon.start();`.
  if (!V && RHS && LHS->getType()->isRecordType())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(LHS)))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && VD->hasLocalStorage())
        if (const auto *Call = dyn_cast<CallExpr>(withoutCopy(RHS))) {
          copyCallFacts(Call, VD->getCanonicalDecl(), S);
          return;
        }
  // `ec = std::error_code();` clears an error code: `if (ec)` is false.
  if (!V && RHS && convertsToBool(LHS->getType()) && isEmptyValue(RHS))
    if (const void *Code = truthSubject(LHS);
        Code && isa<DeclRefExpr>(stripWrappers(LHS))) {
      S.Known[Code] = Fact{Fact::Eq, 0};
      return;
    }
  // `fn_ = nullptr;` empties a guard's callable member (its dismiss()):
  // its `if (fn_)` is false, for the callers too.
  if (!V && RHS && isStdType(LHS->getType(), {"function"}) &&
      (isEmptyValue(RHS) || stripWrappers(RHS)->getType()->isNullPtrType()))
    if (std::optional<Path> P = rawPathOf(LHS);
        P && P->size() >= 2 && P->front() == ThisRoot) {
      const void *Held = C.intern(*P);
      S.Known[Held] = Fact{Fact::Eq, 0};
      noteWritten(Held, S);
      S.Assigned.insert(Held);
      return;
    }
  if (V && C.subject(V)) {
    noteWritten(V, S);
    S.Assigned.insert(V);
  }
  // A parameter assigned no longer holds its entry value.
  if (V && scalarParamOf(V))
    S.Assigned.insert(V);
  if (!V)
    return;
  // `closed_ = true;` under mu_: a worker that tests closed_ under mu_
  // sees it set from then on, whatever this path does after unlocking.
  if (C.subject(V) && !S.Locks.empty())
    S.SetUnder[V] = S.Locks;
  else
    S.SetUnder.erase(V);
  // `rc = ::close(fd);`: what a close's result says of it, rc says; so for
  // `was = open;` of what the closes say of open.
  copyCallFacts(stripWrappers(RHS), V, S);
  if (const VarDecl *From = localScalar(RHS); From && From->getCanonicalDecl() != V)
    copyCallFacts(From->getCanonicalDecl(), V, S);
  // `int err = n < 0 ? errno : EIO;`: positive on both arms.
  if (std::optional<Fact> F = valueFact(RHS, S))
    learnValue(V, *F, S);
}

void FunctionAnalysis::learnValue(const void *V, Fact F, State &S) {
  S.Known[V] = F;
  noteFlagLocks(V, S);
  const bool Flag = C.subject(V) && !S.Locks.empty();
  for (auto &[K, Cl] : S.Keys) {
    Cl.Cond[V] = F;
    // Set in the critical section that closed it: as if set before.
    if (Flag && llvm::any_of(Cl.HeldSince,
                             [&](const Path &M) { return S.Locks.count(M); }))
      Cl.SerialFlags[V] = F;
  }
}

void FunctionAnalysis::findDiscardedTemporaries(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const auto *CS = dyn_cast<CompoundStmt>(St);
    if (!CS)
      continue;
    for (const Stmt *Child : CS->body()) {
      const auto *E = dyn_cast<Expr>(Child);
      if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(E))
        E = EWC->getSubExpr();
      if (const auto *Bind = dyn_cast_or_null<CXXBindTemporaryExpr>(E))
        E = Bind->getSubExpr();
      if (!E || !isa<CXXFunctionalCastExpr, CXXTemporaryObjectExpr>(E))
        continue;
      if (const VarDecl *Temp = temporaryVar(E))
        DiscardedTemporaries[E] = Temp;
    }
  }
}

/// The implicit variable standing for the temporary E builds, when its class
/// is the program's own with a destructor that does something; made once.
const VarDecl *FunctionAnalysis::temporaryVar(const Expr *E) {
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  const CXXDestructorDecl *Dtor =
      RD && RD->hasDefinition() && !RD->isInStdNamespace()
          ? RD->getDestructor()
          : nullptr;
  if (!Dtor || Dtor->isTrivial())
    return nullptr;
  const VarDecl *&Temp = C.TemporaryVars[E];
  if (!Temp) {
    SourceLocation Loc = E->getBeginLoc();
    VarDecl *VD = VarDecl::Create(
        C.Ctx, const_cast<FunctionDecl *>(FD), Loc, Loc,
        &C.Ctx.Idents.get("temporary " + RD->getNameAsString()), E->getType(),
        C.Ctx.getTrivialTypeSourceInfo(E->getType(), Loc), SC_None);
    VD->setInit(const_cast<Expr *>(E));
    VD->setImplicit();
    Temp = VD;
  }
  return Temp;
}

namespace {
/// The temporaries a full expression binds for destruction at its end
/// (`Cursor(fd).readHeader()`, `v.push_back(Guard(f))`), with whether each
/// is handed to a call or a constructor as an argument; not those a
/// reference extends, nor those of a lambda's body.
void boundTemporaries(
    const Stmt *St,
    llvm::SmallVectorImpl<std::pair<const CXXBindTemporaryExpr *, bool>> &Out,
    bool Argument = false) {
  if (!St || isa<LambdaExpr>(St))
    return;
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(St);
      MTE && MTE->getExtendingDecl())
    return;
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(St))
    Out.push_back({Bind, Argument});
  const Expr *Object = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St))
    Object = MCE->getImplicitObjectArgument();
  const bool Call = isa<CallExpr, CXXConstructExpr>(St);
  for (const Stmt *Child : St->children())
    boundTemporaries(Child, Out,
                     Call ? Child != Object
                          : Argument && isa<Expr>(Child) &&
                                isa<MaterializeTemporaryExpr,
                                    CXXBindTemporaryExpr, CastExpr>(St));
}
} // namespace

/// `Cursor(fd).readHeader();`, `index.push_back(Cursor(fd).readHeader());`:
/// a temporary of a class whose destructor closes what its constructor was
/// given is built where its construction is evaluated and destroyed at the
/// end of the full expression (the CFG is built without temporary
/// destructors). One handed on as an argument to a class with a move
/// constructor of its own is taken to be moved from, as its move says.
void FunctionAnalysis::findFullExprTemporaries(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const auto *EWC = dyn_cast<ExprWithCleanups>(St);
    if (!EWC)
      continue;
    // A statement that is the temporary itself: findDiscardedTemporaries().
    const Expr *Top = EWC->getSubExpr();
    if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(Top))
      Top = Bind->getSubExpr();
    if (DiscardedTemporaries.count(Top))
      continue;
    llvm::SmallVector<std::pair<const CXXBindTemporaryExpr *, bool>, 4> Temps;
    boundTemporaries(EWC->getSubExpr(), Temps);
    for (const auto &[Bind, Argument] : Temps) {
      const Expr *E = Bind->getSubExpr();
      const CXXConstructExpr *CE = dyn_cast<CXXConstructExpr>(E);
      if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
        CE = dyn_cast<CXXConstructExpr>(Cast->getSubExpr()->IgnoreImplicit());
      if (!CE || CE->getConstructor()->isCopyOrMoveConstructor())
        continue;
      const CXXRecordDecl *RD = CE->getConstructor()->getParent();
      if (Argument && llvm::any_of(RD->ctors(), [](const CXXConstructorDecl *K) {
            return K->isMoveConstructor() && K->isUserProvided();
          }))
        continue;
      if (const VarDecl *Temp = temporaryVar(E)) {
        BuiltTemporaries[E] = Temp;
        EndingTemporaries[EWC->getSubExpr()].push_back(Temp);
      }
    }
  }
}

void FunctionAnalysis::destroyed(const VarDecl *VD, const Stmt *Trigger,
                                 State &S) {
  Path P{VD->getCanonicalDecl()};
  if (isStdType(VD->getType(), {"jthread", "thread", "future"}))
    endTasks(S, [&](const Task &T) { return T.Handle && *T.Handle == P; });
  // An executor is not gone before the work it was given has run: its
  // destructor joins its threads (destroying a joinable std::thread member
  // would end the program), or drops what has not started.
  Path Resolved = resolve(P, S);
  endTasks(S, [&](const Task &T) {
    return T.Executor && (*T.Executor == P || *T.Executor == Resolved);
  });
  // Nothing calls what a destroyed object kept.
  forgetCallablesOf(P, S);
  if (auto It = S.LockVars.find(P); It != S.LockVars.end()) {
    for (const Path &M : It->second)
      release(S, M);
    S.LockVars.erase(It);
  }
  // `return fp;` hands the local to the caller (moved, or built in place):
  // its destruction here destroys nothing.
  if (const auto *RS = dyn_cast_or_null<ReturnStmt>(Trigger);
      RS && RS->getRetValue() &&
      returnedLocal(RS->getRetValue()) == VD->getCanonicalDecl())
    return;
  // An empty smart pointer (reset, released) destroys nothing.
  if (const Expr *Site = VD->getInit();
      Site && !(isSmartPointerType(VD->getType()) && S.Null.count(P))) {
    SourceLocation At = Trigger ? Trigger->getEndLoc() : VD->getEndLoc();
    // Its deleter runs only where it holds something: what was closed
    // where it held nothing (a helper's `log.reset()`) is not met again.
    const void *Holder = VD->getCanonicalDecl();
    if (isSmartPointerType(VD->getType()) &&
        llvm::any_of(S.Keys,
                     [&](const auto &KC) { return KC.second.Cond.count(Holder); }) &&
        !learn(Holder, Fact{Fact::Ne, 0}, S))
      return;
    applyDestruction(resolve(P, S), VD->getType(), Site,
                     "'" + VD->getNameAsString() + "' is destroyed", At, S,
                     /*Depth=*/0, /*MayHoldNothing=*/S.MaybeNull.count(P));
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

/// Closed::SerialLocks and SerialFlags, as the callers name them: none
/// unless every lock is the callers' to name.
void FunctionAnalysis::exportSerial(const Closed &Cl, Effect &E) const {
  std::vector<RootRef> Locks;
  for (const Path &L : Cl.SerialLocks) {
    std::optional<RootRef> R = asEntryRoot(L);
    if (!R)
      return;
    Locks.push_back(*R);
  }
  std::vector<std::pair<RootRef, Fact>> Flags;
  for (const auto &[Subject, F] : Cl.SerialFlags)
    if (const Path *P = C.subject(Subject))
      if (std::optional<RootRef> R = asEntryRoot(*P))
        Flags.push_back({*R, F});
  if (Locks.empty() || Flags.empty())
    return;
  E.Locks = std::move(Locks);
  E.SerialFlags = std::move(Flags);
}

/// What a std::unique_ptr<T> with the default deleter owns: T.
static QualType ownedByDefaultDeleter(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !isStdClass(Spec, {"unique_ptr"}) ||
      Spec->getTemplateArgs().size() < 2)
    return QualType();
  const CXXRecordDecl *Deleter =
      Spec->getTemplateArgs()[1].getAsType()->getAsCXXRecordDecl();
  QualType Owned = Spec->getTemplateArgs()[0].getAsType();
  if (!Deleter || !isStdClass(Deleter, {"default_delete"}) ||
      Owned->isArrayType())
    return QualType();
  return Owned;
}

/// `~Owner() { ... }` ends by destroying Owner's members, last first.
void FunctionAnalysis::destroyedMember(const FieldDecl *F, State &S) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body)
    return;
  destroyedMember(F, Body->getRBracLoc(),
                  "member '" + F->getNameAsString() + "' is destroyed", S);
}

/// Member F destroyed at At (a destructor's closing brace, or the class's
/// when its destructor is implicit).
void FunctionAnalysis::destroyedMember(const FieldDecl *F, SourceLocation At,
                                       const std::string &What, State &S) {
  if (F->getType()->isReferenceType() || F->getType()->isPointerType())
    return;
  Path P{ThisRoot, F->getCanonicalDecl()};
  forgetCallablesOf(P, S);
  if (isSmartPointerType(F->getType()) && S.Null.count(P))
    return;
  // The finding's identity needs an expression: one made once per member.
  const Expr *&Site = MemberDtorSites[F->getCanonicalDecl()];
  if (!Site)
    Site = new (C.Ctx) CXXNullPtrLiteralExpr(C.Ctx.NullPtrTy, At);
  applyDestruction(resolve(P, S), F->getType(), Site, What, At, S,
                   /*Depth=*/0,
                   /*MayHoldNothing=*/S.MaybeNull.count(P) != 0);
}

/// An object may be destroyed as soon as its constructor returns. A class
/// that leaves that to its implicit destructor has no destructor code to
/// analyze (often none is even defined in a unit), so its members go here,
/// last declared first, from the state the constructor leaves: a member
/// the constructor bound to a later-declared one (`buffer_.bind(
/// file_.get())`, `batch_(log_)`) uses it after that one's destructor
/// closed it. S is a copy: none of this is the constructor's own effect.
void FunctionAnalysis::destroyAfterConstruction(State S) {
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
  if (!Report || !Ctor || Ctor->isCopyOrMoveConstructor() ||
      Ctor->isDelegatingConstructor())
    return;
  const CXXRecordDecl *RD = Ctor->getParent();
  if (RD->isLambda() || RD->isUnion())
    return;
  if (const CXXDestructorDecl *Dtor = RD->getDestructor();
      Dtor && Dtor->isUserProvided())
    return;
  SourceLocation At = RD->getBraceRange().getEnd();
  if (At.isInvalid())
    return;
  std::set<Effect> Kept = Effects;
  llvm::SmallVector<const FieldDecl *, 8> Fields(RD->fields());
  for (const FieldDecl *F : llvm::reverse(Fields)) {
    Path Member{ThisRoot, F->getCanonicalDecl()};
    // A thread member's destruction ends its task (joined, or the program
    // ended): the members destroyed after it do not race with it.
    if (isStdType(F->getType(), {"thread", "jthread", "future"})) {
      endTasks(S, [&](const Task &T) { return T.Handle && *T.Handle == Member; });
      continue;
    }
    destroyedMember(F, At,
                    "member '" + F->getNameAsString() +
                        "' is destroyed by the implicit destructor of '" +
                        RD->getNameAsString() + "'",
                    S);
  }
  Effects = std::move(Kept);
}

/// True when a path's last part (a variable or a member) holds a pointer,
/// raw or smart: null is not a handle it can hold once closed.
static bool holdsPointer(const void *Part) {
  const ValueDecl *D = nullptr;
  if (const FieldDecl *F = fieldPart(Part))
    D = F;
  else if (Part && Part != ThisRoot && !isAccessorPart(Part) &&
           !isKeyPart(Part) && Part != ElementMark && Part != PriorMark &&
           !ownedFunction(Part))
    D = dyn_cast<VarDecl>(
        static_cast<const Decl *>(static_cast<const NamedDecl *>(Part)));
  if (!D)
    return false;
  QualType T = D->getType().getNonReferenceType();
  return T->isPointerType() || isSmartPointerType(T);
}

bool FunctionAnalysis::factHolds(const void *Subject, const Fact &F,
                                 const State &S) const {
  if (auto It = S.Known.find(Subject);
      It != S.Known.end() && It->second.implies(F))
    return true;
  // A handle closed for certain held a valid one: a descriptor is not
  // negative (`if (fd_ >= 0) ::close(fd_);` closes it a second time), a
  // stream or a smart pointer not null (`if (fp) fclose(fp);`).
  bool Descriptor = Fact{Fact::AtLeast, 0}.implies(F);
  if (!Descriptor && !Fact{Fact::Ne, 0}.implies(F))
    return false;
  const Path *Member = C.subject(Subject);
  bool ClosedForCertain = llvm::any_of(S.Keys, [&](const auto &KC) {
    const Path &P = KC.first.P;
    return !KC.second.MaybeOpen &&
           (Member ? P == *Member : P.size() == 1 && P.front() == Subject);
  });
  // Only now is a subject that is not a member path known to be a path's
  // root (a variable): others are calls or differences, no declarations.
  return ClosedForCertain &&
         (Descriptor || holdsPointer(Member ? Member->back() : Subject));
}

/// The end of an object's life (its scope ends, a smart pointer is reset):
/// what its destructor or deleter closes is closed, at Site for the
/// finding's identity; the notes say it happened when What, at At.
void FunctionAnalysis::applyDestruction(const Path &Obj, QualType T,
                                        const Expr *Site,
                                        const std::string &What,
                                        SourceLocation At, State &S,
                                        unsigned Depth, bool MayHoldNothing) {
  bool PointerArg = false;
  const FunctionDecl *Code = destructionCode(T, PointerArg);
  const FunctionDecl *Def = nullptr;
  if (Depth > 3)
    return;
  // A std::unique_ptr's default deleter destroys what it owns, which its
  // path names.
  if (QualType Owned = ownedByDefaultDeleter(T); !Owned.isNull()) {
    applyDestruction(Obj, Owned, Site, What, At, S, Depth + 1,
                     MayHoldNothing);
    return;
  }
  const Summary *Sum = nullptr;
  // The lambdas the construction gave callable members (`ScopeGuard g([&]
  // { ... })`): the destructor's `if (fn_)` finds them there.
  Bindings Held;
  // The members go after the body: an owner's unique_ptr with a closing
  // deleter closes when the owner is destroyed. A destructor's summary
  // has them already (its CFG ends with them).
  auto Members = [&] {
    if (!PointerArg && !Sum)
      destroyMembers(Obj, T, Site, What, At, S, Depth);
  };
  if (!Code)
    return Members();
  if (!Code->hasBody(Def) || !Def) {
    // Defined in another unit: what its summary there says.
    Sum = C.importedSummary(Code);
  } else if (!C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation()))) {
    // A scope guard's destructor runs the lambda its construction gave it.
    Held = PointerArg ? Bindings() : heldLambdas(Site);
    // One that captures `this` names this function's object, which the
    // destructor's summary cannot: it is run here instead (its Runs effect
    // below), where `this` is the one it captured.
    bool RunHere = llvm::any_of(Held.Callables, [](const auto &FL) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FL.second);
      return MD && MD->getParent()->isLambda() &&
             llvm::any_of(MD->getParent()->captures(),
                          [](const LambdaCapture &LC) {
                            return LC.capturesThis();
                          });
    });
    if (RunHere)
      Sum = C.summaryFor(Def, Bindings());
    else if (C.isRelevant(Def, Held))
      Sum = C.summaryFor(Def, Held);
  }
  Members();
  if (!Sum)
    return;
  // What the destructor runs of its callable members, when it is not seen.
  Bindings Kept;
  if (!PointerArg && llvm::any_of(Sum->Effects, [](const Effect &E) {
        return E.K == Effect::Runs;
      }))
    Kept = lambdasKeptBy(Site);
  std::set<Key> ClosedHere;
  llvm::SaveAndRestore Applying(SummaryCallee, Def);
  llvm::SaveAndRestore Named(DestructorName, Code->getNameAsString());
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
  // A destructor that joins the threads its object started (through its
  // stop()) has them ended before what it closes: its own analysis
  // reports a close made before the join.
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Awaits)
      if (std::optional<Path> P = Map(E.root())) {
        endTasks(S, [&](const Task &T) { return waitedBy(T, *P); });
        // Callers know it too: an owner's destructor ends the threads its
        // members' destructors join.
        if (std::optional<Effect> Mine = entryRoot(*P)) {
          Mine->K = Effect::Awaits;
          record(*Mine);
        }
      }
  // Its uses meet what was closed before it ran (`~Logger() {
  // sink_.write(...); }` of a member destroyed after the owner's body
  // closed the sink), not what it closes itself.
  // One that uses and then closes an object already closed (`shutdown(fd_);
  // close(fd_);`) closes it a second time: that is the finding.
  std::set<Key> ClosesToo;
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Close)
      if (std::optional<Path> P = Map(E.root()))
        ClosesToo.insert(Key{E.Profile, *P});
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Use)
      if (std::optional<Path> P = Map(E.root());
          P && !ClosesToo.count(Key{E.Profile, *P}) &&
          !llvm::any_of(ClosesToo,
                        [&](const Key &K) { return K.P == *P; }))
        destructorUse(Key{E.Profile, *P}, E, Site, What, At, Map, S);
  // In the order the destructor makes them: where a second close throws,
  // the ones after it do not run, and the first is the one reported.
  std::vector<const Effect *> Ordered;
  for (const Effect &E : Sum->Effects)
    Ordered.push_back(&E);
  llvm::stable_sort(Ordered, [&](const Effect *A, const Effect *B) {
    if (!A->Site || !B->Site)
      return A->Site && !B->Site;
    return C.SM.isBeforeInTranslationUnit(A->Site->getExprLoc(),
                                          B->Site->getExprLoc());
  });
  for (const Effect *EP : Ordered) {
    const Effect &E = *EP;
    // A scoped connection's destructor disconnecting its slot.
    if (E.K == Effect::DropsCallables)
      dropCallablesAt(Map(E.root()), S,
                      E.Token ? Map(*E.Token) : std::nullopt);
    if (E.K != Effect::Close && E.K != Effect::Runs)
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
    if (E.K == Effect::Runs) {
      // `if (active_ && fn_) fn_();` runs for certain where the flags are
      // known to hold (a constructor another unit defines set them) and
      // the callable member holds the lambda kept.
      bool PreHolds = llvm::all_of(E.Pre, [&](const auto &Needed) {
        std::optional<Path> Flag = Map(Needed.first);
        // Unless the member was assigned since (`park.dismiss()` on some
        // path into here).
        if (Needed.first.Root == RootKind::This &&
            Needed.first.Suffix.size() == 1 &&
            llvm::any_of(Kept.Callables,
                         [&](const auto &FL) {
                           return FL.first == Needed.first.Suffix.front();
                         }) &&
            Fact{Fact::Ne, 0}.implies(Needed.second) &&
            (!Flag || !S.Assigned.count(C.intern(*Flag)) ||
             !emptiedHere(*Flag)))
          return true;
        auto It = Flag ? S.Known.find(C.intern(*Flag)) : S.Known.end();
        return It != S.Known.end() && It->second.implies(Needed.second);
      });
      for (const auto &[F, L] : Kept.Callables)
        if (E.Suffix.size() == 1 && E.Suffix.front() == F) {
          Destructions[Site] = {What, At};
          runKeptLambda(L, Site, PreHolds, S);
        }
      continue;
    }
    Key K{E.Profile, *P};
    // Two closes of one object in the destructor's summary (its body's, a
    // member's destructor's) are one close here: the destructor's own
    // analysis reports a second close inside it.
    if (!ClosedHere.insert(K).second)
      continue;
    if (E.Site)
      InnerClose[Site] = E.Site;
    else if (E.Remote)
      RemoteDestructorClose[Site] = {E.Remote, Code->getNameAsString()};
    Destructions[Site] = {What, At};
    // `if (armed_) fn_();` of a guard whose armed_ is known set: certain.
    // So is `if (fd_ >= 0) ::close(fd_);` after a close that needed the
    // same of fd_ (`close()` without resetting it): wherever that one
    // closed, this one closes again.
    auto Before = S.Keys.find(K);
    bool PreKnown =
        E.MustIfPre && llvm::all_of(E.Pre, [&](const auto &Needed) {
          // `if (fp) fclose(fp);` of a deleter: it runs only when the
          // pointer holds something, which MayHoldNothing weighs below.
          if (PointerArg && Needed.first.Root == RootKind::Param &&
              Needed.first.Param == 0 && Needed.first.Suffix.empty() &&
              Fact{Fact::Ne, 0}.implies(Needed.second))
            return true;
          // A callable member the construction filled holds it, unless the
          // caller emptied it (Excluded above).
          if (Needed.first.Root == RootKind::This &&
              Needed.first.Suffix.size() == 1 &&
              llvm::any_of(Held.Callables, [&](const auto &FL) {
                return FL.first->getCanonicalDecl() == Needed.first.Suffix.front();
              }))
            return true;
          std::optional<Path> Flag = Map(Needed.first);
          if (!Flag)
            return false;
          // A member bound to a local (`UniqueFd conn(cfd)`: conn.fd_ is
          // cfd) is known by the local's own facts.
          const void *Subject = Flag->size() == 1 && Flag->front() != ThisRoot
                                    ? Flag->front()
                                    : C.intern(*Flag);
          if (factHolds(Subject, Needed.second, S))
            return true;
          return Before != S.Keys.end() &&
                 heldWhereClosed(*Before, Subject, Needed.second);
        });
    // A callable member assigned since the guard was built (`dismiss()` on
    // some path into here) may hold nothing: what running it closes is
    // not certain, unless it is known to hold something.
    bool MayBeDismissed = llvm::any_of(E.Pre, [&](const auto &Needed) {
      const FieldDecl *F = Needed.first.Root == RootKind::This &&
                                   Needed.first.Suffix.size() == 1
                               ? fieldPart(Needed.first.Suffix.front())
                               : nullptr;
      std::optional<Path> Flag = F ? Map(Needed.first) : std::nullopt;
      if (!Flag || !isCallableRecord(F->getType()))
        return false;
      const void *Subject = C.intern(*Flag);
      return S.Assigned.count(Subject) &&
             !factHolds(Subject, Needed.second, S) && emptiedHere(*Flag);
    });
    // A deleter runs only when the pointer holds something.
    bool Certain = (E.Must || PreKnown) && !(PointerArg && MayHoldNothing) &&
                   !MayBeDismissed;
    llvm::SaveAndRestore Again(CalleeClosesAgain, E.Again);
    // `if (isOpen()) close();`: the destructor asked first.
    llvm::SaveAndRestore Checks(CalleeChecksOpen, E.CheckedOpen);
    closeKey(K, Site, Certain, describeKey(K), S);
    // A certain close leaves the state flags as it sets them (`closed_`
    // set by the close a guard's destructor made).
    if (Certain)
      for (const auto &[Flag, F] : E.While)
        if (std::optional<Path> FP = Map(Flag); FP && isStateFlag(*FP))
          S.Known[C.intern(*FP)] = F;
  }
  applyDestructorFlags(*Sum, Map, S);
}

bool FunctionAnalysis::emptiedHere(const Path &Member) {
  if (Member.size() != 2 || Member.front() == ThisRoot)
    return false;
  const void *Guard = Member.front();
  const FieldDecl *F = fieldPart(Member.back());
  if (!F)
    return false;
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
    const auto *DRE = MCE ? dyn_cast<DeclRefExpr>(stripWrappers(
                                MCE->getImplicitObjectArgument()))
                          : nullptr;
    if (!DRE || DRE->getDecl()->getCanonicalDecl() != Guard)
      continue;
    // A dismiss touches nothing a rule tracks: its summary is asked for
    // whether or not it is relevant.
    const FunctionDecl *Callee = C.analyzableCallee(MCE);
    const Summary *Sum =
        Callee ? C.summaryFor(Callee, {}) : C.importedSummary(MCE);
    if (Sum && llvm::any_of(Sum->Effects, [&](const Effect &E) {
          return E.K == Effect::Sets && E.Root == RootKind::This &&
                 E.Suffix.size() == 1 &&
                 fieldPart(E.Suffix.front()) == F->getCanonicalDecl() &&
                 E.Value == Fact{Fact::Eq, 0};
        }))
      return true;
  }
  return false;
}

void FunctionAnalysis::destructorUse(
    const Key &K, const Effect &E, const Expr *Site, const std::string &What,
    SourceLocation At,
    llvm::function_ref<std::optional<Path>(const RootRef &)> Map, State &S) {
  if (!Replay || !Report || C.Index.profile(K.Profile).DoubleClose)
    return;
  auto It = closedState(K, S);
  if (It == S.Keys.end() || It->second.SeededBy)
    return;
  // Closed by this same destruction on an earlier pass of a loop (a lease
  // per attempt): the loop's bug, reported where its body uses it.
  if (llvm::is_contained(It->second.Sites, Site))
    return;
  // The destructor's own guards (`if (f_) fputs(..., f_);`) against what is
  // known here, or where it was closed.
  for (const auto &[Root, Needed] : E.Pre) {
    std::optional<Path> Flag = Map(Root);
    if (!Flag)
      continue;
    const void *Subject = Flag->size() == 1 && Flag->front() != ThisRoot
                              ? Flag->front()
                              : C.intern(*Flag);
    if (auto Known = S.Known.find(Subject);
        Known != S.Known.end() && Known->second.contradicts(Needed))
      return;
    if (auto Cond = It->second.Cond.find(Subject);
        Cond != It->second.Cond.end() && Cond->second.contradicts(Needed))
      return;
  }
  reportDestructorUse(K, It->second, E, Site, What, At);
}

void FunctionAnalysis::forgetFlag(const Path &Flag, State &S) {
  const void *Subject = C.intern(Flag);
  S.Known.erase(Subject);
  S.Assigned.insert(Subject);
}

void FunctionAnalysis::applyDestructorFlags(
    const Summary &Sum,
    llvm::function_ref<std::optional<Path>(const RootRef &)> Map, State &S) {
  for (const Effect &E : Sum.Effects) {
    if ((E.K != Effect::Sets && E.K != Effect::Reset) || E.Suffix.empty())
      continue;
    std::optional<Path> P = Map(E.root());
    if (!P)
      continue;
    if (E.K == Effect::Reset) {
      // Only what was known of a flag: the closes the destructor made of a
      // handle it then cleared stay made.
      if (isStateFlag(*P))
        forgetFlag(*P, S);
      continue;
    }
    // `f_ = nullptr` after the close (`std::exchange(f_, nullptr)`): a
    // member bound to the same stream (`rows_.attach(file_.get())`) keeps
    // the closed one; the value is the member's new one.
    if (llvm::any_of(Sum.Effects, [&](const Effect &R) {
          return R.K == Effect::Rebinds && R.root() == E.root();
        }))
      rehome(*P, S);
    const void *Subject = C.intern(*P);
    S.Known[Subject] = E.Value;
    for (auto &[K, Cl] : S.Keys)
      Cl.Cond[Subject] = E.Value;
    // Written by this function, as an assignment of its own is (a guard's
    // `fd = -1;` through its reference to this function's member): its
    // callers learn the value too.
    noteWritten(Subject, S);
    S.Assigned.insert(Subject);
  }
}

void FunctionAnalysis::destroyMembers(const Path &Obj, QualType T,
                                      const Expr *Site,
                                      const std::string &What,
                                      SourceLocation At, State &S,
                                      unsigned Depth) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isInStdNamespace() ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(RD->getLocation())))
    return;
  llvm::SmallVector<const FieldDecl *, 8> Fields(RD->getDefinition()->fields());
  for (const FieldDecl *F : llvm::reverse(Fields)) {
    if (F->getType()->isReferenceType() || F->getType()->isPointerType())
      continue;
    Path Member = Obj;
    Member.push_back(F->getCanonicalDecl());
    // Past a thread member's destruction its task has ended: it was joined,
    // or the joinable std::thread's destructor ended the program. Members
    // destroyed after it (declared before it) do not race with it.
    if (isStdType(F->getType(), {"thread", "jthread", "future"})) {
      endTasks(S, [&](const Task &Tk) { return Tk.Handle && *Tk.Handle == Member; });
      continue;
    }
    // A member smart pointer reset (or released) earlier destroys nothing.
    if (isSmartPointerType(F->getType()) && S.Null.count(Member))
      continue;
    applyDestruction(resolve(Member, S), F->getType(), Site, What, At, S,
                     Depth + 1, /*MayHoldNothing=*/S.MaybeNull.count(Member) != 0);
  }
}

void FunctionAnalysis::exportKeeps() {
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
  if (!Ctor)
    return;
  auto Keep = [&](Path Suffix, unsigned Param) {
    Effect E;
    E.K = Effect::Keeps;
    E.Root = RootKind::This;
    E.Suffix = std::move(Suffix);
    E.Value = Fact{Fact::Eq, Param};
    record(E);
  };
  // A callable member keeps the callable it is given.
  for (const CXXCtorInitializer *CI : Ctor->inits()) {
    const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
    if (!F || !CI->getInit() || !isCallableRecord(F->getType()))
      continue;
    const ParmVarDecl *PVD = keptParameter(CI->getInit());
    if (PVD && PVD->getDeclContext() == FD)
      Keep(Path{F->getCanonicalDecl()}, PVD->getFunctionScopeIndex());
  }
  // A pointer-like one (its own, or one of a member it builds) points at
  // what its parameter points at.
  for (auto &[Suffix, Param] : constructorBindings(Ctor, 0))
    Keep(std::move(Suffix), Param);
}

Bindings FunctionAnalysis::lambdasKeptBy(const Expr *Construction) {
  Bindings B = heldLambdas(Construction);
  const auto *CE =
      Construction ? dyn_cast<CXXConstructExpr>(stripWrappers(Construction))
                   : nullptr;
  const CXXConstructorDecl *Ctor = CE ? CE->getConstructor() : nullptr;
  if (!B.Callables.empty() || !Ctor || Ctor->hasBody())
    return B;
  const Summary *Sum = C.importedSummary(Ctor);
  if (!Sum)
    return B;
  for (const Effect &E : Sum->Effects) {
    if (E.K != Effect::Keeps || E.Suffix.size() != 1 || E.Value.Value < 0 ||
        E.Value.Value >= static_cast<int64_t>(CE->getNumArgs()))
      continue;
    if (const FunctionDecl *L = lambdaGiven(CE->getArg(E.Value.Value)))
      B.Callables.push_back(
          {static_cast<const FieldDecl *>(E.Suffix.front()), L});
  }
  return B;
}

void FunctionAnalysis::runKeptLambda(const FunctionDecl *L, const Expr *Site,
                                     bool Must, State &S) {
  if (!C.isRelevant(L))
    return;
  const Summary *Sum = C.summaryFor(L, {});
  if (!Sum)
    return;
  // The lambda was made here: what it captured by reference, and `this`,
  // are this function's.
  for (const Effect &E : Sum->Effects) {
    if (E.K != Effect::Close ||
        (E.Root != RootKind::Var && E.Root != RootKind::This))
      continue;
    Path P = E.Root == RootKind::This ? Path{ThisRoot}
                                      : resolve(Path{E.Var->getCanonicalDecl()}, S);
    P.append(E.Suffix.begin(), E.Suffix.end());
    Key K{E.Profile, resolve(std::move(P), S)};
    if (E.Site)
      InnerClose[Site] = E.Site;
    llvm::SaveAndRestore Again(CalleeClosesAgain, E.Again);
    closeKey(K, Site, Must && E.Must, describeKey(K), S);
  }
}

} // namespace typestate
} // namespace errlint

