//===- Context.cpp - Summaries of a unit, and across units ----------------===//
//
// Which callees are analyzed, their summaries (computed once per set of
// constant arguments), and the conversion of summaries to and from the
// facts other units read.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "typestate/ResultVerdict.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace errlint {

using namespace typestate;

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

namespace {

/// The members of the class a method body rebinds: assigns (`primary_ =
/// ...`), resets or swaps, or hands to std::exchange.
struct RebindFinder : RecursiveASTVisitor<RebindFinder> {
  std::set<const void *> Members;

  void add(const Expr *E) {
    std::optional<Path> P = rawPathOf(E);
    if (P && P->size() >= 2 && P->front() == ThisRoot)
      Members.insert((*P)[1]);
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      add(BO->getLHS());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if (OCE->isAssignmentOp() && OCE->getNumArgs() > 0)
        add(OCE->getArg(0));
      return true;
    }
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !F->getIdentifier())
      return true;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      if (llvm::is_contained({"reset", "swap", "emplace"}, F->getName()))
        add(MCE->getImplicitObjectArgument());
      for (const Expr *A : MCE->arguments())
        if (F->getName() == "swap")
          add(A);
      return true;
    }
    if (F->isInStdNamespace() &&
        llvm::is_contained({"swap", "exchange"}, F->getName()))
      for (const Expr *A : CE->arguments())
        add(A);
    return true;
  }
};

} // namespace

/// A member built from a pointer-like or reference parameter of the
/// constructor (`notifier_(producer)`): what the member's constructor binds
/// to it, the owner's constructor binds too.
static bool passesPointerParameter(const Expr *Init) {
  const auto *CE = dyn_cast<CXXConstructExpr>(stripWrappers(Init));
  if (!CE || !CE->getType()->isRecordType())
    return false;
  return llvm::any_of(CE->arguments(), [](const Expr *Arg) {
    const ParmVarDecl *PVD = keptParameter(Arg);
    QualType T = PVD ? PVD->getType() : QualType();
    return PVD && (T->isReferenceType() || T->isPointerType() ||
                   isSmartPointerType(T));
  });
}

/// A method that points a pointer-like member elsewhere: its callers'
/// knowledge of what the member shares with others' members ends there.
static bool rebindsPointerMember(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || isa<CXXConstructorDecl>(MD) || MD->isStatic() || !FD->getBody())
    return false;
  RebindFinder Finder;
  Finder.TraverseStmt(FD->getBody());
  return llvm::any_of(Finder.Members, [](const void *Member) {
    const FieldDecl *F = fieldPart(Member);
    return F && (F->getType()->isPointerType() ||
                 isSmartPointerType(F->getType()));
  });
}

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
    // The class calling its own method: what runs is this unit's override
    // unless a class here overrides it again. Through another object the
    // dynamic type may be a subclass another unit defines.
    bool OnThis = MCE && isa<CXXThisExpr>(
                             MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
    if (!Qualified && (OnThis ? mayRunOtherOverride(MD)
                              : MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
                                    !MD->getParent()->hasAttr<FinalAttr>()))
      return nullptr;
  }
  return Def;
}

namespace {
/// Collects the methods that methods of a unit override.
struct OverrideCollector : RecursiveASTVisitor<OverrideCollector> {
  llvm::DenseSet<const CXXMethodDecl *> &Out;
  explicit OverrideCollector(llvm::DenseSet<const CXXMethodDecl *> &Out)
      : Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCXXMethodDecl(CXXMethodDecl *MD) {
    for (const CXXMethodDecl *O : MD->overridden_methods())
      Out.insert(O->getCanonicalDecl());
    return true;
  }
};
} // namespace

bool Context::mayRunOtherOverride(const CXXMethodDecl *MD) const {
  if (!MD->isVirtual() || MD->hasAttr<FinalAttr>() ||
      MD->getParent()->hasAttr<FinalAttr>())
    return false;
  // Pure: what runs is always someone else's.
  if (MD->isPureVirtual())
    return true;
  if (!Overridden) {
    Overridden.emplace();
    OverrideCollector(*Overridden)
        .TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  return Overridden->count(MD->getCanonicalDecl()) > 0;
}

/// A lambda's assignment of a handle it captured, or one a captured object
/// holds (`[&] { ctx.fd = ::open(p, O_WRONLY); }`): its caller's handle
/// holds another object after the lambda runs. (A function's own
/// parameters are forgotten at an unknown call; captures are not.)
static bool assignsCapturedHandle(const FunctionDecl *FD, const Stmt *S) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->getParent()->isLambda())
    return false;
  const Expr *LHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    LHS = BO->getLHS();
  else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(S);
           OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2)
    LHS = OCE->getArg(0);
  if (!LHS)
    return false;
  QualType T = LHS->getType();
  if (!typestate::isHandleInteger(T) && !T->isPointerType() &&
      !typestate::isSmartPointerType(T))
    return false;
  const Expr *Base = LHS->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(Base))
    Base = ME->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base))
    return true;
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  return DRE && DRE->refersToEnclosingVariableOrCapture();
}

/// A function with a reference parameter that tests true on failure (an
/// error code it is given).
static bool reportsThroughParam(const FunctionDecl *FD) {
  return llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
    return P->getType()->isReferenceType() &&
           typestate::convertsToBool(P->getType().getNonReferenceType());
  });
}

/// `p_(std::move(parts))`: a member struct of owners the caller filled.
static bool keepsStructOfOwners(const CXXCtorInitializer *CI) {
  const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
  const RecordDecl *RD = F && CI->getInit() ? plainStruct(F->getType()) : nullptr;
  return RD && keptParameter(CI->getInit()) &&
         llvm::any_of(RD->fields(), [](const FieldDecl *G) {
           return G->getType()->isPointerType() ||
                  isSmartPointerType(G->getType());
         });
}

