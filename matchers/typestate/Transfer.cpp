//===- Transfer.cpp - Transfer of statements and calls --------------------===//
//
// What each CFG element does to the state: declarations, assignments,
// calls (through the profiles, the callee's summary, or as an unknown call
// that may change what it is given) and returns.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "typestate/ResultVerdict.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace errlint {
namespace typestate {

//===----------------------------------------------------------------------===//
// Transfer
//===----------------------------------------------------------------------===//

/// True when a range-for over threads or futures joins or awaits each one:
/// `for (auto &t : workers) t.join();`.
bool joinsEachElement(const CXXForRangeStmt *FR) {
  const VarDecl *Loop = FR->getLoopVariable();
  return waitsIn(FR->getBody(), [&](const Expr *Obj) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Obj));
    return DRE && DRE->getDecl() == Loop;
  });
}

/// True when MD has a const twin taking the same parameters (`begin()`,
/// `find(k)`, `v[i]`, `channel()`): the non-const one only gives mutable
/// access to what the object holds and changes none of it.
static bool isAccessor(const CXXMethodDecl *MD) {
  if (MD->isConst() || !MD->getDeclName())
    return MD->isConst();
  for (const NamedDecl *ND : MD->getParent()->lookup(MD->getDeclName())) {
    const auto *Twin = dyn_cast<CXXMethodDecl>(ND);
    if (!Twin || Twin == MD || !Twin->isConst() ||
        Twin->getNumParams() != MD->getNumParams())
      continue;
    bool Same = true;
    for (unsigned I = 0; I < MD->getNumParams() && Same; ++I)
      Same = Twin->getParamDecl(I)->getType().getCanonicalType() ==
             MD->getParamDecl(I)->getType().getCanonicalType();
    if (Same)
      return true;
  }
  return false;
}

static const CXXConstructExpr *factoryConstruction(const CallExpr *Call);
bool isNamingCall(const FunctionDecl *F);

/// A constructor that only binds its members (`conn_(c)`, `fn_(f)`,
/// `producer_(std::move(p))`) and whose body is empty: it does nothing to
/// what it is given.
bool FunctionAnalysis::onlyBinds(const FunctionDecl *Def) {
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def);
  const auto *Body = Ctor ? dyn_cast_or_null<CompoundStmt>(Ctor->getBody())
                          : nullptr;
  if (!Body || !Body->body_empty())
    return false;
  for (const CXXCtorInitializer *CI : Ctor->inits()) {
    llvm::SmallVector<const Stmt *, 16> Stack{CI->getInit()};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *Call = dyn_cast<CallExpr>(St))
        if (!isNamingCall(Call->getDirectCallee()) &&
            !C.roles(Call).empty())
          return false;
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
  }
  return true;
}

namespace {

/// `opt.emplace(args)` destroys what the optional held before it builds
/// the new value: when that throws, the old object is gone all the same.
bool replacesBeforeThrowing(const CallExpr *Call) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  return MD && MD->getIdentifier() && MD->getName() == "emplace" &&
         isStdClass(MD->getParent(), {"optional"});
}

} // namespace

bool FunctionAnalysis::closesOnlyWhenThrowing(const CallExpr *Call,
                                              const CallRole &CR) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const Profile *Pr = C.Index.profile(CR.ProfileIdx).P;
  return Callee && Callee->getIdentifier() && Pr &&
         llvm::is_contained(Pr->ClosesOnlyWhenThrowing, Callee->getName());
}

bool FunctionAnalysis::closesOnlyIfTrue(
    const CallExpr *Call, const Expr *Handle,
    std::vector<std::string> Profile::*Table) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  return llvm::any_of(C.Index.profilesOf(Handle, C.Cache), [&](unsigned Idx) {
    const Profile *Pr = C.Index.profile(Idx).P;
    return Pr && llvm::is_contained(Pr->*Table, Callee->getName());
  });
}

llvm::StringRef FunctionAnalysis::closesOnlyIfField(const CallExpr *Call,
                                                    const Expr *Handle) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || !Call->getType()->isRecordType())
    return {};
  for (unsigned Idx : C.Index.profilesOf(Handle, C.Cache))
    if (const Profile *Pr = C.Index.profile(Idx).P)
      if (auto It = Pr->CloseIfField.find(Callee->getName().str());
          It != Pr->CloseIfField.end())
        return It->second;
  return {};
}

std::optional<VerdictOutcome>
FunctionAnalysis::closesOnlyIfVerdict(const CallExpr *Call,
                                      const Expr *Handle) const {
  return onlyIfVerdict(Call, Handle, &Profile::CloseIfVerdict);
}

std::optional<VerdictOutcome> FunctionAnalysis::onlyIfVerdict(
    const CallExpr *Call, const Expr *Handle,
    std::map<std::string, std::vector<VerdictOutcome>> Profile::*Table) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || !Call->getType()->isRecordType())
    return std::nullopt;
  for (unsigned Idx : C.Index.profilesOf(Handle, C.Cache))
    if (const Profile *Pr = C.Index.profile(Idx).P)
      if (auto It = (Pr->*Table).find(Callee->getName().str());
          It != (Pr->*Table).end()) {
        // Every closing path's verdict, resolved here: one value, or none.
        std::optional<VerdictOutcome> Agreed;
        for (const VerdictOutcome &V : It->second) {
          std::optional<VerdictOutcome> Here =
              V.Factory.empty()
                  ? std::optional(V)
                  : factoryVerdict(Call->getType()->getAsCXXRecordDecl(),
                                   V.Factory);
          if (!Here || (Agreed && !(*Agreed == *Here)))
            return std::nullopt;
          Agreed = Here;
        }
        return Agreed;
      }
  return std::nullopt;
}

/// What the verdict query of RD says of the result its static factory
/// Name builds, from the factory's body or its summary from the unit that
/// defines it (`Result::failure(m)` setting `ok_ = false`).
std::optional<VerdictOutcome>
FunctionAnalysis::factoryVerdict(const CXXRecordDecl *RD,
                                 llvm::StringRef Name) const {
  const CXXMethodDecl *Verdict = verdictQuery(RD);
  std::optional<ImportedVerdict> Imported =
      Verdict ? std::nullopt : importedVerdict(RD);
  if (!Verdict && !Imported)
    return std::nullopt;
  const CXXRecordDecl *Class =
      Verdict ? Verdict->getParent() : Imported->Query->getParent();
  for (const NamedDecl *ND : Class->lookup(&C.Ctx.Idents.get(Name))) {
    const auto *Factory = dyn_cast<CXXMethodDecl>(ND);
    if (!Factory || !Factory->isStatic())
      continue;
    std::map<const FieldDecl *, int64_t> Fields;
    if (const FunctionDecl *Def = nullptr; Factory->hasBody(Def) && Def) {
      for (const auto &[F, Value] : resultFieldsOf(Def, C))
        if (Value.Kind == Fact::Eq)
          Fields[F] = Value.Value;
    } else if (const Summary *Sum = C.importedSummary(Factory)) {
      for (const Effect &E : Sum->Effects)
        if (E.K == Effect::ResultField && E.Suffix.size() == 1 &&
            !E.OnlyIfParam &&
            E.Value.Kind == Fact::Eq)
          if (const FieldDecl *F = fieldPart(E.Suffix.front()))
            Fields[F->getCanonicalDecl()] = E.Value.Value;
    }
    // The query another unit defines: true where the field it tests
    // passes its test.
    if (Imported) {
      auto Field = Fields.find(Imported->Field);
      if (Field == Fields.end())
        return std::nullopt;
      return VerdictOutcome{
          Imported->Query->getNameAsString(),
          Fact{Fact::Eq, Field->second}.implies(Imported->True), {}};
    }
    if (std::optional<bool> Value = queryValue(Verdict, Fields))
      return VerdictOutcome{Verdict->getNameAsString(), *Value, {}};
  }
  return std::nullopt;
}

/// `auto s = registry.kick(id);` where kick() returns the session it
/// disconnected: s is closed by that call.
void FunctionAnalysis::closeResult(const Path &Var, const Expr *Init,
                                   const std::string &Name, State &S) {
  const auto *Call =
      Init ? dyn_cast<CallExpr>(stripWrappers(Init)) : nullptr;
  auto It = Call ? ResultCloses.find(Call) : ResultCloses.end();
  if (It == ResultCloses.end())
    return;
  for (const Effect &E : It->second) {
    if (E.Site)
      noteInnerClose(Call, {E.Profile, Var}, E.Site);
    else if (E.Remote)
      RemoteClose[Call] = E.Remote;
    closeKey({E.Profile, Var}, Call, /*Must=*/true, Name, S, nullptr,
             /*RaceChecked=*/true);
  }
}

/// `conn.send(x)` of a protocol whose uses throw std::logic_error once
/// closed: where conn is closed, that is what reaches the handlers.
void FunctionAnalysis::noteThrownIfClosed(const CallExpr *Call,
                                          State &Before) {
  for (const CallRole &CR : C.roles(Call)) {
    const Profile *Pr = C.Index.profile(CR.ProfileIdx).P;
    if (CR.Kind != Role::Use || !Pr || !Pr->UseThrows ||
        Pr->UseThrowsType.empty() ||
        reportsClosedByResult(Call, CR.ProfileIdx))
      continue;
    // Under every profile of the object (the double-close rule's key of
    // it too): closed, it makes this call throw that.
    if (std::optional<Path> P = pathOf(CR.Handle, Before))
      for (const auto &[K, Cl] : Before.Keys)
        if (K.P == *P)
          Before.ThrownIfClosed[K] = Pr->UseThrowsType;
  }
}

/// A callee whose code is not seen (declared only, no summary from another
/// unit) may have closed what it closes before it threw: on its exception
/// edge those objects may be closed. One whose code is seen closes on that
/// edge what its summary says it closes on the way out, and nothing else.
void FunctionAnalysis::closesMaybeWhenThrowing(const CallExpr *Call,
                                               const State &After,
                                               State &Before) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  auto ClosedBy = [&](const Key &K, const Closed &Cl) {
    return llvm::is_contained(Cl.Sites, static_cast<const Expr *>(Call)) &&
           !Before.Keys.count(K);
  };
  // A close of a protocol that throws after closing.
  for (const CallRole &CR : C.roles(Call)) {
    // A close that reopens before it returns.
    if (CR.Kind == Role::Close && closesOnlyWhenThrowing(Call, CR))
      if (std::optional<Path> P = pathOf(CR.Handle, Before))
        closeKey({CR.ProfileIdx, *P}, Call, /*Must=*/true, exprName(CR.Handle),
                 Before, nullptr, /*RaceChecked=*/true);
    // A use that closes only when it fails (`call()` closing on a timeout,
    // then throwing): closed on its exception edge, under each profile of
    // the object that says so (the double-close rule's too).
    // What reaches the handlers is what it throws after closing, not the
    // failure of a use of an object closed before.
    if (CR.Kind == Role::Use && closesOnlyWhenThrowing(Call, CR))
      if (std::optional<Path> P = pathOf(CR.Handle, Before))
        for (unsigned Idx : C.Index.profilesOf(CR.Handle, C.Cache)) {
          const Profile *Q = C.Index.profile(Idx).P;
          if (!closesOnlyWhenThrowing(Call, CallRole{Idx, Role::Close, CR.Handle}))
            continue;
          Key K{Idx, *P};
          // Closed before on some path: there the call threw at entry and
          // closed nothing; on the others it closed. Either may reach any
          // handler.
          if (Before.Keys.count(K)) {
            Before.ThrownIfClosed.erase(K);
            continue;
          }
          closeKey(K, Call, /*Must=*/true, exprName(CR.Handle), Before,
                   nullptr, /*RaceChecked=*/true);
          auto Type = Q->ClosesWhenThrowingTypes.find(Callee->getName().str());
          if (Type != Q->ClosesWhenThrowingTypes.end())
            Before.ThrownIfClosed[K] = Type->second;
          else
            Before.ThrownIfClosed.erase(K);
        }
    const Profile *Pr = C.Index.profile(CR.ProfileIdx).P;
    if (CR.Kind != Role::Close || !Pr || !Callee || !Callee->getIdentifier() ||
        !llvm::is_contained(Pr->ClosesWhenThrowing, Callee->getName()))
      continue;
    auto Type = Pr->ClosesWhenThrowingTypes.find(Callee->getName().str());
    for (const auto &[K, Cl] : After.Keys)
      if (K.Profile == CR.ProfileIdx && ClosedBy(K, Cl)) {
        Before.Keys.emplace(K, Cl);
        // Open before the call: closed here only by the throw after the
        // close, of that class.
        if (Type != Pr->ClosesWhenThrowingTypes.end())
          Before.ThrownIfClosed[K] = Type->second;
      }
  }
  const FunctionDecl *Def = nullptr;
  if (Callee && (Callee->hasBody(Def) || C.importedSummary(Call)))
    return;
  for (const auto &[K, Cl] : After.Keys) {
    if (!ClosedBy(K, Cl))
      continue;
    Closed Maybe = Cl;
    Maybe.MaybeOpen = true;
    Maybe.OnlyByThrow = true;
    Before.Keys.emplace(K, std::move(Maybe));
  }
}

void FunctionAnalysis::transfer(const CFGBlock &Blk, State &S) {
  PathEnds = false;
  const CallExpr *Throwing = throwingCall(Blk);
  // What a throw says lives on the way to its handlers only.
  if (!isa_and_nonnull<CXXTryStmt>(Blk.getTerminatorStmt()))
    S.ThrownIfClosed.clear();
  // Set last: the call may analyze other code (a thread's lambda) here.
  std::optional<State> Before;
  auto Done = llvm::make_scope_exit([&] { BeforeThrow = std::move(Before); });
  // Whether or not the loop runs, every element is joined once it is done.
  if (const auto *FR =
          dyn_cast_or_null<CXXForRangeStmt>(Blk.getTerminatorStmt()))
    if (!S.Tasks.empty() && joinsEachElement(FR))
      if (std::optional<Path> Range = rawPathOf(FR->getRangeInit())) {
        Path P = resolve(*Range, S);
        endTasks(S, [&](const Task &T) { return T.Handle && *T.Handle == P; });
      }
  const ReturnStmt *Returning = nullptr;
  for (const CFGElement &E : Blk) {
    if (std::optional<CFGAutomaticObjDtor> Dtor =
            E.getAs<CFGAutomaticObjDtor>()) {
      destroyed(Dtor->getVarDecl(), Dtor->getTriggerStmt(), S);
      continue;
    }
    if (std::optional<CFGMemberDtor> Dtor = E.getAs<CFGMemberDtor>()) {
      destroyedMember(Dtor->getFieldDecl(), S);
      continue;
    }
    if (std::optional<CFGInitializer> Init = E.getAs<CFGInitializer>()) {
      const CXXCtorInitializer *CI = Init->getInitializer();
      if (!CI->isMemberInitializer())
        continue;
      Path Member{ThisRoot, CI->getMember()->getCanonicalDecl()};
      noteStart(CI->getInit(), Member, S);
      initializeFlag(Member, CI, S);
      // `batch_(log_)`: what the member's constructor binds, as for a
      // local built the same way.
      if (const auto *CE = dyn_cast<CXXConstructExpr>(stripWrappers(CI->getInit())))
        bindConstructedMembers(Member, CE, S);
      continue;
    }
    std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *St = CS->getStmt();
    if (const auto *Call = dyn_cast<CallExpr>(St)) {
      if (Call == Throwing && !replacesBeforeThrowing(Call))
        Before = S;
      transferCall(Call, S);
      assignDeferredExchanges(Call, S);
      destroyArgumentCopies(Call, S);
      if (Before && Call == Throwing) {
        noteThrownIfClosed(Call, *Before);
        closesMaybeWhenThrowing(Call, S, *Before);
      }
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
                   (!C.isRelevant(CtorDef) || onlyBinds(CtorDef));
      if (!Shares && !Harmless && !Inert)
        transferArgs(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(),
                     S);
      if (Shares && CE->getNumArgs() == 1 &&
          CE->getConstructor()->isMoveConstructor())
        emptyMovedFrom(CE->getArg(0), S);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      Expr::EvalResult ER;
      if ((BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) &&
          BO->getLHS()->getType()->isIntegralOrEnumerationType() &&
          !BO->getRHS()->isValueDependent() &&
          BO->getRHS()->EvaluateAsInt(ER, C.Ctx)) {
        int64_t By = ER.Val.getInt().getExtValue();
        step(BO->getLHS(), BO->getOpcode() == BO_AddAssign ? By : -By, S);
      } else if (BO->getOpcode() == BO_AddAssign &&
                 BO->getLHS()->getType()->isIntegerType() &&
                 BO->getRHS()->IgnoreParenImpCasts()
                     ->getType()->isUnsignedIntegerType()) {
        // `sent += c.size()`: it grows by an amount it cannot know.
        step(BO->getLHS(), 0, S, /*Grows=*/true);
      } else if (BO->isAssignmentOp()) {
        const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(BO->getLHS()));
        const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        std::vector<Guard> G;
        if (Var && BO->getOpcode() == BO_Assign)
          G = guardsOfValue(Var, BO->getRHS(), S);
        assignTo(BO->getLHS(), BO->getOpcode() == BO_Assign ? BO->getRHS()
                                                            : nullptr,
                 S);
        if (Var)
          rememberQuery(Var, std::move(G), S);
      }
    } else if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
      Returning = RS;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->isIncrementDecrementOp())
        step(UO->getSubExpr(), UO->isIncrementOp() ? 1 : -1, S);
    } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *Dl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dl))
          declare(VD, S);
    }
    // `FileGuard{f};`: a temporary destroyed at the end of its statement,
    // as a variable declared there and going out of scope at once.
    if (const VarDecl *Temp = DiscardedTemporaries.lookup(St)) {
      declare(Temp, S);
      destroyed(Temp, St, S);
    }
    if (const VarDecl *Temp = BuiltTemporaries.lookup(St))
      declare(Temp, S);
    if (auto Ending = EndingTemporaries.find(St);
        Ending != EndingTemporaries.end())
      for (const VarDecl *Temp : Ending->second)
        destroyed(Temp, St, S);
  }
  // What a return leaves is known once the destructors of the scopes it
  // leaves have run: they follow it in its block (a rollback guard closing
  // unless committed).
  if (Returning) {
    noteReturn(Returning, S);
    runReturnedSteps(Returning, S);
  }
}

/// A local declared again (the next iteration's `int client = accept(..)`)
/// is a new object: what a thread started with the previous one uses or
/// closes (its copy of the descriptor, a capture of the object that has
/// since died) is not this one.
void FunctionAnalysis::forgetTaskObjects(const Path &P, State &S) {
  auto Under = [&](const Key &K) {
    return hasPrefix(K.P, P, /*OrEqual=*/true);
  };
  for (auto &[Start, T] : S.Tasks) {
    llvm::erase_if(T.Uses, [&](const TaskUse &U) { return Under(U.K); });
    llvm::erase_if(T.Closes, [&](const auto &C) { return Under(std::get<0>(C)); });
    llvm::erase_if(T.SerialCloses,
                   [&](const Task::SerialClose &C) { return Under(C.K); });
  }
}

/// What declaring VD with its initializer teaches: aliases, copies of
/// handles, facts of its value, what its construction binds or starts.
bool FunctionAnalysis::snapshotUnchanged(const VarDecl *VD) const {
  findModified();
  const VarDecl *V = VD->getCanonicalDecl();
  return !Resized->count(V) && !(Modified->count(V) && !IndirectlyModified->count(V));
}

void FunctionAnalysis::declare(const VarDecl *VD, State &S) {
  // `static Registry r;` is initialized once, the first time: later calls
  // reach the object as it was left.
  if (VD->isStaticLocal())
    return;
  Path P{VD->getCanonicalDecl()};
  if (VD->isCXXForRangeDecl())
    enterIteration(VD, S);
  else if (VD->isImplicit() && VD->hasLocalStorage())
    runLoopSteps(VD, S);
  forget(S, P, /*OrEqual=*/true);
  for (auto It = S.Alias.begin(); It != S.Alias.end();)
    It = hasPrefix(It->first, P, true) ? S.Alias.erase(It)
                                       : std::next(It);
  if (!VD->getType()->isReferenceType())
    forgetTaskObjects(P, S);
  bindElementMembers(VD, S);
  noteEntryCopy(VD, S);
  QualType T = VD->getType();
  if (const Expr *Init = VD->getInit(); Init && VD->hasLocalStorage() &&
                                        (T->isIntegralOrEnumerationType() ||
                                         T->isPointerType())) {
    // `int err = n < 0 ? errno : EIO;`: what is known of the value.
    if (std::optional<Fact> F = T->isIntegralOrEnumerationType()
                                    ? valueFact(Init, S)
                                    : std::nullopt) {
      S.Known[VD->getCanonicalDecl()] = *F;
      for (auto &[K, Cl] : S.Keys)
        Cl.Cond[VD->getCanonicalDecl()] = *F;
    } else if (Expr::EvalResult ER;
               !Init->isValueDependent() && Init->EvaluateAsInt(ER, C.Ctx)) {
      Fact F{Fact::Eq, ER.Val.getInt().getExtValue()};
      S.Known[VD->getCanonicalDecl()] = F;
      for (auto &[K, Cl] : S.Keys)
        Cl.Cond[VD->getCanonicalDecl()] = F;
    }
  }
  // `bool ok = connect(sock);`: what was known of the call's result
  // is known of ok.
  if (const Expr *Init = VD->getInit())
    copyCallFacts(withoutCopy(Init), VD->getCanonicalDecl(), S);
  // `bool was = open;`: what the closes say of open, they say of was, which
  // keeps it once open changes.
  if (const VarDecl *From = VD->getInit() && T->isIntegralOrEnumerationType()
                                ? localScalar(VD->getInit())
                                : nullptr)
    copyCallFacts(From->getCanonicalDecl(), VD->getCanonicalDecl(), S);
  rememberQuery(VD, S);
  if (isStdType(T, {"thread", "jthread", "future", "shared_future"}))
    noteStart(VD->getInit(), P, S);
  if (isStdType(T, {"lock_guard", "unique_lock", "scoped_lock",
                    "shared_lock"}))
    acquire(P, VD->getInit(), S);
  closeResult(P, VD->getInit(), VD->getNameAsString(), S);
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
          VD->getInit() ? stripWrappers(VD->getInit()) : nullptr)) {
    bindConstructedMembers(P, CE, S);
    // A guard built with a lambda holds it: its `if (fn_)` is true.
    for (const auto &[Field, Lambda] : heldLambdas(CE).Callables) {
      Path Member = P;
      Member.push_back(Field->getCanonicalDecl());
      S.Known[C.intern(Member)] = Fact{Fact::Ne, 0};
    }
    applyConstructorRegistrations(
        P, CE->getConstructor(),
        llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()), CE, S);
  }
  else if (const auto *Call = dyn_cast_or_null<CallExpr>(
               VD->getInit() ? stripWrappers(VD->getInit()) : nullptr))
    // `auto g = makeScopeExit(...)`: the flags its constructor sets.
    if (const CXXConstructExpr *Made = factoryConstruction(Call))
      learnConstructedFlags(P, Made->getConstructor(), S);
  if (T->isPointerType() || isSmartPointerType(T)) {
    bindAlias(P, VD->getInit(), S);
    bindMadeMembers(P, VD->getInit(), S);
    noteAdoption(P, VD->getInit(), S);
  } else if (VD->hasLocalStorage() && VD->getInit() &&
             holdsPointerElements(T) && snapshotUnchanged(VD)) {
    // `auto pumps = pumps_;`, a snapshot taken to iterate outside a lock or
    // in a thread: its elements point where the member's do.
    const Expr *Init = stripWrappers(VD->getInit());
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(Init);
        Copy && Copy->getNumArgs() == 1 &&
        Copy->getConstructor()->isCopyConstructor())
      if (std::optional<Path> Source = pathOf(Copy->getArg(0), S))
        S.Alias[P] = std::move(*Source);
  } else if (T->isReferenceType() && VD->hasLocalStorage() && VD->getInit() &&
             !rawPathOf(VD->getInit())) {
    // `FanLink &fan = link(id);`: what the callee says it returns.
    if (const auto *Call = dyn_cast<CallExpr>(stripWrappers(VD->getInit())))
      if (std::optional<Path> Returned = returnedPath(Call, S))
        S.Alias[P] = resolve(std::move(*Returned), S);
  } else if (isHandleInteger(T) && VD->hasLocalStorage()) {
    bindCopy(P, VD->getInit(), S);
  } else if (const auto *ILE = dyn_cast_or_null<InitListExpr>(
               VD->getInit() ? stripWrappers(VD->getInit()) : nullptr))
    if (const RecordDecl *RD = T->getAsRecordDecl()) {
      // Holder h{&ch}, Closer c{conn}, FdGuard g{fd}: pointer, reference
      // and descriptor members bound by aggregate init.
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (I >= ILE->getNumInits())
          break;
        QualType FT = F->getType();
        Path FP = P;
        FP.push_back(F->getCanonicalDecl());
        if (FT->isPointerType() || isSmartPointerType(FT)) {
          bindAlias(FP, ILE->getInit(I), S);
        } else if (FT->isReferenceType()) {
          if (std::optional<Path> Target = pathOf(ILE->getInit(I), S))
            S.Alias[FP] = *Target;
        } else if (isHandleInteger(FT)) {
          bindCopy(FP, ILE->getInit(I), S);
        }
        ++I;
      }
    }
}