bool Context::isRelevant(const FunctionDecl *FD) {
  auto It = Relevance.find(FD);
  if (It != Relevance.end())
    return It->second;
  Relevance[FD] = false; // recursion sees "not relevant" until decided
  bool Result = false;
  // A function returning an object its callers can name (`find(id)`
  // returning the element at id), for them.
  // So does one returning a smart pointer that shares one (`get(id)`).
  if (QualType R = FD->getReturnType();
      (((R->isPointerType() || R->isLValueReferenceType()) &&
        R->getPointeeType()->isRecordType()) ||
       (isSmartPointerType(R) && !isa<CXXConstructorDecl>(FD))) &&
      !isa<CXXConversionDecl>(FD) &&
      (!FD->isOverloadedOperator() ||
       ((FD->getOverloadedOperator() == OO_Arrow ||
         FD->getOverloadedOperator() == OO_Star) &&
        FD->getNumParams() == 0 &&
        !SM.isInSystemHeader(FD->getLocation()))))
    Result = true;
  // A constructor keeping a callable it is given, for its callers in other
  // units (a scope guard's lambda).
  // One binding a pointer-like member to a parameter, too (what two
  // components given one producer share).
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *CI : Ctor->inits())
      if (CI->isMemberInitializer() && CI->getInit() &&
          ((isCallableRecord(CI->getMember()->getType()) &&
            keptParameter(CI->getInit())) ||
           boundParameter(CI) || passesPointerParameter(CI->getInit()) ||
           keepsStructOfOwners(CI)))
        Result = true;
  if (rebindsPointerMember(FD))
    Result = true;
  // One tying its members to one another (`report_ =
  // std::make_unique<Report>(pool_);`), for the methods other units define.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
      !Result && Ctor && Ctor->hasBody() &&
      !FunctionAnalysis(*this, FD, {}, /*Report=*/false)
           .constructorAliases()
           .empty())
    Result = true;
  // `int Fd::get() const { return fd_; }`: a descriptor getter, for callers
  // in other units that close or use what it returns.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && FD->getReturnType()->isSignedIntegerType() &&
      !FD->getReturnType()->isCharType())
    if (const Expr *V = soleReturnValue(MD))
      if (const auto *ME = dyn_cast<MemberExpr>(V->IgnoreParenImpCasts());
          ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        Result = true;
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty() && !Result) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (assignsCapturedHandle(FD, S)) {
      Result = true;
      break;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      bool Named = false;
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call))
        Named = OCE->getOperator() != OO_Arrow;
      else if (Callee && Callee->getIdentifier())
        Named = Index.mentions(Callee->getName());
      if (Named && !roles(Call).empty()) {
        Result = true;
        break;
      }
      // Calling a callable member, or parameter: what the object or the
      // caller gave it may close.
      // So does calling each callable of a list it is given (a range-for's
      // `step.fn()`).
      const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
      bool CallsElement = Op && Op->getOperator() == OO_Call &&
                          Op->getNumArgs() > 0 &&
                          isCallableRecord(Op->getArg(0)->getType()) &&
                          rangeForVariable(Op->getArg(0));
      // Or each element's override of a virtual method (`step->run()`).
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
        CallsElement |= MCE->getMethodDecl() &&
                        MCE->getMethodDecl()->isVirtual() &&
                        rangeForVariable(MCE->getImplicitObjectArgument());
      if ((isa<CXXMethodDecl>(FD) && calledMember(Call)) ||
          invokedParameter(FD, Call) || CallsElement) {
        Result = true;
        break;
      }
      // A function that returns only when the error it is given is clear
      // (`if (ec) throw_error(ec);`) tells its callers so.
      if (Callee && Callee->isNoReturn() && reportsThroughParam(FD)) {
        Result = true;
        break;
      }
      // Waiting for an executor's tasks, or dropping the callables an
      // object keeps, changes what the caller may report.
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
      if ((Method && !registryRoles(Method).empty()) ||
          !executorCalls(Call).empty()) {
        Result = true;
        break;
      }
      // Joining a thread (a member one, for the callers that started it),
      // or setting a std::atomic member flag, as for plain ones below.
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
        if (Method && Method->getIdentifier() &&
            ((Method->getName() == "join" &&
              isStdType(MCE->getImplicitObjectArgument()->getType(),
                        {"thread", "jthread"})) ||
             ((Method->getName() == "store" || Method->getName() == "exchange") &&
              isStdType(MCE->getImplicitObjectArgument()->getType(), {"atomic"})) ||
             // Engaging or emptying a std::optional member, which a later
             // `if (standby_)` of another method reads.
             ((Method->getName() == "reset" || Method->getName() == "emplace") &&
              isa<CXXMethodDecl>(FD) &&
              isStdType(MCE->getImplicitObjectArgument()->getType(),
                        {"optional"})))) {
          Result = true;
          break;
        }
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
          OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2 &&
          isStdType(OCE->getArg(0)->getType(), {"atomic"})) {
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
    // Starting a thread: it may run on after the call.
    if (const auto *E = dyn_cast<Expr>(S); E && startOf(E, Ctx)) {
      Result = true;
      break;
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

bool Context::isRelevant(const FunctionDecl *FD, const Bindings &B) {
  return isRelevant(FD) ||
         llvm::any_of(B.Callables, [&](const auto &FieldAndLambda) {
           return isRelevant(FieldAndLambda.second);
         });
}

/// For engine developers: ERRLINT_DEBUG_SUMMARIES=1 prints every summary
/// computed, one effect a line, on stderr.
const bool Context::DebugSummaries = [] {
  const char *V = std::getenv("ERRLINT_DEBUG_SUMMARIES");
  return V && *V;
}();

void Context::dumpSummary(const FunctionDecl *FD, const Summary &S) const {
  static const char *const Kinds[] = {
      "Close",  "Use",           "Reset",    "TaskUse",   "Signal",
      "Sets",   "CloseOnThrow",  "Spawned",  "Awaits",    "DropsCallables",
      "Ensures", "Keeps",        "Runs",     "Returns",   "Rebinds",
      "ClosesResult", "Registers", "ProvesOpen", "Invokes", "TrueOnlyIf",
      "ResultField", "Aliases", "FieldTest", "CallableUse", "CallableClose"};
  auto Root = [](const RootRef &R) {
    std::string Base = R.Root == RootKind::This    ? "this"
                       : R.Root == RootKind::Param ? "$" + std::to_string(R.Param)
                       : R.Var                     ? R.Var->getNameAsString()
                                                   : "?";
    return pathText(Base, R.Suffix);
  };
  auto FactText = [](const Fact &F) {
    static const char *const Ops[] = {"==", "!=", ">=", "<=", " in mask "};
    return std::string(Ops[F.Kind]) + std::to_string(F.Value);
  };
  llvm::errs() << "summary " << FD->getQualifiedNameAsString() << "\n";
  for (const Effect &E : S.Effects) {
    llvm::errs() << "  "
                 << (E.K < std::size(Kinds) ? Kinds[E.K] : "?") << " "
                 << Root(E.root()) << " profile=" << E.Profile
                 << (E.Must ? " must" : "") << (E.MustIfPre ? " mustIfPre" : "")
                 << (E.Prior ? " prior" : "") << (E.CheckedOpen ? " checked" : "");
    if (E.K == Effect::Sets)
      llvm::errs() << " value" << FactText(E.Value);
    if (E.K == Effect::Reset)
      llvm::errs() << (E.AnyProfile ? " any" : "")
                   << (E.OrEqual ? "" : " members");
    for (const auto &[R, F] : E.Pre)
      llvm::errs() << " pre(" << Root(R) << FactText(F) << ")";
    for (const auto &[R, F] : E.While)
      llvm::errs() << " while(" << Root(R) << FactText(F) << ")";
    if (E.OnlyIfReturns)
      llvm::errs() << " onlyIfReturns=" << *E.OnlyIfReturns;
    if (E.OnlyIfTrue)
      llvm::errs() << (E.ResultNegative ? " onlyIfNegative" : " onlyIfTrue");
    if (!E.OnlyIfField.empty())
      llvm::errs() << " onlyIfField=" << E.OnlyIfField << FactText(E.Value);
    if (E.Guarded)
      llvm::errs() << " guarded";
    if (E.Pinned)
      llvm::errs() << " pinned";
    for (const RootRef &L : E.Locks)
      llvm::errs() << " lock(" << Root(L) << ")";
    for (const RootRef &L : E.PreLocks)
      llvm::errs() << " prelock(" << Root(L) << ")";
    for (const RootRef &L : E.HeldLocks)
      llvm::errs() << " held(" << Root(L) << ")";
    if (E.Exec)
      llvm::errs() << (E.Thread ? " thread=" : " exec=") << Root(*E.Exec);
    if (E.Registered)
      llvm::errs() << " in=" << E.Registered->Member << " by="
                   << E.Registered->Keeper
                   << (E.Registered->Keyed ? " key=" + E.Registered->Key : "");
    if (E.Thrown) {
      llvm::errs() << " thrown{";
      for (const void *T : *E.Thrown)
        if (T == StdThrow)
          llvm::errs() << " std";
        else if (Rethrows.count(T))
          llvm::errs() << " rethrow";
        else if (const auto *RD = dyn_cast<CXXRecordDecl>(
                     static_cast<const Decl *>(T)))
          llvm::errs() << " " << RD->getName();
      llvm::errs() << " }";
    }
    llvm::errs() << "\n";
  }
}

const void *Context::compound(const Expr *E) {
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  return Compounds.try_emplace(ID, E).first->second;
}

const Summary *Context::summaryFor(const FunctionDecl *FD, const Bindings &B) {
  auto Key = std::make_pair(FD, B);
  auto It = Summaries.find(Key);
  if (It != Summaries.end())
    return &It->second;
  // A function's own analysis seeds what its class's other methods leave
  // (spawnSummary()); inside their summarizing pass it cannot, so a call
  // met there gets a summarizing run too, and the function's own analysis
  // (and its findings) wait for the top level.
  if (SpawnPass && B.empty())
    return spawnSummary(FD);
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
  if (DebugSummaries)
    dumpSummary(FD, S);
  return &Summaries.emplace(Key, std::move(S)).first->second;
}

const Summary *Context::spawnSummary(const FunctionDecl *FD) {
  if (auto It = Summaries.find({FD, {}}); It != Summaries.end())
    return &It->second;
  auto [It, New] = SpawnSummaries.try_emplace(FD);
  if (!New)
    return It->second ? &*It->second : nullptr;
  // Its own analysis may be in progress (start() calling stop(), whose
  // analysis asks what start() leaves): this run is another one, and the
  // entry above stops it from recursing into itself.
  if (Depth >= 8)
    return nullptr;
  ++Depth;
  ++SpawnPass;
  FunctionAnalysis A(*this, FD, {}, /*Report=*/false);
  Summary S = A.run();
  --SpawnPass;
  --Depth;
  It = SpawnSummaries.find(FD); // the map may have grown meanwhile
  It->second = std::move(S);
  return &*It->second;
}

const std::vector<Context::EarlierClose> &
Context::earlierCloses(const CXXRecordDecl *RD) {
  RD = RD->getDefinition() ? RD->getDefinition() : RD;
  auto [It, New] = EarlierClosesCache.try_emplace(RD->getCanonicalDecl());
  if (!New || SpawnPass)
    return It->second;
  std::vector<EarlierClose> Found;
  for (const CXXMethodDecl *M : RD->methods()) {
    const FunctionDecl *Def = nullptr;
    if (M->getAccess() != AS_public || M->isStatic() ||
        isa<CXXConstructorDecl>(M) || isa<CXXDestructorDecl>(M) ||
        !M->hasBody(Def) || !Def)
      continue;
    const Summary *Sum = spawnSummary(Def);
    if (!Sum)
      continue;
    for (const Effect &E : Sum->Effects) {
      const FieldDecl *F =
          E.Suffix.size() == 1 ? fieldPart(E.Suffix.front()) : nullptr;
      if (E.K != Effect::Close || E.Prior || E.Root != RootKind::This ||
          !E.Site || !F ||
          !(F->getType()->isPointerType() || isHandleInteger(F->getType())))
        continue;
      // Left closed on some paths only, by a method that rebinds the
      // member on the others; a closer that returns early when already
      // stopped does not rebind.
      bool OnSomePaths = E.OnlyIfReturns || E.OnlyIfTrue || E.OnlyIfParam ||
                         !E.OnlyIfField.empty() ||
                         (!E.Must && !E.MustIfPre);
      bool Replaces = llvm::any_of(Sum->Effects, [&](const Effect &R) {
        return R.K == Effect::Rebinds && R.root() == E.root();
      });
      // A descriptor (or stream) closed on some paths beside a flag of the
      // class's own that records it (`::close(readerFd_); readerOnline_ =
      // false;`, `fclose(out_); closed_ = true;`): the class says the member
      // stays closed, and its other methods must ask.
      // (The descriptor's own `fd_ = -1;` is no such flag: it lets go.)
      bool Recorded =
          (isHandleInteger(F->getType()) || F->getType()->isPointerType()) &&
          llvm::any_of(E.While, [&](const auto &W) {
            return W.first.Root == RootKind::This &&
                   W.first.Suffix != E.Suffix;
          });
      // Where the method's result (or an error parameter) says it left the
      // member closed, its callers can act on it (`if (!rotate()) reopen();`):
      // a seed needs one that may not.
      bool Signalled = E.OnlyIfReturns || E.OnlyIfTrue || E.OnlyIfParam ||
                       !E.OnlyIfField.empty();
      if (OnSomePaths &&
          (F->getType()->isPointerType() ? Replaces || Recorded : Recorded) &&
          (!Signalled || someCallerKeepsClosed(Def, E.Suffix.front())))
        Found.push_back(
            {E.Profile, F, E.Suffix.front(), E.Site, Def, E.While, Signalled});
    }
  }
  // The map may have grown while the methods were analyzed.
  return EarlierClosesCache[RD->getCanonicalDecl()] = std::move(Found);
}

namespace {

/// The member calls of a function's own code; those inside its lambdas are
/// the lambdas' (Caller null).
struct MemberCallIndexer : RecursiveASTVisitor<MemberCallIndexer> {
  decltype(TypestateAnalyzer::Context::MemberCalls) &Out;
  const FunctionDecl *Caller = nullptr;
  explicit MemberCallIndexer(decltype(Out) &Out) : Out(Out) {}
  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD)
      return RecursiveASTVisitor::TraverseDecl(D);
    llvm::SaveAndRestore Inside(Caller, FD);
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    llvm::SaveAndRestore Inside(Caller, static_cast<const FunctionDecl *>(nullptr));
    return RecursiveASTVisitor::TraverseLambdaExpr(L);
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    if (const CXXMethodDecl *MD = MCE->getMethodDecl())
      Out[MD->getCanonicalDecl()].push_back({MCE, Caller});
    return true;
  }
};

/// The root and member path, in Caller's summary terms, of the object a
/// member call is made on: a member of `this` or a parameter.
std::optional<RootRef> receiverRoot(const CXXMemberCallExpr *MCE,
                                    const FunctionDecl *Caller) {
  const Expr *Obj = MCE->getImplicitObjectArgument();
  if (!Obj)
    return std::nullopt;
  Obj = Obj->IgnoreParenImpCasts();
  RootRef R;
  if (const auto *ME = dyn_cast<MemberExpr>(Obj)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return std::nullopt;
    R.Root = RootKind::This;
    R.Suffix.push_back(static_cast<const NamedDecl *>(FD->getCanonicalDecl()));
    return R;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!PVD || PVD->getDeclContext() != Caller)
    return std::nullopt;
  R.Root = RootKind::Param;
  R.Param = PVD->getFunctionScopeIndex();
  return R;
}

} // namespace

bool Context::someCallerKeepsClosed(const FunctionDecl *By, const void *Part) {
  if (!MemberCallsIndexed) {
    MemberCallsIndexed = true;
    MemberCallIndexer Indexer(MemberCalls);
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (SM.isInMainFile(D->getLocation()))
        Indexer.TraverseDecl(D);
  }
  auto It = MemberCalls.find(By->getCanonicalDecl());
  if (It == MemberCalls.end() || It->second.empty())
    return true;
  for (const auto &[Call, Caller] : It->second) {
    const FunctionDecl *Def = nullptr;
    if (!Caller || !Caller->hasBody(Def) || !Def)
      return true;
    std::optional<RootRef> Obj = receiverRoot(Call, Caller);
    const Summary *Sum = Obj ? spawnSummary(Def) : nullptr;
    if (!Sum)
      return true;
    bool LeftClosed = llvm::any_of(Sum->Effects, [&](const Effect &E) {
      if (E.K != Effect::Close || E.Prior || E.Root != Obj->Root ||
          (E.Root == RootKind::Param && E.Param != Obj->Param) ||
          E.Suffix.size() != Obj->Suffix.size() + 1 ||
          fieldPart(E.Suffix.back()) != fieldPart(Part))
        return false;
      return std::equal(Obj->Suffix.begin(), Obj->Suffix.end(),
                        E.Suffix.begin(), [](const void *A, const void *B) {
                          return fieldPart(A) == fieldPart(B);
                        });
    });
    if (LeftClosed)
      return true;
  }
  return false;
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


namespace {

/// A type the standard library copies or builds without running user code
/// that may throw: a scalar, a pointer, or a standard class whose template
/// arguments are such types too (`std::string`, `std::vector<int>`,
/// `std::unique_ptr<Conn>`).
bool recordBuildsWithoutUserCode(const CXXRecordDecl *RD);

bool buildsWithoutUserCode(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isScalarType())
    return true;
  return recordBuildsWithoutUserCode(T->getAsCXXRecordDecl());
}

bool recordBuildsWithoutUserCode(const CXXRecordDecl *RD) {
  if (!RD || !RD->isInStdNamespace())
    return false;
  // A smart pointer owns its object: copying or moving it runs no user code.
  if (isStdClass(RD, {"unique_ptr", "shared_ptr", "weak_ptr"}))
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          !buildsWithoutUserCode(A.getAsType()))
        return false;
  return true;
}

/// `std::to_string`, and `+` on standard strings: they only allocate.
bool onlyAllocates(const FunctionDecl *FD) {
  if (isa<CXXMethodDecl>(FD) || !FD->isInStdNamespace())
    return false;
  if (FD->getIdentifier() && FD->getName() == "to_string")
    return true;
  return FD->getOverloadedOperator() == OO_Plus &&
         llvm::all_of(FD->parameters(), [](const ParmVarDecl *P) {
           return buildsWithoutUserCode(P->getType());
         });
}

/// Standard strings and containers throw only when allocation fails,
/// except for the members that check a position or a key.
bool throwsOnlyBadAlloc(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  const CXXRecordDecl *RD = MD ? MD->getParent() : nullptr;
  if (!RD || !isStdClass(RD, {"basic_string", "vector", "deque", "list", "map",
                              "unordered_map", "set", "unordered_set",
                              "multimap", "unordered_multimap"}))
    return false;
  if (MD->getIdentifier() &&
      llvm::is_contained({"at", "substr", "copy", "compare", "replace",
                          "insert", "erase"},
                         MD->getName()) &&
      isStdClass(RD, {"basic_string"}))
    return false;
  if (MD->getIdentifier() && MD->getName() == "at")
    return false;
  return recordBuildsWithoutUserCode(RD);
}

} // namespace

std::optional<std::set<const void *>> Context::thrownBy(const FunctionDecl *FD,
                                                       unsigned Depth) {
  using Types = std::set<const void *>;
  if (!FD)
    return std::nullopt;
  if (FD->isExternC() || FD->getBuiltinID())
    return Types();
  if (const auto *Proto = FD->getType()->getAs<FunctionProtoType>();
      Proto && !isUnresolvedExceptionSpec(Proto->getExceptionSpecType()) &&
      Proto->isNothrow())
    return Types();
  // A virtual method's overriders, and what std::function or a callable
  // wrapper runs, may throw anything.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && ((MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
              !MD->getParent()->hasAttr<FinalAttr>()) ||
             MD->getOverloadedOperator() == OO_Call))
    if (!MD->getParent()->isLambda())
      return std::nullopt;
  // Allocation failure is not modeled (a program out of memory is not one
  // that used a closed object): what only allocates throws nothing, and
  // `std::make_unique<Conn>(...)` throws what Conn's constructors throw.
  if (throwsOnlyBadAlloc(FD) || onlyAllocates(FD))
    return Types();
  if (FD->isInStdNamespace() && FD->getIdentifier() &&
      llvm::is_contained({"make_unique", "make_shared"}, FD->getName()))
    if (std::optional<Types> T = builtBy(FD, Depth))
      return T;
  if (FD->isInStdNamespace() ||
      SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return Types{typestate::StdThrow};
  const FunctionDecl *Def = nullptr;
  // An inherited constructor (`using std::runtime_error::runtime_error;`)
  // runs its base's.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
      Ctor && Ctor->isInheritingConstructor())
    if (const CXXConstructorDecl *Base =
            Ctor->getInheritedConstructor().getConstructor())
      return thrownBy(Base, Depth + 1);
  if (!FD->hasBody(Def) || !Def || Depth > 6)
    return std::nullopt;
  if (auto It = ThrownCache.find(Def); It != ThrownCache.end())
    return It->second;
  ThrownCache[Def] = std::nullopt; // recursion: anything
  std::map<const CXXThrowExpr *, const CXXCatchStmt *> RethrowFrom =
      rethrowHandlers(Def->getBody());
  Types Out;
  bool Known = true;
  llvm::SmallVector<const Stmt *, 64> Stack{Def->getBody()};
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      Stack.push_back(Init->getInit());
  auto Merge = [&](const std::optional<Types> &T) {
    if (!T)
      Known = false;
    else
      Out.insert(T->begin(), T->end());
  };
  while (!Stack.empty() && Known) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *Throw = dyn_cast<CXXThrowExpr>(St)) {
      const Expr *Sub = Throw->getSubExpr();
      const CXXRecordDecl *RD =
          Sub ? Sub->getType()->getAsCXXRecordDecl() : nullptr;
      // `catch (const std::exception &) { close(); throw; }`: what that
      // handler took and its try's earlier handlers did not.
      if (auto From = RethrowFrom.find(Throw);
          !Sub && From != RethrowFrom.end() && Rethrows.count(From->second)) {
        Out.insert(From->second);
        continue;
      }
      if (!RD) { // a rethrow, or a value that is not a class
        Known = false;
        break;
      }
      Out.insert(RD->getCanonicalDecl());
    } else if (const auto *Call = dyn_cast<CallExpr>(St)) {
      Merge(thrownBy(Call->getDirectCallee(), Depth + 1));
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(St)) {
      Merge(thrownBy(CE->getConstructor(), Depth + 1));
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  std::optional<Types> Result;
  if (Known)
    Result = std::move(Out);
  return ThrownCache[Def] = Result;
}