void FunctionAnalysis::transferArgs(const FunctionDecl *Callee,
                                    const Expr *const *Args, unsigned NumArgs,
                                    State &S, unsigned FirstParam) {
  for (unsigned A = 0; A < NumArgs; ++A) {
    const unsigned I = FirstParam + A;
    const Expr *Arg = Args[A];
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
    if (Modifiable && !onlyCallsMethodsOn(Callee, I))
      forget(S, *P, /*OrEqual=*/true);
  }
}

/// A callee whose code this unit sees and which does nothing with its
/// parameter I but call methods on it that are none of a protocol's roles
/// and reach none (`drainRemaining(q)` looping on `q.tryPop()`): what the
/// caller knows of the object still holds after the call. A method that
/// closes, reopens or replaces the object would make the callee relevant
/// (analyzed with a summary) or is an assignment.
bool FunctionAnalysis::onlyCallsMethodsOn(const FunctionDecl *Callee,
                                          unsigned I) {
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def || I >= Def->getNumParams() ||
      C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
    return false;
  const ParmVarDecl *Param = Def->getParamDecl(I);
  unsigned Mentions = 0, AsObject = 0;
  llvm::SmallVector<const Stmt *, 32> Stack{Def->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St); DRE && DRE->getDecl() == Param)
      ++Mentions;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const auto *Obj = dyn_cast<DeclRefExpr>(
          MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (Obj && Obj->getDecl() == Param) {
        if (!MD || MD->isCopyAssignmentOperator() ||
            MD->isMoveAssignmentOperator() || C.isRelevant(MD) ||
            !C.roles(MCE).empty())
          return false;
        ++AsObject;
      }
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Mentions > 0 && Mentions == AsObject;
}

/// For `f()` where f is a std::function (or a variable) initialized from a
/// lambda: that lambda's call operator.
/// The one value a private member of its class is ever given: its
/// initializer in every constructor, or its only assignment in the class's
/// code (`onComplete_ = [this](...) { ... };` in the constructor). Null when
/// there are several, or none.
static const Expr *onlyValueOf(const FieldDecl *F) {
  if (F->getAccess() != AS_private)
    return nullptr;
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || !RD->hasDefinition())
    return nullptr;
  const Expr *Value = F->getInClassInitializer();
  unsigned Count = Value ? 1 : 0;
  for (const CXXMethodDecl *M : RD->getDefinition()->methods()) {
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def)
      continue;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *CI : Ctor->inits())
        if (CI->isMemberInitializer() && CI->getMember() == F &&
            !isa<CXXDefaultInitExpr>(CI->getInit()) && CI->isWritten()) {
          Value = CI->getInit();
          ++Count;
        }
    llvm::SmallVector<const Stmt *, 32> Stack{Def->getBody()};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
          OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2)
        if (const auto *ME =
                dyn_cast<MemberExpr>(OCE->getArg(0)->IgnoreParenImpCasts());
            ME && ME->getMemberDecl() == F) {
          Value = OCE->getArg(1);
          ++Count;
        }
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
  }
  return Count == 1 ? Value : nullptr;
}

bool FunctionAnalysis::callFactoryCallable(const CallExpr *Call, State &S) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  if (!OCE || OCE->getOperator() != OO_Call || OCE->getNumArgs() == 0)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(OCE->getArg(0)));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || VD->getType()->isReferenceType() ||
      !VD->getInit() || !unmodified(VD))
    return false;
  // `FixCallback on_fix = make_fix_callback(link);`: the factory's call,
  // through the std::function built from what it returned.
  const Expr *Init = stripWrappers(VD->getInit());
  for (int Peel = 0; Peel < 3; ++Peel)
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1)
      Init = stripWrappers(CE->getArg(0));
  const auto *Factory = dyn_cast<CallExpr>(Init);
  if (!Factory || isa<CXXOperatorCallExpr>(Factory) ||
      !Factory->getDirectCallee())
    return false;
  const FunctionDecl *Callee = C.analyzableCallee(Factory);
  const Summary *Sum = Callee && C.isRelevant(Callee)
                           ? C.summaryFor(Callee, {})
                           : C.importedSummary(Factory);
  if (!Sum)
    return false;
  if (!Callee)
    Callee = Factory->getDirectCallee();
  // What the callable does when called, as the factory's own effects on
  // what it was given.
  Summary Runs;
  for (const Effect &E : Sum->Effects) {
    if (E.K != Effect::CallableUse && E.K != Effect::CallableClose)
      continue;
    Effect Now = E;
    Now.K = E.K == Effect::CallableUse ? Effect::Use : Effect::Close;
    Now.Pinned = false;
    if (Now.K == Effect::Use && E.Guarded)
      continue;
    Runs.Effects.push_back(Now);
  }
  if (Runs.Effects.empty())
    return false;
  llvm::SaveAndRestore<const CallExpr *> Naming(NamingCall, Factory);
  applyInvocation(Call, Callee, invocationOf(Factory, Callee), Runs, S,
                  /*Nested=*/false);
  return true;
}

const FunctionDecl *lambdaBehind(const CallExpr *Call) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  if (!OCE || OCE->getOperator() != OO_Call || OCE->getNumArgs() == 0)
    return nullptr;
  const Expr *Callee = stripWrappers(OCE->getArg(0));
  const Expr *Init = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    Init = VD ? VD->getInit() : nullptr;
  } else if (const auto *ME = dyn_cast<MemberExpr>(Callee);
             ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    // `onComplete_(sent)`: the lambda the class's own code stored in it.
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      Init = onlyValueOf(F);
  }
  if (!Init)
    return nullptr;
  Init = stripWrappers(Init);
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

bool isNamingCall(const FunctionDecl *F);

/// The lambda an expression gives: a lambda, a conversion of one (to a
/// std::function), or a local variable initialized with one.
const FunctionDecl *lambdaGiven(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 4; ++Depth) {
    E = stripWrappers(E);
    if (const auto *LE = dyn_cast<LambdaExpr>(E))
      return LE->getCallOperator();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      E = CE->getNumArgs() == 1 ? CE->getArg(0) : nullptr;
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      E = isNamingCall(Call->getDirectCallee()) && Call->getNumArgs() == 1
              ? Call->getArg(0)
              : nullptr;
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    E = VD && VD->isLocalVarDecl() && !isa<ParmVarDecl>(VD) ? VD->getInit()
                                                            : nullptr;
  }
  return nullptr;
}

/// The parameter of Ctor a member initializer keeps (`fn_(std::move(fn))`,
/// `fn_(fn)`), looking through the conversions a std::function makes.
const ParmVarDecl *keptParameter(const Expr *Init) {
  for (unsigned Depth = 0; Init && Depth < 4; ++Depth) {
    Init = stripWrappers(Init);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Init))
      return dyn_cast<ParmVarDecl>(DRE->getDecl());
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Init))
      Init = CE->getNumArgs() == 1 ? CE->getArg(0) : nullptr;
    else if (const auto *Call = dyn_cast<CallExpr>(Init))
      Init = isNamingCall(Call->getDirectCallee()) && Call->getNumArgs() == 1
                 ? Call->getArg(0)
                 : nullptr;
    else
      return nullptr;
  }
  return nullptr;
}

/// `makeScopeExit(f)` whose body is `return ScopeExit<Fn>(std::move(fn));`:
/// the construction it returns.
static const CXXConstructExpr *factoryConstruction(const CallExpr *Call) {
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def)
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *RS = dyn_cast<ReturnStmt>(Body->body_front());
  if (!RS || !RS->getRetValue())
    return nullptr;
  return dyn_cast<CXXConstructExpr>(stripWrappers(RS->getRetValue()));
}

/// The argument a construction gives a constructor's parameter I; for one
/// inside a factory (Outer calls it), what Outer gives the factory's
/// parameter it forwards.
static const Expr *constructionArg(const CXXConstructExpr *CE, unsigned I,
                                   const CallExpr *Outer) {
  if (I >= CE->getNumArgs())
    return nullptr;
  const Expr *Arg = CE->getArg(I);
  if (!Outer)
    return Arg;
  Arg = stripWrappers(Arg);
  // A by-value parameter is copied or moved in.
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(Arg);
      Copy && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    Arg = stripWrappers(Copy->getArg(0));
  if (const auto *Move = dyn_cast<CallExpr>(Arg);
      Move && isNamingCall(Move->getDirectCallee()) && Move->getNumArgs() == 1)
    Arg = stripWrappers(Move->getArg(0));
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!PVD || PVD->getFunctionScopeIndex() >= Outer->getNumArgs())
    return nullptr;
  return Outer->getArg(PVD->getFunctionScopeIndex());
}

Bindings heldLambdas(const Expr *Construction) {
  Bindings B;
  const auto *CE =
      Construction ? dyn_cast<CXXConstructExpr>(stripWrappers(Construction))
                   : nullptr;
  const CallExpr *Factory = nullptr;
  if (!CE && Construction)
    if ((Factory = dyn_cast<CallExpr>(stripWrappers(Construction))))
      CE = factoryConstruction(Factory);
  const CXXConstructorDecl *Ctor = CE ? CE->getConstructor() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!Ctor || !Ctor->hasBody(Def) || !Def)
    return B;
  for (const CXXCtorInitializer *CI : cast<CXXConstructorDecl>(Def)->inits()) {
    const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
    if (!F || !F->getType()->isRecordType())
      continue;
    const ParmVarDecl *PVD = keptParameter(CI->getInit());
    if (!PVD)
      continue;
    const Expr *Arg =
        constructionArg(CE, PVD->getFunctionScopeIndex(), Factory);
    if (const FunctionDecl *L = Arg ? lambdaGiven(Arg) : nullptr)
      B.Callables.push_back({F->getCanonicalDecl(), L});
  }
  return B;
}

bool isCallableRecord(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  // A template operator() too (a function object taking any result type).
  for (const Decl *D : RD->getDefinition()->decls()) {
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    if (const auto *M = dyn_cast<CXXMethodDecl>(D);
        M && M->getOverloadedOperator() == OO_Call)
      return true;
  }
  return false;
}

const FieldDecl *calledMember(const CallExpr *Call) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  if (!OCE || OCE->getOperator() != OO_Call || OCE->getNumArgs() == 0)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(stripWrappers(OCE->getArg(0)));
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return F && F->getType()->isRecordType() ? F : nullptr;
}

/// For a lambda's call operator whose lambda captured `this`, the class of
/// that `this` (the class of the method the lambda was written in).
static const CXXRecordDecl *capturedThisClass(const FunctionDecl *F) {
  const auto *MD = dyn_cast<CXXMethodDecl>(F);
  if (!MD || !MD->getParent()->isLambda() ||
      llvm::none_of(MD->getParent()->captures(),
                    [](const LambdaCapture &LC) { return LC.capturesThis(); }))
    return nullptr;
  for (const DeclContext *DC = MD->getParent()->getDeclContext(); DC;
       DC = DC->getParent())
    if (const auto *Outer = dyn_cast<CXXMethodDecl>(DC);
        Outer && !Outer->getParent()->isLambda())
      return Outer->getParent()->getCanonicalDecl();
  return nullptr;
}

/// `fn_()` in a method whose summary is computed for an object whose
/// construction gave fn_ a lambda: that lambda's call operator.
static const FunctionDecl *boundLambda(const CallExpr *Call,
                                       const Bindings &B) {
  const FieldDecl *Member = B.Callables.empty() ? nullptr : calledMember(Call);
  if (!Member)
    return nullptr;
  for (const auto &[F, L] : B.Callables)
    if (F == Member->getCanonicalDecl())
      return L;
  return nullptr;
}

/// T of a std::optional<T>; null for any other type.
static QualType optionalValueType(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !Spec->getIdentifier() ||
      Spec->getName() != "optional" || Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

/// std::move, std::forward and friends only name their argument.
bool isNamingCall(const FunctionDecl *F) {
  if (!F || !F->isInStdNamespace() || !F->getIdentifier())
    return false;
  return llvm::is_contained(
      {"move", "forward", "as_const", "addressof", "ref", "cref"},
      F->getName());
}

void FunctionAnalysis::emptyMovedFrom(const Expr *Arg, State &S) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getNumArgs() == 1 && isNamingCall(Call->getDirectCallee()) &&
      Call->getDirectCallee()->getName() == "move")
    E = Call->getArg(0)->IgnoreParenImpCasts();
  else if (const auto *Cast = dyn_cast<CXXStaticCastExpr>(E);
           Cast && Cast->isXValue())
    E = Cast->getSubExpr()->IgnoreParenImpCasts();
  else
    return;
  if (!isSmartPointerType(E->getType()))
    return;
  if (std::optional<Path> P = rawPathOf(E)) {
    S.Null.insert(*P);
    S.MaybeNull.erase(*P);
  }
}

namespace {

/// `std::move(x)` or `static_cast<T &&>(x)`: x; null for anything else.
const Expr *movedOperand(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getNumArgs() == 1 && isNamingCall(Call->getDirectCallee()) &&
      Call->getDirectCallee()->getName() == "move")
    return Call->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<CXXStaticCastExpr>(E); Cast && Cast->isXValue())
    return Cast->getSubExpr()->IgnoreParenImpCasts();
  return nullptr;
}

/// Every mention of PVD in Body calls a const method on it (`src.get()`,
/// `if (!src)`, `src->send()` of a pointer): the parameter still holds
/// what it was given when the function returns, and its destruction there
/// is what ends it. One moved on, released or reset is not.
bool keepsToTheEnd(const Stmt *Body, const ParmVarDecl *PVD) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    const ParmVarDecl *PVD;
    unsigned Mentions = 0, ConstCalls = 0;
    static const CXXMethodDecl *constMethod(const Decl *D) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(D);
      return MD && MD->isConst() ? MD : nullptr;
    }
    bool names(const Expr *E) const {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == PVD;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      Mentions += DRE->getDecl() == PVD;
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      ConstCalls += names(MCE->getImplicitObjectArgument()) &&
                    constMethod(MCE->getMethodDecl());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      ConstCalls += OCE->getNumArgs() >= 1 && names(OCE->getArg(0)) &&
                    constMethod(OCE->getCalleeDecl());
      return true;
    }
  } V;
  V.PVD = PVD;
  V.TraverseStmt(const_cast<Stmt *>(Body));
  return V.Mentions == V.ConstCalls;
}

} // namespace

void FunctionAnalysis::destroyMovedInParameters(const CallExpr *Call,
                                                const FunctionDecl *Target,
                                                State &S) {
  const FunctionDecl *Def = nullptr;
  if (!Target->hasBody(Def) || !Def || !Def->getBody())
    return;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  unsigned Offset = OCE && isa<CXXMethodDecl>(Def) ? 1 : 0;
  for (unsigned I = 0; I < Def->getNumParams() && I + Offset < Call->getNumArgs();
       ++I) {
    const ParmVarDecl *PVD = Def->getParamDecl(I);
    QualType T = PVD->getType();
    if (T->isReferenceType() || !T->getAsCXXRecordDecl() ||
        isStdType(T, {"shared_ptr", "weak_ptr"}))
      continue;
    // `archive(std::move(fd))` into `bool archive(UniqueFd src)`: the
    // parameter is moved from the caller's object and destroyed when the
    // call ends, closing what it took, unless the callee passed it on.
    const auto *CE =
        dyn_cast<CXXConstructExpr>(Call->getArg(I + Offset)->IgnoreImplicit());
    if (!CE || CE->getNumArgs() != 1 ||
        !CE->getConstructor()->isMoveConstructor())
      continue;
    const Expr *Moved = movedOperand(CE->getArg(0));
    std::optional<Path> From = Moved ? pathOf(Moved, S) : std::nullopt;
    if (!From || !keepsToTheEnd(Def->getBody(), PVD))
      continue;
    // Its own site: what the callee's body did is reported at the call.
    const Expr *&Site = ParamDtorSites[{Call, cast<ParmVarDecl>(PVD->getCanonicalDecl())}];
    if (!Site)
      Site = new (C.Ctx) CXXNullPtrLiteralExpr(C.Ctx.NullPtrTy,
                                               Call->getEndLoc());
    applyDestruction(*From, T, Site,
                     "parameter '" + PVD->getNameAsString() + "' of '" +
                         Def->getNameAsString() + "' is destroyed",
                     Call->getEndLoc(), S, /*Depth=*/0,
                     /*MayHoldNothing=*/S.MaybeNull.count(*From) != 0);
    // A moved-from smart pointer holds nothing; what it pointed to is as
    // the destruction left it for the raw pointers taken before.
    if (isSmartPointerType(T)) {
      S.Null.insert(*From);
      continue;
    }
    // The caller's object was moved from: what it held lives on only in
    // the copies taken before (`int raw = fd.get();`), and for this
    // function's callers, in what they passed.
    if (entryRoot(*From))
      recordPriorCloses(*From, S);
    rehome(*From, S);
    splitIntCopiesUnder(*From, /*OrEqual=*/true, S);
    forget(S, *From, /*OrEqual=*/true);
    for (auto It = S.Alias.begin(); It != S.Alias.end();)
      It = hasPrefix(It->first, *From, /*OrEqual=*/true) ? S.Alias.erase(It)
                                                         : std::next(It);
  }
}

/// `ec.clear()` of an error code this function holds: `if (ec)` is false
/// after it, as after `ec = std::error_code();`.
bool FunctionAnalysis::clearsErrorCode(const CallExpr *Call, State &S) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "clear" ||
      MCE->getNumArgs() != 0)
    return false;
  const Expr *Obj = MCE->getImplicitObjectArgument();
  if (!isStdType(Obj->getType(), {"error_code", "error_condition"}) ||
      !isa<DeclRefExpr>(stripWrappers(Obj)))
    return false;
  const void *Code = truthSubject(Obj);
  if (!Code)
    return false;
  S.Known[Code] = Fact{Fact::Eq, 0};
  return true;
}

/// `active_(true)`, `bool armed_ = false;`: a flag the constructor starts
/// at a constant holds it, for the units that build the object without
/// seeing the constructor (exported as Sets where the body leaves it).
void FunctionAnalysis::initializeFlag(const Path &Member,
                                      const CXXCtorInitializer *CI, State &S) {
  const FieldDecl *F = CI->getMember();
  const Expr *Init = CI->getInit();
  if (const auto *DIE =
          Init ? dyn_cast<CXXDefaultInitExpr>(Init->IgnoreImplicit()) : nullptr)
    Init = DIE->getExpr();
  QualType T = F->getType();
  Expr::EvalResult ER;
  if (!Init || !T->isIntegralOrEnumerationType() || T.isVolatileQualified() ||
      Init->isValueDependent() || !Init->EvaluateAsInt(ER, C.Ctx))
    return;
  const void *Subject = C.intern(Member);
  S.Known[Subject] = Fact{Fact::Eq, ER.Val.getInt().getExtValue()};
  S.Assigned.insert(Subject);
  noteWritten(Subject, S);
}

/// `log = FilePtr(std::fopen(next, "a"));`: the deleter runs on what the
/// unique_ptr held, as for `log.reset(next)`; a raw copy of the old pointer
/// (`FILE *raw = log.get();`) keeps what it did.
void FunctionAnalysis::destroyReplaced(const Expr *Ptr, const CallExpr *Site,
                                       State &S) {
  std::optional<Path> Raw = rawPathOf(Ptr);
  if (!Raw || S.Null.count(*Raw))
    return;
  const bool MayHoldNothing = S.MaybeNull.count(*Raw) != 0;
  const bool KeptByCopy = rehomes(*Raw, S);
  State Probe = S;
  applyDestruction(*Raw, Ptr->IgnoreParenImpCasts()->getType(), Site,
                   "'" + exprName(Ptr) + "' is assigned", Site->getExprLoc(),
                   KeptByCopy ? S : Probe, /*Depth=*/0, MayHoldNothing);
  if (KeptByCopy)
    rehome(*Raw, S);
}

void FunctionAnalysis::transferCall(const CallExpr *Call, State &S) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  // A call evaluated again has a new result: forget facts about the old one.
  S.Known.erase(Call);
  for (auto &[K, Cl] : S.Keys)
    Cl.Cond.erase(Call);
  if (exchangeFlag(Call, S) || clearsErrorCode(Call, S))
    return;
  if (noteExchange(Call, S)) {
    // The member is assigned, as `f_ = nullptr;` would; handed straight to
    // a call (`fclose(std::exchange(f_, nullptr))`), once that call took
    // what it held.
    if (!DeferredExchanges.count(Call))
      assignTo(Call->getArg(0), Call->getArg(1), S);
    return;
  }
  if (Replay) {
    if (std::optional<unsigned> P = invokedParameter(FD, Call))
      noteInvokeSite(*P, Call, S);
    if (std::optional<unsigned> P = invokedElementParameter(Call)) {
      InvokesElements.insert(*P);
      if (endsRunWhenFalse(Call))
        StopsOnFalse.insert(*P);
    }
  }
  transferCallbacks(Call, S);
  notePendingErrors(Call, S);
  if (isNamingCall(Callee) || transferThreadCall(Call, S) ||
      transferSwap(Call, S) || transferAtomicStore(Call, S) ||
      transferAlgorithm(Call, S))
    return;
  // A trivial accessor only names a member; one defined elsewhere names
  // what it returns.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
    if (returnedMember(MCE->getMethodDecl(), 0) ||
        returnedElement(MCE, 0) || opaqueAccessor(MCE->getMethodDecl()))
      return;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  if (OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2) {
    // `lease = std::nullopt;` ends the value as reset() does.
    if (OCE->getOperator() == OO_Equal &&
        isStdType(OCE->getArg(0)->IgnoreParenImpCasts()->getType(),
                  {"optional"}) &&
        isStdType(OCE->getArg(1)->IgnoreParenImpCasts()->getType(),
                  {"nullopt_t"})) {
      replaceOptionalValue(OCE, OCE->getArg(0), "reset", {}, S);
      return;
    }
    if (OCE->getOperator() == OO_Equal &&
        isStdType(OCE->getArg(0)->IgnoreParenImpCasts()->getType(),
                  {"unique_ptr"}))
      destroyReplaced(OCE->getArg(0), OCE, S);
    applyOwnAssignment(OCE, S);
    assignTo(OCE->getArg(0), OCE->getArg(1), S);
    if (isSmartPointerType(OCE->getArg(0)->getType()))
      emptyMovedFrom(OCE->getArg(1), S);
    return;
  }
  if (OCE && (OCE->getOperator() == OO_Arrow ||
              (OCE->getOperator() == OO_Star && OCE->getNumArgs() == 1)))
    return;

  // `v[i]`, `m.at(k)`: naming an element changes nothing.
  if (elementPathOf(Call, 0))
    return;
  llvm::SmallVector<CallRole, 2> Roles = C.roles(Call);
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
    // Asked of the flags as they were before the call, of an object not
    // closed yet: a close that refuses to run again is the double-close
    // rule's to judge.
    auto ClosesOpenObject = [&](const CallRole &CR) {
      if (CR.Kind != Role::Close)
        return false;
      std::optional<Path> P = pathOf(CR.Handle, S);
      return P && !S.Keys.count(Key{CR.ProfileIdx, *P});
    };
    const bool CloseDoesNothing = llvm::any_of(Roles, ClosesOpenObject) &&
                                  roleCloseDoesNothing(Call, S);
    applyRoleMethodSets(Call, S);
    // A call that uses and then reopens or closes (`freopen(p, m, f)`)
    // uses first, under every profile, before any of them changes it.
    std::stable_partition(Roles.begin(), Roles.end(), [](const CallRole &CR) {
      return CR.Kind == Role::Use;
    });
    for (const CallRole &CR : Roles)
      if (!(CloseDoesNothing && CR.Kind == Role::Close))
        applyRole(Call, CR, S);
    return;
  }

  const FunctionDecl *Target = boundLambda(Call, B);
  if (!Target)
    Target = lambdaBehind(Call);
  if (!Target && callFactoryCallable(Call, S))
    return;
  if (!Target)
    Target = C.analyzableCallee(Call);
  Bindings CallB;
  // A method of a local object whose construction gave a member a lambda
  // (`guard.fire()` calling fn_) runs that lambda.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(
            stripWrappers(MCE->getImplicitObjectArgument())))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && VD->isLocalVarDecl() && !VD->getType()->isReferenceType())
        CallB.Callables = heldLambdas(VD->getInit()).Callables;
  // `this->fire()` in the guard's own destructor: the same members.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
      MCE && isa<CXXThisExpr>(
                 MCE->getImplicitObjectArgument()->IgnoreParenImpCasts()))
    CallB.Callables = B.Callables;
  // `fn_()` of a guard's member holding a lambda that captured another
  // class's `this`: that `this` is its creator's, which only the creator
  // can name (it runs the lambda where it sees this Runs effect). A class's
  // own lambda (`onComplete_ = [this] {...}` in its constructor) shares
  // this method's `this`.
  if (const FieldDecl *Member = calledMember(Call); Member && Target)
    if (const CXXRecordDecl *Captured = capturedThisClass(Target);
        Captured && Captured != Member->getParent()->getCanonicalDecl()) {
      noteRunsMember(Call, S);
      return;
    }
  if (Target && C.isRelevant(Target, CallB)) {
    addConstantArguments(Call, Target, CallB);
    if (const Summary *Sum = C.summaryFor(Target, CallB)) {
      applySummary(Call, Target, *Sum, S);
      destroyMovedInParameters(Call, Target, S);
      return;
    }
  }
  if (!Target)
    if (const Summary *Sum = C.importedSummary(Call)) {
      applySummary(Call, Call->getDirectCallee(), *Sum, S);
      return;
    }
  noteRunsMember(Call, S);
  transferUnknownCall(Call, Callee, S);
}

/// A class's own copy or move assignment (`if (this != &o)
/// reset(o.release());`) does what its code does to the object it
/// overwrites, its closes first, before the object takes the other's
/// value. A defaulted one, or the standard library's, only copies members.
void FunctionAnalysis::applyOwnAssignment(const CXXOperatorCallExpr *OCE,
                                          State &S) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
  if (!MD || !MD->isUserProvided() || MD->getParent()->isInStdNamespace() ||
      !(MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()))
    return;
  const FunctionDecl *Target = C.analyzableCallee(OCE);
  Bindings CallB;
  if (Target && C.isRelevant(Target, CallB)) {
    if (const Summary *Sum = C.summaryFor(Target, CallB))
      applySummary(OCE, Target, *Sum, S);
    return;
  }
  if (!Target)
    if (const Summary *Sum = C.importedSummary(OCE))
      applySummary(OCE, MD, *Sum, S);
}

/// The arguments a callee's analysis can know the value of: integer
/// constants, and string literals (`logon("35=A")`, whose tests of the text
/// then know it).
void FunctionAnalysis::addConstantArguments(const CallExpr *Call,
                                            const FunctionDecl *Target,
                                            Bindings &B) const {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  unsigned Offset =
      (OCE && isa<CXXMethodDecl>(Call->getDirectCallee())) ? 1 : 0;
  for (unsigned I = 0; I < Target->getNumParams(); ++I) {
    if (I + Offset >= Call->getNumArgs())
      break;
    QualType PT = Target->getParamDecl(I)->getType();
    const Expr *Arg = Call->getArg(I + Offset);
    if (const StringLiteral *Lit = stringLiteralOf(Arg);
        Lit && !PT->isIntegralOrEnumerationType()) {
      B.Constants.push_back({I, stringConstant(Lit->getBytes())});
      continue;
    }
    if (!PT->isIntegralOrEnumerationType())
      continue;
    Expr::EvalResult R;
    if (!Arg->isValueDependent() && Arg->EvaluateAsInt(R, C.Ctx))
      B.Constants.push_back({I, R.Val.getInt().getExtValue()});
  }
}

/// `f_()` calling a callable member whose content this function cannot
/// see: its callers may know which lambda the object's construction gave
/// it (a scope guard defined in another file).
void FunctionAnalysis::noteRunsMember(const CallExpr *Call, State &S) {
  const FieldDecl *F = calledMember(Call);
  if (!F)
    return;
  Effect E;
  E.K = Effect::Runs;
  E.Root = RootKind::This;
  E.Suffix = {F->getCanonicalDecl()};
  E.Pre = entryPreconditions(S.Entry);
  record(E);
}

/// A call we cannot see into may change what it is given: arguments passed
/// by non-const reference or pointer, and the members of its receiver.
/// A function of namespace std that only gives access to what its argument
/// holds (`std::get<1>(entry)` of a structured binding, `std::begin(v)`):
/// it changes nothing.
static bool stdAccessFunction(const FunctionDecl *Callee) {
  return Callee && !isa<CXXMethodDecl>(Callee) && Callee->isInStdNamespace() &&
         Callee->getIdentifier() &&
         llvm::is_contained({"get", "begin", "end", "cbegin", "cend", "data",
                             "size", "addressof", "as_const"},
                            Callee->getName());
}

/// `opt.reset()`, `opt = std::nullopt`, `opt.emplace(args)`, `opt.swap(o)`
/// (Op) made by Call on the optional Obj: the value it held ends (its
/// destructor runs), and after emplace() a new one, built from Args, is
/// held.
void FunctionAnalysis::replaceOptionalValue(const CallExpr *Call,
                                            const Expr *Obj, StringRef Op,
                                            llvm::ArrayRef<const Expr *> Args,
                                            State &S) {
  std::optional<Path> Raw = rawPathOf(Obj);
  if (!Raw)
    return;
  Path P = resolve(*Raw, S);
  // reset() and emplace() end the value's life: its destructor runs on
  // it as it is now, as a smart pointer's reset() runs its deleter.
  const bool Ends = Op != "swap";
  const bool ToNothing = Op == "reset";
  QualType Value = optionalValueType(Obj->IgnoreParenImpCasts()->getType());
  // What a test of its engagement names (Conditions.cpp): a local
  // optional is its variable, as for `if (auto r = make())`.
  const void *Engaged = truthSubject(Obj);
  if (!Engaged)
    Engaged = C.intern(P);
  auto Known = S.Known.find(Engaged);
  const bool MayHoldNothing =
      Known == S.Known.end() || !Known->second.implies(Fact{Fact::Ne, 0});
  const bool Empty =
      Known != S.Known.end() && Known->second.implies(Fact{Fact::Eq, 0});
  const std::string What = "'" + exprName(Obj) + "' is reset";
  // emplace(): a copy of the old value's handle keeps what the
  // destructor did to it, and so does what its members referred to (a
  // lease's link); the optional holds a new value.
  if (Ends && !Empty && !Value.isNull() && !ToNothing) {
    const bool KeptByCopy = rehomes(P, S);
    applyDestruction(P, Value, Call, What, Call->getExprLoc(), S,
                     /*Depth=*/0, MayHoldNothing);
    if (KeptByCopy)
      rehome(P, S);
  }
  // `if (s_) s_->close(); s_.emplace(host);`: the caller's close before
  // the call makes this one a second close.
  recordPriorCloses(P, S);
  forget(S, P, /*OrEqual=*/true);
  // `lease.emplace(link)`: the new value's members are bound as its
  // constructor binds them (its destructor closes what they name).
  if (Op == "emplace" && !Value.isNull())
    if (const CXXConstructorDecl *Ctor =
            forwardedConstructor(Value->getAsCXXRecordDecl(), Args.size()))
      bindConstructedMembers(P, Ctor, Args, S);
  // reset(): what the destructor closes stays closed for the copies
  // that still name it (`FILE *raw = log_->get(); log_.reset();`).
  if (Ends && !Empty && !Value.isNull() && ToNothing)
    applyDestruction(P, Value, Call, What, Call->getExprLoc(), S,
                     /*Depth=*/0, MayHoldNothing);
  // Engaged after emplace(), empty after reset(): `if (s_)` knows.
  if (Ends) {
    noteWritten(Engaged, S);
    S.Assigned.insert(Engaged);
    learnValue(Engaged, ToNothing ? Fact{Fact::Eq, 0} : Fact{Fact::Ne, 0}, S);
  }
}

/// A condition variable's wait releases the lock: other threads may write
/// the shared flags meanwhile, so what was known of them is not known past
/// it (`while (!done_) cv_.wait(lk);` leaves the loop because a worker set
/// done_, not because it was set on entry). `cv_.wait(lk, [this] { return
/// done_; });` returns only once its predicate holds: that is known past it.
void FunctionAnalysis::transferConditionWait(const CXXMemberCallExpr *MCE,
                                          State &S) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier() ||
      !MD->getName().starts_with("wait") ||
      !isStdType(MCE->getImplicitObjectArgument()->getType(),
                 {"condition_variable", "condition_variable_any"}))
    return;
  for (auto It = S.Known.begin(); It != S.Known.end();) {
    const Path *P = C.subject(It->first);
    if (!P || !entryRoot(*P)) {
      ++It;
      continue;
    }
    S.Assigned.insert(It->first);
    It = S.Known.erase(It);
  }
  if (MD->getName() != "wait" || MCE->getNumArgs() != 2)
    return;
  const auto *LE = dyn_cast<LambdaExpr>(stripWrappers(MCE->getArg(1)));
  const auto *Body = LE ? dyn_cast<CompoundStmt>(LE->getBody()) : nullptr;
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  if (!Ret || !Ret->getRetValue())
    return;
  // Another thread made it so: the wait establishes the fact, which says
  // nothing of the flag's value on entry (no precondition). A thread whose
  // finishing flag it establishes has ended (learn() drops it).
  for (const auto &[Subject, F] : learnedFrom(Ret->getRetValue(), true, false)) {
    S.Assigned.insert(Subject);
    S.Known.erase(Subject);
    noteFinishedThreads(Subject, F, S);
    learn(Subject, F, S);
  }
}

void FunctionAnalysis::noteFinishedThreads(const void *Subject,
                                           const Fact &Learned,
                                           const State &S) {
  for (const auto &[Start, T] : S.Tasks) {
    auto Running = T.Cond.find(Subject);
    if (T.Finishing != Subject || Running == T.Cond.end() ||
        !Running->second.contradicts(Learned))
      continue;
    for (const std::optional<Path> &Ended : {T.Handle, T.Executor})
      if (Ended && entryRoot(*Ended))
        FlagAwaited.insert(*Ended);
  }
}

void FunctionAnalysis::transferUnknownCall(const CallExpr *Call,
                                           const FunctionDecl *Callee,
                                           State &S) {
  if (stdAccessFunction(Callee))
    return;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  unsigned Skip = (OCE && isa_and_nonnull<CXXMethodDecl>(Callee)) ? 1 : 0;
  transferArgs(Callee, Call->getArgs() + Skip, Call->getNumArgs() - Skip, S);
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
      OCE && MD && !isAccessor(MD) && OCE->getNumArgs() > 0) {
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
  transferConditionWait(MCE, S);
  std::optional<Path> Obj = pathOf(MCE->getImplicitObjectArgument(), S);
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!Obj || !MD || isAccessor(MD))
    return;
  // std::optional's reset(), emplace() and swap() replace the object it
  // holds: what follows works on a new one (or on none).
  if (const Expr *Obj = MCE->getImplicitObjectArgument();
      Obj && isStdType(Obj->IgnoreParenImpCasts()->getType(), {"optional"}) &&
      MD->getIdentifier() &&
      llvm::is_contained({"reset", "emplace", "swap"}, MD->getName())) {
    replaceOptionalValue(MCE, Obj, MD->getName(),
                         llvm::ArrayRef(MCE->getArgs(), MCE->getNumArgs()), S);
    return;
  }
  // On a smart pointer (reset, swap...) the pointer itself changes.
  if (isCallOnSmartPointer(MCE)) {
    std::optional<Path> Raw = rawPathOf(MCE->getImplicitObjectArgument());
    if (Raw) {
      // libstdc++ declares reset() in a base: the object's own type tells.
      QualType PtrT =
          MCE->getImplicitObjectArgument()->IgnoreParenImpCasts()->getType();
      // Another shared owner keeps the object alive, as it was.
      bool Shared = isStdType(PtrT, {"shared_ptr"}) && rehome(*Raw, S);
      bool MayHoldNothing = S.MaybeNull.count(*Raw) != 0;
      const bool Reset = MD->getIdentifier() && MD->getName() == "reset";
      const bool ToNothing =
          Reset &&
          (MCE->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(MCE->getArg(0)) ||
           MCE->getArg(0)->isNullPointerConstant(
               C.Ctx, Expr::NPC_ValueDependentIsNotNull));
      const bool Destroys = Reset && !Shared && !isWeakPointerType(PtrT) &&
                            !S.Null.count(*Raw);
      // The owned object's destructor or deleter runs on the object as it
      // is now (`conn_->close(); conn_.reset();` whose destructor closes
      // again closes twice; a reset to a new pointer destroys the old one
      // too): run on a copy of what is known, for its findings only.
      // A copy of the old pointer (`FILE *day = in.get(); in.reset(next);`)
      // keeps what the deleter did to the old object.
      const bool KeptByCopy = !ToNothing && rehomes(*Raw, S);
      if (Destroys && (ToNothing || isStdType(PtrT, {"unique_ptr"}))) {
        State Probe = S;
        applyDestruction(*Raw, MCE->getImplicitObjectArgument()->getType(),
                         MCE, "'" + exprName(MCE->getImplicitObjectArgument()) +
                                  "' is reset",
                         MCE->getExprLoc(), KeptByCopy ? S : Probe,
                         /*Depth=*/0, MayHoldNothing);
        if (KeptByCopy)
          rehome(*Raw, S);
      }
      forget(S, *Raw, /*OrEqual=*/true);
      S.Alias.erase(*Raw);
      if (Raw->size() >= 2)
        if (std::optional<Effect> E = entryRoot(*Raw)) {
          E->K = Effect::Rebinds;
          record(*E);
        }
      if (Destroys && ToNothing) {
        // The object it owned is destroyed: its deleter runs, and what it
        // closes stays closed for the aliases that still point to it
        // (`FILE *old = log.get(); log.reset();`).
        applyDestruction(*Raw, MCE->getImplicitObjectArgument()->getType(),
                         MCE,
                         "'" + exprName(MCE->getImplicitObjectArgument()) +
                             "' is reset",
                         MCE->getExprLoc(), S, /*Depth=*/0, MayHoldNothing);
        // Closed where the pointer holds nothing: `if (!log) break;` after
        // a helper that reset it (on its failure path) asks.
        if (const void *Holder = truthSubject(MCE->getImplicitObjectArgument()))
          for (auto &[K, Cl] : S.Keys)
            if (llvm::is_contained(Cl.Sites, MCE))
              Cl.Cond[Holder] = Fact{Fact::Eq, 0};
        // The destroyed object's members went with it: for the callers its
        // closes are prior closes, and the member names another object (or
        // none) from here on, whose destruction closes nothing twice.
        if (Raw->size() >= 2 && entryRoot(*Raw)) {
          recordPriorCloses(*Raw, S, /*Elements=*/true);
          // So is what it held itself (the FILE* of a unique_ptr with a
          // closing deleter): the member holds nothing now, and a local copy
          // of the pointer (`FILE *old = log_.get();`) keeps the close.
          if (!rehomes(*Raw, S))
            recordPriorCloses(*Raw, S);
          rehome(*Raw, S);
          forget(S, *Raw, /*OrEqual=*/true);
        }
      }
      if (MD->getIdentifier() && MD->getName() == "reset" &&
          MCE->getNumArgs() == 1)
        bindAlias(*Raw, MCE->getArg(0), S);
      // reset() and release() leave it empty: its destructor does nothing.
      if (MD->getIdentifier() &&
          ((MD->getName() == "reset" &&
            (MCE->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(MCE->getArg(0)))) ||
           MD->getName() == "release"))
        S.Null.insert(*Raw);
    }
    return;
  }
  // A method whose code is seen and touches nothing tracked changes only
  // the members it writes (`samples_.push_back(s)` in record()).
  const FunctionDecl *Def = nullptr;
  if (MD->hasBody(Def) && Def &&
      !C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())) &&
      !MD->getParent()->isInStdNamespace())
    if (std::optional<std::set<const FieldDecl *>> Written =
            membersWritten(Def)) {
      for (const FieldDecl *F : *Written) {
        Path Member = *Obj;
        Member.push_back(F->getCanonicalDecl());
        forget(S, Member, /*OrEqual=*/true);
      }
      return;
    }
  // `for (auto &e : peers_) e->close(); peers_.clear();`: the caller's own
  // close of an element before the call makes this one a second close, and
  // a copy the caller took of an element it erases (`FILE *src =
  // logs_.at(bed); retire(bed);`) is closed for it.
  const bool Removes =
      MD->getIdentifier() && MD->getParent()->isInStdNamespace() &&
      llvm::is_contained({"erase", "clear", "pop_back", "pop_front", "extract"},
                         MD->getName());
  if (Removes)
    recordPriorCloses(*Obj, S, /*Elements=*/true);
  // `auto up = it->second; byHost_.erase(it); ::close(up->fd);`: the
  // object a copy shares with a removed element lives on in the copy
  // alone, no longer reached through the container.
  if (Removes)
    detachElementCopies(*Obj, S);
  forget(S, *Obj, /*OrEqual=*/false);
  learnContainerSize(MCE, S);
}

/// `pending_.clear()` empties the container, `pending_.push_back(o)` leaves
/// at least one element: the size flag (memberSizeFlag()) holds that from
/// here on, for the closes made before too, as an assignment's value does.
void FunctionAnalysis::learnContainerSize(const CXXMemberCallExpr *MCE,
                                          State &S) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier() || !MD->getParent()->isInStdNamespace())
    return;
  const void *Size =
      memberSizeFlag(MCE->getImplicitObjectArgument(), MD->getParent());
  if (!Size)
    return;
  StringRef Name = MD->getName();
  std::optional<Fact> F;
  if (Name == "clear")
    F = Fact{Fact::Eq, 0};
  else if (llvm::is_contained({"push_back", "emplace_back", "push_front",
                               "emplace_front", "push", "emplace"},
                              Name))
    F = Fact{Fact::AtLeast, 1};
  if (!F)
    return;
  learnValue(Size, *F, S);
  noteWritten(Size, S);
  S.Assigned.insert(Size);
}

void FunctionAnalysis::detachElementCopies(const Path &Container, State &S) {
  std::set<Path> Shared;
  for (const auto &[From, To] : S.Alias)
    if (hasPrefix(To, Container, /*OrEqual=*/false) &&
        !hasPrefix(From, Container, /*OrEqual=*/true))
      Shared.insert(To);
  // Deepest first, as rehome() renames what lies under the one it moves.
  for (auto It = Shared.rbegin(); It != Shared.rend(); ++It)
    rehome(*It, S);
}

namespace {
/// The members of `this` a method's body may change, first level; none
/// known when `this` escapes (passed on, captured, another method of the
/// object called).
struct MemberWrites : RecursiveASTVisitor<MemberWrites> {
  std::set<const FieldDecl *> Out;
  bool Escapes = false;
  static const FieldDecl *topMember(const Expr *E) {
    std::optional<Path> P = rawPathOf(E);
    if (!P || P->size() < 2 || P->front() != ThisRoot)
      return nullptr;
    return fieldPart((*P)[1]);
  }
  static bool isThis(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
    return isa<CXXThisExpr>(E);
  }
  void write(const Expr *E) {
    if (isThis(E)) {
      Escapes = true;
      return;
    }
    if (const FieldDecl *F = topMember(E))
      Out.insert(F);
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      write(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      write(UO->getSubExpr());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && !MD->isConst())
      write(MCE->getImplicitObjectArgument());
    return true;
  }
  /// Arguments handed to Callee (after Skip operands that are the object
  /// itself) by non-const reference or pointer may be changed.
  void args(const FunctionDecl *Callee, const Expr *const *Args, unsigned N,
            unsigned Skip) {
    for (unsigned I = Skip; I < N; ++I) {
      if (isThis(Args[I])) {
        Escapes = true;
        continue;
      }
      unsigned Param = I - Skip;
      const ParmVarDecl *P = Callee && Param < Callee->getNumParams()
                                 ? Callee->getParamDecl(Param)
                                 : nullptr;
      QualType T = P ? P->getType() : QualType();
      if (!P || ((T->isReferenceType() || T->isPointerType()) &&
                 !T->getPointeeType().isConstQualified()))
        write(Args[I]);
    }
  }
  bool VisitCallExpr(CallExpr *CE) {
    const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE);
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    if (OCE && MD && OCE->getNumArgs() > 0) {
      if (!MD->isConst())
        write(OCE->getArg(0));
      args(MD, CE->getArgs(), CE->getNumArgs(), 1);
      return true;
    }
    args(CE->getDirectCallee(), CE->getArgs(), CE->getNumArgs(), 0);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    args(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(), 0);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &Cap : LE->captures())
      if (Cap.capturesThis() || Cap.getCaptureKind() == LCK_ByRef)
        Escapes = true;
    return true;
  }
};
} // namespace

std::optional<std::set<const FieldDecl *>>
FunctionAnalysis::membersWritten(const FunctionDecl *Def) const {
  if (C.isRelevant(Def) || !Def->getBody())
    return std::nullopt;
  MemberWrites W;
  W.TraverseStmt(Def->getBody());
  // Another method called on this object may write anything.
  llvm::SmallVector<const Stmt *, 64> Stack{Def->getBody()};
  while (!Stack.empty() && !W.Escapes) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
        MCE && MemberWrites::isThis(MCE->getImplicitObjectArgument()))
      W.Escapes = true;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  if (W.Escapes)
    return std::nullopt;
  return std::move(W.Out);
}

/// `[out = producer_]`: a lambda's init-capture that shares what its
/// initializer names (a pointer, a smart pointer, a descriptor, a
/// reference), when the lambda is written in this function: its callable
/// uses what the initializer names here.
const Expr *FunctionAnalysis::initCaptureHere(const VarDecl *VD) const {
  if (VD && BoundVars)
    if (auto It = BoundVars->find(VD->getCanonicalDecl());
        It != BoundVars->end())
      return It->second;
  if (!VD || !VD->isInitCapture() || !VD->getInit())
    return nullptr;
  QualType T = VD->getType();
  if (!T->isReferenceType() && !copiesShareObject(T))
    return nullptr;
  // The function the lambda is written in: the first enclosing one that
  // is not a lambda's call operator.
  for (const DeclContext *DC = VD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *F = dyn_cast<FunctionDecl>(DC)) {
      if (const auto *MD = dyn_cast<CXXMethodDecl>(F);
          MD && MD->getParent()->isLambda())
        continue;
    {
      if (F->getCanonicalDecl() != FD->getCanonicalDecl())
        return nullptr;
      // `[out = producer_]` copy-constructs the closure's member.
      const Expr *Init = stripWrappers(VD->getInit());
      if (const auto *Copy = dyn_cast<CXXConstructExpr>(Init);
          Copy && Copy->getNumArgs() == 1 &&
          Copy->getConstructor()->isCopyOrMoveConstructor())
        Init = Copy->getArg(0);
      return Init;
    }
    }
  return nullptr;
}

std::set<Path> FunctionAnalysis::mappedLocks(llvm::ArrayRef<RootRef> Locks,
                                            const Invocation &Inv,
                                            const State &S) const {
  std::set<Path> Out;
  for (const RootRef &L : Locks)
    if (std::optional<Path> LP = mapRoot(Inv, L, S))
      Out.insert(std::move(*LP));
  return Out;
}

const Expr *boundMember(const Invocation &Inv, const RootRef &R) {
  if (R.Root != RootKind::This || R.Suffix.empty() || Inv.LambdaThis ||
      Inv.This || Inv.ThisPath)
    return nullptr;
  for (const auto &[F, Arg] : Inv.Members)
    if (F->getCanonicalDecl() == R.Suffix.front())
      return Arg;
  return nullptr;
}

std::optional<Path> FunctionAnalysis::mapRoot(const Invocation &Inv,
                                              const RootRef &R,
                                              const State &S) const {
  std::optional<Path> Root;
  bool SkipFirst = false; ///< The member Inv.Members binds is the root.
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
      // A std::shared_ptr parameter taken by value: the copy (or what was
      // moved into it) owns the caller's object.
      if (const auto *Copy = dyn_cast<CXXConstructExpr>(stripWrappers(Arg));
          Copy && !PT->isReferenceType() && isSmartPointerType(PT) &&
          Copy->getNumArgs() == 1 &&
          Copy->getConstructor()->isCopyOrMoveConstructor())
        Arg = Copy->getArg(0);
    }
    Root = pathOf(Arg, S);
    break;
  }
  case RootKind::This:
    if (Inv.LambdaThis)
      Root = Path{ThisRoot};
    else if (Inv.This)
      Root = pathOf(Inv.This, S);
    else if (Inv.ThisPath)
      Root = *Inv.ThisPath;
    else if (const Expr *Given = boundMember(Inv, R))
      if ((Root = pathOf(Given, S)))
        SkipFirst = true;
    break;
  case RootKind::Var:
    if (const Expr *Init = initCaptureHere(R.Var))
      Root = pathOf(Init, S);
    else
      Root = resolve(Path{R.Var}, S);
    break;
  }
  if (!Root)
    return std::nullopt;
  for (const void *Part :
       llvm::ArrayRef<const void *>(R.Suffix).drop_front(SkipFirst ? 1 : 0)) {
    const VarDecl *KeyVar = keyVariable(Part);
    if (!KeyVar) {
      Root->push_back(Part);
      continue;
    }
    // `sessions_.find(id)` in the callee is the element at the caller's
    // argument for id; at a key only the callee can name, no element.
    const void *Mapped = nullptr;
    const auto *PVD = dyn_cast<ParmVarDecl>(KeyVar);
    const auto *Owner =
        PVD ? dyn_cast<FunctionDecl>(PVD->getDeclContext()) : nullptr;
    const Expr *Arg =
        Owner && Owner->getCanonicalDecl() == Inv.Callee->getCanonicalDecl() &&
                PVD->getFunctionScopeIndex() < Inv.Args.size()
            ? Inv.Args[PVD->getFunctionScopeIndex()]
            : nullptr;
    if (Arg && keyLiteral(Part).empty())
      Mapped = keyPartWithFields(keyPartOf(Arg), keyFields(Part));
    // `traps.at(box - 1)` for `scratch(traps, 4)`: the element at 3; for
    // `scratch(traps, n)`, the one at `n - 1`.
    else if (Arg)
      if (std::optional<int64_t> Offset = keyOffset(Part))
        Mapped = offsetKeyPart(keyPartOf(Arg), *Offset);
    // `retire(entry.first)` over `for (auto &entry : lances_)`: the element
    // entry is, whichever that is.
    if (!Mapped && Arg && keyFields(Part).empty() &&
        keyLiteral(Part).empty() && isElementKey(Arg, *Root, S))
      continue;
    if (!Mapped)
      return std::nullopt;
    Root->push_back(Mapped);
  }
  // What the callee does to this->conn_ it does to what the caller's
  // h.conn_ denotes (a member bound to another object).
  return resolve(std::move(*Root), S);
}