std::map<const CXXThrowExpr *, const CXXCatchStmt *>
Context::rethrowHandlers(const Stmt *Body) {
  std::map<const CXXThrowExpr *, const CXXCatchStmt *> Out;
  llvm::SmallVector<std::pair<const Stmt *, const CXXCatchStmt *>, 64> Stack{
      {Body, nullptr}};
  while (!Stack.empty()) {
    auto [St, Handler] = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *Throw = dyn_cast<CXXThrowExpr>(St);
        Throw && !Throw->getSubExpr() && Handler)
      Out[Throw] = Handler;
    if (const auto *Try = dyn_cast<CXXTryStmt>(St)) {
      Stack.push_back({Try->getTryBlock(), Handler});
      std::vector<const CXXRecordDecl *> Earlier;
      for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
        const CXXCatchStmt *H = Try->getHandler(I);
        QualType T = H->getCaughtType();
        const CXXRecordDecl *RD =
            T.isNull() ? nullptr
                       : T.getNonReferenceType()->getAsCXXRecordDecl();
        if (RD && RD->hasDefinition())
          Rethrows[H] = {RD->getDefinition(), Earlier};
        if (RD && RD->hasDefinition())
          Earlier.push_back(RD->getDefinition());
        Stack.push_back({H->getHandlerBlock(), H});
      }
      continue;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back({Child, Handler});
  }
  return Out;
}

std::optional<std::set<const void *>>
Context::builtBy(const FunctionDecl *Make, unsigned Depth) {
  const TemplateArgumentList *Args = Make->getTemplateSpecializationArgs();
  if (!Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  QualType T = Args->get(0).getAsType();
  if (buildsWithoutUserCode(T))
    return std::set<const void *>();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isInStdNamespace())
    return std::nullopt;
  // Overloads are not resolved here: every constructor that takes as many
  // arguments as make_unique forwards, each known to throw only what its
  // code throws (a defaulted one, what building the members throws).
  std::set<const void *> Out;
  unsigned N = Make->getNumParams();
  for (const CXXConstructorDecl *Ctor : RD->getDefinition()->ctors()) {
    if (Ctor->isDeleted() || N < Ctor->getMinRequiredArguments() ||
        N > Ctor->getNumParams())
      continue;
    if (Ctor->isDefaulted()) {
      if (!llvm::all_of(RD->fields(), [](const FieldDecl *F) {
            return buildsWithoutUserCode(F->getType());
          }))
        return std::nullopt;
      continue;
    }
    std::optional<std::set<const void *>> Thrown = thrownBy(Ctor, Depth + 1);
    if (!Thrown)
      return std::nullopt;
    Out.insert(Thrown->begin(), Thrown->end());
  }
  return Out;
}

const CXXRecordDecl *Context::recordNamed(const std::string &Name) {
  auto [It, New] = RecordsByName.emplace(Name, nullptr);
  if (!New || Name.empty())
    return It->second;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(Name).split(Parts, "::");
  const DeclContext *DC = Ctx.getTranslationUnitDecl();
  for (size_t I = 0; I < Parts.size() && DC; ++I) {
    const DeclContext *Next = nullptr;
    for (const NamedDecl *ND : DC->lookup(&Ctx.Idents.get(Parts[I]))) {
      if (I + 1 == Parts.size()) {
        if (const auto *RD = dyn_cast<CXXRecordDecl>(ND))
          if (const CXXRecordDecl *Def = RD->getDefinition())
            It->second = Def;
      } else if (const auto *NS = dyn_cast<NamespaceDecl>(ND)) {
        Next = NS;
      } else if (const auto *RD = dyn_cast<CXXRecordDecl>(ND)) {
        Next = RD;
      }
    }
    DC = Next;
  }
  return It->second;
}

bool Context::nestedRebound(const Path &P) {
  for (size_t I = 2; I < P.size(); ++I)
    if (const FieldDecl *F = fieldPart(P[I]); F && rebinders(F)) {
      // `engine_.attach(metrics_)` in a constructor's body, and nowhere
      // else the owner's code reaches engine_.
      if (I == 2)
        if (const FieldDecl *Holder = fieldPart(P[1]);
            Holder && onlyConstructorsRebind(Holder, F))
          continue;
      return true;
    }
  return false;
}

namespace {
/// The body of a method that may change its object's members, read in this
/// unit; null with Unseen set for one defined in another unit (a const,
/// deleted or defaulted method changes none, and neither do constructors
/// and static or implicit methods, which are skipped).
const FunctionDecl *mutatorBody(const CXXMethodDecl *M, bool &Unseen) {
  Unseen = false;
  if (isa<CXXConstructorDecl>(M) || M->isStatic() || M->isImplicit())
    return nullptr;
  const FunctionDecl *Body = nullptr;
  if (M->hasBody(Body) && Body)
    return Body;
  Unseen = !(M->isConst() || M->isDeleted() || M->isDefaulted());
  return nullptr;
}

/// Calls a body makes that may rebind Holder's members: a call of one of
/// Methods on `this->Holder`, or Holder handed to other code.
struct HolderUses : RecursiveASTVisitor<HolderUses> {
  const FieldDecl *Holder;
  const std::set<const FunctionDecl *> &Methods;
  bool Found = false;
  HolderUses(const FieldDecl *Holder,
             const std::set<const FunctionDecl *> &Methods)
      : Holder(Holder), Methods(Methods) {}
  bool isHolder(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    // `holder_->attach(...)` through a smart pointer.
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
        OCE && OCE->getNumArgs() == 1 &&
        (OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star))
      E = OCE->getArg(0)->IgnoreParenImpCasts();
    const auto *ME = dyn_cast<MemberExpr>(E);
    return ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
           ME->getMemberDecl()->getCanonicalDecl() == Holder->getCanonicalDecl();
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      // One of the rebinding methods, or one this unit cannot read.
      if (MD && isHolder(MCE->getImplicitObjectArgument()) &&
          (Methods.count(MD->getCanonicalDecl()) ||
           (!MD->hasBody() && !MD->isConst())))
        Found = true;
    }
    for (const Expr *Arg : CE->arguments())
      if (isHolder(Arg) && !isa<CXXOperatorCallExpr>(CE))
        Found = true;
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf && isHolder(UO->getSubExpr()))
      Found = true;
    return !Found;
  }
};
} // namespace

bool Context::onlyConstructorsRebind(const FieldDecl *Holder,
                                     const FieldDecl *F) {
  if (Holder->getAccess() == AS_public)
    return false;
  const auto *Owner =
      dyn_cast_or_null<CXXRecordDecl>(Holder->getParent()->getDefinition());
  if (!Owner)
    return false;
  const std::set<const FunctionDecl *> &Methods =
      RebindingMethods[F->getCanonicalDecl()];
  for (const CXXMethodDecl *M : Owner->methods()) {
    bool Unseen = false;
    const FunctionDecl *Body = mutatorBody(M, Unseen);
    if (Unseen)
      return false; // another unit's code: may rewire
    if (!Body)
      continue;
    HolderUses Uses(Holder, Methods);
    Uses.TraverseStmt(Body->getBody());
    if (Uses.Found)
      return false;
  }
  return true;
}

bool Context::rebinders(const FieldDecl *F) {
  const auto *RD = dyn_cast_or_null<CXXRecordDecl>(F->getParent()->getDefinition());
  if (!RD)
    return false;
  auto [It, New] = RebindsCache.try_emplace(RD->getCanonicalDecl());
  if (New)
    for (const CXXMethodDecl *M : RD->methods()) {
      if (isa<CXXConstructorDecl>(M) || M->isStatic() || M->isImplicit())
        continue;
      const FunctionDecl *Body = nullptr;
      if (M->hasBody(Body) && Body) {
        RebindFinder Finder;
        Finder.TraverseStmt(Body->getBody());
        It->second.insert(Finder.Members.begin(), Finder.Members.end());
        for (const void *Member : Finder.Members)
          RebindingMethods[Member].insert(M->getCanonicalDecl());
        continue;
      }
      // Defined in another unit: its summary says what it rebinds.
      if (const Summary *Sum = importedSummary(M))
        for (const Effect &E : Sum->Effects)
          if (E.K == Effect::Rebinds && E.Root == RootKind::This &&
              E.Suffix.size() == 1) {
            It->second.insert(E.Suffix.front());
            RebindingMethods[E.Suffix.front()].insert(M->getCanonicalDecl());
          }
    }
  return It->second.count(F->getCanonicalDecl()) != 0;
}