/// True when Key is `entry.first` of a variable that is Element, some
/// element of a map (a range-for's `auto &entry`).
bool FunctionAnalysis::isElementKey(const Expr *Key, const Path &Element,
                                    const State &S) const {
  if (Element.empty() || Element.back() != ElementMark)
    return false;
  const auto *ME = dyn_cast<MemberExpr>(stripWrappers(Key));
  if (!ME || ME->isArrow() || !ME->getMemberDecl()->getIdentifier() ||
      ME->getMemberDecl()->getName() != "first")
    return false;
  if (!isa<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return false;
  std::optional<Path> Entry = pathOf(ME->getBase(), S);
  return Entry && *Entry == Element;
}

std::vector<std::pair<Path, Fact>>
FunctionAnalysis::elementPre(const Effect &E, const Invocation &Inv,
                             const State &S) const {
  std::vector<std::pair<Path, Fact>> Out;
  for (const auto &[Flag, F] : E.Pre)
    if (auto FP = mapRoot(Inv, Flag, S))
      Out.push_back({std::move(*FP), F});
  return Out;
}

void FunctionAnalysis::applyUse(const CallExpr *Call, const FunctionDecl *Callee,
                                const Invocation &Inv, const Effect &E,
                                State &S, const Summary *Sum) {
  std::optional<Path> P = mapRoot(Inv, E.root(), S);
  if (!P || excludedBy(E.Pre, Inv, {E.Profile, *P}, S) ||
      refusalCaught(Call, E))
    return;
  // What the callee tested under its locks before the use (`if (state_ ==
  // State::Closed) return;` under mu_), as its TaskUse says.
  std::optional<CloseSerial> Serial;
  if (Sum)
    for (const Effect &TU : Sum->Effects) {
      if (TU.K != Effect::TaskUse || TU.Profile != E.Profile ||
          !(TU.root() == E.root()) || TU.Pre.empty() || TU.PreLocks.empty())
        continue;
      CloseSerial Out;
      for (const RootRef &L : TU.PreLocks)
        if (auto LP = mapRoot(Inv, L, S))
          Out.Locks.insert(*LP);
      for (const auto &[Flag, F] : TU.Pre)
        if (auto FP = mapRoot(Inv, Flag, S))
          Out.Flags.push_back({*FP, F});
      Serial = std::move(Out);
      break;
    }
  llvm::SaveAndRestore Tested(UseSerial, std::move(Serial));
  // `runOnce()` whose `bus_->publishBatch()` sends only while
  // `bus_->stopped_` is clear: its own callers need that too.
  std::vector<std::pair<RootRef, Fact>> CalleePre;
  for (const auto &[Flag, F] : E.Pre)
    if (auto FP = mapRoot(Inv, Flag, S)) {
      // A flag this function set or tested says nothing of entry.
      const void *Subject = C.intern(*FP);
      if (S.Assigned.count(Subject) || S.Known.count(Subject))
        continue;
      if (std::optional<RootRef> R = asEntryRoot(*FP))
        CalleePre.push_back({*R, F});
    }
  // A lambda's own use, run by the helper it was given: the call itself.
  const Expr *Inner = E.Site == Call ? nullptr : E.Site;
  llvm::SaveAndRestore Outer(CalleeOuterUse,
                             Inner && E.Outer != E.Site ? E.Outer : nullptr);
  llvm::SaveAndRestore RemoteOuter(CalleeRemoteOuterUse, E.RemoteOuter);
  llvm::SaveAndRestore Elements(CalleeElementPre, elementPre(E, Inv, S));
  llvm::SaveAndRestore Refusal(CalleeRefusal,
                               E.Thrown ? &*E.Thrown : nullptr);
  useKey({E.Profile, *P}, Call, Inner, calleeRootName(Call, Callee, E), S,
         /*FromSummary=*/true, E.Remote, CalleePre);
}

/// Names what an effect reaches as the caller wrote it: the argument or the
/// receiver, followed by the fields the callee went through.
std::string FunctionAnalysis::calleeRootName(const CallExpr *Call,
                                             const FunctionDecl *Callee,
                                             const Effect &E) const {
  std::string Base;
  // A callable a factory returned is named by what the factory was given.
  if (NamingCall)
    Call = NamingCall;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  // A call written in the callee itself (a step's run() applied at its own
  // calls): it names the objects as the callee's code does.
  const Stmt *Body = Callee->getBody();
  const bool Inside =
      Body && C.SM.isPointWithin(Call->getBeginLoc(), Body->getBeginLoc(),
                                 Body->getEndLoc());
  switch (E.Root) {
  case RootKind::Param: {
    if (Inside && E.Param < Callee->getNumParams()) {
      Base = Callee->getParamDecl(E.Param)->getNameAsString();
      break;
    }
    unsigned Offset = (OCE && isa<CXXMethodDecl>(Callee)) ? 1 : 0;
    if (E.Param + Offset < Call->getNumArgs()) {
      const Expr *Arg = Call->getArg(E.Param + Offset);
      if (const auto *Copy = dyn_cast<CXXConstructExpr>(stripWrappers(Arg));
          Copy && Copy->getNumArgs() == 1 &&
          Copy->getConstructor()->isCopyOrMoveConstructor())
        Arg = Copy->getArg(0);
      // `std::move(conn)` handed over: the caller's conn.
      if (const auto *Moved = dyn_cast<CallExpr>(stripWrappers(Arg));
          Moved && Moved->getNumArgs() == 1 && Moved->getDirectCallee() &&
          Moved->getDirectCallee()->isInStdNamespace() &&
          Moved->getDirectCallee()->getName() == "move")
        Arg = Moved->getArg(0);
      Base = exprName(Arg);
    }
    break;
  }
  case RootKind::This:
    // A lambda's `this` is its creator's, whatever call runs it.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
        Inside || (MD && MD->getParent()->isLambda()))
      Base = "*this";
    else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
      Base = exprName(MCE->getImplicitObjectArgument());
    else
      Base = "*this";
    break;
  case RootKind::Var:
    if (const Expr *Bound = initCaptureHere(E.Var); Bound && BoundVars)
      Base = exprName(Bound);
    else
      Base = E.Var->getNameAsString();
    break;
  }
  if (!Base.empty() && Base.front() == '&')
    Base.erase(0, 1);
  if (E.Suffix.empty())
    return Base;
  return pathText(Base, E.Suffix);
}

const CallExpr *
FunctionAnalysis::writtenIn(const Effect &E,
                            llvm::ArrayRef<const Stmt *> Bodies) const {
  if (E.K != Effect::Use && E.K != Effect::Close)
    return nullptr;
  // The call written in the lambda that made it: the innermost site, or
  // the call in the callee's body that led there.
  for (const Expr *Site : {E.Site, E.Outer}) {
    const auto *At = dyn_cast_or_null<CallExpr>(Site);
    if (At && llvm::any_of(Bodies, [&](const Stmt *Body) {
          return C.SM.isPointWithin(At->getBeginLoc(), Body->getBeginLoc(),
                                    Body->getEndLoc());
        }))
      return At;
  }
  return nullptr;
}

llvm::SmallVector<const Stmt *, 2>
FunctionAnalysis::argumentLambdaBodies(const CallExpr *Call) const {
  llvm::SmallVector<const Stmt *, 2> Out;
  for (const Expr *Arg : Call->arguments()) {
    const Expr *E = stripWrappers(Arg);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1)
      E = stripWrappers(CE->getArg(0));
    if (const auto *L = dyn_cast<LambdaExpr>(E); L && L->getBody())
      Out.push_back(L->getBody());
  }
  return Out;
}

namespace {
/// True when FD is Class's method, or code written inside one (its lambdas).
bool insideClass(const FunctionDecl *FD, const CXXRecordDecl *Class) {
  for (const DeclContext *DC = FD; DC; DC = DC->getParent())
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC);
        RD && !RD->isLambda() && RD->getCanonicalDecl() == Class)
      return true;
  return false;
}

/// `bus_->write_register(...)` from outside the bus's class, whose
/// transaction closes its private link when it fails and dials a new one:
/// a close of a private member made on some paths only, by a method that
/// rebinds that member on the others (a replacement that may fail), and
/// that its result does not signal, by a class with a protocol of its own
/// (the call has a role: the class says when it is closed). The class
/// manages that member, and what callers are told is the object's own
/// protocol, not its members' recoveries. A class without one (a plain
/// wrapper whose `onGoingAway()` closes its stream and replaces it only
/// for some codes) speaks through its members, so its callers are told.
/// (A close followed by a throw still reaches the caller's handler:
/// CloseOnThrow is kept.)
bool recoveryOfPrivateMember(const Effect &E, const Summary &Sum) {
  if (E.K != Effect::Close || E.Prior ||
      E.Must || E.MustIfPre || E.Root != RootKind::This ||
      E.Suffix.size() != 1 || E.OnlyIfReturns || E.OnlyIfTrue ||
      E.OnlyIfParam || !E.OnlyIfField.empty())
    return false;
  const FieldDecl *F = fieldPart(E.Suffix.front());
  if (!F || F->getAccess() == AS_public ||
      !(F->getType()->isPointerType() || isHandleInteger(F->getType()) ||
        isSmartPointerType(F->getType())))
    return false;
  return llvm::any_of(Sum.Effects, [&](const Effect &R) {
    return R.K == Effect::Rebinds && R.root() == E.root();
  });
}
} // namespace

const Summary *FunctionAnalysis::viewFromOutside(const FunctionDecl *Callee,
                                                 const Summary &Sum,
                                                 Summary &Storage) const {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!Method || Method->isStatic() ||
      insideClass(FD, Method->getParent()->getCanonicalDecl()) ||
      llvm::none_of(Sum.Effects, [&](const Effect &E) {
        return recoveryOfPrivateMember(E, Sum);
      }))
    return &Sum;
  Storage.Effects.clear();
  for (const Effect &E : Sum.Effects)
    if (!recoveryOfPrivateMember(E, Sum))
      Storage.Effects.push_back(E);
  return &Storage;
}

void FunctionAnalysis::applySummary(const CallExpr *Call,
                                    const FunctionDecl *Callee,
                                    const Summary &Sum, State &S) {
  Invocation Inv = invocationOf(Call, Callee);
  // `stage("drain", [&] { ::close(fd); })` of a template that calls the
  // lambda it is given: what the lambda did is reported where it is
  // written, as for a lambda run through a callable parameter.
  llvm::SmallVector<const Stmt *, 2> Bodies = argumentLambdaBodies(Call);
  bool Written = !Bodies.empty() && llvm::any_of(Sum.Effects, [&](const Effect &E) {
    return writtenIn(E, Bodies) != nullptr;
  });
  if (Written)
    runInvokedLambda(Call, Callee, Inv, Sum, S, /*InArguments=*/true);
  else
    applyInvocation(Call, Callee, Inv, Sum, S, /*Nested=*/false);
  applyInvoked(Call, Inv, Sum, S);
  bindSetterMember(Call, S);
}

/// `buffer_.bind(file_.get())`: a setter points the object's member at
/// what its argument points at (or, `sink_ = &s;`, at the argument), so
/// the object's later uses of it (its destructor's flush) use that.
void FunctionAnalysis::bindSetterMember(const CallExpr *Call, State &S) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  std::optional<std::pair<const FieldDecl *, unsigned>> Set =
      MD ? setterBinding(MD) : std::nullopt;
  if (!Set || Set->second >= MCE->getNumArgs())
    return;
  std::optional<Path> Obj = pathOf(MCE->getImplicitObjectArgument(), S);
  if (!Obj)
    return;
  const Expr *Arg = MCE->getArg(Set->second);
  QualType PT = MD->getParamDecl(Set->second)->getType();
  Path Member = *Obj;
  Member.push_back(Set->first->getCanonicalDecl());
  if (!PT->isReferenceType()) {
    bindMemberTo(*Obj, Path{Set->first->getCanonicalDecl()}, PT, Arg, S);
    return;
  }
  if (std::optional<Path> Target = pathOf(Arg, S))
    S.Alias[Member] = *Target;
}

std::optional<unsigned> invokedParameter(const FunctionDecl *FD,
                                         const CallExpr *Call) {
  const Expr *Fn = nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (OCE->getOperator() == OO_Call && OCE->getNumArgs() > 0)
      Fn = OCE->getArg(0);
  } else if (!Callee) {
    Fn = Call->getCallee(); // through a function pointer
  } else if (Callee->isInStdNamespace() && Callee->getIdentifier() &&
             Callee->getName() == "invoke" && Call->getNumArgs() > 0) {
    Fn = Call->getArg(0);
  }
  const auto *DRE = Fn ? dyn_cast<DeclRefExpr>(stripWrappers(Fn)) : nullptr;
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!PVD || PVD->getDeclContext() != FD ||
      PVD->getFunctionScopeIndex() >= FD->getNumParams())
    return std::nullopt;
  QualType T = PVD->getType().getNonReferenceType();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    if (RD->isLambda() || !isCallableRecord(T))
      return std::nullopt;
  } else if (!T->isFunctionPointerType() && !T->isFunctionType()) {
    return std::nullopt;
  }
  return PVD->getFunctionScopeIndex();
}

void FunctionAnalysis::noteInvokeSite(unsigned Param, const CallExpr *Call,
                                      const State &S) {
  auto [Entry, First] = InvokeEntry.try_emplace(Param, S.Entry);
  if (!First)
    intersect(Entry->second, S.Entry);
  InvokeSites[Param].push_back(Call);
}

std::optional<unsigned>
FunctionAnalysis::invokedElementParameter(const CallExpr *Call) {
  const VarDecl *Step = nullptr;
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  if (OCE && OCE->getOperator() == OO_Call && OCE->getNumArgs() > 0 &&
      isCallableRecord(OCE->getArg(0)->getType()))
    Step = rangeForVariable(OCE->getArg(0));
  // `step->run()`: a virtual method of each element's object.
  else if (MCE && MCE->getMethodDecl() && MCE->getMethodDecl()->isVirtual())
    Step = rangeForVariable(MCE->getImplicitObjectArgument());
  std::optional<Path> Range = Step ? loopRange(Step) : std::nullopt;
  if (!Range || Range->size() != 1 || Range->front() == ThisRoot)
    return std::nullopt;
  const auto *PVD = dyn_cast<ParmVarDecl>(
      static_cast<const VarDecl *>(Range->front()));
  if (!PVD || PVD->getDeclContext() != FD)
    return std::nullopt;
  return PVD->getFunctionScopeIndex();
}

/// `if (!step.fn()) return false;` (or break): a false result ends the
/// loop that runs the steps.
bool FunctionAnalysis::endsRunWhenFalse(const CallExpr *Call) const {
  const auto &Parents = C.Ctx.getParents(*Call);
  const auto *Not = Parents.empty() ? nullptr : Parents[0].get<UnaryOperator>();
  if (!Not || Not->getOpcode() != UO_LNot)
    return false;
  const auto &Up = C.Ctx.getParents(*Not);
  const auto *If = Up.empty() ? nullptr : Up[0].get<IfStmt>();
  if (!If || If->getCond()->IgnoreParenImpCasts() != Not)
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->body_empty() ? nullptr : CS->body_back();
  return isa_and_nonnull<ReturnStmt>(Then) || isa_and_nonnull<BreakStmt>(Then);
}

namespace {
/// The first T in E, in source order; not looking into the lambdas E
/// holds unless IntoLambdas.
template <class T>
const T *firstIn(const Stmt *E, bool IntoLambdas) {
  llvm::SmallVector<const Stmt *, 8> Stack{E};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *Found = dyn_cast<T>(St))
      return Found;
    if (!IntoLambdas && isa<LambdaExpr>(St))
      continue;
    llvm::SmallVector<const Stmt *, 4> Children(St->child_begin(),
                                               St->child_end());
    Stack.append(Children.rbegin(), Children.rend());
  }
  return nullptr;
}

/// The first lambda written in E: `{"name", [&] {...}}` or the lambda.
const LambdaExpr *firstLambdaIn(const Stmt *E) {
  return firstIn<LambdaExpr>(E, /*IntoLambdas=*/true);
}

/// The elements of a braced list of steps, in order, as Take accepts them;
/// false when it refuses one (a step errlint cannot see).
bool elementsOfList(const Expr *E, llvm::function_ref<bool(const Expr *)> Take) {
  E = stripWrappers(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E); CE && CE->getNumArgs() >= 1)
    E = stripWrappers(CE->getArg(0));
  if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(E))
    E = stripWrappers(IL->getSubExpr());
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    E = stripWrappers(MT->getSubExpr());
  const auto *List = dyn_cast<InitListExpr>(E);
  if (!List)
    return false;
  return llvm::all_of(List->inits(), Take);
}

/// Take for lists of lambdas: the first lambda written in the element.
auto lambdaTaker(std::vector<const FunctionDecl *> &Out) {
  return [&Out](const Expr *Element) {
    const LambdaExpr *Found = firstLambdaIn(Element);
    if (Found)
      Out.push_back(Found->getCallOperator());
    return Found != nullptr;
  };
}

/// An object of a user's class made to be kept by a smart pointer (or a
/// raw one): `std::make_unique<FlushLog>(log)`, `std::make_shared<...>`,
/// `new FlushLog(log)`, through the conversions to a pointer to its base.
struct MadeObject {
  const CXXRecordDecl *Class = nullptr;
  const CXXConstructorDecl *Ctor = nullptr;
  llvm::SmallVector<const Expr *, 4> Args;
};

/// The constructor of RD that Make's instantiated body calls (the `new
/// T(std::forward<Args>(args)...)` of std::make_unique).
const CXXConstructorDecl *constructorMadeIn(const FunctionDecl *Make,
                                            const CXXRecordDecl *RD) {
  const FunctionDecl *Def = nullptr;
  if (!Make->hasBody(Def) || !Def)
    return nullptr;
  llvm::SmallVector<const Stmt *, 32> Stack{Def->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(St))
      if (CE->getConstructor()->getParent()->getCanonicalDecl() ==
          RD->getCanonicalDecl())
        return CE->getConstructor();
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return nullptr;
}

std::optional<MadeObject> madeObject(const Expr *E) {
  E = stripWrappers(E);
  // `std::unique_ptr<Step>(std::make_unique<FlushLog>())`: the conversion.
  while (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1 || !isSmartPointerType(CE->getType()))
      break;
    E = stripWrappers(CE->getArg(0));
  }
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    const CXXRecordDecl *RD = New->getAllocatedType()->getAsCXXRecordDecl();
    if (!RD || New->isArray())
      return std::nullopt;
    MadeObject M;
    M.Class = RD;
    if (const CXXConstructExpr *CE = New->getConstructExpr()) {
      M.Ctor = CE->getConstructor();
      M.Args.append(CE->arg_begin(), CE->arg_end());
    }
    return M;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Make = Call ? Call->getDirectCallee() : nullptr;
  if (!Make || !Make->isInStdNamespace() || !Make->getIdentifier() ||
      !llvm::is_contained({"make_unique", "make_shared"}, Make->getName()))
    return std::nullopt;
  const TemplateArgumentList *TA = Make->getTemplateSpecializationArgs();
  if (!TA || TA->size() == 0 || TA->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  const CXXRecordDecl *RD = TA->get(0).getAsType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isInStdNamespace())
    return std::nullopt;
  MadeObject M;
  M.Class = RD->getDefinition();
  M.Ctor = constructorMadeIn(Make, M.Class);
  M.Args.append(Call->arg_begin(), Call->arg_end());
  return M;
}

/// Take for lists of objects: the object an element makes, or the one an
/// append call (`push_back(std::make_unique<...>())`) is given.
auto objectTaker(std::vector<MadeObject> &Out) {
  return [&Out](const Expr *Element) {
    std::optional<MadeObject> M = madeObject(Element);
    if (const auto *Append = dyn_cast<CXXMemberCallExpr>(stripWrappers(Element));
        !M && Append && Append->getNumArgs() >= 1)
      M = madeObject(Append->getArg(0));
    if (M)
      Out.push_back(std::move(*M));
    return M.has_value();
  };
}
} // namespace

/// `plan.add("lights", [&] {...})` of a class that keeps the callable it
/// is given in a member another of its methods runs in the order kept (a
/// shutdown plan of the user's own): one step appended.
bool FunctionAnalysis::appendsStep(const CXXMethodDecl *MD) const {
  if (!MD || !C.Registries)
    return false;
  const std::string Class = MD->getParent()->getQualifiedNameAsString();
  for (const auto &Role : C.registryRoles(MD)) {
    if (Role.K != Context::RegistryRole::Store)
      continue;
    for (const InferredRegistry &R : *C.Registries)
      if (R.Class == Class &&
          llvm::any_of(R.Run, [&](const InferredRegistry::Role &Run) {
            return Run.Member == Role.Role->Member && !Run.Selected &&
                   !Run.Reversed && Run.Key < 0;
          }))
        return true;
  }
  return false;
}

std::vector<const FunctionDecl *>
FunctionAnalysis::listedLambdas(const Expr *Arg, const Stmt *Until,
                                const FunctionDecl *In) const {
  std::vector<const FunctionDecl *> Out;
  if (!listedElements(Arg, Until, In, lambdaTaker(Out)))
    return {};
  return Out;
}

bool FunctionAnalysis::listedElements(
    const Expr *Arg, const Stmt *Until, const FunctionDecl *In,
    llvm::function_ref<bool(const Expr *)> Take) const {
  if (elementsOfList(Arg, [](const Expr *) { return true; }))
    return elementsOfList(Arg, Take);
  if (!In)
    In = FD;
  // `std::vector<Step> steps; steps.push_back({"park", [&] {...}}); ...
  // runSteps(steps);`: the local's steps, in the order they were added.
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Arg));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || VD->getType()->isReferenceType() ||
      !In->getBody())
    return false;
  if (VD->getInit() && !isa<CXXConstructExpr>(stripWrappers(VD->getInit())) &&
      !elementsOfList(VD->getInit(), Take))
    return false;
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
          VD->getInit() ? stripWrappers(VD->getInit()) : nullptr);
      CE && CE->getNumArgs() > 0 && !elementsOfList(CE, Take))
    return false;
  // Every other mention of it, before the call, is an append of one step.
  bool Unknown = false, Reached = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *St) {
    if (!St || Unknown || Reached)
      return;
    if (St == Until) {
      Reached = true;
      return;
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const auto *Obj = dyn_cast<DeclRefExpr>(
          stripWrappers(MCE->getImplicitObjectArgument()));
      if (Obj && Obj->getDecl() == VD) {
        const CXXMethodDecl *MD = MCE->getMethodDecl();
        StringRef Name = MD && MD->getIdentifier() ? MD->getName() : "";
        if (Name == "reserve")
          return;
        if (!(Name == "push_back" || Name == "emplace_back" ||
              appendsStep(MD)) ||
            MCE->getNumArgs() < 1 || !Take(MCE))
          Unknown = true;
        return;
      }
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(St); Ref && Ref->getDecl() == VD) {
      Unknown = true; // handed to something else, or changed otherwise
      return;
    }
    for (const Stmt *Child : St->children())
      Walk(Child);
  };
  Walk(In->getBody());
  return !Unknown && Reached;
}

const CallExpr *
FunctionAnalysis::stepCallIn(const CXXForRangeStmt *FR) const {
  const VarDecl *Step = FR->getLoopVariable();
  llvm::SmallVector<const Stmt *, 32> Stack{FR->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
        OCE && OCE->getOperator() == OO_Call && OCE->getNumArgs() >= 1 &&
        isCallableRecord(OCE->getArg(0)->getType()) &&
        rangeForVariable(OCE->getArg(0)) == Step)
      return OCE;
    // `step->run(site)`: a virtual method of each element's object.
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
        MCE && MCE->getMethodDecl() && MCE->getMethodDecl()->isVirtual() &&
        rangeForVariable(MCE->getImplicitObjectArgument()) == Step)
      return MCE;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return nullptr;
}

namespace {
/// What a return gives, through the move it makes of a local.
const Expr *returnedExpr(const ReturnStmt *RS) {
  const Expr *E = stripWrappers(RS->getRetValue());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    E = stripWrappers(CE->getArg(0));
  return E;
}

/// The local every return of F returns (`return plan;`), and that return
/// when there is only one.
std::pair<const VarDecl *, const ReturnStmt *>
returnedLocal(const FunctionDecl *F) {
  const VarDecl *Local = nullptr;
  const ReturnStmt *Only = nullptr;
  unsigned Returns = 0;
  llvm::SmallVector<const Stmt *, 32> Stack{F->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
      ++Returns;
      const auto *DRE = RS->getRetValue()
                            ? dyn_cast<DeclRefExpr>(returnedExpr(RS))
                            : nullptr;
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !VD->isLocalVarDecl() || (Local && Local != VD))
        return {nullptr, nullptr};
      Local = VD;
      Only = RS;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return {Local, Returns == 1 ? Only : nullptr};
}
} // namespace

std::optional<Summary> FunctionAnalysis::stepEffects(
    const FunctionDecl *L, llvm::function_ref<bool(const Effect &)> Keep) {
  const Summary *Ran = C.isRelevant(L) ? C.summaryFor(L, {}) : nullptr;
  if (!Ran)
    return std::nullopt;
  // What it does to its own parameters only the code calling it can name.
  Summary Here;
  for (const Effect &LE : Ran->Effects)
    if (LE.Root != RootKind::Param && LE.K != Effect::Invokes && Keep(LE))
      Here.Effects.push_back(LE);
  return Here;
}

void FunctionAnalysis::runLoopSteps(const VarDecl *RangeVar, State &S) {
  loopRange(RangeVar); // finds the loops
  auto Loop = RangeLoops.find(RangeVar->getCanonicalDecl());
  if (Loop == RangeLoops.end())
    return;
  const CXXForRangeStmt *FR = Loop->second;
  const CallExpr *Run = stepCallIn(FR);
  if (!Run)
    return;
  const Expr *Range = stripWrappers(FR->getRangeInit());
  // The steps, and the function whose body lists them with how its
  // parameters map: this one, or the builder the range calls.
  if (const auto *Virtual = dyn_cast<CXXMemberCallExpr>(Run)) {
    runObjectSteps(Range, FR, Virtual, S);
    return;
  }
  std::vector<const FunctionDecl *> Steps;
  const FunctionDecl *Builder = nullptr;
  Invocation BuilderInv;
  if (isa<DeclRefExpr>(Range)) {
    Steps = listedLambdas(Range, FR);
  } else if (const auto *Call = dyn_cast<CallExpr>(Range)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!Callee || !Callee->hasBody(Def) || Def == FD ||
        C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())))
      return;
    auto [Local, Return] = returnedLocal(Def);
    if (!Local || !Return)
      return;
    Steps = listedLambdas(returnedExpr(Return), Return, Def);
    Builder = Def;
    BuilderInv = invocationOf(Call, Def);
  }
  // What the builder's lambdas captured of it: its parameters are the
  // arguments the range's call gave; its `this` the object it was called
  // on; its locals are gone once it returns.
  std::map<const VarDecl *, const Expr *> Bound;
  if (Builder)
    for (unsigned I = 0; I < Builder->getNumParams() && I < BuilderInv.Args.size(); ++I)
      if (BuilderInv.Args[I])
        Bound[Builder->getParamDecl(I)->getCanonicalDecl()] = BuilderInv.Args[I];
  llvm::SaveAndRestore<const std::map<const VarDecl *, const Expr *> *> Binding(
      BoundVars, Builder ? &Bound : nullptr);
  for (const FunctionDecl *L : Steps) {
    std::optional<Summary> Here = stepEffects(L, [&](const Effect &LE) {
      if (!Builder)
        return true;
      if (LE.Root == RootKind::Var)
        return !LE.Var->hasLocalStorage() ||
               Bound.count(LE.Var->getCanonicalDecl()) != 0;
      return LE.Root != RootKind::This || BuilderInv.This != nullptr;
    });
    if (!Here)
      continue;
    Invocation Inv;
    Inv.Callee = L;
    Inv.LambdaThis = !Builder;
    Inv.This = Builder ? BuilderInv.This : nullptr;
    // What the steps do to one another the builder reports, where it
    // returns them (runReturnedSteps); here they only change the state.
    llvm::SaveAndRestore Quiet(Report, Report && !Builder);
    runInvokedLambda(Run, L, Inv, *Here, S);
  }
}

void FunctionAnalysis::runObjectSteps(const Expr *Range,
                                      const CXXForRangeStmt *FR,
                                      const CXXMemberCallExpr *Run, State &S) {
  if (!isa<DeclRefExpr>(Range))
    return;
  runListedObjects(Range, FR, Run, Run->getMethodDecl(),
                   llvm::ArrayRef(Run->getArgs(), Run->getNumArgs()), S);
}

bool FunctionAnalysis::runListedObjects(const Expr *List, const Stmt *Until,
                                        const CallExpr *Anchor,
                                        const CXXMethodDecl *Virtual,
                                        llvm::ArrayRef<const Expr *> RunArgs,
                                        State &S) {
  std::vector<MadeObject> Steps;
  if (!listedElements(List, Until, nullptr, objectTaker(Steps)))
    return false;
  for (const MadeObject &Step : Steps) {
    const CXXMethodDecl *M =
        Virtual->getCorrespondingMethodInClass(Step.Class, /*MayBeBase=*/true);
    if (!M || M->isPureVirtual())
      continue;
    const FunctionDecl *Def = nullptr;
    const Summary *Sum = nullptr;
    if (M->hasBody(Def) && Def) {
      if (C.SM.isInSystemHeader(C.SM.getExpansionLoc(Def->getLocation())) ||
          !C.isRelevant(Def))
        continue;
      Sum = C.summaryFor(Def, {});
    } else {
      Sum = C.importedSummary(M);
    }
    if (!Sum)
      continue;
    Summary Here;
    for (const Effect &E : Sum->Effects)
      if (E.K != Effect::Invokes)
        Here.Effects.push_back(E);
    Invocation Inv;
    Inv.Callee = Def ? Def : M;
    Inv.Args.assign(RunArgs.begin(), RunArgs.end());
    // Its members bound to what the list's code gave its constructor; the
    // others are the step's own, which no one else reaches.
    if (Step.Ctor)
      for (const auto &[Suffix, Param] : constructorBindings(Step.Ctor, 0))
        if (Suffix.size() == 1 && Param < Step.Args.size())
          if (const FieldDecl *F = fieldPart(Suffix.front()))
            Inv.Members.push_back({F, Step.Args[Param]});
    runInvokedLambda(Anchor, Inv.Callee, Inv, Here, S);
  }
  return !Steps.empty();
}

/// The virtual method a function calls on each element of its parameter
/// Param in a range-for (`for (auto &s : seq) s->run();`).
const CXXMethodDecl *FunctionAnalysis::elementMethodRun(const FunctionDecl *F,
                                                        unsigned Param) const {
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || Param >= Def->getNumParams())
    return nullptr;
  const ParmVarDecl *PVD = Def->getParamDecl(Param);
  llvm::SmallVector<const Stmt *, 32> Stack{Def->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *FR = dyn_cast<CXXForRangeStmt>(St)) {
      const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(FR->getRangeInit()));
      if (DRE && DRE->getDecl() == PVD)
        if (const auto *MCE =
                dyn_cast_or_null<CXXMemberCallExpr>(stepCallIn(FR)))
          return MCE->getMethodDecl();
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return nullptr;
}

void FunctionAnalysis::runReturnedSteps(const ReturnStmt *RS,
                                        const State &S) {
  if (!Replay || !Report || Lambda || !RS->getRetValue())
    return;
  const Expr *Returned = returnedExpr(RS);
  const auto *Ref = dyn_cast<DeclRefExpr>(Returned);
  if (!Ref)
    return;
  std::vector<const FunctionDecl *> Steps = listedLambdas(Ref, RS);
  if (Steps.size() < 2)
    return;
  // A list of steps handed back to be run in order (a shutdown plan):
  // what each step does to the objects the later ones use, on a state of
  // its own; the caller's run starts from the caller's.
  State Scratch = S;
  for (const FunctionDecl *L : Steps) {
    std::optional<Summary> Here =
        stepEffects(L, [](const Effect &) { return true; });
    const CallExpr *Anchor =
        Here ? firstIn<CallExpr>(L->getBody(), /*IntoLambdas=*/false) : nullptr;
    if (!Anchor)
      continue;
    Invocation Inv;
    Inv.Callee = L;
    Inv.LambdaThis = true;
    runInvokedLambda(Anchor, L, Inv, *Here, Scratch);
  }
}

namespace {
/// The standard algorithms that call their last argument on elements of
/// the range their first two arguments give.
bool callsOnEachElement(const FunctionDecl *Callee) {
  if (!Callee || !Callee->isInStdNamespace() || !Callee->getIdentifier())
    return false;
  return llvm::is_contained(
      {"for_each", "find_if", "find_if_not", "any_of", "all_of", "none_of",
       "count_if", "remove_if", "partition", "stable_partition", "transform",
       "copy_if"},
      Callee->getName());
}

/// The container whose elements `c.begin()` or `std::begin(c)` starts at.
const Expr *rangeContainer(const Expr *First) {
  First = stripWrappers(First);
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(First)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() &&
        (MD->getName() == "begin" || MD->getName() == "cbegin") &&
        stdContainer(MCE->getImplicitObjectArgument()))
      return MCE->getImplicitObjectArgument();
    return nullptr;
  }
  const auto *Call = dyn_cast<CallExpr>(First);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
      (FD->getName() == "begin" || FD->getName() == "cbegin") &&
      Call->getNumArgs() == 1 && stdContainer(Call->getArg(0)))
    return Call->getArg(0);
  return nullptr;
}
} // namespace

bool FunctionAnalysis::transferAlgorithm(const CallExpr *Call, State &S) {
  if (!callsOnEachElement(Call->getDirectCallee()) || Call->getNumArgs() < 3)
    return false;
  const FunctionDecl *L = lambdaGiven(Call->getArg(Call->getNumArgs() - 1));
  // `[](auto &kv) { ... }`: the call operator the algorithm instantiated.
  if (const FunctionTemplateDecl *Generic =
          L ? L->getDescribedFunctionTemplate() : nullptr) {
    auto Specs = Generic->specializations();
    L = std::distance(Specs.begin(), Specs.end()) == 1 ? *Specs.begin()
                                                       : nullptr;
  }
  if (!L || !C.isRelevant(L))
    return false;
  const Summary *Ran = C.summaryFor(L, {});
  if (!Ran)
    return true;
  // What the lambda does to its first parameter it does to each element.
  std::optional<Path> Elements;
  if (const Expr *Container = rangeContainer(Call->getArg(0)))
    if ((Elements = pathOf(Container, S)))
      Elements->push_back(ElementMark);
  // A lambda taking the element by value works on its own copy.
  QualType ElementType =
      L->getNumParams() > 0 ? L->getParamDecl(0)->getType() : QualType();
  if (!ElementType.isNull() && !ElementType->isReferenceType() &&
      !copiesShareObject(ElementType))
    Elements.reset();
  /// The lambda's own parameter's object, as the caller names it.
  auto OnElement = [&](RootRef &R) {
    if (R.Root != RootKind::Param)
      return true;
    if (R.Param != 0 || !Elements)
      return false;
    Path Suffix(Elements->begin() + 1, Elements->end());
    Suffix.append(R.Suffix.begin(), R.Suffix.end());
    R.Suffix = std::move(Suffix);
    R.Root = Elements->front() == ThisRoot ? RootKind::This : RootKind::Var;
    R.Var = R.Root == RootKind::Var
                ? static_cast<const VarDecl *>(Elements->front())
                : nullptr;
    return true;
  };
  Summary Here;
  for (Effect LE : Ran->Effects) {
    if (LE.K == Effect::Invokes)
      continue;
    RootRef R = LE.root();
    if (!OnElement(R) ||
        !llvm::all_of(LE.Pre, [&](auto &P) { return OnElement(P.first); }))
      continue;
    LE.setRoot(R);
    llvm::erase_if(LE.While, [&](auto &W) { return !OnElement(W.first); });
    Here.Effects.push_back(std::move(LE));
  }
  Invocation LambdaInv;
  LambdaInv.Callee = L;
  LambdaInv.LambdaThis = true;
  runInvokedLambda(Call, L, LambdaInv, Here, S);
  return true;
}

void FunctionAnalysis::applyInvoked(const CallExpr *Call,
                                    const Invocation &Inv, const Summary &Sum,
                                    State &S) {
  for (const Effect &E : Sum.Effects) {
    if (E.K != Effect::Invokes || E.Root != RootKind::Param ||
        E.Param >= Inv.Args.size() || !Inv.Args[E.Param])
      continue;
    const Expr *Arg = Inv.Args[E.Param];
    // `runSteps({{"park", [&] {...}}, {"close", [&] {...}}})`: every step,
    // one after another, each seeing what the ones before it closed.
    if (!E.Suffix.empty()) {
      // `run_sequence(seq)` over a local list of step objects made for it:
      // each element's override of the method the callee runs on it.
      if (const CXXMethodDecl *Virtual = elementMethodRun(Inv.Callee, E.Param))
        if (runListedObjects(Arg, Call, Call, Virtual, {}, S))
          continue;
      for (const FunctionDecl *L : listedLambdas(Arg, Call)) {
        // Closed only where the step fails, which ends a run that stops
        // at the first failure: the steps after it do not run then.
        std::optional<Summary> Here = stepEffects(L, [&](const Effect &LE) {
          return !(E.OnlyIfTrue && LE.K == Effect::Close && LE.OnlyIfReturns &&
                   *LE.OnlyIfReturns == 0);
        });
        if (!Here)
          continue;
        Invocation LambdaInv;
        LambdaInv.Callee = L;
        LambdaInv.LambdaThis = true;
        runInvokedLambda(Call, L, LambdaInv, *Here, S);
      }
      continue;
    }
    // This function's own callable handed on: invoked here, for its callers.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Arg)))
      if (const auto *PVD = dyn_cast<ParmVarDecl>(DRE->getDecl());
          PVD && PVD->getDeclContext() == FD) {
        if (Replay) {
          if (E.Must)
            noteInvokeSite(PVD->getFunctionScopeIndex(), Call, S);
          else
            MayInvoke.insert(PVD->getFunctionScopeIndex());
        }
        continue;
      }
    // Run now only in some state of the callee's object (`add(name, hook)`
    // that keeps the hook, and runs it at once only once the registry has
    // run its hooks): unless the caller knows that state, the hook is kept.
    // (Run only for some argument, `runIf(on, f)`, it may have run.)
    if (!E.Must && !E.Pre.empty() &&
        llvm::all_of(E.Pre,
                     [](const auto &P) { return P.first.Root == RootKind::This; }) &&
        !preHolds(E.Pre, preSubjects(E.Pre, Inv, S), Inv, S.Keys.end(), S))
      continue;
    const FunctionDecl *L = lambdaGiven(Arg);
    if (!L || !C.isRelevant(L))
      continue;
    const Summary *Ran = C.summaryFor(L, {});
    if (!Ran)
      continue;
    // What the lambda does to what it captured (by reference, or `this`)
    // it does to this function's objects; what it does to its own
    // parameters only the callee can name. Run on some paths only, its
    // closes are "may have been".
    Summary Here;
    for (Effect LE : Ran->Effects) {
      if (LE.Root == RootKind::Param || LE.K == Effect::Invokes)
        continue;
      if (!E.Must && (LE.K == Effect::Close || LE.K == Effect::CloseOnThrow)) {
        LE.Must = false;
        LE.MustIfPre = false;
      }
      Here.Effects.push_back(std::move(LE));
    }
    Invocation LambdaInv;
    LambdaInv.Callee = L;
    LambdaInv.LambdaThis = true;
    runInvokedLambda(Call, L, LambdaInv, Here, S);
  }
}

/// The lambda's uses and closes are reported at the calls its body makes
/// (the line the user wrote inside the lambda), the rest at the call that
/// runs it; in applyInvocation's order: uses, then what changes the
/// objects, closes, and last the flags its closes' preconditions read.
void FunctionAnalysis::runInvokedLambda(const CallExpr *Call,
                                        const FunctionDecl *L,
                                        const Invocation &Inv,
                                        const Summary &Sum, State &S,
                                        bool InArguments) {
  llvm::SmallVector<const Stmt *, 2> Bodies;
  if (InArguments)
    Bodies = argumentLambdaBodies(Call);
  auto OwnCall = [&](const Effect &E) -> const CallExpr * {
    if (InArguments)
      return writtenIn(E, Bodies);
    return E.K == Effect::Use || E.K == Effect::Close
               ? dyn_cast_or_null<CallExpr>(E.Outer)
               : nullptr;
  };
  auto ApplyAtOwnCalls = [&](Effect::Kind K, bool Prior) {
    for (const Effect &E : Sum.Effects)
      if (const CallExpr *At =
              E.K == K && E.Prior == Prior ? OwnCall(E) : nullptr) {
        Summary One;
        One.Effects.push_back(E);
        applyInvocation(At, L, Inv, One, S, /*Nested=*/true);
      }
  };
  ApplyAtOwnCalls(Effect::Use, /*Prior=*/false);
  Summary Waits, Rest, Sets;
  for (const Effect &E : Sum.Effects)
    if (!OwnCall(E))
      (E.K == Effect::Sets     ? Sets
       : E.K == Effect::Awaits ? Waits
                               : Rest)
          .Effects.push_back(E);
  // The threads it joins have ended before what it closes (as in
  // applyInvocation); a close of what a member held before the lambda
  // rebound it (`fclose(f_); f_ = nullptr;`) comes before the rebinding,
  // which the rest makes.
  applyInvocation(Call, L, Inv, Waits, S, /*Nested=*/true);
  ApplyAtOwnCalls(Effect::Close, /*Prior=*/true);
  applyInvocation(Call, L, Inv, Rest, S, /*Nested=*/!InArguments);
  ApplyAtOwnCalls(Effect::Close, /*Prior=*/false);
  applyInvocation(Call, L, Inv, Sets, S, /*Nested=*/true);
}

void FunctionAnalysis::applyInvocation(const CallExpr *Call,
                                       const FunctionDecl *Callee,
                                       const Invocation &Inv,
                                       const Summary &Sum, State &S,
                                       bool Nested) {
  llvm::SaveAndRestore Applying(SummaryCallee, Callee);
  std::vector<ThrowClose> &OnThrow = ThrowCloses[Call];
  std::vector<Effect> &OfResult = ResultCloses[Call];
  if (!Nested) {
    OnThrow.clear();
    OfResult.clear();
  }
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::ClosesResult)
      OfResult.push_back(E);
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::CloseOnThrow)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        // `if (closed_) return;` before it: no close where the caller
        // knows the flag says so.
        if (excludedBy(E.Pre, Inv, Key{E.Profile, *P}, S))
          continue;
        std::vector<std::pair<Path, Fact>> While;
        for (const auto &[Flag, F] : E.While)
          if (auto FP = mapRoot(Inv, Flag, S))
            While.push_back({*FP, F});
        // Where the callee closes only under a flag of its entry that is
        // not known here, the throw leaves it closed only under that flag.
        PreOnEntry OnEntry = preOnEntry(E, Inv, Key{E.Profile, *P}, S);
        std::vector<std::pair<const void *, Fact>> Pre;
        if (!OnEntry.Held)
          Pre = preSubjects(E.Pre, Inv, S);
        OnThrow.push_back({Key{E.Profile, *P}, E.Site,
                           E.Must && (OnEntry.Held || Pre.empty()),
                           calleeRootName(Call, Callee, E), E.Remote,
                           std::move(While), E.CheckedOpen, E.Thrown,
                           std::move(Pre), OnEntry.CallersEntry});
      }
  // A callee that uses and then closes an object already closed (a
  // `close()` flushing first) closes it a second time: that is the
  // finding, not also the use.
  std::set<Path> ClosedAgain;
  const bool ResultFalse = !Nested && returnsFalse(Sum, Inv, S);
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Close && E.Must && !E.Prior && !E.OnlyIfReturns &&
        !E.OnlyIfTrue && !E.OnlyIfParam &&
        C.Index.profile(E.Profile).DoubleClose)
      if (auto P = mapRoot(Inv, E.root(), S);
          P && closedState({E.Profile, *P}, S) != S.Keys.end())
        ClosedAgain.insert(*P);
  // Uses see the state before the call; then resets; then closes.
  for (const Effect &E : Sum.Effects) {
    if (E.K == Effect::Use) {
      if (auto P = mapRoot(Inv, E.root(), S); P && ClosedAgain.count(*P))
        continue;
      applyUse(Call, Callee, Inv, E, S, &Sum);
    }
    if (E.K == Effect::TaskUse)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        Key K{E.Profile, *P};
        std::set<Path> Locks;
        for (const RootRef &L : E.Locks)
          if (auto LP = mapRoot(Inv, L, S))
            Locks.insert(*LP);
        bool Guarded = E.Guarded;
        // The callee checked it itself, during this call: under every lock
        // held here (`pingLocked()` called with the loop's unique_lock held).
        if (E.Guarded)
          Locks.insert(S.Locks.begin(), S.Locks.end());
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
        // Held at the use: what the callee held there, and what is held
        // here around the call.
        std::set<Path> Held = S.Locks;
        for (const RootRef &L : E.HeldLocks)
          if (auto LP = mapRoot(Inv, L, S))
            Held.insert(*LP);
        recordTaskUse(K, E.Site, Guarded, FlagPre, FlagLocks, Locks, Held,
                      E.Remote);
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
    if (E.K == Effect::ProvesOpen && !E.OnlyIfTrue)
      if (auto P = mapRoot(Inv, E.root(), S))
        provedOpen({E.Profile, *P}, S);
  applySpawned(Call, Inv, Sum, S);
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::DropsCallables)
      dropCallablesAt(mapRoot(Inv, E.root(), S), S,
                      E.Token ? mapRoot(Inv, *E.Token, S) : std::nullopt);
  // Closes of what a member denoted before the callee rebound it go first:
  // the caller's other owners of that object keep it closed.
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Close && E.Prior)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        Key K{E.Profile, *P};
        // `if (link_->isOpen()) link_->close(); link_ = make_unique<...>()`:
        // no close where the caller's object is closed already.
        if (excludedBy(E.Pre, Inv, K, S))
          continue;
        if (E.Site)
          noteInnerClose(Call, K, E.Site);
        else if (E.Remote)
          RemoteClose[Call] = E.Remote;
        // `if (fd_ >= 0) ::close(fd_); fd_ = fd;`: certain where the caller
        // knows the flags it needs.
        bool Must = E.Must || (E.MustIfPre &&
                               preHolds(E.Pre, preSubjects(E.Pre, Inv, S), Inv,
                                        S.Keys.find(K), S));
        // Closed and opened again inside the callee (`close(); reopen(ep);`
        // under its lock): the window is the callee's, weighed in its own
        // analysis against its class's threads; a thread of the caller's
        // meets the object open before and after.
        bool Reopened = llvm::any_of(Sum.Effects, [&](const Effect &R) {
          return R.K == Effect::Reset && !R.AnyProfile &&
                 R.Profile == E.Profile && R.root() == E.root();
        });
        llvm::SaveAndRestore Checks(CalleeChecksOpen, E.CheckedOpen);
        llvm::SaveAndRestore Again(CalleeClosesAgain, E.Again);
        llvm::SaveAndRestore Serial(CalleeSerial, calleeSerial(E, Inv, S));
        llvm::SaveAndRestore Rebound(CalleeReboundUnder,
                                     mappedLocks(E.HeldLocks, Inv, S));
        llvm::SaveAndRestore Elements(CalleeElementPre,
                                      elementPre(E, Inv, S));
        closeKey(K, Call, Must, calleeRootName(Call, Callee, E), S, nullptr,
                 /*RaceChecked=*/Reopened);
        if (E.MustIfPre) {
          std::vector<std::pair<const void *, Fact>> PreHere =
              preSubjects(E.Pre, Inv, S);
          noteCloseNeeds(K, Call, PreHere, S, callersEntry(PreHere, S));
        }
      }
  // Whether the callee's closes found what they need on entry, asked
  // before its resets and flag sets change what the caller knows.
  std::map<const Effect *, PreOnEntry> PreHeldOnEntry;
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Close && !E.Prior && E.MustIfPre)
      if (auto P = mapRoot(Inv, E.root(), S))
        PreHeldOnEntry[&E] = preOnEntry(E, Inv, Key{E.Profile, *P}, S);
  // What an accessor of the object returned before the call may not be
  // what it returns after; what the callee closed through one it says
  // itself, below (`session_.channel().close()` inside abort()).
  forgetAccessorResults(Call, Callee, Inv, S);
  // The member itself is rebound, not what it points to: its owner's path
  // (resolved), then the member.
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Rebinds && !E.Suffix.empty()) {
      RootRef Owner = E.root();
      Owner.Suffix.pop_back();
      if (auto P = mapRoot(Inv, Owner, S)) {
        P->push_back(E.Suffix.back());
        rebind(*P, S);
      }
    }
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Reset)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        if (isStateFlag(*P)) {
          // Written only where the caller's arguments say it is not.
          if (!excludedBy(E.Pre, Inv, Key{E.Profile, *P}, S))
            forgetFlag(*P, S);
        } else if (E.AnyProfile) {
          // A container of data filled only where the caller's flags say
          // it is not (`flushPending()` returning while the batch is empty):
          // not at all, or not where an object was closed with flags that
          // exclude it (what its close said of the container holds there).
          std::map<Key, Facts> Kept;
          if (!E.Pre.empty() && P->size() >= 2 && fieldPart(P->back()) &&
              isValueContainer(fieldPart(P->back())->getType())) {
            if (excludedBy(E.Pre, Inv, Key{E.Profile, *P}, S))
              continue;
            Kept = condsExcluding(E.Pre, Inv, *P, S);
          }
          auto Restore = llvm::make_scope_exit([&] {
            for (auto &[K, Facts] : Kept)
              if (auto It = S.Keys.find(K); It != S.Keys.end())
                It->second.Cond.insert(Facts.begin(), Facts.end());
          });
          // `reset()` closing the old descriptor, then assigning the new:
          // what the old one was closed by stays closed for this
          // function's callers (a destructor that calls it).
          if (P->size() >= 2 && !S.Alias.count(*P))
            recordPriorCloses(*P, S);
          splitIntCopiesUnder(*P, E.OrEqual, S);
          // A copy the caller took of an element (`FILE *src =
          // logs_.at(b); retire(b);`) keeps what the callee left of it.
          if (llvm::any_of(S.Alias, [&](const auto &A) {
                return A.second.size() > P->size() &&
                       hasPrefix(A.second, *P, /*OrEqual=*/false) &&
                       A.second[P->size()] == ElementMark;
              }))
            detachElementCopies(*P, S);
          forget(S, *P, E.OrEqual);
        }
        else {
          // The caller's callers see the object opened again, as for a
          // reopen it makes itself (`close(); openDay(d);` in a helper).
          // `if (shutDown_) return; link_.reopen();` after `shutdown()`:
          // no reopen where the caller knows the callee returns first.
          if (excludedBy(E.Pre, Inv, Key{E.Profile, *P}, S))
            continue;
          reopenKey({E.Profile, *P}, S);
          recordReopen({E.Profile, *P}, S);
        }
      }
  applyCloses(Call, Callee, Inv, Sum, PreHeldOnEntry, S);
  // Set after the closes, whose preconditions speak of the values on
  // entry (`if (closed_) return; ...; closed_ = true;`).
  applySets(Inv, Sum, S);
  // What the callee guarantees of an argument when it returns.
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Ensures && E.Param < Inv.Args.size())
      if (const void *Var = truthSubject(Inv.Args[E.Param]))
        learn(Var, E.Value, S);
  if (ResultFalse)
    learnValue(Call, Fact{Fact::Eq, 0}, S);
}