/// A rebinding through Suffix rebinds the object's first member: the
/// member itself, or a field of a struct it holds by value (`parts_.audit`),
/// not what it points at (`audit_->fp_ = nullptr;` in the trail's own
/// `close()` leaves `audit_` pointing where it did).
static bool rebindsOwnMember(llvm::ArrayRef<const void *> Suffix) {
  if (Suffix.empty())
    return false;
  return llvm::all_of(Suffix.drop_back(), [](const void *Part) {
    const FieldDecl *F = fieldPart(Part);
    return F && !F->getType()->isPointerType() &&
           !F->getType()->isReferenceType() &&
           !isSmartPointerType(F->getType());
  });
}

const TypestateAnalyzer::Context::MemberAliases &
Context::memberAliases(const CXXRecordDecl *RD) {
  RD = RD->getCanonicalDecl();
  auto It = MemberAliasCache.find(RD);
  if (It != MemberAliasCache.end())
    return It->second;
  MemberAliases &Out = MemberAliasCache[RD];
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def)
    return Out;
  // Every constructor must set an alias up for it to hold; one whose body
  // is elsewhere sets up nothing known. Copies keep the aliases they copy.
  std::optional<std::map<Path, Path>> Common;
  for (const CXXConstructorDecl *Ctor : Def->ctors()) {
    if (Ctor->isDeleted() || (Ctor->isCopyOrMoveConstructor() &&
                              (Ctor->isImplicit() || Ctor->isDefaulted())))
      continue;
    const FunctionDecl *Body = nullptr;
    // A defaulted default constructor runs the default member
    // initializers, which every unit sees.
    bool Defaulted = Ctor->isDefaulted() && Ctor->isDefaultConstructor();
    if (!Ctor->hasBody(Body) || !Body) {
      // Another unit's: what its summary says it binds, if anything.
      if (!Defaulted && !importedSummary(Ctor))
        return Out;
      Body = Ctor;
    }
    std::map<Path, Path> Set =
        FunctionAnalysis(*this, Body, {}, /*Report=*/false)
            .constructorAliases();
    if (!Common) {
      Common = std::move(Set);
      continue;
    }
    for (auto A = Common->begin(); A != Common->end();) {
      auto B = Set.find(A->first);
      A = B != Set.end() && B->second == A->second ? std::next(A)
                                                   : Common->erase(A);
    }
  }
  if (!Common || Common->empty())
    return Out;
  // A method that could rebind a member without this unit seeing it
  // leaves nothing known (const methods cannot).
  for (const CXXMethodDecl *M : Def->methods()) {
    bool Unseen = false;
    const FunctionDecl *Body = mutatorBody(M, Unseen);
    if (!Body) {
      if (!Unseen)
        continue;
      // The unit that defines it exports what it rebinds (a rebinding
      // method always has a summary), whether or not the constructors are
      // this unit's.
      if (const Summary *Sum = importedSummary(M))
        for (const Effect &E : Sum->Effects)
          if (E.K == Effect::Rebinds && E.Root == RootKind::This &&
              rebindsOwnMember(E.Suffix))
            Out.Rebinders[E.Suffix.front()].insert(M->getCanonicalDecl());
      continue;
    }
    RebindFinder Finder;
    Finder.TraverseStmt(Body->getBody());
    for (const void *Member : Finder.Members)
      Out.Rebinders[Member].insert(Body->getCanonicalDecl());
  }
  // A member of a member (`notifier_.producer_`) is rebound by its own
  // class's methods, which anyone holding that member may call.
  for (auto A = Common->begin(); A != Common->end();)
    A = nestedRebound(A->first) || nestedRebound(A->second) ? Common->erase(A)
                                                           : std::next(A);
  Out.Aliases = std::move(*Common);
  // Which aliases each rebinder ties again: its own run starts from what
  // is known now (the others' runs inside it see every rebinder break).
  std::set<const FunctionDecl *> Rebinding;
  for (const auto &[Member, Methods] : Out.Rebinders)
    for (const auto &[From, To] : Out.Aliases)
      if (From[1] == Member || To[1] == Member)
        Rebinding.insert(Methods.begin(), Methods.end());
  std::map<const FunctionDecl *, std::set<std::pair<Path, Path>>> Kept;
  for (const FunctionDecl *F : Rebinding) {
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || !Def)
      continue;
    FunctionAnalysis A(*this, Def, {}, /*Report=*/false);
    A.run();
    for (const auto &[From, To] : A.exitMemberAliases())
      if (Out.Aliases.count(From) && Out.Aliases.at(From) == To)
        Kept[F].insert({From, To});
  }
  // Looked up again: the runs may have added other classes' entries.
  MemberAliases &Done = MemberAliasCache[RD];
  Done.Kept = std::move(Kept);
  if (DebugSummaries) {
    llvm::errs() << "member aliases " << RD->getQualifiedNameAsString() << "\n";
    for (const auto &[From, To] : Done.Aliases)
      llvm::errs() << "  " << pathText("this", llvm::ArrayRef(From).drop_front())
                   << " -> " << pathText("this", llvm::ArrayRef(To).drop_front())
                   << "\n";
  }
  return Done;
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