std::vector<std::pair<const void *, Fact>>
FunctionAnalysis::preSubjects(const std::vector<std::pair<RootRef, Fact>> &Pre,
                              const Invocation &Inv, const State &S) const {
  std::vector<std::pair<const void *, Fact>> Out;
  for (const auto &[Root, F] : Pre) {
    if (Root.Root == RootKind::Param && Root.Suffix.empty()) {
      if (Root.Param < Inv.Args.size() && Inv.Args[Root.Param])
        if (const void *V = subjectOf(Inv.Args[Root.Param]))
          Out.push_back({V, F});
      continue;
    }
    if (std::optional<Path> P = mapRoot(Inv, Root, S))
      Out.push_back({knownKeyOf(*P, S), F});
  }
  return Out;
}

bool FunctionAnalysis::preHolds(
    const std::vector<std::pair<RootRef, Fact>> &Pre,
    const std::vector<std::pair<const void *, Fact>> &PreHere,
    const Invocation &Inv, std::map<Key, Closed>::const_iterator Before,
    const State &S) const {
  if (Pre.empty())
    return false;
  unsigned Held = 0;
  for (const auto &[Root, F] : Pre) {
    if (Root.Root != RootKind::Param || !Root.Suffix.empty() ||
        Root.Param >= Inv.Args.size() || !Inv.Args[Root.Param])
      continue;
    Expr::EvalResult ER;
    const Expr *Arg = Inv.Args[Root.Param];
    if (!Arg->isValueDependent() && Arg->EvaluateAsInt(ER, C.Ctx)) {
      if (!Fact{Fact::Eq, ER.Val.getInt().getExtValue()}.implies(F))
        return false;
      ++Held;
    }
  }
  for (const auto &[Subject, F] : PreHere) {
    bool Holds = factHolds(Subject, F, S);
    if (!Holds && Before != S.Keys.end())
      Holds = heldWhereClosed(*Before, Subject, F);
    if (!Holds)
      return false;
    ++Held;
  }
  return Held == Pre.size();
}

/// A method of the user's class whose role a protocol names also sets the
/// member flags its code sets (`closed_ = true;` in close()): what the
/// caller knew of them no longer holds, so a later helper's "closes only
/// while closed_ is clear" does not meet a stale clear flag. Applied before
/// the roles, so a close records the flags it leaves. (What such a method
/// does to other objects is not applied here: its summary's resets and
/// closes of the object's own parts duplicate or contradict the role's
/// model, as in Asio's connect_pair().)
/// The callee's closes (those Which accepts, when given), after its uses,
/// resets and rebinds; PreHeldOnEntry says which of its MustIfPre closes
/// found their preconditions on entry.
void FunctionAnalysis::applyCloses(
    const CallExpr *Call, const FunctionDecl *Callee, const Invocation &Inv,
    const Summary &Sum,
    const std::map<const Effect *, PreOnEntry> &PreHeldOnEntry, State &S,
    llvm::function_ref<bool(const Effect &)> Which) {
  ClosedWhileNow.clear();
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Close && !E.Prior && (!Which || Which(E)))
      if (auto P = mapRoot(Inv, E.root(), S)) {
        const Expr *Via = E.Root == RootKind::Param && E.Param < Inv.Args.size()
                              ? Inv.Args[E.Param]
                          : E.Root == RootKind::This ? Inv.This
                                                     : nullptr;
        // Every element the callee's loop closed is tracked by the callee;
        // what the caller passes must name one object.
        RootRef Base = E.root();
        Base.Suffix.clear();
        // A step's member bound to what its maker was given: that object.
        if (const Expr *Given = boundMember(Inv, E.root())) {
          Via = Given;
          Base.Suffix.push_back(E.Suffix.front());
        }
        std::optional<Path> BaseP = mapRoot(Inv, Base, S);
        if (!BaseP || (!closesTrackedObject(*BaseP, Via) && !viaIndexLoop(Via)))
          continue;
        // `publishBatch(events, /*closeAfter=*/false)`: the callee closes
        // only when the argument says so.
        if (llvm::any_of(E.Pre, [&](const auto &Needed) {
              return argumentExcludes(Needed.first, Needed.second, Inv, S);
            }))
          continue;
        // `if (fp_) fclose(fp_);` after the caller learned it null (a
        // reset(), `fp_ = nullptr` in an earlier call): no close here.
        std::vector<std::pair<const void *, Fact>> PreHere =
            preSubjects(E.Pre, Inv, S);
        auto OnEntry = PreHeldOnEntry.find(&E);
        if (OnEntry != PreHeldOnEntry.end()
                ? OnEntry->second.Excluded
                : llvm::any_of(PreHere, [&](const auto &Needed) {
                    auto It = S.Known.find(Needed.first);
                    return It != S.Known.end() &&
                           It->second.contradicts(Needed.second);
                  }))
          continue;
        Key K{E.Profile, *P};
        if (E.Site)
          noteInnerClose(Call, K, E.Site);
        else if (E.Remote)
          RemoteClose[Call] = E.Remote;
        // Closed only when the argument reports a failure: known through
        // the caller's variable.
        const void *FailureVar =
            E.OnlyIfParam && *E.OnlyIfParam < Inv.Args.size()
                ? truthSubject(Inv.Args[*E.OnlyIfParam])
                : nullptr;
        // Closed only when the returned struct's field says so: known
        // through the field of the call's result.
        const void *ResultField = resultFieldSubject(Call, E.OnlyIfField);
        bool Conditional = E.OnlyIfReturns.has_value() || E.OnlyIfTrue ||
                           E.OnlyIfParam || !E.OnlyIfField.empty();
        const bool OnThis =
            Inv.This && isa<CXXThisExpr>(Inv.This->IgnoreParenImpCasts());
        // `closeQuietly(fd)` closing only when `fd >= 0`: certain where the
        // caller knows that, and known closed only where it held.
        bool Must = E.Must || (E.MustIfPre && OnEntry != PreHeldOnEntry.end() &&
                               OnEntry->second.Held);
        llvm::SaveAndRestore Checks(CalleeChecksOpen, E.CheckedOpen);
        llvm::SaveAndRestore Again(CalleeClosesAgain, E.Again);
        llvm::SaveAndRestore Serial(CalleeSerial, calleeSerial(E, Inv, S));
        llvm::SaveAndRestore Elements(CalleeElementPre,
                                      elementPre(E, Inv, S));
        closeKey(K, Call, Must && !Conditional,
                 calleeRootName(Call, Callee, E), S,
                 OnThis ? Callee : nullptr);
        noteClosedWhile(K, Call, E.While, Inv, S);
        if (E.MustIfPre)
          noteCloseNeeds(K, Call, PreHere, S,
                         OnEntry != PreHeldOnEntry.end() &&
                             OnEntry->second.CallersEntry);
        if (FailureVar) {
          Closed &Cl = S.Keys[K];
          Cl.Cond[FailureVar] = Fact{Fact::Ne, 0};
          if (Cl.Sites.size() == 1)
            Cl.OpenUnless = FailureVar;
          continue;
        }
        if (ResultField) {
          Closed &Cl = S.Keys[K];
          Cl.Cond[ResultField] = E.Value;
          if (Cl.Sites.size() == 1 && E.Must)
            Cl.OpenUnless = ResultField;
          continue;
        }
        if (Conditional && !E.OnlyIfParam && E.OnlyIfField.empty()) {
          Closed &Cl = S.Keys[K];
          Cl.Cond[Call] = E.OnlyIfTrue
                              ? Fact{E.ResultNegative ? Fact::AtMost : Fact::Ne,
                                     E.ResultNegative ? -1 : 0}
                              : Fact{Fact::Eq, *E.OnlyIfReturns};
          if (Cl.Sites.size() == 1 && E.Must)
            Cl.OpenUnless = Call;
        }
      }
}

const void *FunctionAnalysis::resultFieldSubject(const CallExpr *Call,
                                                llvm::StringRef Name) const {
  const RecordDecl *RD = Name.empty() ? nullptr
                                      : Call->getType()->getAsRecordDecl();
  if (!RD)
    return nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == Name &&
        (F->getType()->isIntegralOrEnumerationType() || isPresenceField(F)))
      return C.resultField(Call, F->getCanonicalDecl());
  return nullptr;
}

/// The fact that holds where F does not, when one does.
static std::optional<Fact> negated(const Fact &F) {
  switch (F.Kind) {
  case Fact::Eq:
    return Fact{Fact::Ne, F.Value};
  case Fact::Ne:
    return Fact{Fact::Eq, F.Value};
  case Fact::AtLeast:
    return Fact{Fact::AtMost, F.Value - 1};
  case Fact::AtMost:
    return Fact{Fact::AtLeast, F.Value + 1};
  case Fact::In:
    return std::nullopt;
  }
  return std::nullopt;
}

/// A callee's close made on every path where one member flag of the
/// caller's own entry holds (`~Watcher() { stop(); }` with stop() closing
/// `if (fd_ >= 0)`): the caller's close is one where that entry value holds
/// and not one otherwise, so the caller's own summary says "closes where
/// fd_ >= 0 on entry" too.
/// A close Call made only where Pre held (a callee's `if (fd_ >= 0)`):
/// where it is the key's only close, the key is closed under those facts,
/// and the caller's summary closes where its own entry gives them.
/// CallersEntry: the close's one precondition was, when the call was made,
/// still an entry value of the caller's (asked before the callee's resets).
void FunctionAnalysis::noteCloseNeeds(
    const Key &K, const CallExpr *Call,
    const std::vector<std::pair<const void *, Fact>> &Pre, State &S,
    bool CallersEntry) const {
  auto It = S.Keys.find(K);
  if (It == S.Keys.end() || It->second.Sites.size() != 1 ||
      It->second.Sites.front() != Call)
    return;
  for (const auto &[Subject, F] : Pre)
    It->second.Cond.emplace(Subject, F);
  if (It->second.MaybeOpen && CallersEntry)
    noteCloseNeedsEntry(It->second, Pre);
}

bool FunctionAnalysis::callersEntry(
    const std::vector<std::pair<const void *, Fact>> &Pre,
    const State &S) const {
  if (Pre.size() != 1)
    return false; // "open unless all of them" is no single fact
  const void *Subject = Pre.front().first;
  return C.subject(Subject) && !S.Assigned.count(Subject) &&
         !S.Known.count(Subject);
}

FunctionAnalysis::PreOnEntry
FunctionAnalysis::preOnEntry(const Effect &E, const Invocation &Inv,
                             const Key &K, const State &S) const {
  std::vector<std::pair<const void *, Fact>> Here = preSubjects(E.Pre, Inv, S);
  PreOnEntry Out;
  Out.Held = preHolds(E.Pre, Here, Inv, S.Keys.find(K), S);
  Out.Excluded = llvm::any_of(Here, [&](const auto &Needed) {
    auto It = S.Known.find(Needed.first);
    return It != S.Known.end() && It->second.contradicts(Needed.second);
  });
  Out.CallersEntry = callersEntry(Here, S);
  return Out;
}

void FunctionAnalysis::noteCloseNeedsEntry(
    Closed &Cl, const std::vector<std::pair<const void *, Fact>> &Pre) const {
  const auto &[Subject, F] = Pre.front();
  std::optional<Fact> Open = negated(F);
  if (!Open)
    return;
  Cl.EntryCond[Subject] = F;
  Cl.OpenEntry = Facts{{Subject, *Open}};
}

/// True when E closes an object the callee reaches through a pointer,
/// smart pointer or reference member of its own object (`producer_->close()`
/// in `Publisher::close()`): another object than the one a protocol role
/// names, which the role's model does not cover.
static bool throughPointerMember(const Effect &E) {
  if (E.Root != RootKind::This || E.Prior)
    return false;
  return llvm::any_of(E.Suffix, [](const void *Part) {
    const FieldDecl *F = fieldPart(Part);
    if (!F)
      return false;
    QualType T = F->getType();
    return T->isPointerType() || T->isReferenceType() || isSmartPointerType(T);
  });
}

static bool closesThroughPointerMember(const Effect &E) {
  return E.K == Effect::Close && throughPointerMember(E);
}

bool FunctionAnalysis::returnsFalse(const Summary &Sum, const Invocation &Inv,
                                    const State &S) const {
  return llvm::any_of(Sum.Effects, [&](const Effect &E) {
    return E.K == Effect::TrueOnlyIf && excludedBy(E.Pre, Inv, Key{0, {}}, S);
  });
}

void FunctionAnalysis::applyRoleMethodSets(const CallExpr *Call, State &S) {
  // Defined here, or in another unit (its summary there).
  const Summary *Sum = calleeSummary(Call);
  const FunctionDecl *Target = summarizedCallee(Call);
  if (!Sum || !Target)
    return;
  Summary Outside;
  Sum = viewFromOutside(Target, *Sum, Outside);
  Invocation Inv = invocationOf(Call, Target);
  // `if (port.resume())` after close(): a reopen that reports it did not.
  const bool ResultFalse = returnsFalse(*Sum, Inv, S);
  // The role models what the call does to its own object; what it uses and
  // closes through the pointers that object holds is the summary's to say,
  // with the preconditions its code tests (asked before its flags are set).
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Use && throughPointerMember(E))
      applyUse(Call, Target, Inv, E, S, Sum);
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::ProvesOpen && !E.OnlyIfTrue && throughPointerMember(E))
      if (auto P = mapRoot(Inv, E.root(), S))
        provedOpen({E.Profile, *P}, S);
  // `stop()` joining the threads its class started: they have ended. A
  // close it makes before the join is its own analysis's to report, as for
  // the callees applyInvocation() runs.
  applyAwaits(Inv, *Sum, S);
  std::map<const Effect *, PreOnEntry> PreHeldOnEntry;
  for (const Effect &E : Sum->Effects)
    if (closesThroughPointerMember(E) && E.MustIfPre)
      if (auto P = mapRoot(Inv, E.root(), S))
        PreHeldOnEntry[&E] = preOnEntry(E, Inv, Key{E.Profile, *P}, S);
  applyCloses(Call, Target, Inv, *Sum, PreHeldOnEntry, S,
              closesThroughPointerMember);
  // `fd_ = -1;` in the role's code (`abandon()`): the descriptor the member
  // held is not the object's any more, whatever the caller knew of it.
  // Before the flags it sets, which say what the member holds now.
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Reset && E.AnyProfile && E.Root == RootKind::This &&
        !E.Suffix.empty())
      if (const FieldDecl *F = fieldPart(E.Suffix.back());
          F && isHandleInteger(F->getType()))
        if (auto P = mapRoot(Inv, E.root(), S))
          forget(S, *P, E.OrEqual);
  applySets(Inv, *Sum, S);
  if (ResultFalse)
    learnValue(Call, Fact{Fact::Eq, 0}, S);
}

bool FunctionAnalysis::roleCloseDoesNothing(const CallExpr *Call,
                                            const State &S) {
  const Summary *Sum = calleeSummary(Call);
  const FunctionDecl *Target = summarizedCallee(Call);
  if (!Sum || !Target)
    return false;
  Summary Outside;
  Sum = viewFromOutside(Target, *Sum, Outside);
  Invocation Inv = invocationOf(Call, Target);
  bool WritesFlag = false;
  for (const Effect &E : Sum->Effects) {
    if (E.K == Effect::Close || E.K == Effect::Rebinds ||
        E.K == Effect::CloseOnThrow)
      return false;
    if (E.K != Effect::Reset && E.K != Effect::Sets)
      continue;
    std::optional<Path> P = mapRoot(Inv, E.root(), S);
    if (!P)
      return false;
    const FieldDecl *F = P->size() >= 2 ? fieldPart(P->back()) : nullptr;
    bool Flag = F && (isStateFlag(*P) ||
                      (F->getType()->isIntegralOrEnumerationType() &&
                       !isHandleInteger(F->getType())));
    if (E.K == Effect::Sets) {
      // Set to what the caller knows it holds already: no change.
      auto It = S.Known.find(C.intern(*P));
      if (!Flag || It == S.Known.end() || !(It->second == E.Value))
        return false;
      continue;
    }
    if (!E.AnyProfile)
      return false;
    if (!F || F->getType()->isFloatingType())
      continue; // a measurement, not the object's state
    if (!Flag || !excludedBy(E.Pre, Inv, Key{E.Profile, *P}, S))
      return false;
    WritesFlag = true;
  }
  return WritesFlag;
}

void FunctionAnalysis::applySets(const Invocation &Inv, const Summary &Sum,
                                 State &S) {
  auto Clear = llvm::make_scope_exit([this] { ClosedWhileNow.clear(); });
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Sets)
      if (auto P = mapRoot(Inv, E.root(), S)) {
        const void *Subject = C.intern(*P);
        S.Known[Subject] = E.Value;
        S.Assigned.insert(Subject);
        // As an assignment here would: what held when each object was
        // closed no longer holds of the flag. Except for what this very
        // call closed: where it closed, the flag holds what its close
        // said (`close(); state_ = Released;` in one branch, `state_ =
        // Conning;` in another: Released wherever it is closed).
        for (auto &[K, Cl] : S.Keys) {
          auto Now = ClosedWhileNow.find(K);
          const Fact *Said = nullptr;
          if (Now != ClosedWhileNow.end())
            if (auto W = Now->second.find(Subject); W != Now->second.end())
              Said = &W->second;
          Cl.Cond[Subject] = Said && !Said->contradicts(E.Value)
                                 ? Said->meet(E.Value)
                                 : E.Value;
        }
        // Exported at the exit, where it is known whether every path set it.
        if (entryRoot(*P))
          noteWritten(Subject, S);
      }
}

/// For each closed object whose flags where it was closed contradict Pre,
/// what those flags said of the parts under Prefix.
std::map<Key, Facts> FunctionAnalysis::condsExcluding(
    const std::vector<std::pair<RootRef, Fact>> &Pre, const Invocation &Inv,
    const Path &Prefix, const State &S) const {
  std::map<Key, Facts> Out;
  for (const auto &[K, Cl] : S.Keys) {
    bool Excludes = llvm::any_of(Pre, [&](const auto &Needed) {
      std::optional<Path> FP = mapRoot(Inv, Needed.first, S);
      if (!FP)
        return false;
      auto It = Cl.Cond.find(C.intern(*FP));
      return It != Cl.Cond.end() && It->second.contradicts(Needed.second);
    });
    if (!Excludes)
      continue;
    for (const auto &[Subject, F] : Cl.Cond)
      if (const Path *SP = C.subject(Subject);
          SP && hasPrefix(*SP, Prefix, /*OrEqual=*/true))
        Out[K].emplace(Subject, F);
  }
  return Out;
}

void FunctionAnalysis::noteClosedWhile(
    const Key &K, const CallExpr *Call,
    const std::vector<std::pair<RootRef, Fact>> &While, const Invocation &Inv,
    State &S) {
  auto It = S.Keys.find(K);
  if (It == S.Keys.end() || It->second.Sites.size() != 1 ||
      It->second.Sites.front() != Call)
    return;
  for (const auto &[Flag, F] : While)
    if (std::optional<Path> P = mapRoot(Inv, Flag, S)) {
      // A variable of the caller's own is its own subject (`if (!log)`).
      const void *Subject = P->size() == 1 && P->front() != ThisRoot
                                ? P->front()
                                : C.intern(*P);
      It->second.Cond[Subject] = F;
      ClosedWhileNow[K][Subject] = F;
    }
}

/// A method that may change its object (`q.pop()`) may change what an
/// accessor defined elsewhere returns (`q.front()`): summaries say what it
/// does to members, not to what such an accessor reaches.
void FunctionAnalysis::forgetAccessorResults(const CallExpr *Call,
                                             const FunctionDecl *Callee,
                                             const Invocation &Inv, State &S) {
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  if (!MD || MD->isConst() || !Inv.This || Inv.LambdaThis)
    return;
  std::optional<Path> Obj = pathOf(Inv.This, S);
  if (!Obj)
    return;
  auto ThroughAccessor = [&](const Path &P) {
    if (!hasPrefix(P, *Obj, /*OrEqual=*/false))
      return false;
    return std::any_of(P.begin() + Obj->size(), P.end(), isAccessorPart);
  };
  for (auto It = S.Keys.begin(); It != S.Keys.end();)
    It = ThroughAccessor(It->first.P) ? S.Keys.erase(It) : std::next(It);
}

/// On the edge a call takes when it throws: what the callee closes on its
/// way out (`waitAck()` closing the channel before it throws a timeout).
/// A local whose destruction does something errlint follows: a class with
/// a destructor of its own (a thread's owner, a guard, a smart pointer).
static bool destroysSomething(const VarDecl *VD) {
  if (!VD->hasLocalStorage() || VD->getType()->isReferenceType() ||
      VD->isStaticLocal())
    return false;
  const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && !RD->hasTrivialDestructor();
}

void FunctionAnalysis::destroyLocalsOnThrow(const CFGBlock &Blk,
                                            const CFGBlock &Handler,
                                            State &S) {
  const auto *Try = dyn_cast_or_null<CXXTryStmt>(Handler.getTerminatorStmt());
  const CallExpr *Call = throwingCall(Blk);
  if (!Try || !Call)
    return;
  std::vector<const VarDecl *> Dying;
  DynTypedNode Node = DynTypedNode::create(*Call);
  const Stmt *Child = Call;
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    const auto &Parents = C.Ctx.getParents(Node);
    if (Parents.empty())
      return;
    Node = Parents[0];
    const Stmt *Parent = Node.get<Stmt>();
    if (!Parent)
      continue; // a VarDecl the call initializes: its DeclStmt is next
    if (const auto *CS = dyn_cast<CompoundStmt>(Parent)) {
      for (const Stmt *St : CS->body()) {
        if (St == Child)
          break;
        if (const auto *DS = dyn_cast<DeclStmt>(St))
          for (const Decl *D : DS->decls())
            if (const auto *VD = dyn_cast<VarDecl>(D);
                VD && destroysSomething(VD))
              Dying.push_back(VD);
      }
      if (CS == Try->getTryBlock()) {
        for (auto It = Dying.rbegin(); It != Dying.rend(); ++It)
          destroyed(*It, Call, S);
        return;
      }
    }
    // Leaving a lambda or another function: not this try's scope.
    if (isa<LambdaExpr>(Parent) || Parent == Try)
      return;
    Child = Parent;
  }
}

void FunctionAnalysis::applyThrowCloses(const CFGBlock &Blk, State &S) {
  TypedThrowKeys.clear();
  const CallExpr *Call = throwingCall(Blk);
  auto It = ThrowCloses.find(Call);
  if (It == ThrowCloses.end())
    return;
  for (const ThrowClose &TC : It->second) {
    if (TC.Site)
      InnerClose[Call] = TC.Site;
    else if (TC.Remote)
      RemoteClose[Call] = TC.Remote;
    // The state after the call holds what it closes on its normal paths:
    // the same call closing on its way out closes once, not twice.
    auto Existing = S.Keys.find(TC.K);
    if (Existing != S.Keys.end() &&
        llvm::is_contained(Existing->second.Sites, Call)) {
      if (TC.Must && Existing->second.Sites.size() == 1)
        Existing->second.MaybeOpen = false;
      continue;
    }
    llvm::SaveAndRestore Checks(CalleeChecksOpen, TC.CheckedOpen);
    // Made in a lambda written in the call's arguments (`stage("x", [&] {
    // ::close(fd); })`): a second close there was reported where it is
    // written, on the path that returns.
    const auto *Inner = dyn_cast_or_null<CallExpr>(TC.Site);
    Effect Made;
    Made.K = Effect::Close;
    Made.Site = Inner;
    llvm::SaveAndRestore Again(
        CalleeClosesAgain,
        CalleeClosesAgain ||
            (Inner && writtenIn(Made, argumentLambdaBodies(Call)) != nullptr));
    closeKey(TC.K, Call, TC.Must, TC.Name, S, nullptr, /*RaceChecked=*/true);
    // Closed only on paths that throw these: its handlers weigh them.
    if (TC.Thrown)
      if (auto It = S.Keys.find(TC.K); It != S.Keys.end()) {
        It->second.Thrown = TC.Thrown;
        TypedThrowKeys.insert(TC.K);
      }
    if (auto It = S.Keys.find(TC.K);
        It != S.Keys.end() && It->second.Sites.size() == 1 &&
        It->second.Sites.front() == Call)
      for (const auto &[Flag, F] : TC.While)
        It->second.Cond[C.intern(Flag)] = F;
    if (!TC.Pre.empty())
      noteCloseNeeds(TC.K, Call, TC.Pre, S, TC.CallersEntry);
  }
}

void FunctionAnalysis::recordReopen(const Key &K, const State &S) {
  if (std::optional<Effect> E = entryRoot(K.P)) {
    E->K = Effect::Reset;
    E->Profile = K.Profile;
    // Made only where the tests on the way say so of the entry state.
    E->Pre = entryPreconditions(S.Entry);
    record(*E);
  }
}

/// The object is open again, under every rule that tracks it (a class a
/// catalogue pattern names whose own code shows how it reopens), and so is
/// each element of it when it is a container.
void FunctionAnalysis::reopenKey(const Key &K, State &S) {
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    bool Reopened =
        It->first.P == K.P || (It->first.Profile == K.Profile &&
                               withoutKeys(It->first.P) == K.P);
    if (Reopened)
      S.TouchedKeys.insert(It->first);
    It = Reopened ? S.Keys.erase(It) : std::next(It);
  }
  S.TouchedKeys.insert(K);
  // A use after it is on the reopened object under the other rules too
  // (a `*Channel` the catalogue names, whose own open() reopens it): not
  // one of the caller's object.
  S.TouchedKeys.insert(Key{Key::EveryProfile, K.P});
}

void FunctionAnalysis::applyRole(const CallExpr *Call, const CallRole &CR,
                                 State &S) {
  std::optional<Path> P = pathOf(CR.Handle, S);
  if (!P)
    P = deferredExchangePath(CR.Handle, S);
  if (!P)
    return;
  Key K{CR.ProfileIdx, *P};
  switch (CR.Kind) {
  case Role::Close: {
    if (!closesTrackedObject(*P, CR.Handle) && !viaIndexLoop(CR.Handle))
      break;
    if (std::optional<Closed> Visited = closedAtVisitedKey(K, CR.Handle, S);
        Visited && C.Index.profile(K.Profile).DoubleClose)
      reportDoubleClose(K, *Visited, Call);
    // One that opens the object again before it returns closes it only on
    // its exception edge (closesMaybeWhenThrowing).
    if (closesOnlyWhenThrowing(Call, CR)) {
      S.Keys.erase(K);
      S.TouchedKeys.insert(K);
      break;
    }
    // One that reopens before it returns (`reopen()` returning what
    // open() did) leaves the object closed only where that failed; the
    // window between is its own, as for a callee's close-and-reopen.
    // `Status st = j.rotate(day);` closing only where its result fails:
    // maybe closed, and closed for certain where the caller learns that.
    std::optional<VerdictOutcome> Verdict = closesOnlyIfVerdict(Call, CR.Handle);
    // Where the result has the closing verdict: the verdict query's own
    // subject, or the field a query another unit defines tests.
    std::optional<std::pair<const void *, Fact>> ClosedWhere =
        Verdict ? verdictCond(Call, *Verdict, /*Holds=*/true) : std::nullopt;
    {
      // `close()` taking the object's mutex for its whole body: a thread
      // that checks the object under that mutex is serialized with it.
      llvm::SaveAndRestore Serial(CalleeSerial, wholeBodyLocks(Call, *P));
      closeKey(K, Call, /*Must=*/!Verdict, exprName(CR.Handle), S,
               nullptr, /*RaceChecked=*/reopensIfTrue(Call, K));
    }
    // A close that reports failure (`close(fd) != 0`, `fclose(f) == EOF`,
    // a non-zero error code) may not have closed: on the paths that test
    // its result and find a failure the object is not known closed, so a
    // retry (`if (close(fd) != 0 && errno == EINTR) close(fd);`) is not a
    // double close and a use there is not a use after close.
    QualType T = Call->getType();
    const Profile *Pr = C.Index.profile(K.Profile).P;
    if (T->isIntegralOrEnumerationType() && !T->isBooleanType() &&
        !(Pr && Pr->CloseAlwaysCloses))
      S.Keys[K].Cond[Call] = Fact{Fact::Eq, 0};
    // One whose own code closes only where it returns true (a catalogue
    // pattern names the class, its code says more): a false result says
    // it is still open.
    else if (T->isBooleanType() && closesOnlyIfTrue(Call, CR.Handle))
      S.Keys[K].Cond[Call] = Fact{Fact::Ne, 0};
    else if (T->isBooleanType() && closesOnlyIfTrue(Call, CR.Handle,
                                                    &Profile::CloseIfFalse))
      S.Keys[K].Cond[Call] = Fact{Fact::Eq, 0};
    // `CloseResult r = s->closeIfIdle(); if (r.closed) ...`: closed only
    // where the field of the result its code fills says so.
    else if (const void *Field = resultFieldSubject(
                 Call, closesOnlyIfField(Call, CR.Handle)))
      S.Keys[K].Cond[Field] = Fact{Fact::Ne, 0};
    // `Status st = j.rotate(day); if (st.failed()) return;`: closed only
    // where the result's verdict says it failed.
    else if (ClosedWhere) {
      Closed &Cl = S.Keys[K];
      Cl.Cond[ClosedWhere->first] = ClosedWhere->second;
      if (Cl.Sites.size() == 1)
        Cl.OpenUnless = ClosedWhere->first;
    }
    closeMembersOfRoleClose(Call, K, S);
    break;
  }
  case Role::Use: {
    // `switch (l.status()) { case Status::Offline: return; ... }`: this use
    // returns one value on a closed object, so another one says open.
    if (std::optional<int64_t> Fails = failsWithOf(Call, CR.ProfileIdx))
      if (auto Cl = S.Keys.find(K); Cl != S.Keys.end())
        Cl->second.Cond[Call] = Fact{Fact::Eq, *Fails};
    if (handlesClosedResult(Call, CR.ProfileIdx))
      break;
    // One that reports a closed object through its result does not fail
    // when another thread closes it first: no race to report.
    bool ErrorResult = reportsClosedByResult(Call, CR.ProfileIdx);
    if (std::optional<Closed> Visited = closedAtVisitedKey(K, CR.Handle, S);
        Visited && Replay && Report && !C.Index.profile(K.Profile).DoubleClose)
      reportUse(K, *Visited, Call, nullptr, exprName(CR.Handle), nullptr);
    useKey(K, Call, nullptr, exprName(CR.Handle), S,
           /*FromSummary=*/ErrorResult);
    // A use that throws once the object is closed returns only while it is
    // open: what follows it is not after the close (one finding, not one
    // per later call).
    if (!ErrorResult && C.Index.profile(CR.ProfileIdx).P->UseThrows) {
      // Closed on every path here: the call throws, and nothing after it
      // in this block runs.
      if (auto Cl = S.Keys.find(K); Cl != S.Keys.end() && !Cl->second.MaybeOpen)
        PathEnds = true;
      provedOpen(K, S);
    }
    // `if (::send(fd, ...) < 0) return false;`: past the test the call
    // succeeded, which it cannot on a closed descriptor.
    // Under every rule's profile of the object (the double-close rule's
    // key of the descriptor too).
    if (std::optional<int64_t> Fails =
            C.Index.profile(CR.ProfileIdx).P->UseFailsWith;
        Fails && Call->getType()->isIntegerType()) {
      FailingUses[Call].push_back({K, *Fails});
      for (auto &[Other, Cl] : S.Keys)
        if (Other.P == K.P &&
            C.Index.profile(Other.Profile).P->UseFailsWith == Fails)
          Cl.Cond[Call] = Fact{Fact::Eq, *Fails};
    }
    break;
  }
  case Role::Reopen:
    if (reopenDoesNothing(Call, K, S) || reopensOnlyIfTrue(Call, K, S) ||
        reopensOnlyIfVerdict(Call, CR.Handle, K, S))
      break;
    // `hangup(); dial();`: the caller must know of the close (its own close
    // before the call makes this one a second close), as for a replacement.
    recordPriorCloses(K.P, S);
    reopenKey(K, S);
    recordReopen(K, S);
    rebindMembersOfReopen(Call, S);
    // What its members held before is the old object's: the reopened one
    // has its own (`close(); open();` where close() closed the member
    // connection). What the reopen closes itself (`logon()` failing over
    // from a primary it closes) stays.
    for (auto It = S.Keys.begin(); It != S.Keys.end();)
      It = hasPrefix(It->first.P, K.P, /*OrEqual=*/false) &&
                   !isPriorPath(It->first.P) &&
                   !llvm::is_contained(It->second.Sites, Call)
               ? S.Keys.erase(It)
               : std::next(It);
    break;
  case Role::QueryClosed:
  case Role::QueryOpen:
    break;
  }
}

std::optional<int64_t>
FunctionAnalysis::failsWithOf(const CallExpr *Call, unsigned Profile) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const struct Profile *Pr = C.Index.profile(Profile).P;
  if (!Pr || !Callee || !Callee->getIdentifier() ||
      !Call->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  auto It = Pr->UseFailsWithOf.find(Callee->getName().str());
  if (It == Pr->UseFailsWithOf.end())
    return std::nullopt;
  return It->second;
}

/// A close the class's protocol names whose code closes members of other
/// kinds too (`stop()` closing its member connection, defined in another
/// file): those members are closed for the caller, so a later call that
/// uses one directly (`sendHeartbeat()` sending on it) is after the close.
/// Its second closes are the protocol's to report, once, not the members'.
void FunctionAnalysis::closeMembersOfRoleClose(const CallExpr *Call,
                                               const Key &Object, State &S) {
  if (!isa<CXXMemberCallExpr>(Call))
    return;
  const FunctionDecl *Target = C.analyzableCallee(Call);
  const Summary *Sum = nullptr;
  Bindings Known;
  if (Target)
    addConstantArguments(Call, Target, Known);
  if (Target)
    Sum = C.isRelevant(Target) ? C.summaryFor(Target, Known) : nullptr;
  else
    Sum = C.importedSummary(Call);
  if (!Sum)
    return;
  const FunctionDecl *Callee = Target ? Target : Call->getDirectCallee();
  Invocation Inv = invocationOf(Call, Callee);
  llvm::SaveAndRestore Again(CalleeClosesAgain, true);
  // What a member pointed to before the close rebound it (`fclose(fp_);
  // fp_ = nullptr;`) first: a copy the caller took (`FILE *cur =
  // day_->stream();`) keeps it closed once the member is rebound.
  for (bool Prior : {true, false}) {
    for (const Effect &E : Sum->Effects) {
      if (E.K != Effect::Close || E.Prior != Prior ||
          E.Root != RootKind::This || E.Suffix.empty() ||
          E.Profile == Object.Profile)
        continue;
      std::optional<Path> P = mapRoot(Inv, E.root(), S);
      if (!P || !ownMember(*P, Object.P, E.Suffix, S))
        continue;
      Key K{E.Profile, *P};
      // A thread of the caller's still using the member meets it closed
      // (a reader's stop() closing the descriptor its beacon thread
      // sends on and rebinding it), unless the callee closed it under a
      // flag the thread tests under the same lock, or rebound it before
      // releasing a lock the thread holds at its use.
      llvm::SaveAndRestore Checks(CalleeChecksOpen, E.CheckedOpen);
      llvm::SaveAndRestore Serial(CalleeSerial, calleeSerial(E, Inv, S));
      llvm::SaveAndRestore Rebound(CalleeReboundUnder,
                                   mappedLocks(E.HeldLocks, Inv, S));
      const std::string Name = calleeRootName(Call, Callee, E);
      if (Prior && !rehomes(*P, S)) {
        checkRace(K, Call, Name, S, nullptr); // no copy of it is left to use
        continue;
      }
      if (E.Site)
        noteInnerClose(Call, K, E.Site);
      else if (E.Remote)
        RemoteClose[Call] = E.Remote;
      closeKey(K, Call, E.Must, Name, S, nullptr, /*RaceChecked=*/false);
      // What the callee's flags held where it closed the member
      // (`channel_.close(); pending_.clear();`), as for a callee's close.
      noteClosedWhile(K, Call, E.While, Inv, S);
      ClosedWhileNow.clear();
    }
    if (!Prior)
      continue;
    for (const Effect &E : Sum->Effects)
      if (E.K == Effect::Rebinds && E.Root == RootKind::This &&
          !E.Suffix.empty())
        if (std::optional<Path> P = mapRoot(Inv, E.root(), S);
            P && hasPrefix(*P, Object.P, /*OrEqual=*/false))
          rebind(*P, S);
  }
}

/// P, where a callee's effect on its member Suffix of the object at Object
/// lands: a member of that object, or what such a member was bound to
/// (`Csv csv(fp);` binding csv.out_ to the caller's fp).
bool FunctionAnalysis::ownMember(const Path &P, const Path &Object,
                                 const Path &Suffix, const State &S) const {
  if (hasPrefix(P, Object, /*OrEqual=*/false))
    return true;
  Path Member = Object;
  Member.insert(Member.end(), Suffix.begin(), Suffix.end());
  return resolve(Member, S) == P;
}

/// A reopen whose code the unit sees rebinds members of its own
/// (`fp_ = fopen(...)` in `reopen()`): what the caller knew of them, closed
/// by an earlier call (a failed `rotate()`), is of the old objects.
void FunctionAnalysis::rebindMembersOfReopen(const CallExpr *Call,
                                             State &S) {
  if (!isa<CXXMemberCallExpr>(Call))
    return;
  // The reopen's code, or what the unit that defines it exported.
  const FunctionDecl *Target = C.analyzableCallee(Call);
  const Summary *Sum = nullptr;
  if (Target) {
    Bindings Known;
    addConstantArguments(Call, Target, Known);
    Sum = C.isRelevant(Target) ? C.summaryFor(Target, Known) : nullptr;
  } else {
    Sum = C.importedSummary(Call);
  }
  if (!Sum)
    return;
  Invocation Inv =
      invocationOf(Call, Target ? Target : Call->getDirectCallee());
  for (const Effect &E : Sum->Effects) {
    if (E.K != Effect::Rebinds || E.Suffix.empty() ||
        E.Root != RootKind::This)
      continue;
    RootRef Owner = E.root();
    Owner.Suffix.pop_back();
    if (std::optional<Path> P = mapRoot(Inv, Owner, S)) {
      P->push_back(E.Suffix.back());
      rebind(*P, S);
    }
  }
}

/// The method a close site called: the call itself, or the close inside
/// the helper it called.
static std::string closeMethodOf(const Expr *Site) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Site);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return F && F->getIdentifier() ? F->getName().str() : std::string();
}

bool FunctionAnalysis::reopensIfTrue(const CallExpr *Call,
                                     const Key &K) const {
  const Profile *Pr = C.Index.profile(K.Profile).P;
  const FunctionDecl *F = Call->getDirectCallee();
  return Pr && F && F->getIdentifier() &&
         llvm::is_contained(Pr->ReopenIfTrue, F->getName());
}

bool FunctionAnalysis::closesBeforeReopening(const CallExpr *Call,
                                             const Key &K) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MCE)
    return false;
  const Summary *Sum = calleeSummary(Call);
  return Sum && llvm::any_of(Sum->Effects, [&](const Effect &E) {
           return E.K == Effect::Close && E.Must && !E.Prior &&
                  E.Root == RootKind::This && E.Suffix.empty() &&
                  E.Profile == K.Profile && E.Pre.empty();
         });
}

bool FunctionAnalysis::reopensOnlyIfTrue(const CallExpr *Call, const Key &K,
                                          State &S) {
  if (!reopensIfTrue(Call, K))
    return false;
  // `bool connect() { close(); ...; return false; }`: one that closes the
  // object first leaves it closed where it fails, open or not before.
  if (!S.Keys.count(K) && closesBeforeReopening(Call, K))
    closeKey(K, Call, /*Must=*/true, describeKey(K), S, nullptr,
             /*RaceChecked=*/true);
  // Closed still where it returned false: a test of the result tells.
  if (auto It = S.Keys.find(K); It != S.Keys.end()) {
    It->second.MaybeOpen = true;
    It->second.Cond[Call] = Fact{Fact::Eq, 0};
  }
  return true;
}

bool FunctionAnalysis::reopensOnlyIfVerdict(const CallExpr *Call,
                                            const Expr *Handle, const Key &K,
                                            State &S) {
  auto It = S.Keys.find(K);
  if (It == S.Keys.end())
    return false;
  std::optional<VerdictOutcome> Verdict =
      onlyIfVerdict(Call, Handle, &Profile::ReopenIfVerdict);
  if (!Verdict)
    return false;
  // Closed still where the result's verdict is not the reopening one: a
  // test of it settles which.
  std::optional<std::pair<const void *, Fact>> Failed =
      verdictCond(Call, *Verdict, /*Holds=*/false);
  if (!Failed)
    return false;
  Closed &Cl = It->second;
  if (!Cl.MaybeOpen && Cl.Sites.size() == 1)
    Cl.OpenUnless = Failed->first;
  Cl.MaybeOpen = true;
  Cl.Cond[Failed->first] = Failed->second;
  // Where it succeeded the object is the reopened one: a use after it is
  // not one of the object the caller left.
  S.TouchedKeys.insert(K);
  return true;
}

bool FunctionAnalysis::reopenDoesNothing(const CallExpr *Call, const Key &K,
                                         State &S) {
  const Profile *Pr = C.Index.profile(K.Profile).P;
  const FunctionDecl *F = Call->getDirectCallee();
  if (!Pr || !F || !F->getIdentifier())
    return false;
  auto NotAfter = Pr->ReopenNotAfter.find(F->getName().str());
  if (NotAfter == Pr->ReopenNotAfter.end())
    return false;
  auto It = S.Keys.find(K);
  if (It == S.Keys.end())
    return false;
  Closed &Cl = It->second;
  llvm::SmallVector<const Expr *, 2> Stays;
  for (const Expr *Site : Cl.Sites) {
    auto Inner = InnerClose.find(Site);
    std::string Method =
        closeMethodOf(Inner != InnerClose.end() ? Inner->second : Site);
    if (llvm::is_contained(NotAfter->second, Method))
      Stays.push_back(Site);
  }
  if (Stays.empty())
    return false;
  // Closed by a close it does not undo on some paths: closed there still.
  if (Stays.size() < Cl.Sites.size()) {
    Cl.Sites = Stays;
    Cl.MaybeOpen = true;
  }
  return true;
}

std::map<Key, Closed>::iterator FunctionAnalysis::closedState(const Key &K,
                                                              State &S) {
  auto It = S.Keys.find(K);
  // The element at the key reopened after every element was closed is
  // open: only an element nothing was done to since takes their state.
  if (It != S.Keys.end() || S.TouchedKeys.count(K) ||
      S.TouchedKeys.count(Key{Key::EveryProfile, K.P}))
    return It;
  // `fclose(fp)` closed the descriptor `int fd = fileno(fp)` lends.
  if (auto Lender = lenderClosed(K, S); Lender != S.Keys.end())
    return Lender;
  if (!llvm::any_of(K.P, isKeyPart))
    return It;
  return S.Keys.find(Key{K.Profile, withoutKeys(K.P)});
}

/// True when Body compares its loop variable Var, or something reached
/// from it, for equality (`if (m.first == id) continue;`, `if (&c ==
/// kicked)`): the loop tells the elements apart, so which one it is at is
/// not for this analysis to guess.
static bool comparesElement(const Stmt *Body, const VarDecl *Var) {
  auto Mentions = [Var](const Stmt *Side) {
    llvm::SmallVector<const Stmt *, 16> Stack{Side};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(St)) {
        const ValueDecl *D = DRE->getDecl();
        if (const auto *BD = dyn_cast<BindingDecl>(D))
          D = BD->getDecomposedDecl();
        if (const auto *VD = dyn_cast_or_null<VarDecl>(D)) {
          if (VD->getCanonicalDecl() == Var->getCanonicalDecl() ||
              rangeForVariable(DRE) == Var)
            return true;
        }
      }
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
    return false;
  };
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    const Expr *L = nullptr, *R = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(St);
        BO && BO->isEqualityOp()) {
      L = BO->getLHS();
      R = BO->getRHS();
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
               OCE && OCE->getNumArgs() == 2 &&
               (OCE->getOperator() == OO_EqualEqual ||
                OCE->getOperator() == OO_ExclaimEqual)) {
      L = OCE->getArg(0);
      R = OCE->getArg(1);
    }
    // `fclose(f) != 0`: what an operation on the element returned, against
    // a number, says how it went, not which element it is.
    auto Outcome = [](const Expr *Side, const Expr *Other) {
      Other = Other->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(Other);
          UO && UO->getOpcode() == UO_Minus)
        Other = UO->getSubExpr()->IgnoreParenImpCasts();
      return isa<CallExpr>(Side->IgnoreParenImpCasts()) &&
             (isa<IntegerLiteral>(Other) || isa<CXXNullPtrLiteralExpr>(Other));
    };
    if (L && R && (Outcome(L, R) || Outcome(R, L)))
      L = R = nullptr;
    if ((L && Mentions(L)) || (R && Mentions(R)))
      return true;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return false;
}

std::optional<Closed> FunctionAnalysis::closedAtVisitedKey(const Key &K,
                                                           const Expr *Handle,
                                                           State &S) {
  if (!llvm::is_contained(K.P, ElementMark) || llvm::any_of(K.P, isKeyPart) ||
      S.Keys.count(K) || S.TouchedKeys.count(K))
    return std::nullopt;
  const VarDecl *Var = rangeForVariable(Handle);
  if (!Var)
    return std::nullopt;
  loopRange(Var);
  auto Loop = LoopStmts.find(Var->getCanonicalDecl());
  if (Loop == LoopStmts.end() || comparesElement(Loop->second->getBody(), Var))
    return std::nullopt;
  for (const auto &[Other, Cl] : S.Keys)
    if (Other.Profile == K.Profile && Other.P != K.P &&
        withoutKeys(Other.P) == K.P) {
      // One iteration of many meets it.
      Closed Visited = Cl;
      Visited.MaybeOpen = true;
      return Visited;
    }
  return std::nullopt;
}

namespace {
/// Keyed names one element of the container Every names each element of
/// (`card[race].second[box - 1].fd` of `card[race].second[...].fd`): the
/// same path but for one key after an element mark.
bool elementAtKeyOf(const Path &Keyed, const Path &Every) {
  if (Keyed.size() != Every.size() + 1)
    return false;
  size_t J = 0;
  while (J < Every.size() && Keyed[J] == Every[J])
    ++J;
  return J > 0 && Every[J - 1] == ElementMark && isKeyPart(Keyed[J]) &&
         std::equal(Keyed.begin() + J + 1, Keyed.end(), Every.begin() + J);
}
} // namespace

std::optional<Closed> FunctionAnalysis::closedElementOf(const Key &K,
                                                      const State &S) const {
  if (!llvm::is_contained(K.P, ElementMark) || S.TouchedKeys.count(K) ||
      S.TouchedKeys.count(Key{Key::EveryProfile, K.P}))
    return std::nullopt;
  const bool Keyless = llvm::none_of(K.P, isKeyPart);
  // `slot->close()` of some element, which flushes only while that
  // element's state_ is open: not the element at the key closed before,
  // whose state_ says closed.
  auto Excluded = [&](const Path &Keyed, const Closed &Cl) {
    return llvm::any_of(CalleeElementPre, [&](const auto &PF) {
      std::optional<Path> At = atKeyOf(PF.first, Keyed);
      if (!At)
        return false;
      const void *Subject = C.intern(*At);
      auto Known = S.Known.find(Subject);
      auto Cond = Cl.Cond.find(Subject);
      return (Known != S.Known.end() && Known->second.contradicts(PF.second)) ||
             (Cond != Cl.Cond.end() && Cond->second.contradicts(PF.second));
    });
  };
  for (const auto &[Other, Cl] : S.Keys)
    if (Other.Profile == K.Profile && Other.P != K.P &&
        (Keyless ? withoutKeys(Other.P) == K.P : elementAtKeyOf(Other.P, K.P)) &&
        !Cl.SeededBy && !Excluded(Other.P, Cl)) {
      Closed Visited = Cl;
      Visited.MaybeOpen = true;
      return Visited;
    }
  return std::nullopt;
}

bool FunctionAnalysis::calleeReportsEarlier(const Key &K) const {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(SummaryCallee);
  const FunctionDecl *Def = nullptr;
  if (!MD || !MD->hasBody(Def) || !Def || K.P.size() < 2)
    return false;
  return llvm::any_of(C.earlierCloses(MD->getParent()),
                      [&](const Context::EarlierClose &EC) {
                        return EC.Profile == K.Profile && EC.Part == K.P.back() &&
                               EC.By->getCanonicalDecl() !=
                                   Def->getCanonicalDecl();
                      });
}

const void *FunctionAnalysis::pointerSubject(const Path &P) const {
  if (P.size() == 1 && P.front() != ThisRoot) {
    const auto *VD = static_cast<const VarDecl *>(P.front());
    return VD->hasLocalStorage() && VD->getType()->isPointerType() ? VD
                                                                   : nullptr;
  }
  const FieldDecl *F = P.size() >= 2 ? fieldPart(P.back()) : nullptr;
  if (!F || !F->getType()->isPointerType() ||
      F->getType().isVolatileQualified())
    return nullptr;
  return C.intern(P);
}