/// The first template argument's type of a class template specialization.
QualType firstTemplateArg(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

/// The class a member of type T leads to in an access path: a value or a
/// reference, or what a std::unique_ptr or std::shared_ptr owns (as the
/// path names it); none through a raw pointer, which may point at another
/// object in each unit.
const CXXRecordDecl *memberRecord(QualType T) {
  if (T->isPointerType())
    return nullptr;
  // Its template arguments are known even where the smart pointer's class
  // was never instantiated.
  const CXXRecordDecl *Declared =
      T.getNonReferenceType()->getAsCXXRecordDecl();
  if (isStdClass(Declared, {"unique_ptr", "shared_ptr"}))
    if (QualType Owned = firstTemplateArg(Declared); !Owned.isNull())
      return recordBehind(Owned);
  return recordBehind(T);
}

/// The class of a standard container's elements.
const CXXRecordDecl *elementRecord(const CXXRecordDecl *Container) {
  if (!Container)
    return nullptr;
  for (const Decl *D : Container->decls())
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      if (TD->getName() == "value_type")
        return memberRecord(TD->getUnderlyingType());
  return nullptr;
}

Location spotAt(const SourceManager &SM, SourceLocation L) {
  Location Loc = makeLocation(SM, L);
  Loc.Raw = 0; // Summaries leave the unit.
  return Loc;
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
  if (F.K != EffectFacts::Sets && F.K != EffectFacts::Ensures &&
      F.K != EffectFacts::Awaits && F.K != EffectFacts::Keeps &&
      F.K != EffectFacts::Runs && F.K != EffectFacts::Returns &&
      F.K != EffectFacts::Rebinds && F.K != EffectFacts::Forgets &&
      F.K != EffectFacts::Invokes && F.K != EffectFacts::TrueOnlyIf &&
      F.K != EffectFacts::ResultField && F.K != EffectFacts::Aliases &&
      F.K != EffectFacts::FieldTest) {
    std::optional<unsigned> Profile = profileNamed(F.Profile);
    if (!Profile)
      return std::nullopt;
    E.Profile = *Profile;
  }
  E.K = F.K == EffectFacts::Close          ? Effect::Close
        : F.K == EffectFacts::Use          ? Effect::Use
        : F.K == EffectFacts::CloseOnThrow ? Effect::CloseOnThrow
        : F.K == EffectFacts::Ensures      ? Effect::Ensures
        : F.K == EffectFacts::Awaits       ? Effect::Awaits
        : F.K == EffectFacts::Spawned      ? Effect::Spawned
        : F.K == EffectFacts::Keeps        ? Effect::Keeps
        : F.K == EffectFacts::Runs         ? Effect::Runs
        : F.K == EffectFacts::Returns      ? Effect::Returns
        : F.K == EffectFacts::Rebinds      ? Effect::Rebinds
        : F.K == EffectFacts::ClosesResult ? Effect::ClosesResult
        : F.K == EffectFacts::Forgets      ? Effect::Reset
        : F.K == EffectFacts::Reopens      ? Effect::Reset
        : F.K == EffectFacts::TaskUse      ? Effect::TaskUse
        : F.K == EffectFacts::ProvesOpen   ? Effect::ProvesOpen
        : F.K == EffectFacts::Invokes      ? Effect::Invokes
        : F.K == EffectFacts::TrueOnlyIf   ? Effect::TrueOnlyIf
        : F.K == EffectFacts::ResultField  ? Effect::ResultField
        : F.K == EffectFacts::Aliases      ? Effect::Aliases
        : F.K == EffectFacts::FieldTest    ? Effect::FieldTest
        : F.K == EffectFacts::CallableUse  ? Effect::CallableUse
        : F.K == EffectFacts::CallableClose ? Effect::CallableClose
        : F.K == EffectFacts::Registers    ? Effect::Registers
                                           : Effect::Sets;
  if (E.K == Effect::Reset) {
    E.AnyProfile = F.K == EffectFacts::Forgets;
    E.OrEqual = !F.MembersOnly;
  }
  if (F.Thrown) {
    std::set<const void *> Types;
    for (const std::string &N : *F.Thrown) {
      const CXXRecordDecl *RD = N == "<std>" ? nullptr : recordNamed(N);
      if (N != "<std>" && !RD) {
        Types.clear();
        break;
      }
      Types.insert(RD ? static_cast<const void *>(RD->getCanonicalDecl())
                      : StdThrow);
    }
    if (!Types.empty() || F.Thrown->empty())
      E.Thrown = std::move(Types);
  }
  E.Must = F.Must;
  E.OnlyIfReturns = F.OnlyIfReturns;
  E.OnlyIfTrue = F.OnlyIfTrue;
  E.ResultNegative = F.ResultNegative;
  E.Prior = F.Prior;
  E.MustIfPre = F.MustIfPre;
  E.Guarded = F.Guarded;
  E.Pinned = F.Pinned;
  E.CheckedOpen = F.CheckedOpen;
  E.Again = F.Again;
  E.OnlyIfField = F.OnlyIfField;
  if (F.OnlyIfParam && *F.OnlyIfParam < Callee->getNumParams())
    E.OnlyIfParam = F.OnlyIfParam;
  else if (F.OnlyIfParam)
    return std::nullopt;
  E.Value = Fact{static_cast<Fact::KindT>(F.ValueKind), F.Value};
  if (F.Site.Line)
    E.Remote = &F.Site;
  if (F.OuterSite.Line)
    E.RemoteOuter = &F.OuterSite;
  if (E.K == Effect::Aliases) {
    std::optional<Effect> To =
        F.Exec.size() == 1 ? importRoot(Callee, F.Exec.front()) : std::nullopt;
    if (!To)
      return std::nullopt;
    E.Exec = To->root();
  }
  if (E.K == Effect::Registers) {
    std::optional<Effect> Registry =
        F.Exec.size() == 1 ? importRoot(Callee, F.Exec.front()) : std::nullopt;
    if (!Registry)
      return std::nullopt;
    E.Exec = Registry->root();
    E.Registered = Effect::KeptIn{F.KeptIn, F.Keeper, F.Key, F.Keyed};
  }
  if (E.K == Effect::Spawned) {
    if (F.Exec.size() != 1)
      return std::nullopt;
    std::optional<Effect> Exec = importRoot(Callee, F.Exec.front());
    std::optional<unsigned> ExecProfile =
        F.Thread ? std::nullopt : profileNamed(F.Exec.front().Profile);
    if (!Exec || (!ExecProfile && !F.Thread))
      return std::nullopt;
    E.Exec = Exec->root();
    E.ExecProfile = ExecProfile;
    E.Thread = F.Thread;
  }
  for (const EffectFacts &P : F.Pre) {
    std::optional<Effect> Flag = importRoot(Callee, P);
    // A container's size this unit cannot name only narrows the effect
    // (`if (rows_.empty()) return;`): left out, as before sizes were flags.
    if (!Flag && !P.Fields.empty() && P.Fields.back() == "size()")
      continue;
    if (!Flag)
      return std::nullopt; // a condition we cannot name: not the effect
    E.Pre.push_back({Flag->root(),
                     Fact{static_cast<Fact::KindT>(P.ValueKind), P.Value}});
  }
  // What held where it closed only narrows the close: one we cannot name
  // is left out.
  for (const EffectFacts &W : F.While)
    if (std::optional<Effect> Flag = importRoot(Callee, W))
      E.While.push_back(
          {Flag->root(), Fact{static_cast<Fact::KindT>(W.ValueKind), W.Value}});
  for (const EffectFacts &L : F.HeldLocks)
    if (std::optional<Effect> Lock = importRoot(Callee, L))
      E.HeldLocks.push_back(Lock->root());
  if (E.K == Effect::ClosesResult)
    return E;
  if (E.K == Effect::FieldTest) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    const FieldDecl *Field = MD && F.Fields.size() == 1
                                 ? fieldNamed(MD->getParent(), F.Fields.front())
                                 : nullptr;
    if (!Field)
      return std::nullopt;
    E.Suffix = {Field->getCanonicalDecl()};
    return E;
  }
  if (E.K == Effect::ResultField) {
    const CXXRecordDecl *RD = Callee->getReturnType()->getAsCXXRecordDecl();
    const FieldDecl *Field =
        F.Fields.size() == 1 ? fieldNamed(RD, F.Fields.front()) : nullptr;
    if (!Field)
      return std::nullopt;
    E.Suffix = {Field->getCanonicalDecl()};
    return E;
  }
  if (std::optional<Effect> Root =
          importRoot(Callee, F, /*Opaque=*/F.K == EffectFacts::Awaits)) {
    E.setRoot(Root->root());
    return E;
  }
  return std::nullopt;
}

/// The object F names (root and members), as an effect's root here.
std::optional<Effect> Context::importRoot(const FunctionDecl *Callee,
                                          const EffectFacts &F, bool Opaque) {
  Effect E;
  const CXXRecordDecl *RD = nullptr;
  if (!F.Accessor.empty()) {
    const FunctionDecl *Accessor = accessorByUsr(F.Accessor);
    const VarDecl *Object = accessorObject(Accessor);
    if (!Object)
      return std::nullopt;
    E.Root = RootKind::Var;
    E.Var = Object;
    RD = recordBehind(Object->getType());
  } else if (F.OnThis) {
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
  const CXXRecordDecl *Container = nullptr; ///< Whose element RD is.
  bool MappedStd = false; ///< RD is a map's mapped std::pair or tuple.
  for (const std::string &Name : F.Fields) {
    // "[]": some element; "[$N]": the one at parameter N; "[...]": the one
    // at a literal key (see exportRoot).
    if (Name == "[]") {
      E.Suffix.push_back(ElementMark);
      Container = RD;
      RD = elementRecord(RD);
      continue;
    }
    if (Name.size() > 2 && Name.front() == '[' && Name.back() == ']') {
      if (E.Suffix.empty() || E.Suffix.back() != ElementMark)
        return std::nullopt;
      std::string Key = Name.substr(1, Name.size() - 2);
      unsigned Param = 0;
      if (Key.front() != '$') {
        E.Suffix.push_back(keyPartForLiteral(Key));
      } else if (auto [Index, Fields] = llvm::StringRef(Key).drop_front().split('.');
                 !Index.getAsInteger(10, Param) &&
                 Param < Callee->getNumParams()) {
        E.Suffix.push_back(keyPartWithFields(
            keyPartForVar(Callee->getParamDecl(Param)), Fields.str()));
      } else {
        return std::nullopt;
      }
      continue;
    }
    // A map's element is a pair this unit may not have instantiated.
    if (Container && isMap(Container) && Name == "second") {
      E.Suffix.push_back(mappedPart(Container));
      QualType Mapped = mappedType(Container);
      RD = memberRecord(Mapped);
      MappedStd = !Mapped.isNull() && isStdType(Mapped, {"pair", "tuple"});
      Container = nullptr;
      continue;
    }
    Container = nullptr;
    // `pending_.size()`: a standard container's size, a flag
    // (FunctionAnalysis::memberSizeFlag()).
    if (Name == "size()") {
      const CXXMethodDecl *Size =
          RD && RD->hasDefinition() ? sizeMethod(RD->getDefinition()) : nullptr;
      if (!Size)
        return std::nullopt;
      E.Suffix.push_back(Size->getCanonicalDecl());
      RD = nullptr;
      continue;
    }
    const FieldDecl *Field = fieldNamed(RD, Name);
    // A wait for threads kept below a class only declared here is still
    // a wait for what the caller started through the same members. So is
    // a member of a standard pair this unit never instantiated (`first` of
    // the map's `std::pair<int, std::string>`).
    const bool Uninstantiated = MappedStd && (!RD || !RD->hasDefinition());
    MappedStd = false;
    if (!Field && (Opaque || Uninstantiated) && !E.Suffix.empty() &&
        (!RD || !RD->hasDefinition())) {
      E.Suffix.push_back(opaqueMemberPart(Name));
      RD = nullptr;
      continue;
    }
    if (!Field)
      return std::nullopt;
    E.Suffix.push_back(Field->getCanonicalDecl());
    RD = memberRecord(Field->getType());
  }
  return E;
}

namespace {
/// The functions of a unit that may be accessors of one object, by USR.
class AccessorCollector : public RecursiveASTVisitor<AccessorCollector> {
public:
  explicit AccessorCollector(const SourceManager &SM) : SM(SM) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->getNumParams() == 0 && FD->getReturnType()->isLValueReferenceType() &&
        (!isa<CXXMethodDecl>(FD) || cast<CXXMethodDecl>(FD)->isStatic()))
      if (std::string Usr = usrOf(FD->getCanonicalDecl()); !Usr.empty())
        Found.try_emplace(Usr, FD->getCanonicalDecl());
    return true;
  }
  std::map<std::string, const FunctionDecl *> Found;

private:
  const SourceManager &SM;
};
} // namespace

const FunctionDecl *Context::accessorByUsr(const std::string &Usr) {
  if (!AccessorsByUsr) {
    AccessorCollector Collector(SM);
    Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
    AccessorsByUsr = std::move(Collector.Found);
  }
  auto It = AccessorsByUsr->find(Usr);
  return It == AccessorsByUsr->end() ? nullptr : It->second;
}

const Summary *Context::importedSummary(const CallExpr *Call) {
  return importedSummary(Call->getDirectCallee());
}

const Summary *Context::importedSummary(const FunctionDecl *Callee) {
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
  if (DebugSummaries) {
    llvm::errs() << "imported ";
    dumpSummary(Callee, Sum);
  }
  It->second = std::move(Sum);
  return &*It->second;
}

/// A value handle assigned (`fd_ = -1;`, `int &fd` set): the callers
/// forget what they knew of the old descriptor. A pointer-like member says
/// so by its Rebinds effect instead.
/// A flag of the object written on some paths (`closed_ = true;` under
/// `if (bye)`): its callers must forget what they knew of it (the value
/// its constructor in another unit started it at).
static bool forgetsFlag(const Effect &E) {
  if (E.K != Effect::Reset || !E.AnyProfile || E.Suffix.empty() ||
      !llvm::all_of(E.Suffix, fieldPart))
    return false;
  const FieldDecl *F = fieldPart(E.Suffix.back());
  return F->getType()->isIntegralOrEnumerationType();
}

static bool exportsForget(const Effect &E) {
  if (E.K != Effect::Reset || !E.AnyProfile)
    return false;
  if (forgetsFlag(E))
    return true;
  // The members of an object the caller passed by reference, written
  // through its address (`fread(&footer, ...)`): its callers must forget
  // what they knew of its fields (`footer.count`).
  if (!E.OrEqual)
    return E.Root == RootKind::Param && E.Suffix.empty();
  // An element replaced at a key the caller cannot name.
  if (llvm::is_contained(E.Suffix, ElementMark))
    return true;
  if (!E.Suffix.empty()) {
    // An optional member the callee emptied or emplaced holds a new object
    // (or none), as a descriptor assigned does; so does a member object
    // assigned a whole new value (`current_ = openVisibilityDump(path);`).
    const FieldDecl *F = fieldPart(E.Suffix.back());
    return F && (F->getType()->isIntegralOrEnumerationType() ||
                 isStdType(F->getType(), {"optional"}) ||
                 F->getType()->isRecordType());
  }
  return E.Root == RootKind::Param;
}

/// A reset of a parameter that is a reference to a plain struct (an
/// aggregate) the function writes, as a whole or through its address.
static bool writesPlainStruct(const FunctionDecl *FD, const Effect &E) {
  if (!E.AnyProfile || E.Root != RootKind::Param || !E.Suffix.empty() ||
      E.Param >= FD->getNumParams())
    return false;
  QualType T = FD->getParamDecl(E.Param)->getType();
  if (!T->isLValueReferenceType() || T.getNonReferenceType().isConstQualified())
    return false;
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && RD->isAggregate();
}

/// The effect in names another unit can resolve; nothing for what only this
/// unit can name (globals, captured variables, elements, guarded uses).
std::optional<EffectFacts> Context::exportEffect(const Effect &E) const {
  if ((E.K != Effect::Close && E.K != Effect::Use && E.K != Effect::Sets &&
       E.K != Effect::CloseOnThrow && E.K != Effect::Ensures &&
       E.K != Effect::Awaits && E.K != Effect::Spawned &&
       E.K != Effect::Keeps && E.K != Effect::Runs &&
       E.K != Effect::Returns && E.K != Effect::Rebinds &&
       E.K != Effect::ClosesResult && E.K != Effect::TaskUse &&
       E.K != Effect::ProvesOpen && E.K != Effect::Invokes &&
       E.K != Effect::TrueOnlyIf && E.K != Effect::ResultField &&
       E.K != Effect::Aliases && E.K != Effect::FieldTest &&
       E.K != Effect::CallableUse && E.K != Effect::CallableClose &&
       !(E.K == Effect::Registers && E.Exec && E.Registered) &&
       !exportsForget(E) &&
       !(E.K == Effect::Reset && !E.AnyProfile)) ||
      (!E.Locks.empty() && E.K != Effect::Close) || !E.PreLocks.empty())
    return std::nullopt;
  // A close's serialization (Locks, SerialFlags) stays in this unit: the
  // close itself is what other units need.
  // A task's use checked first, or under a flag, needs what this unit
  // knows of its locks: not exported.
  if (E.K == Effect::Spawned &&
      (E.Guarded || !E.Pre.empty() || !E.Exec ||
       (!E.ExecProfile && !E.Thread)))
    return std::nullopt;
  std::optional<EffectFacts> Root =
      E.K == Effect::ClosesResult || E.K == Effect::ResultField ||
              E.K == Effect::FieldTest
          ? std::optional<EffectFacts>(EffectFacts())
          : exportRoot(E.root());
  if (Root && (E.K == Effect::ResultField || E.K == Effect::FieldTest)) {
    const FieldDecl *Field =
        E.Suffix.size() == 1 ? fieldPart(E.Suffix.front()) : nullptr;
    if (!Field)
      return std::nullopt;
    Root->Fields = {Field->getNameAsString()};
  }
  if (!Root)
    return std::nullopt;
  EffectFacts F = std::move(*Root);
  F.K = E.K == Effect::Close          ? EffectFacts::Close
        : E.K == Effect::Use          ? EffectFacts::Use
        : E.K == Effect::CloseOnThrow ? EffectFacts::CloseOnThrow
        : E.K == Effect::Ensures      ? EffectFacts::Ensures
        : E.K == Effect::Awaits       ? EffectFacts::Awaits
        : E.K == Effect::Spawned      ? EffectFacts::Spawned
        : E.K == Effect::Keeps        ? EffectFacts::Keeps
        : E.K == Effect::Runs         ? EffectFacts::Runs
        : E.K == Effect::Returns      ? EffectFacts::Returns
        : E.K == Effect::Rebinds      ? EffectFacts::Rebinds
        : E.K == Effect::ClosesResult ? EffectFacts::ClosesResult
        : E.K == Effect::Reset && E.AnyProfile ? EffectFacts::Forgets
        : E.K == Effect::Reset        ? EffectFacts::Reopens
        : E.K == Effect::TaskUse      ? EffectFacts::TaskUse
        : E.K == Effect::ProvesOpen   ? EffectFacts::ProvesOpen
        : E.K == Effect::Invokes      ? EffectFacts::Invokes
        : E.K == Effect::TrueOnlyIf   ? EffectFacts::TrueOnlyIf
        : E.K == Effect::ResultField  ? EffectFacts::ResultField
        : E.K == Effect::Aliases      ? EffectFacts::Aliases
        : E.K == Effect::FieldTest    ? EffectFacts::FieldTest
        : E.K == Effect::CallableUse  ? EffectFacts::CallableUse
        : E.K == Effect::CallableClose ? EffectFacts::CallableClose
        : E.K == Effect::Registers    ? EffectFacts::Registers
                                      : EffectFacts::Sets;
  auto ProfileName = [&](unsigned Idx) {
    const CompiledProfile &P = Index.profile(Idx);
    return P.R->Id + "/" + P.P->Name;
  };
  if (E.K != Effect::Sets && E.K != Effect::Ensures &&
      E.K != Effect::Awaits && E.K != Effect::Keeps && E.K != Effect::Runs &&
      E.K != Effect::Returns && E.K != Effect::Rebinds &&
      E.K != Effect::Invokes && E.K != Effect::TrueOnlyIf &&
      E.K != Effect::ResultField && E.K != Effect::Aliases &&
      E.K != Effect::FieldTest && !(E.K == Effect::Reset && E.AnyProfile))
    F.Profile = ProfileName(E.Profile);
  if (E.K == Effect::Aliases) {
    std::optional<EffectFacts> To = E.Exec ? exportRoot(*E.Exec) : std::nullopt;
    if (!To)
      return std::nullopt;
    F.Exec.push_back(std::move(*To));
  }
  if (E.K == Effect::Registers) {
    std::optional<EffectFacts> Registry = exportRoot(*E.Exec);
    if (!Registry)
      return std::nullopt;
    F.Exec.push_back(std::move(*Registry));
    F.KeptIn = E.Registered->Member;
    F.Keeper = E.Registered->Keeper;
    // A variable's key names it in this unit only: keyed, key unknown.
    F.Key = llvm::StringRef(E.Registered->Key).starts_with("v:")
                ? std::string()
                : E.Registered->Key;
    F.Keyed = E.Registered->Keyed;
  }
  if (E.K == Effect::Spawned) {
    std::optional<EffectFacts> Exec = exportRoot(*E.Exec);
    if (!Exec)
      return std::nullopt;
    Exec->Profile = E.Thread ? "" : ProfileName(*E.ExecProfile);
    F.Exec.push_back(std::move(*Exec));
    F.Thread = E.Thread;
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
  for (const auto &[Flag, Value] : E.While)
    if (std::optional<EffectFacts> W = exportRoot(Flag)) {
      W->ValueKind = Value.Kind;
      W->Value = Value.Value;
      F.While.push_back(std::move(*W));
    }
  if (E.Thrown) {
    // A handler's rethrow cannot be named in another unit: anything then.
    std::vector<std::string> Names;
    for (const void *T : *E.Thrown) {
      if (T == StdThrow) {
        Names.push_back("<std>");
        continue;
      }
      const auto *RD =
          Rethrows.count(T)
              ? nullptr
              : dyn_cast<CXXRecordDecl>(static_cast<const Decl *>(T));
      if (!RD) {
        Names.clear();
        break;
      }
      Names.push_back(RD->getQualifiedNameAsString());
    }
    if (!Names.empty() || E.Thrown->empty())
      F.Thrown = std::move(Names);
  }
  // A lock another unit cannot name only loses the serialization it shows.
  for (const RootRef &L : E.HeldLocks)
    if (std::optional<EffectFacts> R = exportRoot(L))
      F.HeldLocks.push_back(std::move(*R));
  F.Must = E.Must;
  F.OnlyIfReturns = E.OnlyIfReturns;
  F.OnlyIfTrue = E.OnlyIfTrue;
  F.ResultNegative = E.ResultNegative;
  F.MembersOnly = E.K == Effect::Reset && E.AnyProfile && !E.OrEqual;
  F.Prior = E.Prior;
  F.MustIfPre = E.MustIfPre;
  F.OnlyIfParam = E.OnlyIfParam;
  F.OnlyIfField = E.OnlyIfField;
  F.Guarded = E.Guarded;
  F.Pinned = E.Pinned;
  F.CheckedOpen = E.CheckedOpen;
  F.Again = E.Again;
  if (E.Site)
    F.Site = spotAt(SM, E.Site->getBeginLoc());
  else if (E.Remote)
    F.Site = *E.Remote; // a use in a third unit, reached through this one
  // Where a close was made in the function's own body: a registry's run
  // method sees the closes it made before running its callables.
  if ((E.K == Effect::Use || E.K == Effect::Close) && E.Outer && E.Site &&
      E.Outer != E.Site)
    F.OuterSite = spotAt(SM, E.Outer->getBeginLoc());
  // Where the callable was handed to the registry, for the callers' notes.
  if (E.K == Effect::Registers && E.Start)
    F.OuterSite = spotAt(SM, E.Start->getExprLoc());
  return F;
}

/// A root another unit can name: a parameter or `this`, then members.
std::optional<EffectFacts> Context::exportRoot(const RootRef &R) const {
  EffectFacts F;
  // The object an accessor hands out (`bus()`): other units name it by the
  // accessor.
  if (R.Root == RootKind::Var) {
    const FunctionDecl *Accessor = accessorOfObject(R.Var);
    if (!Accessor)
      return std::nullopt;
    F.Accessor = usrOf(Accessor);
    if (F.Accessor.empty())
      return std::nullopt;
  }
  F.OnThis = R.Root == RootKind::This;
  F.Param = R.Param;
  for (const void *Part : R.Suffix) {
    // What a handle lends (`fileno(fp)`) is followed within one unit only.
    if (Part == ThisRoot || ownedFunction(Part))
      return std::nullopt;
    if (Part == ElementMark) {
      F.Fields.push_back("[]");
      continue;
    }
    if (isKeyPart(Part)) {
      // A key the caller can name: a parameter (by position) or a literal.
      const auto *PVD = dyn_cast_or_null<ParmVarDecl>(keyVariable(Part));
      const std::string Fields = keyFields(Part);
      if (PVD && keyLiteral(Part).empty())
        F.Fields.push_back("[$" + std::to_string(PVD->getFunctionScopeIndex()) +
                           (Fields.empty() ? "" : "." + Fields) + "]");
      else if (!keyVariable(Part))
        F.Fields.push_back("[" + keyLiteral(Part) + "]");
      else
        return std::nullopt;
      continue;
    }
    F.Fields.push_back(partName(Part));
  }
  return F;
}

void TypestateAnalyzer::useExternalSummaries(
    const std::map<std::string, const MethodFacts *> *S) {
  C->External = S;
}

void TypestateAnalyzer::useRegistries(const std::vector<InferredRegistry> *R) {
  C->Registries = R;
  C->RoleIndex.clear();
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
    for (const Effect &E : Sum.Effects) {
      // A handle forgotten after the function closed what it held
      // (`if (fd >= 0) ::close(fd); fd = -1;`): the prior close applies to
      // the old one, and nothing the caller knew holds of the new one.
      // So is a plain struct the caller passed by reference and the
      // function wrote (`fread(&footer, ...)`): what the caller knew of its
      // fields (`footer.count`) no longer holds.
      // So is an element the function replaced at a key the caller cannot
      // name (`links_[link->id()] = std::move(link);`): it may be the one
      // at any key the caller knows.
      // A reopen (`revive(h)` calling `h.reopen()`) is the callers' to know.
      if (E.K == Effect::Reset && E.AnyProfile &&
          !llvm::any_of(Sum.Effects, [&](const Effect &Close) {
            return Close.K == Effect::Close && Close.Prior &&
                   Close.root() == E.root();
          }) &&
          !writesPlainStruct(FD, E) && !forgetsFlag(E) &&
          !(E.AnyProfile && llvm::is_contained(E.Suffix, ElementMark)))
        continue;
      if (std::optional<EffectFacts> F = C->exportEffect(E))
        M.Effects.push_back(std::move(*F));
    }
    if (M.Effects.empty())
      continue;
    M.Name = usrOf(FD->getCanonicalDecl());
    if (M.Name.empty())
      continue;
    M.Site = spotAt(C->SM, FD->getLocation());
    Out.push_back(std::move(M));
  }
  for (const auto &[MD, Test] : C->FieldTests) {
    Effect E;
    E.K = Effect::FieldTest;
    E.Suffix = {Test.first};
    E.Value = Test.second;
    std::optional<EffectFacts> F = C->exportEffect(E);
    std::string Usr = usrOf(MD);
    if (!F || Usr.empty())
      continue;
    MethodFacts M;
    M.Name = Usr;
    M.Site = spotAt(C->SM, MD->getLocation());
    M.Effects.push_back(std::move(*F));
    Out.push_back(std::move(M));
  }
  for (const auto &[FD, Fields] : C->FactoryFields) {
    std::string Usr = usrOf(FD);
    if (Usr.empty())
      continue;
    auto It = llvm::find_if(Out, [&](const MethodFacts &M) { return M.Name == Usr; });
    if (It == Out.end()) {
      MethodFacts M;
      M.Name = Usr;
      M.Site = spotAt(C->SM, FD->getLocation());
      Out.push_back(std::move(M));
      It = std::prev(Out.end());
    }
    for (const auto &[Field, Value] : Fields) {
      Effect E;
      E.K = Effect::ResultField;
      E.Suffix = {Field};
      E.Value = Value;
      if (std::optional<EffectFacts> F = C->exportEffect(E))
        It->Effects.push_back(std::move(*F));
    }
  }
  for (const auto &[FD, Fields] : C->FactoryParamFields) {
    std::string Usr = usrOf(FD);
    if (Usr.empty())
      continue;
    auto It = llvm::find_if(Out, [&](const MethodFacts &M) { return M.Name == Usr; });
    if (It == Out.end()) {
      MethodFacts M;
      M.Name = Usr;
      M.Site = spotAt(C->SM, FD->getLocation());
      Out.push_back(std::move(M));
      It = std::prev(Out.end());
    }
    // The field holds the argument given for the parameter (OnlyIfParam).
    for (const auto &[Field, Param] : Fields) {
      Effect E;
      E.K = Effect::ResultField;
      E.Suffix = {Field};
      E.OnlyIfParam = Param;
      if (std::optional<EffectFacts> F = C->exportEffect(E))
        It->Effects.push_back(std::move(*F));
    }
  }
  return Out;
}