bool FunctionAnalysis::heldWhereClosed(const std::pair<const Key, Closed> &KC,
                                       const void *Subject,
                                       const Fact &F) const {
  if (auto It = KC.second.Cond.find(Subject);
      It != KC.second.Cond.end() && It->second.implies(F))
    return true;
  // The descriptor that was closed was a valid one (`if (fd_ >= 0)
  // ::close(fd_);` closes again wherever the first close closed anything).
  return descriptorSubject(KC.first.P) == Subject &&
         Fact{Fact::AtLeast, 0}.implies(F);
}

const void *FunctionAnalysis::descriptorSubject(const Path &P) const {
  if (P.size() == 1 && P.front() != ThisRoot) {
    const auto *VD = static_cast<const VarDecl *>(P.front());
    return VD->hasLocalStorage() && isHandleInteger(VD->getType()) ? VD
                                                                   : nullptr;
  }
  const FieldDecl *F = P.size() >= 2 ? fieldPart(P.back()) : nullptr;
  if (!F || !isHandleInteger(F->getType()) ||
      F->getType().isVolatileQualified())
    return nullptr;
  return C.intern(P);
}

void FunctionAnalysis::closeKey(const Key &K, const Expr *Site, bool Must,
                                const std::string &Name, State &S,
                                const FunctionDecl *Checker,
                                bool RaceChecked) {
  if (!RaceChecked)
    checkRace(K, Site, Name, S, Checker);
  // A query stored before this close no longer tells (unless a branch
  // refutes the close: Closed::StaleQueries).
  std::map<const VarDecl *, std::vector<Guard>> Stale;
  for (auto Q = S.QueryVars.begin(); Q != S.QueryVars.end();) {
    if (llvm::none_of(Q->second, [&](const Guard &G) { return G.K.P == K.P; })) {
      ++Q;
      continue;
    }
    Stale.insert(*Q);
    Q = S.QueryVars.erase(Q);
  }
  // What this path tested open before the close says nothing of the
  // function's result any more (`if (!in_.is_open()) return false; ...;
  // in_.close(); return true;`). (What a use proved open still says the
  // object was open when the function was called.)
  for (auto It = S.TestedOpen.begin(); It != S.TestedOpen.end();)
    It = It->P == K.P ? S.TestedOpen.erase(It) : std::next(It);
  // Made where a query had just found it open (here, or in the callee).
  bool Checked = S.Guarded.erase(K) > 0 || CalleeChecksOpen;
  // A callee closing it a second time itself reports that close; the
  // caller's earlier close adds no finding of its own.
  bool Again = CalleeClosesAgain;
  if (auto Before = closedState(K, S);
      Before != S.Keys.end() && C.Index.profile(K.Profile).DoubleClose &&
      Must && !CalleeChecksOpen && !CalleeClosesAgain &&
      !calleeReportsEarlier(K)) {
    reportDoubleClose(K, Before->second, Site);
    Again = !Before->second.Checked &&
            !C.SM.isInSystemHeader(FD->getLocation());
  } else if (Before == S.Keys.end() && C.Index.profile(K.Profile).DoubleClose &&
           !CalleeChecksOpen && isa<CallExpr>(Site) && InnerClose.count(Site))
    // `closeAll()` closing every element (in a loop that may not run)
    // after `suspect(n)` closed one.
    if (std::optional<Closed> Visited = closedElementOf(K, S))
      reportDoubleClose(K, *Visited, Site);
  // `close(fileno(fp))` closed the descriptor `fclose(fp)` closes again.
  if (Must && C.Index.profile(K.Profile).DoubleClose)
    if (std::optional<std::pair<Key, Closed>> Lent = lentClosed(K, S))
      reportDoubleClose(Lent->first, Lent->second, Site);
  auto It = S.Keys.find(K);
  S.TouchedKeys.insert(K);
  // A close of every element reaches the elements at keys replaced before
  // it (`it->second = fresh();` then the loop closing each).
  if (llvm::is_contained(K.P, ElementMark) && llvm::none_of(K.P, isKeyPart))
    for (auto T = S.TouchedKeys.begin(); T != S.TouchedKeys.end();)
      T = T->Profile == Key::EveryProfile && withoutKeys(T->P) == K.P &&
                  T->P != K.P
              ? S.TouchedKeys.erase(T)
              : std::next(T);
  if (llvm::is_contained(K.P, ElementMark) && llvm::none_of(K.P, isKeyPart))
    for (auto T = S.TouchedPrefixes.begin(); T != S.TouchedPrefixes.end();)
      T = llvm::any_of(T->first, isKeyPart) &&
                  hasPrefix(withoutKeys(T->first), K.P, /*OrEqual=*/true)
              ? S.TouchedPrefixes.erase(T)
              : std::next(T);
  std::set<Path> SerialLocks;
  Facts SerialFlags;
  serialHere(S, SerialLocks, SerialFlags);
  if (!Must && It != S.Keys.end() && It->second.SeededBy) {
    // Closed here on some paths: that is what callers are told.
    It->second = Closed();
    It->second.Sites.push_back(Site);
    It->second.MaybeOpen = true;
    It->second.Again = Again;
    It->second.Cond = S.Known;
    It->second.EntryCond = S.Entry;
    It->second.SerialLocks = std::move(SerialLocks);
    It->second.SerialFlags = std::move(SerialFlags);
    It->second.StaleQueries = std::move(Stale);
    return;
  }
  if (!Must && It != S.Keys.end()) {
    It->second.OnlyByThrow = false;
    It->second.Checked &= Checked;
    It->second.Again |= Again;
    intersectSet(It->second.HeldSince, S.Locks);
    intersectSet(It->second.ReboundUnder, CalleeReboundUnder);
    intersectSet(It->second.SerialLocks, SerialLocks);
    intersect(It->second.SerialFlags, SerialFlags);
    if (!llvm::is_contained(It->second.Sites, Site))
      It->second.Sites.push_back(Site);
    llvm::sort(It->second.Sites);
    It->second.StaleQueries.insert(Stale.begin(), Stale.end());
    return;
  }
  Closed Cl;
  Cl.StaleQueries = std::move(Stale);
  Cl.Sites.push_back(Site);
  Cl.MaybeOpen = !Must;
  Cl.Checked = Checked;
  Cl.Again = Again;
  Cl.Cond = S.Known;
  Cl.EntryCond = S.Entry;
  // `if (!t.scratched) ::close(t.fd);` over every element: only the
  // elements whose flag says so, which the callers' elements may not.
  elementGuards(K.P, S, Cl.EntryCond);
  Cl.SerialLocks = std::move(SerialLocks);
  Cl.SerialFlags = std::move(SerialFlags);
  Cl.HeldSince = S.Locks;
  // A callee that closed it and rebound it under its own mutex
  // (`fclose(out_); out_ = next;` under the diagnostics' lock).
  Cl.ReboundUnder = CalleeReboundUnder;
  // `int stale = std::exchange(fd_, fresh);` under m_, then `close(stale)`:
  // a thread that reads fd_ holding m_ met the fresh one from the exchange
  // on, and had finished with the old one before it.
  if (std::optional<Path> Member = entryCopyPath(K.P))
    if (auto Set = S.SetUnder.find(C.intern(*Member)); Set != S.SetUnder.end())
      Cl.ReboundUnder.insert(Set->second.begin(), Set->second.end());
  // A pointer that was closed through (`fclose(fp_)`, `conn_->close()`)
  // was not null: a later `if (fp_) fclose(fp_);` closes again.
  if (const void *Pointer = pointerSubject(K.P)) {
    Cl.Cond[Pointer] = Fact{Fact::Ne, 0};
    auto Known = S.Known.find(Pointer);
    if (Must && (Known == S.Known.end() ||
                 !Known->second.contradicts(Fact{Fact::Ne, 0})))
      S.Known[Pointer] = Fact{Fact::Ne, 0};
  }
  failPendingOperations(K.P, Cl, S);
  S.Keys[K] = std::move(Cl);
  // fclose() of a stream fdopen() made closes its descriptor too.
  auto Owned = S.Owns.find(K.P);
  if (Owned == S.Owns.end())
    return;
  const bool Twice = C.Index.profile(K.Profile).DoubleClose;
  for (const Key &O : std::set<Key>(Owned->second))
    if (C.Index.profile(O.Profile).DoubleClose == Twice)
      closeKey(O, Site, Must, describeKey(O), S, Checker, RaceChecked);
}

void FunctionAnalysis::serialHere(const State &S, std::set<Path> &Locks,
                                  Facts &Flags) {
  Locks = S.Locks;
  for (const auto &[Subject, Held] : S.FlagLocks) {
    auto Known = S.Known.find(Subject);
    if (Known != S.Known.end() &&
        llvm::any_of(Held, [&](const Path &M) { return S.Locks.count(M); }))
      Flags[Subject] = Known->second;
  }
  // Set to this value under a mutex held again now (`closed_ = true;` in
  // one critical section, `fclose(file_)` in a later one): a worker testing
  // it under that mutex either ran its use before the set, so before this
  // close, or sees the value.
  for (const auto &[Subject, Held] : S.SetUnder) {
    auto Known = S.Known.find(Subject);
    if (Known != S.Known.end() &&
        llvm::any_of(Held, [&](const Path &M) { return S.Locks.count(M); }))
      Flags.emplace(Subject, Known->second);
  }
  if (!CalleeSerial)
    return;
  Locks.insert(CalleeSerial->Locks.begin(), CalleeSerial->Locks.end());
  for (const auto &[Flag, F] : CalleeSerial->Flags)
    Flags[C.intern(Flag)] = F;
}

std::optional<FunctionAnalysis::CloseSerial>
FunctionAnalysis::calleeSerial(const Effect &E, const Invocation &Inv,
                               const State &S) const {
  if (E.Locks.empty() || E.SerialFlags.empty())
    return std::nullopt;
  CloseSerial Out;
  for (const RootRef &L : E.Locks) {
    std::optional<Path> LP = mapRoot(Inv, L, S);
    if (!LP)
      return std::nullopt;
    Out.Locks.insert(*LP);
  }
  for (const auto &[Flag, F] : E.SerialFlags)
    if (std::optional<Path> FP = mapRoot(Inv, Flag, S))
      Out.Flags.push_back({*FP, F});
  return Out;
}

void FunctionAnalysis::noteAdoption(const Path &Owner, const Expr *Init,
                                    State &S) {
  S.Owns.erase(Owner);
  const auto *Call = Init ? dyn_cast<CallExpr>(stripWrappers(Init)) : nullptr;
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return;
  for (unsigned Idx = 0; Idx < C.Index.profileCount(); ++Idx) {
    const Profile *Pr = C.Index.profile(Idx).P;
    for (const FunctionSpec &F : Pr ? Pr->AdoptFunctions
                                    : std::vector<FunctionSpec>())
      if (F.Name == Callee->getName() && F.Handle < Call->getNumArgs())
        if (std::optional<Path> Adopted = pathOf(Call->getArg(F.Handle), S))
          for (unsigned Of : C.Index.profilesOf(Call->getArg(F.Handle), C.Cache))
            S.Owns[Owner].insert(Key{Of, *Adopted});
  }
}

/// True when the profile at Idx lends what Function returns.
static bool lends(const Profile *Pr, llvm::StringRef Function) {
  return Pr && llvm::any_of(Pr->ExposeFunctions, [&](const FunctionSpec &F) {
           return F.Name == Function;
         });
}

std::optional<Path> FunctionAnalysis::lentPath(const CallExpr *Call,
                                               const State &S) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  for (unsigned Idx = 0; Idx < C.Index.profileCount(); ++Idx) {
    const Profile *Pr = C.Index.profile(Idx).P;
    for (const FunctionSpec &F : Pr ? Pr->ExposeFunctions
                                    : std::vector<FunctionSpec>()) {
      if (F.Name != Callee->getName() || F.Handle >= Call->getNumArgs() ||
          !llvm::is_contained(
              C.Index.profilesOf(Call->getArg(F.Handle), C.Cache), Idx))
        continue;
      std::optional<Path> P = pathOf(Call->getArg(F.Handle), S);
      if (P)
        P->push_back(ownedPart(F.Name));
      return P;
    }
  }
  return std::nullopt;
}

std::map<Key, Closed>::iterator FunctionAnalysis::lenderClosed(const Key &K,
                                                               State &S) {
  const std::string *Function = K.P.empty() ? nullptr : ownedFunction(K.P.back());
  if (!Function)
    return S.Keys.end();
  const bool Twice = C.Index.profile(K.Profile).DoubleClose;
  Path Lender(K.P.begin(), K.P.end() - 1);
  for (auto It = S.Keys.begin(); It != S.Keys.end(); ++It)
    if (It->first.P == Lender &&
        C.Index.profile(It->first.Profile).DoubleClose == Twice &&
        lends(C.Index.profile(It->first.Profile).P, *Function))
      return It;
  return S.Keys.end();
}

std::optional<std::pair<Key, Closed>>
FunctionAnalysis::lentClosed(const Key &K, const State &S) const {
  const Profile *Pr = C.Index.profile(K.Profile).P;
  if (!Pr)
    return std::nullopt;
  const bool Twice = C.Index.profile(K.Profile).DoubleClose;
  for (const FunctionSpec &F : Pr->ExposeFunctions) {
    Path Lent = K.P;
    Lent.push_back(ownedPart(F.Name));
    for (const auto &[Other, Cl] : S.Keys)
      if (Other.P == Lent && Other.Profile != K.Profile &&
          C.Index.profile(Other.Profile).DoubleClose == Twice)
        return std::pair{Other, Cl};
  }
  return std::nullopt;
}

void FunctionAnalysis::provedOpen(const Key &K, State &S) {
  for (auto It = S.Keys.begin(); It != S.Keys.end();)
    It = It->first.P == K.P ? S.Keys.erase(It) : std::next(It);
  noteProvedOpen(K, S);
}

void FunctionAnalysis::noteTestedOpen(const Key &K, State &S) const {
  if (entryRoot(K.P))
    S.TestedOpen.insert(K);
}

void FunctionAnalysis::noteProvedOpen(const Key &K, State &S) const {
  // Of the object the caller gave only while nothing here rebound or
  // replaced it: `screen_ = make_shared<Screen>(); screen_->show(...)`
  // proves the new screen open, not the one the caller knew.
  const bool Replaced = llvm::any_of(S.TouchedPrefixes, [&](const auto &T) {
    return hasPrefix(K.P, T.first, T.second);
  });
  if (entryRoot(K.P) && !Replaced)
    S.ProvedOpen.insert(K);
}

/// `if (lance.retired) continue; ::read(lance.fd, ...)` over every element:
/// the element used is one whose flag says so when it is used, whatever
/// the loop wrote to other elements' flags before. Which element that is
/// the callers cannot name, but an element an earlier call closed and
/// flagged (`retired = true`) is not it.
void FunctionAnalysis::elementGuards(const Path &P, const State &S,
                                     Facts &Entry) {
  auto Mark = llvm::find(P, ElementMark);
  if (Mark == P.end() || std::next(Mark) == P.end() || isKeyPart(*std::next(Mark)))
    return;
  Path Element(P.begin(), std::next(Mark));
  for (const auto &[Subject, F] : S.Known) {
    const Path *SP = C.subject(Subject);
    if (!SP || *SP == P || Entry.count(Subject) ||
        !hasPrefix(*SP, Element, /*OrEqual=*/false) ||
        llvm::count(*SP, ElementMark) != 1 || !fieldPart(SP->back()) ||
        writtenFields().count(fieldPart(SP->back())))
      continue;
    Entry[Subject] = F;
  }
}

/// The members this function's own code assigns or steps (`b.level = 1;`):
/// what it knows of them it may have made so, not tested.
const llvm::DenseSet<const FieldDecl *> &FunctionAnalysis::writtenFields() {
  if (WrittenFields)
    return *WrittenFields;
  WrittenFields.emplace();
  auto Field = [](const Expr *E) -> const FieldDecl * {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  };
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    const FieldDecl *F = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->isAssignmentOp())
      F = Field(BO->getLHS());
    else if (const auto *UO = dyn_cast<UnaryOperator>(St);
             UO && UO->isIncrementDecrementOp())
      F = Field(UO->getSubExpr());
    else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
             OCE && OCE->isAssignmentOp() && OCE->getNumArgs() > 0)
      F = Field(OCE->getArg(0));
    if (F)
      WrittenFields->insert(F->getCanonicalDecl());
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return *WrittenFields;
}

void FunctionAnalysis::useKey(const Key &K, const CallExpr *Call,
                              const Expr *InnerUse, const std::string &Name,
                              State &S, bool FromSummary,
                              const Location *RemoteUse,
                              const std::vector<std::pair<RootRef, Fact>> &CalleePre) {
  if (C.Index.profile(K.Profile).DoubleClose)
    return;
  // A thread this function started may close it meanwhile.
  checkTaskCloses(K, Call, InnerUse, Name, S);
  // A callee's use reaches other threads through its own TaskUse effect,
  // which knows the flags and locks it was made under.
  if (!FromSummary) {
    auto G = S.Guarded.find(K);
    std::vector<std::pair<Path, Fact>> FlagPre;
    std::set<Path> FlagLocks;
    flagGuards(S, FlagPre, FlagLocks);
    recordTaskUse(K, InnerUse ? InnerUse : Call, G != S.Guarded.end(), FlagPre,
                  FlagLocks,
                  G != S.Guarded.end() ? G->second : std::set<Path>(),
                  S.Locks);
  }
  auto It = closedState(K, S);
  // `broadcast()` sending on every element of the table after `suspect(n)`
  // closed the one at n: one of the elements it uses is closed.
  if (It == S.Keys.end() && FromSummary && Replay && Report)
    if (std::optional<Closed> Visited = closedElementOf(K, S))
      reportUse(K, *Visited, Call, InnerUse, Name, RemoteUse);
  if (It != S.Keys.end()) {
    // What an earlier call may have left closed is reported where the
    // class closes it again (its destructor runs on every object); a use
    // after a failed rotation, where a caller makes one after it.
    if (Replay && Report && !It->second.SeededBy)
      reportUse(K, It->second, Call, InnerUse, Name, RemoteUse);
    if (!It->second.SeededBy)
      return;
  }
  if (S.isTouched(K))
    return;
  // The object is as the caller left it: a use the caller must know of.
  if (std::optional<Effect> E = entryRoot(K.P)) {
    E->K = Effect::Use;
    E->Profile = K.Profile;
    E->Site = InnerUse ? InnerUse : Call;
    E->Outer = Call;
    // A use inside a function another unit defines, called here: where it
    // is, for the notes of a caller that reports it (a lambda handed to a
    // helper that runs it).
    if (!InnerUse && RemoteUse) {
      E->Remote = RemoteUse;
      E->RemoteOuter = CalleeRemoteOuterUse;
    }
    // Where other paths rebound it first, this is the caller's object only
    // on the paths that did not, and what they knew of entry holds too.
    Facts Entry = S.Entry;
    for (const auto &[PP, Untouched] : S.PartlyTouched)
      if (hasPrefix(K.P, PP.first, PP.second))
        Entry.insert(Untouched.begin(), Untouched.end());
    elementGuards(K.P, S, Entry);
    E->Pre = entryPreconditions(Entry);
    for (const auto &Needed : CalleePre)
      if (!llvm::is_contained(E->Pre, Needed))
        E->Pre.push_back(Needed);
    if (FromSummary && CalleeRefusal)
      E->Thrown = *CalleeRefusal;
    record(*E);
  }
}

/// `FILE *f = std::exchange(f_, nullptr);`, `int fd = fd_;`: a local
/// holding what a member (or a parameter's member) held on entry, before
/// anything here changed it. What the function closes through the local
/// its callers see closed as the member's earlier object (a prior close),
/// the idiom of a close that lets go of the member first.
void FunctionAnalysis::noteEntryCopy(const VarDecl *VD, const State &S) {
  const VarDecl *Canon = VD->getCanonicalDecl();
  QualType T = VD->getType();
  const Expr *Init = VD->getInit();
  if (!Init || !VD->hasLocalStorage() ||
      !(T->isPointerType() || isHandleInteger(T)))
    return;
  const Expr *Source = stripWrappers(Init);
  std::optional<Path> P;
  if (const auto *Call = dyn_cast<CallExpr>(Source)) {
    // Taken before the exchange changed it (noteExchange).
    auto It = Exchanged.find(Call);
    if (It == Exchanged.end() || It->second.empty())
      return invalidEntryCopy(Canon);
    P = It->second;
  } else if (!(P = untouchedEntryMember(Source, S))) {
    return invalidEntryCopy(Canon);
  }
  auto [It, New] = EntryCopies.try_emplace(Canon, *P);
  if (!New && It->second != *P)
    invalidEntryCopy(Canon);
}

/// The member E names (`f_`, `conn.fd_`) when nothing here has changed
/// it yet: it still holds what it held on entry.
std::optional<Path>
FunctionAnalysis::untouchedEntryMember(const Expr *E, const State &S) const {
  std::optional<Path> P = rawPathOf(E);
  if (!P || P->size() < 2 || !entryRoot(*P) || !(resolve(*P, S) == *P) ||
      llvm::any_of(S.TouchedKeys, [&](const Key &K) { return K.P == *P; }) ||
      S.Assigned.count(C.intern(*P)))
    return std::nullopt;
  return P;
}

bool FunctionAnalysis::exchangeFlag(const CallExpr *Call, State &S) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      F->getName() != "exchange" || Call->getNumArgs() != 2)
    return false;
  QualType T = Call->getArg(0)->getType();
  if (!T->isBooleanType() && !T->isEnumeralType())
    return false;
  // The result is the flag's value before: what is known of that, and what
  // the closes say of it, is known of the result.
  if (const void *Flag = subjectOf(Call->getArg(0))) {
    if (auto It = S.Known.find(Flag); It != S.Known.end())
      S.Known[Call] = It->second;
    copyCallFacts(Flag, Call, S);
  }
  assignTo(Call->getArg(0), Call->getArg(1), S);
  return true;
}

/// `std::exchange(f_, nullptr)`: what f_ held, asked before the call
/// changes it.
bool FunctionAnalysis::noteExchange(const CallExpr *Call, const State &S) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      F->getName() != "exchange" || Call->getNumArgs() != 2)
    return false;
  QualType T = Call->getArg(0)->getType();
  if (!T->isPointerType() && !isHandleInteger(T))
    return false;
  std::optional<Path> P = untouchedEntryMember(Call->getArg(0), S);
  auto [It, New] = Exchanged.try_emplace(Call, P ? *P : Path());
  if (!New && (!P || It->second != *P))
    It->second = Path();
  if (New && argumentOfCall(Call))
    DeferredExchanges.insert(Call);
  return true;
}

/// True when E is an argument of a call (through conversions).
bool FunctionAnalysis::argumentOfCall(const Expr *E) const {
  DynTypedNodeList Parents = C.Ctx.getParents(*E);
  while (Parents.size() == 1) {
    if (const auto *Cast = Parents[0].get<ImplicitCastExpr>()) {
      Parents = C.Ctx.getParents(*Cast);
      continue;
    }
    if (const auto *Paren = Parents[0].get<ParenExpr>()) {
      Parents = C.Ctx.getParents(*Paren);
      continue;
    }
    const auto *Call = Parents[0].get<CallExpr>();
    return Call && !isa<CXXOperatorCallExpr>(Call);
  }
  return false;
}

/// The member `std::exchange(m, v)` took, when Handle is that call handed
/// to the call being transferred: what the member held before.
std::optional<Path>
FunctionAnalysis::deferredExchangePath(const Expr *Handle,
                                       const State &S) const {
  const auto *Call = dyn_cast_or_null<CallExpr>(
      Handle ? Handle->IgnoreParenImpCasts() : nullptr);
  if (!Call || !DeferredExchanges.count(Call))
    return std::nullopt;
  std::optional<Path> P = rawPathOf(Call->getArg(0));
  if (!P)
    return std::nullopt;
  return resolve(*P, S);
}

/// The assignments of the exchanges Call was handed, made once it ran.
void FunctionAnalysis::assignDeferredExchanges(const CallExpr *Call,
                                               State &S) {
  for (const Expr *Arg : Call->arguments())
    if (const auto *Ex = dyn_cast<CallExpr>(Arg->IgnoreParenImpCasts());
        Ex && DeferredExchanges.count(Ex))
      assignTo(Ex->getArg(0), Ex->getArg(1), S);
}

void FunctionAnalysis::invalidEntryCopy(const VarDecl *VD) {
  EntryCopies[VD] = Path();
}

/// The member a close of P (rooted at a local holding its entry value)
/// closes for the callers, when P is one.
std::optional<Path> FunctionAnalysis::entryCopyPath(const Path &P) const {
  if (P.empty() || P.front() == ThisRoot)
    return std::nullopt;
  const auto *VD = static_cast<const VarDecl *>(P.front());
  auto It = EntryCopies.find(VD);
  if (It == EntryCopies.end() || It->second.empty() || !unmodified(VD))
    return std::nullopt;
  Path Out = It->second;
  Out.append(P.begin() + 1, P.end());
  return Out;
}

} // namespace typestate
} // namespace errlint