const std::map<std::string, std::string> &
TypestateAnalyzer::pendingFunctions() const {
  return C->Pending;
}

TypestateAnalyzer::TypestateAnalyzer(ASTContext &Ctx, const ProfileIndex &Index,
                                     typestate::Handler &H)
    : C(std::make_unique<Context>(Ctx, Index, H)) {}

TypestateAnalyzer::~TypestateAnalyzer() = default;

void TypestateAnalyzer::analyzeFunction(const FunctionDecl *FD) {
  if (C->Index.empty() || !FD->getBody())
    return;
  // A factory other units call (`Status::rejected`) tells them its fields,
  // whether or not it touches what a rule tracks.
  if (FD->getReturnType()->isRecordType() && FD->isExternallyVisible() &&
      !FD->isInlined() && !FD->isTemplateInstantiation() &&
      C->SM.isInMainFile(C->SM.getExpansionLoc(FD->getLocation())))
  {
    if (auto Fields = typestate::resultFieldsOf(FD, *C); !Fields.empty())
      C->FactoryFields[FD->getCanonicalDecl()] = std::move(Fields);
    if (auto Fields = typestate::paramFieldsOf(FD); !Fields.empty())
      C->FactoryParamFields[FD->getCanonicalDecl()] = std::move(Fields);
  }
  // A query other units test results with (`Status::ok()`) tells them
  // the field it reads.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->isExternallyVisible() && !MD->isInlined() &&
      !MD->isTemplateInstantiation() &&
      C->SM.isInMainFile(C->SM.getExpansionLoc(MD->getLocation())))
    if (std::optional<typestate::FieldTest> T = typestate::fieldTestOf(MD))
      C->FieldTests[cast<CXXMethodDecl>(MD->getCanonicalDecl())] = {
          T->Field->getCanonicalDecl(),
          typestate::Fact{T->Equal ? typestate::Fact::Eq : typestate::Fact::Ne,
                          T->Value}};
  if (!C->isRelevant(FD))
    return;
  // The threads a class's methods keep in its members are gathered before
  // any of its methods is in progress: gathered from inside one of them,
  // a thread that runs that method would be missed, and the class's
  // findings would depend on the order of its definitions.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && !MD->isStatic() && !MD->getParent()->isLambda() &&
      C->Index.raceRule())
    C->memberTasks(MD->getParent());
  C->summaryFor(FD, {});
}

} // namespace errlint
