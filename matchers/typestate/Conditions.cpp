//===- Conditions.cpp - Path conditions: guards and facts -----------------===//
//
// What branch conditions prove: state queries (`isClosed()`, `operator
// bool`, a `state()` enum), facts about local values and member flags, and
// the edges they refine.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "typestate/ResultVerdict.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"

using namespace clang;

namespace errlint {
namespace typestate {

bool convertsToBool(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  for (const NamedDecl *ND : RD->getVisibleConversionFunctions())
    if (const auto *Conv =
            dyn_cast<CXXConversionDecl>(ND->getUnderlyingDecl()))
      if (Conv->getConversionType()->isBooleanType())
        return true;
  return false;
}

bool isEmptyValue(const Expr *E) {
  E = stripWrappers(E);
  const auto *CE = dyn_cast<CXXConstructExpr>(E);
  if (!CE || !isStdType(CE->getType(), {"error_code", "error_condition",
                                        "optional", "unique_ptr",
                                        "shared_ptr", "function"}))
    return false;
  if (CE->getNumArgs() == 0)
    return CE->getConstructor()->isDefaultConstructor();
  // std::nullopt, nullptr.
  return CE->getNumArgs() == 1 &&
         (CE->getArg(0)->getType()->isNullPtrType() ||
          isStdType(CE->getArg(0)->getType(), {"nullopt_t"}));
}

/// The object a truth test `if (ec)` tests, when it is a value this
/// function holds: a local variable (not a reference), a parameter the
/// function reports failure through (`std::error_code &ec`), or a call's
/// result.
const void *truthSubject(const Expr *Obj) {
  Obj = stripWrappers(Obj);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() &&
        (!VD->getType()->isReferenceType() || isa<ParmVarDecl>(VD)))
      return VD->getCanonicalDecl();
  return dyn_cast<CallExpr>(Obj);
}

const void *factSubject(const Expr *E) {
  if (const VarDecl *V = localScalar(E))
    return V;
  // `(rc = c.close()) == -EAGAIN`: the variable holds the value tested.
  if (const auto *BO = dyn_cast<BinaryOperator>(stripWrappers(E));
      BO && BO->getOpcode() == BO_Assign)
    return factSubject(BO->getLHS());
  // `if (ec)`, `if (std::error_code ec = flush(f))`: the conversion to bool
  // tests the value, as `if (rc)` tests an int.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E)))
    if (isa_and_nonnull<CXXConversionDecl>(MCE->getMethodDecl()) &&
        MCE->getType()->isBooleanType())
      return truthSubject(MCE->getImplicitObjectArgument());
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
  // A reference parameter (`int &fd`) names the caller's variable; a local
  // reference another local.
  if (!VD || !VD->hasLocalStorage() ||
      (VD->getType()->isReferenceType() &&
       !(isa<ParmVarDecl>(VD) && VD->getType()->isLValueReferenceType())))
    return nullptr;
  QualType T = VD->getType().getNonReferenceType();
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
  const CXXMethodDecl *MD = stateEnumAccessor(E);
  return MD ? cast<CXXMemberCallExpr>(stripWrappers(E))->getImplicitObjectArgument()
            : nullptr;
}

const CXXMethodDecl *stateEnumAccessor(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *MD = stateAccessor(MCE);
  if (!MD || !MD->getReturnType()->isEnumeralType())
    return nullptr;
  return MD;
}

const FieldDecl *returnedMember(const CXXMethodDecl *MD);
const FieldDecl *negatedMember(const CXXMethodDecl *MD);

/// The enumerator a side of `state_ == V` names, when the other side is
/// the member Field of `this`.
static const EnumConstantDecl *comparedWith(const BinaryOperator *BO,
                                            const FieldDecl *Field) {
  for (auto [M, V] : {std::pair(BO->getLHS(), BO->getRHS()),
                      std::pair(BO->getRHS(), BO->getLHS())}) {
    const auto *ME = dyn_cast<MemberExpr>(M->IgnoreParenImpCasts());
    const auto *DRE = dyn_cast<DeclRefExpr>(V->IgnoreParenImpCasts());
    if (ME && DRE && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
        ME->getMemberDecl()->getCanonicalDecl() == Field->getCanonicalDecl())
      return dyn_cast<EnumConstantDecl>(DRE->getDecl());
  }
  return nullptr;
}

/// Whether S throws before anything else leaves it (`throw ...;`, or a
/// block holding one at its top).
static bool throwsAtTop(const Stmt *S) {
  auto IsThrow = [](const Stmt *C) {
    const auto *E = dyn_cast_or_null<Expr>(C);
    return E && isa<CXXThrowExpr>(E->IgnoreImplicit());
  };
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return llvm::any_of(CS->body(), IsThrow);
  return IsThrow(S);
}

/// What the class's own checks say of a state equal to ECD, where the
/// accessor returns the member they test: `if (state_ != State::Running)
/// throw ...;` makes every other value closed and Running open; `if
/// (state_ == State::ShutDown) throw ...;` makes ShutDown closed. The code
/// decides before the enumerator's name does.
static std::optional<bool> guardsSayOpen(const EnumConstantDecl *ECD,
                                         const CXXMethodDecl *Accessor) {
  const FieldDecl *Field = returnedMember(Accessor);
  if (!Field)
    return std::nullopt;
  std::optional<bool> Says;
  for (const CXXMethodDecl *M : Accessor->getParent()->methods()) {
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def)
      continue;
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    for (const Stmt *St : Body ? Body->body() : llvm::ArrayRef<Stmt *>()) {
      const auto *If = dyn_cast<IfStmt>(St);
      const auto *BO =
          If ? dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts())
             : nullptr;
      if (!BO || !BO->isEqualityOp() || If->getElse() ||
          !throwsAtTop(If->getThen()))
        continue;
      const EnumConstantDecl *V = comparedWith(BO, Field);
      if (!V)
        continue;
      bool Same = V->getCanonicalDecl() == ECD->getCanonicalDecl();
      std::optional<bool> Here;
      if (BO->getOpcode() == BO_NE)
        Here = Same; // throws unless V: V is open, every other value closed
      else if (Same)
        Here = false; // throws at V: V is closed
      if (!Here)
        continue;
      if (Says && *Says != *Here)
        return std::nullopt;
      Says = Here;
    }
  }
  return Says;
}

/// What a state equal to an enumerator says: `Closed` closed, `Open`
/// open. Where the accessor's code is visible (Accessor), so does `Ready`
/// beside a `Closed` of the same enumeration: a state equal to another
/// enumerator than the closed one is not closed, unless its name says the
/// object is on its way there (`Draining`, `Closing`).
std::optional<bool> enumeratorSaysOpen(const Expr *E,
                                       const CXXMethodDecl *Accessor) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(E));
  const auto *ECD = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
  if (!ECD)
    return std::nullopt;
  if (std::optional<bool> Open = guardsSayOpen(ECD, Accessor))
    return Open;
  if (std::optional<bool> Open = nameSaysOpen(ECD->getName()))
    return Open;
  if (!Accessor || !Accessor->hasBody())
    return std::nullopt;
  static const char *const Transitional[] = {
      "closing", "draining", "stopping", "shutting", "terminating",
      "disconnecting", "releasing", "finishing"};
  for (const std::string &W : identifierWords(ECD->getName()))
    if (llvm::is_contained(Transitional, W))
      return std::nullopt;
  const auto *ED = dyn_cast<EnumDecl>(ECD->getDeclContext());
  if (ED && llvm::any_of(ED->enumerators(), [](const EnumConstantDecl *Other) {
        return nameSaysOpen(Other->getName()) == false;
      }))
    return true;
  return std::nullopt;
}


/// The enumeration E's enumerator belongs to has more than two values: a
/// state other than that one is not the single other one.
static bool moreThanTwoStates(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(E));
  const auto *ECD = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
  const auto *ED = ECD ? dyn_cast<EnumDecl>(ECD->getDeclContext()) : nullptr;
  return ED && std::distance(ED->enumerator_begin(), ED->enumerator_end()) > 2;
}

//===----------------------------------------------------------------------===//
// Branch conditions
//===----------------------------------------------------------------------===//

std::optional<bool>
FunctionAnalysis::stateSaysOpen(const Expr *Obj, const Expr *Enumerator,
                                const CXXMethodDecl *Accessor) const {
  // The protocol inferred for the class names its closed state: a guard
  // of one use at another value (`advance()` refusing while Paused) does
  // not make that value closed for the others (`resume()`).
  const FieldDecl *Field = Accessor ? returnedMember(Accessor) : nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Enumerator));
  const auto *ECD = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
  if (Field && ECD && Field->getIdentifier()) {
    std::optional<bool> Says;
    for (unsigned Idx : C.Index.profilesOf(Obj, C.Cache)) {
      const Profile *Pr = C.Index.profile(Idx).P;
      if (!Pr || Pr->StateField != Field->getName() || Pr->ClosedValue.empty() ||
          llvm::is_contained({"true", "false"}, Pr->ClosedValue) ||
          llvm::StringRef(Pr->ClosedValue).starts_with("@"))
        continue;
      bool Open = (ECD->getName() == Pr->ClosedValue) != Pr->ClosedEqual;
      if (Says && *Says != Open)
        return enumeratorSaysOpen(Enumerator, Accessor);
      Says = Open;
    }
    // The class's own checks may also let a value through that the
    // protocol's coarse closed state covers (`open()` accepting Idle, which
    // send() refuses as not Open): open where either says so.
    std::optional<bool> Code = enumeratorSaysOpen(Enumerator, Accessor);
    if (Says && Code)
      return *Says || *Code;
    if (Says)
      return Says;
    return Code;
  }
  return enumeratorSaysOpen(Enumerator, Accessor);
}

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
    if (auto It = S.QueryVars.find(V);
        It != S.QueryVars.end() && V->getType()->isBooleanType())
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
          if (std::optional<bool> Open =
                  stateSaysOpen(Obj, Enumerator, stateEnumAccessor(Call))) {
            bool TrueMeansOpen = *Open == Eq;
            queryGuards(Obj, TrueMeansOpen != Negated, S, Result);
            if (*Open && moreThanTwoStates(Enumerator))
              for (Guard &G : Result)
                G.OnlyOpen = true;
            return Result;
          }
      // `const State now = link->state(); if (now != State::Closed)`: the
      // state read into a local, with no close since (closeKey forgets it).
      for (auto [Var, Enumerator] : {std::pair(L, R), std::pair(R, L)})
        if (const VarDecl *V = localScalar(Var);
            V && V->getType()->isEnumeralType())
          if (auto It = S.QueryVars.find(V->getCanonicalDecl());
              It != S.QueryVars.end())
            if (std::optional<bool> Open = enumeratorSaysOpen(
                    Enumerator, V->getInit() ? stateEnumAccessor(V->getInit())
                                             : nullptr)) {
              bool TrueMeansOpen = *Open == Eq;
              for (Guard G : It->second) {
                G.OpenWhen = TrueMeansOpen != Negated;
                G.OnlyOpen = *Open && moreThanTwoStates(Enumerator);
                Result.push_back(G);
              }
              return Result;
            }
    }
    return Result;
  }
  // `static_cast<bool>(synth_)`, `bool(link)`: the conversion it calls.
  if (const auto *EC = dyn_cast<ExplicitCastExpr>(Cond);
      EC && EC->getType()->isBooleanType() &&
      (EC->getCastKind() == CK_UserDefinedConversion ||
       EC->getCastKind() == CK_NoOp))
    return guardsIn(EC->getSubExpr(), Negated, S);
  const auto *Call = dyn_cast<CallExpr>(Cond);
  if (!Call)
    return Result;
  for (const CallRole &CR : C.roles(Call)) {
    std::optional<Path> P = pathOf(CR.Handle, S);
    if (!P)
      continue;
    if (CR.Kind == Role::QueryClosed)
      Result.push_back({Key{CR.ProfileIdx, *P}, /*OpenWhen=*/Negated});
    else if (CR.Kind == Role::QueryOpen)
      Result.push_back({Key{CR.ProfileIdx, *P}, /*OpenWhen=*/!Negated});
  }
  // A query no profile names: a user class's own isOpen(), closed(),
  // `operator bool`... One that an inferred protocol names says so under
  // the object's other profiles too (`chat_.closed()` of a `Channel<T>`
  // the streaming-channel profile also matches).
  if (auto Q = stateQuery(Call)) {
    std::vector<Guard> Named;
    queryGuards(Q->first, Q->second != Negated, S, Named);
    for (Guard &G : Named)
      if (llvm::none_of(Result, [&](const Guard &R) { return R.K == G.K; }))
        Result.push_back(std::move(G));
  }
  // A query of the object that tests a member's state (`explicit operator
  // bool() const { return static_cast<bool>(synth_); }`) guards that
  // member too.
  std::vector<Guard> Body;
  predicateGuards(Call, Negated, S, Body);
  for (Guard &G : Body)
    if (llvm::none_of(Result, [&](const Guard &R) { return R.K == G.K; }))
      Result.push_back(std::move(G));
  if (Result.empty())
    provedOpenGuards(Call, Negated, S, Result);
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

/// `if (!try_dim(l, 10)) return;`, where try_dim returns true only past a
/// use that throws once l is closed: a true result says l is open, a
/// false one says nothing.
void FunctionAnalysis::provedOpenGuards(const CallExpr *Call, bool Negated,
                                        const State &S,
                                        std::vector<Guard> &Out) const {
  const Summary *Sum = calleeSummary(Call);
  const FunctionDecl *Target = summarizedCallee(Call);
  if (!Sum || !Target)
    return;
  Invocation Inv = invocationOf(Call, Target);
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::ProvesOpen && E.OnlyIfTrue)
      if (std::optional<Path> P = mapRoot(Inv, E.root(), S))
        Out.push_back({Key{E.Profile, *P}, !Negated, /*OnlyOpen=*/true});
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
  if (VD->getInit())
    rememberQuery(VD, guardsOfValue(VD, VD->getInit(), S), S);
}

std::vector<Guard> FunctionAnalysis::guardsOfValue(const VarDecl *VD,
                                                   const Expr *Value,
                                                   const State &S) {
  if (!VD->hasLocalStorage())
    return {};
  // `State now = link->state();`: the guards of "now is an open state",
  // which a comparison with an enumerator turns one way or the other.
  if (VD->getType()->isEnumeralType()) {
    std::vector<Guard> G;
    if (const Expr *Obj = stateEnumObject(Value))
      queryGuards(Obj, /*OpenWhen=*/true, S, G);
    return G;
  }
  if (!VD->getType()->isBooleanType())
    return {};
  return guardsIn(Value, /*Negated=*/false, S);
}

/// `open = open && c.isOpen();`: the variable, true, says what its new
/// value's guards do (computed before the assignment forgot the old ones).
void FunctionAnalysis::rememberQuery(const VarDecl *VD, std::vector<Guard> G,
                                     State &S) {
  if (!G.empty())
    S.QueryVars[VD->getCanonicalDecl()] = std::move(G);
}

/// The object is open on this edge: what follows does not depend on what
/// the caller did to it.
/// The query call a condition makes itself, under `!` and as the right
/// operand of `&&`/`||` (the operand this block branches on); none for a
/// local that holds an earlier answer, which may be stale.
const CallExpr *FunctionAnalysis::directQuery(const Expr *Cond) const {
  Cond = stripWrappers(Cond);
  while (true) {
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
        UO && UO->getOpcode() == UO_LNot)
      Cond = stripWrappers(UO->getSubExpr());
    else if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
             BO && BO->isLogicalOp())
      Cond = stripWrappers(BO->getRHS());
    else
      break;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE))
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
      if (const auto *Call = dyn_cast<CallExpr>(stripWrappers(Side)))
        return Call;
  return dyn_cast<CallExpr>(Cond);
}

void FunctionAnalysis::queriedClosed(const Key &K, const CallExpr *Query,
                                     State &S) {
  if (auto It = S.Keys.find(K); It != S.Keys.end()) {
    It->second.MaybeOpen = false;
    return;
  }
  Closed Cl;
  Cl.Sites.push_back(Query);
  Cl.Queried = true;
  QuerySites[Query] = calleeName(Query);
  S.Keys.emplace(K, std::move(Cl));
}

void FunctionAnalysis::applyGuard(const Guard &G, State &S) {
  S.Keys.erase(G.K);
  S.TouchedKeys.insert(G.K);
  S.Guarded[G.K] = S.Locks;
  noteTestedOpen(G.K, S);
}

/// `switch (c.state()) { case State::Open: ... }`: open in that case.
bool FunctionAnalysis::applySwitchEdge(const CFGBlock &From, unsigned SuccIdx,
                                       const SwitchStmt *SW, State &S) {
  const CFGBlock *To = (From.succ_begin() + SuccIdx)->getReachableBlock();
  const auto *Case = To ? dyn_cast_or_null<CaseStmt>(To->getLabel()) : nullptr;
  // `switch (state_)`: a case is taken where the value is its label's; the
  // default where it is none of them.
  if (const void *V = SW->getCond() ? subjectOf(SW->getCond()) : nullptr) {
    std::optional<int64_t> Label =
        Case && !Case->getRHS() ? constantOf(Case->getLHS()) : std::nullopt;
    if (Label && !learn(V, Fact{Fact::Eq, *Label}, S))
      return false;
    const bool Default =
        To && (isa_and_nonnull<DefaultStmt>(To->getLabel()) ||
               (!Case && SuccIdx + 1 == From.succ_size()));
    llvm::SmallVector<int64_t, 4> Labels;
    for (const SwitchCase *SC = SW->getSwitchCaseList(); SC;
         SC = SC->getNextSwitchCase())
      if (const auto *CS = dyn_cast<CaseStmt>(SC))
        if (std::optional<int64_t> L =
                CS->getRHS() ? std::nullopt : constantOf(CS->getLHS()))
          Labels.push_back(*L);
    // One fact per value: the default of a single case (`case Closed:
    // return; default: ...`) is where the value is not that one.
    if (Default && Labels.size() == 1 &&
        !learn(V, Fact{Fact::Ne, Labels.front()}, S))
      return false;
    auto Known = S.Known.find(V);
    if (Default && Known != S.Known.end() && Known->second.Kind == Fact::Eq &&
        llvm::is_contained(Labels, Known->second.Value))
      return false;
  }
  const Expr *Obj = SW->getCond() ? stateEnumObject(SW->getCond()) : nullptr;
  if (!Obj)
    return true;
  if (!Case || Case->getRHS() ||
      enumeratorSaysOpen(Case->getLHS(), stateEnumAccessor(SW->getCond())) !=
          true)
    return true;
  std::vector<Guard> Guards;
  queryGuards(Obj, /*OpenWhen=*/true, S, Guards);
  for (const Guard &G : Guards)
    applyGuard(G, S);
  return true;
}

static CondFact bounds(const void *X, BinaryOperatorKind Op, int64_t Value);

/// True when the root of a path names one object for the whole function:
/// `this`, a parameter, or a local declared outside every loop (not a
/// range-for's element, which is another on each iteration).
bool FunctionAnalysis::valueOutlivesLoops(const void *Root) const {
  if (Root == ThisRoot)
    return true;
  const auto *VD = static_cast<const VarDecl *>(Root);
  if (isa<ParmVarDecl>(VD))
    return true;
  if (VD->isCXXForRangeDecl())
    return false;
  DynTypedNodeList Parents = C.Ctx.getParents(*VD);
  llvm::SmallVector<DynTypedNode, 4> Up(Parents.begin(), Parents.end());
  while (!Up.empty()) {
    DynTypedNode N = Up.pop_back_val();
    if (const auto *St = N.get<Stmt>()) {
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(St))
        return false;
      if (St == FD->getBody())
        return true;
    }
    if (N.get<FunctionDecl>())
      return true;
    for (const DynTypedNode &P : C.Ctx.getParents(N))
      Up.push_back(P);
  }
  return true;
}

/// `v.size()` (or, given Empty, `v.empty()` as its test against 0) of a
/// container the function does not resize: its key.
const void *FunctionAnalysis::sizeSubject(const Expr *E, bool Empty) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() ||
      MD->getName() != (Empty ? "empty" : "size"))
    return nullptr;
  std::optional<Path> P = stableTerm(MCE);
  if (!P)
    return memberSizeFlag(MCE->getImplicitObjectArgument(), MD->getParent());
  // One object for the whole function: not an element (a range-for's
  // variable names one per iteration).
  if (llvm::is_contained(*P, ElementMark) || !valueOutlivesLoops(P->front()))
    return nullptr;
  if (Empty) {
    const CXXMethodDecl *Size = sizeMethod(MD->getParent());
    if (!Size)
      return nullptr;
    P->back() = Size->getCanonicalDecl();
  }
  return C.term(*P);
}

const CXXMethodDecl *sizeMethod(const CXXRecordDecl *RD) {
  for (const NamedDecl *ND : RD->lookup(&RD->getASTContext().Idents.get("size")))
    if (const auto *M = dyn_cast<CXXMethodDecl>(ND); M && M->getNumParams() == 0)
      return M;
  return nullptr;
}

/// The size of a standard container the object holds (`pending_.size()`,
/// tested as `pending_.empty()`), as a flag: the methods that fill or empty
/// it set it (`clear()` to 0, `push_back()` to at least 1), so a close
/// followed by `pending_.clear()` says the container is empty wherever the
/// object is closed, and a method that returns while it is empty needs it
/// not to be; callers meet the two as they meet a member flag's.
const void *FunctionAnalysis::memberSizeFlag(const Expr *Obj,
                                             const CXXRecordDecl *RD) const {
  if (!RD || !stdContainer(Obj))
    return nullptr;
  const CXXMethodDecl *Size = sizeMethod(RD);
  std::optional<Path> P = rawPathOf(Obj);
  if (!Size || !P || P->size() < 2 || P->front() != ThisRoot ||
      llvm::is_contained(*P, ElementMark) || !fieldPart(P->back()))
    return nullptr;
  P->push_back(Size->getCanonicalDecl());
  return C.intern(*P);
}

/// The variable E reads, through casts (`static_cast<size_t>(n)`).
static const VarDecl *readVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// Result is a call (or a local it initialized) and Count a variable the
/// call was given as an argument: `send(fd, cmd, n, 0) == n` compares a
/// byte count with the count asked for.
static bool returnsItsCount(const Expr *Result, const Expr *Count) {
  const VarDecl *N = readVariable(Count);
  if (!N)
    return false;
  const Expr *E = stripWrappers(Result);
  if (const VarDecl *Local = readVariable(E);
      Local && Local->hasLocalStorage() && Local->getInit())
    E = stripWrappers(Local->getInit());
  const auto *Call = dyn_cast<CallExpr>(E);
  return Call && llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
           return readVariable(Arg) == N;
         });
}

std::optional<CondFact> FunctionAnalysis::factIn(const Expr *Cond) const {
  Cond = stripWrappers(Cond);
  // `if (tail.empty())`: a fact of `tail.size()`.
  if (const void *Size = sizeSubject(Cond, /*Empty=*/true))
    return CondFact{Size, Fact{Fact::Eq, 0}, Fact{Fact::AtLeast, 1}};
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
    if (!BO->isComparisonOp())
      return std::nullopt;
    if (BO->isEqualityOp()) {
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      // `v.size() == 0`: of the size, not of the call's result.
      if (sizeSubject(R, /*Empty=*/false))
        std::swap(L, R);
      const void *V = sizeSubject(L, /*Empty=*/false);
      if (!V)
        V = subjectOf(L);
      if (!V) {
        std::swap(L, R);
        V = subjectOf(L);
      }
      if (std::optional<int64_t> K = V ? constantOf(R) : std::nullopt) {
        CondFact F{V, Fact{Fact::Eq, *K}, Fact{Fact::Ne, *K}};
        if (BO->getOpcode() == BO_NE)
          std::swap(F.IfTrue, F.IfFalse);
        return F;
      }
      // `send(fd, buf, n, 0) != n`: a result equal to the count the call
      // was given is not an error value.
      if (V && returnsItsCount(L, R)) {
        CondFact F{V, Fact{Fact::AtLeast, 0}, std::nullopt};
        if (BO->getOpcode() == BO_NE)
          std::swap(F.IfTrue, F.IfFalse);
        return F;
      }
    }
    if (std::optional<CondFact> F = comparisonFact(BO))
      return F;
    // `if (write_all(fd, buf, n) < 0)`: a bound on a call's result (or a
    // flag's value) against a constant.
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    BinaryOperatorKind Op = BO->getOpcode();
    if (sizeSubject(R, /*Empty=*/false)) {
      std::swap(L, R);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    const void *V = sizeSubject(L, /*Empty=*/false);
    if (!V)
      V = subjectOf(L);
    if (!V) {
      std::swap(L, R);
      Op = BinaryOperator::reverseComparisonOp(Op);
      V = subjectOf(L);
    }
    Expr::EvalResult ER;
    if (V && !R->isValueDependent() && R->EvaluateAsInt(ER, C.Ctx))
      return bounds(V, Op, ER.Val.getInt().getExtValue());
    return std::nullopt;
  }
  if (std::optional<CondFact> F = inlinedResultTest(Cond))
    return F;
  if (std::optional<CondFact> F = scalarPredicateFact(Cond))
    return F;
  if (std::optional<CondFact> F = stringComparison(Cond))
    return F;
  // `telemetry_->missionOpen()` whose body is `return !finished_;`: true
  // where the member is clear.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond))
    if (const FieldDecl *F = negatedMember(MCE->getMethodDecl()))
      if (std::optional<Path> Obj = rawPathOf(MCE->getImplicitObjectArgument());
          Obj && F->getType()->isIntegralOrEnumerationType() &&
          !F->getType().isVolatileQualified()) {
        Obj->push_back(F);
        return CondFact{C.intern(*Obj), Fact{Fact::Eq, 0}, Fact{Fact::Ne, 0}};
      }
  // `std::holds_alternative<T>(v_)`: which alternative the variant holds.
  if (auto Held = heldAlternative(Cond))
    if (std::optional<Path> P = rawPathOf(Held->first))
      return CondFact{C.intern(*P), Fact{Fact::Eq, Held->second},
                      Fact{Fact::Ne, Held->second}};
  if (const void *V = subjectOf(Cond))
    return CondFact{V, Fact{Fact::Ne, 0}, Fact{Fact::Eq, 0}};
  return std::nullopt;
}

/// `if (interrupted(rc))` of a predicate whose body is one return of a test
/// of its scalar parameter (`return rc == -1 && errno == EINTR;`): the
/// test's fact, of the argument. A conjunct of the result is known only
/// where the result is true.
std::optional<CondFact>
FunctionAnalysis::scalarPredicateFact(const Expr *Cond) const {
  const auto *Call = dyn_cast<CallExpr>(Cond);
  if (!Call || isa<CXXMemberCallExpr>(Call) || isa<CXXOperatorCallExpr>(Call))
    return std::nullopt;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def ||
      !Def->getReturnType()->isBooleanType() ||
      C.SM.isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  const Expr *Ret = soleReturnValue(Def);
  if (!Ret)
    return std::nullopt;
  Ret = stripWrappers(Ret);
  llvm::SmallVector<const Expr *, 4> Conjuncts;
  bool Whole = true;
  llvm::SmallVector<const Expr *, 4> Stack{Ret};
  while (!Stack.empty()) {
    const Expr *E = stripWrappers(Stack.pop_back_val());
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_LAnd) {
      Whole = false;
      Stack.push_back(BO->getLHS());
      Stack.push_back(BO->getRHS());
      continue;
    }
    Conjuncts.push_back(E);
  }
  for (const Expr *Part : Conjuncts) {
    const auto *BO = dyn_cast<BinaryOperator>(Part);
    if (!BO || !BO->isComparisonOp())
      continue;
    std::optional<CondFact> F = factIn(BO);
    const ParmVarDecl *PVD = nullptr;
    for (const ParmVarDecl *P : Def->parameters())
      if (F && F->Var == P->getCanonicalDecl())
        PVD = P;
    if (!PVD || PVD->getFunctionScopeIndex() >= Call->getNumArgs() ||
        !PVD->getType()->isIntegralOrEnumerationType())
      continue;
    const void *Arg = subjectOf(Call->getArg(PVD->getFunctionScopeIndex()));
    if (!Arg)
      continue;
    F->Var = Arg;
    if (!Whole)
      F->IfFalse.reset();
    return F;
  }
  return std::nullopt;
}

/// The member a const getter returns negated (`bool missionOpen() const {
/// return !finished_; }`).
const FieldDecl *negatedMember(const CXXMethodDecl *MD) {
  const Expr *V = MD && MD->isConst() ? soleReturnValue(MD) : nullptr;
  const auto *UO = V ? dyn_cast<UnaryOperator>(V->IgnoreParenImpCasts()) : nullptr;
  if (!UO || UO->getOpcode() != UO_LNot)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

/// `st.good()` of a local result struct whose const method is one return
/// of a test (`return code_ == Code::Ok;`, `return !fatal && err == 0;`),
/// or `attach(l).failed()` of a call's result: the test and the local or
/// call it reads the fields of.
/// `t_->missionOpen()` of a smart pointer member: `operator->` (or `*`)
/// names the object it points to; it returns no result of its own whose
/// verdict a test reads.
static bool dereferencesPointer(const Expr *Base) {
  const auto *Deref = dyn_cast<CXXOperatorCallExpr>(withoutCopy(Base));
  return Deref && (Deref->getOperator() == OO_Arrow ||
                   Deref->getOperator() == OO_Star);
}

std::optional<FunctionAnalysis::ResultTest>
FunctionAnalysis::resultTestBody(const Expr *Cond) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->isConst() || MD->getNumParams() != 0 ||
      !MD->getReturnType()->isBooleanType() ||
      MD->getParent()->isInStdNamespace())
    return std::nullopt;
  const Expr *Base = MCE->getImplicitObjectArgument();
  ResultTest R;
  if (dereferencesPointer(Base))
    return std::nullopt;
  if (const auto *Call = dyn_cast<CallExpr>(withoutCopy(Base)))
    R.Call = Call;
  // `if (!conn)` of a local object is a query of the object's state (an
  // operator bool saying open), not a test of a result: only a call's
  // result (`if (!setTemperature(fd, t))`, or a local holding one, `auto r
  // = readCork(link); if (!r)`) is read through its conversion.
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && VD->getType()->isRecordType() &&
        (!isa<CXXConversionDecl>(MD) ||
         (VD->getInit() && isa<CallExpr>(withoutCopy(VD->getInit())) &&
          !isa<CXXConstructExpr>(withoutCopy(VD->getInit())))))
      R.Local = VD->getCanonicalDecl();
  R.Test = R.Call || R.Local ? soleReturnValue(MD) : nullptr;
  if (!R.Test)
    return std::nullopt;
  R.Test = stripWrappers(R.Test);
  return R;
}

std::optional<std::pair<const void *, Fact>>
FunctionAnalysis::verdictLearned(const Expr *Cond, bool Value) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond->IgnoreParenImpCasts());
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  std::optional<bool> Agrees = MD ? agreesWithVerdict(MD) : std::nullopt;
  if (!Agrees)
    return std::nullopt;
  const CXXMethodDecl *Verdict = verdictQuery(MD->getParent());
  const Expr *Base = MCE->getImplicitObjectArgument();
  if (dereferencesPointer(Base))
    return std::nullopt;
  const void *Subject = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(withoutCopy(Base)))
    Subject = C.resultField(Call, Verdict);
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && VD->getType()->isRecordType())
      Subject = C.intern(Path{VD->getCanonicalDecl(), Verdict});
  if (!Subject)
    return std::nullopt;
  return std::make_pair(Subject, Value == *Agrees ? Fact{Fact::Ne, 0}
                                                  : Fact{Fact::Eq, 0});
}

std::optional<std::pair<const void *, Fact>>
FunctionAnalysis::presenceLearned(const Expr *Cond, bool Value) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond->IgnoreParenImpCasts());
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || MCE->getNumArgs() != 0)
    return std::nullopt;
  bool TrueWhenPresent;
  if (isa<CXXConversionDecl>(MD) && MD->getReturnType()->isBooleanType())
    TrueWhenPresent = true;
  else if (MD->getIdentifier() && MD->getName() == "has_value")
    TrueWhenPresent = true;
  else if (MD->getIdentifier() && MD->getName() == "empty")
    TrueWhenPresent = false;
  else
    return std::nullopt;
  const auto *ME =
      dyn_cast<MemberExpr>(MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !isPresenceField(F))
    return std::nullopt;
  std::optional<Path> P = rawPathOf(ME);
  if (!P || P->size() != 2)
    return std::nullopt;
  return std::make_pair(C.intern(*P), Value == TrueWhenPresent
                                          ? Fact{Fact::Ne, 0}
                                          : Fact{Fact::Eq, 0});
}

std::optional<std::pair<const void *, Fact>>
FunctionAnalysis::importedFieldTest(const Expr *Cond, bool Value) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond->IgnoreParenImpCasts());
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || MD->hasBody() || !MD->isConst() || MD->getNumParams() != 0 ||
      MD->getParent()->isInStdNamespace())
    return std::nullopt;
  const Summary *Sum = C.importedSummary(MD);
  if (!Sum)
    return std::nullopt;
  auto Test = llvm::find_if(Sum->Effects, [](const Effect &E) {
    return E.K == Effect::FieldTest && E.Suffix.size() == 1 &&
           (E.Value.Kind == Fact::Eq || E.Value.Kind == Fact::Ne);
  });
  const FieldDecl *F =
      Test != Sum->Effects.end() ? fieldPart(Test->Suffix.front()) : nullptr;
  const Expr *Base = MCE->getImplicitObjectArgument();
  if (!F || dereferencesPointer(Base))
    return std::nullopt;
  const void *Subject = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(withoutCopy(Base)))
    Subject = C.resultField(Call, F->getCanonicalDecl());
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && VD->getType()->isRecordType() &&
        !isa<CXXConversionDecl>(MD))
      Subject = C.intern(Path{VD->getCanonicalDecl(), F->getCanonicalDecl()});
  if (!Subject)
    return std::nullopt;
  Fact Learned = Test->Value;
  if (!Value)
    Learned.Kind = Learned.Kind == Fact::Eq ? Fact::Ne : Fact::Eq;
  return std::make_pair(Subject, Learned);
}

std::optional<FunctionAnalysis::ImportedVerdict>
FunctionAnalysis::importedVerdict(const CXXRecordDecl *RD) const {
  if (!RD || !RD->hasDefinition() || RD->isInStdNamespace())
    return std::nullopt;
  for (const CXXMethodDecl *MD : RD->getDefinition()->methods()) {
    if (MD->isStatic() || !MD->isConst() || MD->getNumParams() != 0 ||
        MD->hasBody() || !MD->getReturnType()->isBooleanType() ||
        !MD->getIdentifier())
      continue;
    const Summary *Sum = C.importedSummary(MD);
    if (!Sum)
      continue;
    for (const Effect &E : Sum->Effects)
      if (E.K == Effect::FieldTest && E.Suffix.size() == 1 &&
          (E.Value.Kind == Fact::Eq || E.Value.Kind == Fact::Ne))
        if (const FieldDecl *F = fieldPart(E.Suffix.front()))
          return ImportedVerdict{cast<CXXMethodDecl>(MD->getCanonicalDecl()),
                                 F->getCanonicalDecl(), E.Value};
  }
  return std::nullopt;
}

std::optional<std::pair<const void *, Fact>>
FunctionAnalysis::verdictCond(const CallExpr *Call, const VerdictOutcome &V,
                              bool Holds) const {
  if (const void *Subject = verdictSubject(Call, V.Query))
    return std::make_pair(Subject, V.Value == Holds ? Fact{Fact::Ne, 0}
                                                    : Fact{Fact::Eq, 0});
  std::optional<ImportedVerdict> Imported =
      importedVerdict(Call->getType()->getAsCXXRecordDecl());
  if (!Imported || Imported->Query->getNameAsString() != V.Query)
    return std::nullopt;
  // The query is true where the field passes its test.
  Fact Test = Imported->True;
  if (V.Value != Holds)
    Test.Kind = Test.Kind == Fact::Eq ? Fact::Ne : Fact::Eq;
  return std::make_pair(C.resultField(Call, Imported->Field), Test);
}

const void *FunctionAnalysis::verdictSubject(const CallExpr *Call,
                                             llvm::StringRef Query) const {
  const CXXMethodDecl *Verdict =
      verdictQuery(Call->getType()->getAsCXXRecordDecl());
  if (!Verdict || Verdict->getNameAsString() != Query)
    return nullptr;
  return C.resultField(Call, Verdict);
}

/// The subject `this->field` of a result test's body stands for in the
/// caller: the local's field, or the call result's; null for any other
/// subject.
const void *FunctionAnalysis::resultFieldOf(const void *Subject,
                                            const ResultTest &Obj) const {
  const Path *Member = C.subject(Subject);
  const FieldDecl *F = Member && Member->size() == 2 &&
                               Member->front() == ThisRoot
                           ? fieldPart(Member->back())
                           : nullptr;
  if (!F)
    return nullptr;
  if (Obj.Call)
    return C.resultField(Obj.Call, F->getCanonicalDecl());
  return C.intern(Path{Obj.Local, Member->back()});
}

/// The fact a result test gives of one of the local's fields. Of `a && b`
/// only the true branch says b, of `a || b` only the false one (learnedFrom
/// gives both operands' facts where both hold).
std::optional<CondFact>
FunctionAnalysis::inlinedResultTest(const Expr *Cond) const {
  auto Body = resultTestBody(Cond);
  if (!Body)
    return std::nullopt;
  const Expr *Test = Body->Test;
  bool OnlyTrue = false, OnlyFalse = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(Test); BO && BO->isLogicalOp()) {
    (BO->getOpcode() == BO_LAnd ? OnlyTrue : OnlyFalse) = true;
    Test = BO->getRHS();
  }
  std::optional<CondFact> F = factIn(Test);
  const void *Field = F ? resultFieldOf(F->Var, *Body) : nullptr;
  if (!Field)
    return std::nullopt;
  F->Var = Field;
  if (OnlyTrue)
    F->IfFalse.reset();
  if (OnlyFalse)
    F->IfTrue.reset();
  return F;
}

/// `i`, `i + 2`, `i - 1`, `1 + i`: a local counter and what is added to it.
static std::optional<std::pair<const VarDecl *, int64_t>>
counterPlus(const Expr *E, ASTContext &Ctx) {
  E = stripWrappers(E);
  // `++n == size`: the stepped value, which the step before it made n's.
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->isPrefix() && UO->isIncrementDecrementOp())
    E = stripWrappers(UO->getSubExpr());
  if (const VarDecl *V = localScalar(E))
    return std::make_pair(V, int64_t(0));
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
    return std::nullopt;
  const Expr *VarSide = BO->getLHS(), *Amount = BO->getRHS();
  if (BO->getOpcode() == BO_Add && !localScalar(VarSide))
    std::swap(VarSide, Amount);
  const VarDecl *V = localScalar(VarSide);
  Expr::EvalResult ER;
  if (!V || Amount->isValueDependent() || !Amount->EvaluateAsInt(ER, Ctx))
    return std::nullopt;
  int64_t N = ER.Val.getInt().getExtValue();
  return std::make_pair(V, BO->getOpcode() == BO_Add ? N : -N);
}

/// The facts `X op Value` gives X on each branch.
static CondFact bounds(const void *X, BinaryOperatorKind Op, int64_t Value) {
  switch (Op) {
  case BO_EQ:
    return {X, Fact{Fact::Eq, Value}, Fact{Fact::Ne, Value}};
  case BO_NE:
    return {X, Fact{Fact::Ne, Value}, Fact{Fact::Eq, Value}};
  case BO_LT:
    return {X, Fact{Fact::AtMost, Value - 1}, Fact{Fact::AtLeast, Value}};
  case BO_LE:
    return {X, Fact{Fact::AtMost, Value}, Fact{Fact::AtLeast, Value + 1}};
  case BO_GT:
    return {X, Fact{Fact::AtLeast, Value + 1}, Fact{Fact::AtMost, Value}};
  default: // BO_GE
    return {X, Fact{Fact::AtLeast, Value}, Fact{Fact::AtMost, Value - 1}};
  }
}

/// A comparison of a counter (plus a constant) with a constant or with a
/// value that does not change while the function runs: `i < 3`,
/// `i + 1 == chunks.size()`, `i < n`. The latter are facts about the
/// difference `i - chunks.size()`, which moves with i, so the iteration
/// that closes when `i + 1 == n` is known to be the last one.
std::optional<CondFact>
FunctionAnalysis::comparisonFact(const BinaryOperator *BO) const {
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  auto Counter = counterPlus(L, C.Ctx);
  if (!Counter) {
    std::swap(L, R);
    Counter = counterPlus(L, C.Ctx);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!Counter)
    return std::nullopt;
  const auto &[V, Plus] = *Counter;
  Expr::EvalResult ER;
  if (!R->isValueDependent() && R->EvaluateAsInt(ER, C.Ctx))
    return bounds(V, Op, ER.Val.getInt().getExtValue() - Plus);
  // `const size_t last = v.size() - 1; ... i == last`: an unchanged local
  // holding a stable term plus a constant compares as that sum, so the loop
  // condition `i < v.size()` and the test meet on one difference.
  // A local whose sum has no stable term (the vector may grow) is still a
  // value that does not change: compared as itself.
  if (const VarDecl *Held = localScalar(R);
      Held && Held->getInit() && unmodified(Held))
    if (const auto *Sum = dyn_cast<BinaryOperator>(stripWrappers(Held->getInit()));
        Sum && (Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub) &&
        (stableTerm(Sum->getLHS()) || stableTerm(Sum->getRHS())))
      R = Sum;
  if (std::optional<Path> Term = stableTerm(R))
    return bounds(C.difference(V, *Term), Op, -Plus);
  // `i == n - 1`: the term plus a constant.
  const auto *Sum = dyn_cast<BinaryOperator>(stripWrappers(R));
  if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub)) {
    if (std::optional<Path> Compound = stableCompound(R))
      return bounds(C.difference(V, *Compound), Op, -Plus);
    return std::nullopt;
  }
  const Expr *TermSide = Sum->getLHS(), *Amount = Sum->getRHS();
  std::optional<Path> Term = stableTerm(TermSide);
  if (!Term && Sum->getOpcode() == BO_Add) {
    std::swap(TermSide, Amount);
    Term = stableTerm(TermSide);
  }
  if (!Term || Amount->isValueDependent() || !Amount->EvaluateAsInt(ER, C.Ctx)) {
    if (std::optional<Path> Compound = stableCompound(R))
      return bounds(C.difference(V, *Compound), Op, -Plus);
    return std::nullopt;
  }
  int64_t N = ER.Val.getInt().getExtValue();
  return bounds(C.difference(V, *Term), Op,
                (Sum->getOpcode() == BO_Add ? N : -N) - Plus);
}

std::optional<Path> FunctionAnalysis::stableCompound(const Expr *E) const {
  const auto *BO = dyn_cast<BinaryOperator>(stripWrappers(E));
  if (!BO || !BO->getType()->isIntegralOrEnumerationType() ||
      !llvm::is_contained({BO_Add, BO_Sub, BO_Mul, BO_Div, BO_Rem, BO_Shl,
                           BO_Shr},
                          BO->getOpcode()))
    return std::nullopt;
  bool Varies = false;
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    Expr::EvalResult ER;
    if (!Side->isValueDependent() && Side->EvaluateAsInt(ER, C.Ctx))
      continue;
    if (!stableTerm(Side) && !stableCompound(Side))
      return std::nullopt;
    Varies = true;
  }
  if (!Varies)
    return std::nullopt;
  return Path{C.compound(stripWrappers(E))};
}

/// A value that does not change while the function runs, as a key: a
/// local scalar it never modifies, or a const method without arguments
/// (`size()`) called on a const object (`const std::vector<T> &chunks`).
std::optional<Path> FunctionAnalysis::stableTerm(const Expr *E) const {
  E = stripWrappers(E);
  if (const VarDecl *V = localScalar(E))
    return unmodified(V) ? std::optional<Path>(Path{V}) : std::nullopt;
  // `run.emptyAfter` of a `const BatchRun &run`: a member read through a
  // const object is as stable as a const method's result.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F || F->isMutable() || !ME->getType()->isIntegralOrEnumerationType() ||
        !ME->getBase()->getType().getCanonicalType().isConstQualified() ||
        ME->isArrow())
      return std::nullopt;
    return rawPathOf(ME);
  }
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->isConst() || MD->getNumParams() != 0)
    return std::nullopt;
  const Expr *Obj = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  // `std::vector<Shard> &shards` that this function neither resizes nor
  // hands on by reference: its size() is as stable as a const one's.
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
  const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  bool SizeUnchanged = false;
  if (Var && MD->getIdentifier() &&
      llvm::is_contained({"size", "empty", "length"}, MD->getName())) {
    findModified();
    SizeUnchanged = !Modified->count(Var->getCanonicalDecl()) &&
                    !Resized->count(Var->getCanonicalDecl());
  }
  if (!SizeUnchanged && !Obj->getType().getCanonicalType().isConstQualified())
    return std::nullopt;
  std::optional<Path> P = rawPathOf(Obj);
  if (!P)
    return std::nullopt;
  P->push_back(MD->getCanonicalDecl());
  return P;
}

namespace {
/// Collects the local variables a body may change.
struct ModifiedVars : RecursiveASTVisitor<ModifiedVars> {
  llvm::DenseSet<const VarDecl *> Out;
  /// Changed by other means than an assignment or a step of its own: its
  /// address taken, bound to a reference, handed on by one, captured.
  llvm::DenseSet<const VarDecl *> Indirect;
  llvm::DenseSet<const VarDecl *> Resized;
  llvm::DenseMap<const VarDecl *, std::vector<const Stmt *>> Sites;
  const Stmt *Site = nullptr; ///< The change being visited.
  void resized(const Expr *Obj) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Resized.insert(VD->getCanonicalDecl());
  }
  /// Element access through a non-const overload leaves the size alone.
  static bool accessOnly(const CXXMethodDecl *MD) {
    if (MD->isConst())
      return true;
    if (MD->getOverloadedOperator() == OO_Subscript)
      return true;
    const IdentifierInfo *II = MD->getIdentifier();
    return II && llvm::is_contained(
                     {"at", "front", "back", "begin", "end", "rbegin",
                      "rend", "data", "find", "lower_bound", "upper_bound",
                      "equal_range"},
                     II->getName());
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    if (const CXXMethodDecl *MD = MCE->getMethodDecl(); MD && !accessOnly(MD))
      resized(MCE->getImplicitObjectArgument());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
    if (MD && OCE->getNumArgs() > 0 && !accessOnly(MD))
      resized(OCE->getArg(0));
    return true;
  }
  void add(const Expr *E, bool Direct = false) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        Out.insert(VD->getCanonicalDecl());
        if (!Direct)
          Indirect.insert(VD->getCanonicalDecl());
        else if (Site)
          Sites[VD->getCanonicalDecl()].push_back(Site);
      }
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      Site = BO;
      add(BO->getLHS(), /*Direct=*/true);
      Site = nullptr;
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) {
      Site = UO;
      add(UO->getSubExpr(), UO->isIncrementDecrementOp());
      Site = nullptr;
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const ParmVarDecl *P =
          FD && I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
      QualType T = P ? P->getType() : QualType();
      // Through `...` a value is copied (`fprintf(f, "%zu", n)`).
      if (!P && FD && FD->isVariadic())
        continue;
      if (!P || (T->isReferenceType() &&
                 !T.getNonReferenceType().isConstQualified()))
        add(CE->getArg(I));
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    QualType T = VD->getType();
    if (VD->getInit() && T->isReferenceType() &&
        !T.getNonReferenceType().isConstQualified())
      add(VD->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &Cap : LE->captures())
      if (Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(Cap.getCapturedVar())) {
          Out.insert(VD->getCanonicalDecl());
          Indirect.insert(VD->getCanonicalDecl());
        }
    return true;
  }
};
} // namespace

void FunctionAnalysis::findModified() const {
  if (Modified)
    return;
  ModifiedVars MV;
  MV.TraverseStmt(FD->getBody());
  Modified = std::move(MV.Out);
  IndirectlyModified = std::move(MV.Indirect);
  Resized = std::move(MV.Resized);
  AssignSites = std::move(MV.Sites);
}

bool FunctionAnalysis::initReaches(const VarDecl *V, const Expr *Use) const {
  if (unmodified(V))
    return true;
  if (IndirectlyModified->count(V->getCanonicalDecl()))
    return false;
  // The loops around Use: an assignment in one of them reaches Use on the
  // next iteration.
  llvm::SmallVector<const Stmt *, 4> Loops;
  DynTypedNode Node = DynTypedNode::create(*Use);
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    const auto &Parents = C.Ctx.getParents(Node);
    if (Parents.empty())
      break;
    Node = Parents[0];
    const auto *St = Node.get<Stmt>();
    if (!St)
      break;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(St))
      Loops.push_back(St);
  }
  auto Within = [&](const Stmt *Inner, const Stmt *Outer) {
    return C.SM.isPointWithin(Inner->getBeginLoc(), Outer->getBeginLoc(),
                              Outer->getEndLoc());
  };
  for (const Stmt *A : AssignSites.lookup(V->getCanonicalDecl())) {
    if (!C.SM.isBeforeInTranslationUnit(Use->getEndLoc(), A->getBeginLoc()))
      return false;
    if (llvm::any_of(Loops, [&](const Stmt *L) { return Within(A, L); }))
      return false;
  }
  return true;
}

bool FunctionAnalysis::unmodified(const VarDecl *V) const {
  if (V->getType().isConstQualified())
    return true;
  findModified();
  return !Modified->count(V->getCanonicalDecl());
}

bool FunctionAnalysis::onlyAssigned(const VarDecl *V) const {
  findModified();
  return !IndirectlyModified->count(V->getCanonicalDecl());
}

bool FunctionAnalysis::resultDiscarded(const CallExpr *Call) const {
  if (!Discarded) {
    Discarded.emplace();
    auto AddStatement = [&](const Stmt *St) {
      if (const auto *E = dyn_cast_or_null<Expr>(St))
        Discarded->insert(stripWrappers(E));
    };
    llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *CS = dyn_cast<CompoundStmt>(St))
        for (const Stmt *Child : CS->body())
          AddStatement(Child);
      else if (const auto *If = dyn_cast<IfStmt>(St)) {
        AddStatement(If->getThen());
        AddStatement(If->getElse());
      } else if (const auto *For = dyn_cast<ForStmt>(St)) {
        AddStatement(For->getBody());
        AddStatement(For->getInc());
      } else if (const auto *While = dyn_cast<WhileStmt>(St))
        AddStatement(While->getBody());
      else if (const auto *Do = dyn_cast<DoStmt>(St))
        AddStatement(Do->getBody());
      else if (const auto *Range = dyn_cast<CXXForRangeStmt>(St))
        AddStatement(Range->getBody());
      else if (const auto *SC = dyn_cast<SwitchCase>(St))
        AddStatement(SC->getSubStmt());
      else if (const auto *Label = dyn_cast<LabelStmt>(St))
        AddStatement(Label->getSubStmt());
      else if (const auto *BO = dyn_cast<BinaryOperator>(St);
               BO && BO->getOpcode() == BO_Comma)
        AddStatement(BO->getLHS());
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
  }
  return Discarded->contains(stripWrappers(Call));
}

bool FunctionAnalysis::reportsClosedByResult(const CallExpr *Call,
                                             unsigned Profile) const {
  const struct Profile *P = C.Index.profile(Profile).P;
  const FunctionDecl *F = Call->getDirectCallee();
  return P && !P->ErrorResult.empty() && F && F->getIdentifier() &&
         llvm::is_contained(P->ErrorResult, F->getName());
}

bool FunctionAnalysis::handlesClosedResult(const CallExpr *Call,
                                           unsigned Profile) const {
  return reportsClosedByResult(Call, Profile) && !resultDiscarded(Call);
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

/// The std::atomic object a read of its value names (`closed_` converted,
/// `closed_.load()`), or null.
static const Expr *atomicRead(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !isStdType(MCE->getImplicitObjectArgument()->getType(), {"atomic"}))
    return nullptr;
  if (isa<CXXConversionDecl>(MD) ||
      (MD->getIdentifier() && MD->getName() == "load"))
    return MCE->getImplicitObjectArgument();
  return nullptr;
}

/// A std::atomic of an integral or enumeration type: a flag, a counter or
/// a state, tested and set as a plain one is.
static bool isScalarAtomic(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !isStdType(T, {"atomic"}) || Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  return Spec->getTemplateArgs()[0].getAsType()->isIntegralOrEnumerationType();
}

/// The std::optional whose engagement a test reads (`if (standby_)`,
/// `standby_.has_value()`), or null.
static const Expr *optionalEngaged(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  // A std::function's holding a callable is a fact the same way: `if (fn_)
  // fn_();` of a scope guard runs what its construction gave it.
  if (!MD || !isStdType(MCE->getImplicitObjectArgument()->getType(),
                        {"optional", "function"}))
    return nullptr;
  if (isa<CXXConversionDecl>(MD) ||
      (MD->getIdentifier() && MD->getName() == "has_value"))
    return MCE->getImplicitObjectArgument();
  return nullptr;
}

/// An element of a flag array at a key (`silenced_[d]` of a `std::array<bool,
/// 3>` or a `bool[3]` member) is a flag as a field is: the close of
/// `divisions_[d]` beside setting it says what it holds there.
const void *FunctionAnalysis::elementFlag(const Expr *E) const {
  QualType T = E->getType().getNonReferenceType();
  if (!T->isIntegralOrEnumerationType() || T.isVolatileQualified())
    return nullptr;
  const Expr *Access = stripWrappers(E);
  if (!isa<ArraySubscriptExpr, CXXOperatorCallExpr>(Access))
    return nullptr;
  std::optional<Path> P = rawPathOf(Access);
  if (!P || P->size() < 3 || !isKeyPart(P->back()) ||
      (*P)[P->size() - 2] != ElementMark)
    return nullptr;
  return C.intern(*P);
}

const void *FunctionAnalysis::subjectOf(const Expr *E) const {
  if (const Expr *Atomic = atomicRead(E))
    E = Atomic;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(stripWrappers(E)))
    if (const FieldDecl *F = returnedMember(MCE->getMethodDecl()))
      if (std::optional<Path> Obj =
              rawPathOf(MCE->getImplicitObjectArgument())) {
        Obj->push_back(F);
        if (F->getType()->isIntegralOrEnumerationType() &&
            !F->getType().isVolatileQualified())
          return C.intern(*Obj);
      }
  // An optional's engagement is a fact like a pointer's nullness: `if (s_)
  // s_->close();` closes only where it holds a value, and a second such
  // close of the value it still holds is a second close. A local one is
  // its variable, as its conversion to bool is (`if (auto r = make())`).
  if (const Expr *Opt = optionalEngaged(E)) {
    if (const void *Local = truthSubject(Opt))
      return Local;
    if (std::optional<Path> P = rawPathOf(Opt))
      return C.intern(*P);
  }
  if (const void *Flag = elementFlag(E))
    return Flag;
  if (const void *V = factSubject(E))
    return V;
  // `if (drain(ch).closed)`: a field of a call's struct result.
  if (const auto *ME = dyn_cast<MemberExpr>(stripWrappers(E)))
    if (const auto *Call = dyn_cast<CallExpr>(withoutCopy(ME->getBase())))
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
          F && !ME->isArrow() && F->getType()->isIntegralOrEnumerationType())
        return C.resultField(Call, F->getCanonicalDecl());
  if (const void *Flag = elementFlag(E))
    return Flag;
  std::optional<Path> P = rawPathOf(E);
  const FieldDecl *F = P && P->size() >= 2 ? fieldPart(P->back()) : nullptr;
  if (!F)
    return nullptr;
  // A raw pointer member is a fact subject too: `if (fp_) fclose(fp_);`
  // closes only where it is not null, and a stream fclose() was given was.
  // A reference member (`int &fd` of a guard) tests what it refers to.
  QualType T = F->getType().getNonReferenceType();
  if ((!T->isIntegralOrEnumerationType() && !isScalarAtomic(T) &&
       !T->isPointerType()) ||
      T.isVolatileQualified())
    return nullptr;
  return C.intern(*P);
}

/// `venueReply == "35=A"` of a string parameter: a fact of the parameter,
/// which a caller that passed a literal knows (Bindings::Constants).
std::optional<CondFact>
FunctionAnalysis::stringComparison(const Expr *Cond) const {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Cond);
  if (!OCE || OCE->getNumArgs() != 2 ||
      (OCE->getOperator() != OO_EqualEqual &&
       OCE->getOperator() != OO_ExclaimEqual))
    return std::nullopt;
  const Expr *L = OCE->getArg(0), *R = OCE->getArg(1);
  const StringLiteral *Lit = stringLiteralOf(R);
  if (!Lit) {
    std::swap(L, R);
    Lit = stringLiteralOf(R);
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(L->IgnoreParenImpCasts());
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!Lit || !PVD || PVD->getDeclContext() != FD)
    return std::nullopt;
  int64_t K = stringConstant(Lit->getBytes());
  CondFact F{PVD->getCanonicalDecl(), Fact{Fact::Eq, K}, Fact{Fact::Ne, K}};
  if (OCE->getOperator() == OO_ExclaimEqual)
    std::swap(F.IfTrue, F.IfFalse);
  return F;
}

std::optional<int64_t> FunctionAnalysis::constantOf(const Expr *E) const {
  if (E->isValueDependent())
    return std::nullopt;
  if (E->isNullPointerConstant(C.Ctx, Expr::NPC_ValueDependentIsNotNull))
    return 0;
  Expr::EvalResult ER;
  if (E->EvaluateAsInt(ER, C.Ctx))
    return ER.Val.getInt().getExtValue();
  return std::nullopt;
}

/// `errno`: glibc's `(*__errno_location())`, the BSDs' `(*__error())`.
static bool isErrno(const Expr *E) {
  const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  const auto *Call = UO && UO->getOpcode() == UO_Deref
                         ? dyn_cast<CallExpr>(UO->getSubExpr()->IgnoreParenImpCasts())
                         : nullptr;
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return F && F->getIdentifier() &&
         llvm::is_contained({"__errno_location", "__error", "_errno"},
                            F->getName());
}

std::optional<Fact> FunctionAnalysis::valueFact(const Expr *E,
                                                const State &S) const {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (std::optional<int64_t> V = constantOf(E))
    return Fact{Fact::Eq, *V};
  if (isErrno(E))
    return Fact{Fact::AtLeast, 1};
  const Expr *Inner = E->IgnoreParenImpCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(Inner)) {
    std::optional<Fact> T = valueFact(CO->getTrueExpr(), S);
    std::optional<Fact> F = T ? valueFact(CO->getFalseExpr(), S) : std::nullopt;
    return F ? T->hull(*F) : std::nullopt;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Inner);
      UO && UO->getOpcode() == UO_Minus) {
    std::optional<Fact> F = valueFact(UO->getSubExpr(), S);
    if (!F)
      return std::nullopt;
    switch (F->Kind) {
    case Fact::Eq:
    case Fact::Ne:
      return Fact{F->Kind, -F->Value};
    case Fact::AtLeast:
      return Fact{Fact::AtMost, -F->Value};
    case Fact::AtMost:
      return Fact{Fact::AtLeast, -F->Value};
    default:
      return std::nullopt;
    }
  }
  if (!Inner->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  if (const void *Subject = subjectOf(Inner))
    if (auto It = S.Known.find(Subject); It != S.Known.end())
      return It->second;
  return std::nullopt;
}

/// The member flags whose entry values this path tested: the caller
/// decides them, whether or not this function assigns them later.
std::vector<std::pair<RootRef, Fact>>
FunctionAnalysis::entryPreconditions(const Facts &Entry) const {
  std::vector<std::pair<RootRef, Fact>> Pre;
  // `pending_.size() >= 0`, what paths that found it empty and not empty
  // join to, holds of every size: no precondition.
  auto Vacuous = [](const Path &P, const Fact &F) {
    if (F.Kind != Fact::AtLeast || F.Value > 0 || P.size() < 2 ||
        !isAccessorPart(P.back()))
      return false;
    const auto *MD = dyn_cast<CXXMethodDecl>(
        static_cast<const Decl *>(static_cast<const NamedDecl *>(P.back())));
    return MD && MD->getIdentifier() && MD->getName() == "size";
  };
  for (const auto &[Subject, F] : Entry)
    if (const Path *P = C.subject(Subject)) {
      if (Vacuous(*P, F))
        continue;
      if (std::optional<Effect> E = entryRoot(*P))
        Pre.push_back({E->root(), F});
    } else if (paramTerm(Subject)) {
      if (!Vacuous(*C.termPath(Subject), F))
        Pre.push_back({entryRoot(*C.termPath(Subject))->root(), F});
    } else if (std::optional<unsigned> I = scalarParamOf(Subject)) {
      RootRef R;
      R.Root = RootKind::Param;
      R.Param = *I;
      Pre.push_back({R, F});
    }
  return Pre;
}

bool FunctionAnalysis::paramTerm(const void *Var) const {
  const Path *T = C.termPath(Var);
  if (!T || T->size() < 2 || T->front() == ThisRoot ||
      !isa<ParmVarDecl>(static_cast<const VarDecl *>(T->front())))
    return false;
  std::optional<Effect> E = entryRoot(*T);
  return E && E->Root == RootKind::Param;
}

const void *FunctionAnalysis::knownKeyOf(const Path &P, const State &S) const {
  if (const void *T = C.termIfAny(P); T && S.Known.count(T))
    return T;
  return C.intern(P);
}

std::optional<unsigned> FunctionAnalysis::scalarParamOf(const void *Var) const {
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getCanonicalDecl() == Var) {
      // `int &fd` too: its entry value is the caller's. One that is changed
      // (assigned, stepped) is no longer its entry value from there on
      // (State::Assigned); one handed on by reference may be.
      QualType T = P->getType().getNonReferenceType();
      bool Reference = P->getType()->isLValueReferenceType();
      // A pointer too: `if (fp) fclose(fp);` closes where the caller's
      // stream is not null.
      if ((T->isIntegralOrEnumerationType() || T->isBooleanType() ||
           T->isPointerType()) &&
          (unmodified(P) || (Reference && onlyAssigned(P))))
        return P->getFunctionScopeIndex();
      return std::nullopt;
    }
  return std::nullopt;
}

bool FunctionAnalysis::argumentExcludes(const RootRef &Root,
                                        const Fact &Needed,
                                        const Invocation &Inv,
                                        const State &S) const {
  if (Root.Root != RootKind::Param || !Root.Suffix.empty() ||
      Root.Param >= Inv.Args.size() || !Inv.Args[Root.Param])
    return false;
  const Expr *Arg = Inv.Args[Root.Param];
  Expr::EvalResult ER;
  if (!Arg->isValueDependent() && Arg->EvaluateAsInt(ER, C.Ctx))
    return Fact{Fact::Eq, ER.Val.getInt().getExtValue()}.contradicts(Needed);
  if (const void *V = subjectOf(Arg))
    if (auto It = S.Known.find(V); It != S.Known.end())
      return It->second.contradicts(Needed);
  return false;
}

/// True when a callee's use, made only under Pre, cannot happen while K is
/// closed in the caller: the flags it needs contradict what the caller
/// knows, or what held when K was closed.
bool FunctionAnalysis::excludedBy(
    const std::vector<std::pair<RootRef, Fact>> &Pre, const Invocation &Inv,
    const Key &K, const State &S) const {
  auto Closed = S.Keys.find(K);
  // The element at a key, closed as every element was (`lances_[id]` after
  // a pass that retired some): what every closed one's flags say.
  const bool Every = Closed == S.Keys.end() && llvm::any_of(K.P, isKeyPart);
  if (Every)
    Closed = S.Keys.find(Key{K.Profile, withoutKeys(K.P)});
  for (const auto &[Root, Needed] : Pre) {
    if (argumentExcludes(Root, Needed, Inv, S))
      return true;
    std::optional<Path> P = mapRoot(Inv, Root, S);
    if (!P)
      continue;
    const void *Subject = knownKeyOf(*P, S);
    if (auto It = S.Known.find(Subject);
        It != S.Known.end() && It->second.contradicts(Needed))
      return true;
    if (Closed == S.Keys.end())
      continue;
    const void *ClosedSubject = Every ? C.intern(withoutKeys(*P)) : Subject;
    if (auto It = Closed->second.Cond.find(ClosedSubject);
        It != Closed->second.Cond.end() && It->second.contradicts(Needed))
      return true;
  }
  return false;
}

/// Applies what the branch from From to its SuccIdx-th successor teaches.
/// Returns false when the edge cannot be taken given the known facts.
bool FunctionAnalysis::firstHandler(const CXXTryStmt *Try,
                                    const CXXRecordDecl *Thrown,
                                    const CXXCatchStmt *&First) const {
  First = nullptr;
  for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
    const CXXCatchStmt *H = Try->getHandler(I);
    QualType T = H->getCaughtType();
    if (T.isNull()) { // catch (...)
      First = H;
      return true;
    }
    const CXXRecordDecl *Caught =
        T.getNonReferenceType().getUnqualifiedType()->getAsCXXRecordDecl();
    if (!Caught || !Caught->hasDefinition())
      continue;
    Caught = Caught->getDefinition();
    if (Caught->getCanonicalDecl() == Thrown->getCanonicalDecl() ||
        Thrown->isDerivedFrom(Caught)) {
      First = H;
      return true;
    }
  }
  return true;
}

/// True when one of Thrown (classes, or StdThrow for the standard
/// library's) is first caught by Catch among Try's handlers.
bool FunctionAnalysis::reachesHandler(const CXXTryStmt *Try,
                                      const std::set<const void *> &Thrown,
                                      const CXXCatchStmt *Catch) const {
  for (const void *T : Thrown) {
    const CXXCatchStmt *First = nullptr;
    if (auto R = C.Rethrows.find(T); R != C.Rethrows.end()) {
      if (rethrowReaches(Try, R->second, Catch))
        return true;
      continue;
    }
    if (T == StdThrow) {
      // The first handler of a standard class, or of any exception.
      for (unsigned I = 0; I < Try->getNumHandlers() && !First; ++I) {
        const CXXCatchStmt *H = Try->getHandler(I);
        QualType CT = H->getCaughtType();
        const CXXRecordDecl *RD =
            CT.isNull() ? nullptr
                        : CT.getNonReferenceType()->getAsCXXRecordDecl();
        if (CT.isNull() || !RD || RD->isInStdNamespace())
          First = H;
      }
    } else {
      firstHandler(Try, static_cast<const CXXRecordDecl *>(T), First);
    }
    if (First == Catch)
      return true;
  }
  return false;
}

/// A rethrown exception of a class derived from R.Caught, and from none of
/// R.Excluded, reaches Catch: a handler before it takes every such class
/// (catch-all, or of R.Caught or a base), Catch takes some.
bool FunctionAnalysis::rethrowReaches(const CXXTryStmt *Try,
                                      const Context::Rethrown &R,
                                      const CXXCatchStmt *Catch) const {
  auto Within = [](const CXXRecordDecl *D, const CXXRecordDecl *B) {
    return D->getCanonicalDecl() == B->getCanonicalDecl() ||
           D->isDerivedFrom(B);
  };
  for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
    const CXXCatchStmt *H = Try->getHandler(I);
    QualType CT = H->getCaughtType();
    const CXXRecordDecl *RD =
        CT.isNull() ? nullptr : CT.getNonReferenceType()->getAsCXXRecordDecl();
    if (RD && !RD->hasDefinition())
      continue;
    if (RD)
      RD = RD->getDefinition();
    bool TakesAll = CT.isNull() || (RD && Within(R.Caught, RD));
    bool TakesSome =
        TakesAll || (RD && Within(RD, R.Caught) &&
                     llvm::none_of(R.Excluded, [&](const CXXRecordDecl *X) {
                       return Within(RD, X);
                     }));
    if (H == Catch)
      return TakesSome;
    if (TakesAll)
      return false;
  }
  return false;
}

/// The value `this != &other` (or `==`, either way round) has when the
/// reference parameter `other` of FD names the object itself. Callers
/// assign and swap distinct objects: that edge is taken as never run, so
/// `if (this != &other) { reset(other.release()); }` closes on every call.
static std::optional<bool> selfComparison(const FunctionDecl *FD,
                                          const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(stripWrappers(Cond));
  if (!BO || !BO->isEqualityOp() || !isa<CXXMethodDecl>(FD))
    return std::nullopt;
  auto IsThis = [](const Expr *E) {
    return isa<CXXThisExpr>(E->IgnoreParenImpCasts());
  };
  auto IsParamAddress = [&](const Expr *E) {
    const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
    const auto *DRE = UO && UO->getOpcode() == UO_AddrOf
                          ? dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts())
                          : nullptr;
    const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    const auto *Owner =
        PVD ? dyn_cast<FunctionDecl>(PVD->getDeclContext()) : nullptr;
    return Owner && PVD->getType()->isReferenceType() &&
           Owner->getCanonicalDecl() == FD->getCanonicalDecl();
  };
  if ((IsThis(BO->getLHS()) && IsParamAddress(BO->getRHS())) ||
      (IsThis(BO->getRHS()) && IsParamAddress(BO->getLHS())))
    return BO->getOpcode() == BO_EQ;
  return std::nullopt;
}

const void *FunctionAnalysis::rangeSizeSubject(const CXXForRangeStmt *FR) const {
  const Expr *Range = FR->getRangeInit();
  const auto *DRE = Range ? dyn_cast<DeclRefExpr>(stripWrappers(Range)) : nullptr;
  const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const CXXRecordDecl *RD =
      Var ? Var->getType().getNonReferenceType()->getAsCXXRecordDecl() : nullptr;
  if (!RD || !RD->isInStdNamespace())
    return nullptr;
  const CXXMethodDecl *Size = nullptr;
  for (const NamedDecl *ND : RD->lookup(&C.Ctx.Idents.get("size")))
    if (const auto *M = dyn_cast<CXXMethodDecl>(ND); M && M->getNumParams() == 0)
      Size = M;
  if (!Size)
    return nullptr;
  // As stable as stableTerm() wants `v.size()`.
  findModified();
  if (!Var->getType().getNonReferenceType().isConstQualified() &&
      (Modified->count(Var->getCanonicalDecl()) ||
       Resized->count(Var->getCanonicalDecl())))
    return nullptr;
  std::optional<Path> P = rawPathOf(DRE);
  if (!P || llvm::is_contained(*P, ElementMark) ||
      !valueOutlivesLoops(P->front()))
    return nullptr;
  P->push_back(Size->getCanonicalDecl());
  return C.term(*P);
}

bool FunctionAnalysis::applyEdge(const CFGBlock &From, unsigned SuccIdx,
                                 State &S) {
  // Into a range-for's body: the range holds an element (`if
  // (batches.empty()) pclose(lp);` closed only where the loop is skipped).
  if (const auto *FR = dyn_cast_or_null<CXXForRangeStmt>(From.getTerminatorStmt());
      FR && SuccIdx == 0)
    if (const void *Size = rangeSizeSubject(FR))
      if (!learn(Size, Fact{Fact::AtLeast, 1}, S))
        return false;
  // Into the body of a loop over every index: the next element.
  if (const auto *FS = dyn_cast_or_null<ForStmt>(From.getTerminatorStmt());
      FS && SuccIdx == 0 && !indexLoops().empty())
    for (const auto &[Var, Loop] : indexLoops())
      if (Loop.Loop == FS && FS->getBody())
        enterElement(Loop.Range, FS->getBody(), S);
  // From a try's dispatch to a handler: an object that is closed only
  // where a use threw an exception this handler does not get is open here.
  if (const auto *Try = dyn_cast_or_null<CXXTryStmt>(From.getTerminatorStmt())) {
    const CFGBlock *To = *(From.succ_begin() + SuccIdx);
    const auto *Catch =
        To ? dyn_cast_or_null<CXXCatchStmt>(To->getLabel()) : nullptr;
    for (const auto &[K, Type] : S.ThrownIfClosed) {
      const CXXRecordDecl *Thrown = C.recordNamed(Type);
      const CXXCatchStmt *First = nullptr;
      if (!Thrown || !firstHandler(Try, Thrown, First))
        continue;
      // Under every profile: the object is open on these paths.
      if (First != Catch)
        for (auto It = S.Keys.begin(); It != S.Keys.end();)
          It = It->first.P == K.P ? S.Keys.erase(It) : std::next(It);
    }
    S.ThrownIfClosed.clear();
    // Closed only where the call threw what this handler does not get.
    for (auto It = S.Keys.begin(); It != S.Keys.end();) {
      std::optional<std::set<const void *>> Thrown = std::move(It->second.Thrown);
      It->second.Thrown.reset();
      bool Open = Catch && Thrown && !reachesHandler(Try, *Thrown, Catch);
      It = Open ? S.Keys.erase(It) : std::next(It);
    }
    return true;
  }
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(From.getTerminatorStmt())) {
    return applySwitchEdge(From, SuccIdx, SW, S);
  }
  if (From.succ_size() != 2 || !From.getTerminatorStmt())
    return true;
  const auto *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  if (!Cond)
    return true;
  bool EdgeValue = SuccIdx == 0; // successor 0 is the true branch
  if (std::optional<bool> Self = selfComparison(FD, Cond); Self == EdgeValue)
    return false;
  // In a branch (`if (a && b)`, `while (a || b)`) the left operand of a
  // logical operator has branched in a block of its own, so this block only
  // decides the right one. In a value context (a do-while condition, `bool
  // x = a && b;`) the block computes the operator's value itself, from the
  // left operand's block and the right one's, and only what the whole
  // condition's value proves is known.
  const auto *Logical = dyn_cast<BinaryOperator>(stripWrappers(Cond));
  bool ValueContext =
      Logical && Logical->isLogicalOp() && !ThreadedEdge &&
      llvm::any_of(From, [&](const CFGElement &El) {
        std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
        return CS && CS->getStmt() == Logical;
      });
  for (const auto &[Var, Learned] : learnedFrom(Cond, EdgeValue, !ValueContext)) {
    noteFinishedThreads(Var, Learned, S);
    if (!learn(Var, Learned, S))
      return false;
  }
  if (ValueContext)
    for (auto It = S.Keys.begin(); It != S.Keys.end();)
      It = refutes(It->second, Cond, EdgeValue) ? S.Keys.erase(It)
                                                : std::next(It);
  // A guard proves the object open on one edge; past it, a use no longer
  // depends on what the caller did. On the other edge a query the
  // condition makes itself found it closed (`if (!c.isClosed()) return;`).
  if (!ValueContext)
    for (const Guard &G : guardsIn(Cond, /*Negated=*/false, S)) {
      if (G.OpenWhen == EdgeValue)
        applyGuard(G, S);
      else if (const CallExpr *Query = directQuery(Cond); Query && !G.OnlyOpen)
        queriedClosed(G.K, Query, S);
    }
  for (const Guard &G : impliedGuards(Cond, EdgeValue, S))
    applyGuard(G, S);
  endUnjoinable(Cond, EdgeValue, S);
  return true;
}

/// A standard container of threads or futures.
static bool holdsTasks(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  return isStdType(Spec->getTemplateArgs()[0].getAsType(),
                   {"thread", "jthread", "future", "shared_future"});
}

/// `if (worker_.joinable()) worker_.join();`: where a thread is not
/// joinable (a future not valid) no task runs on it.
void FunctionAnalysis::endUnjoinable(const Expr *Cond, bool Value, State &S) {
  Cond = stripWrappers(Cond);
  while (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
    if (UO->getOpcode() != UO_LNot)
      return;
    Value = !Value;
    Cond = stripWrappers(UO->getSubExpr());
  }
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  const Expr *Obj = MCE ? MCE->getImplicitObjectArgument() : nullptr;
  if (!MD || !MD->getIdentifier() || !Obj)
    return;
  bool Thread = !Value && isStdType(Obj->getType(), {"thread", "jthread"}) &&
                MD->getName() == "joinable";
  bool Future = !Value &&
                isStdType(Obj->getType(), {"future", "shared_future"}) &&
                MD->getName() == "valid";
  // `if (!workers_.empty()) stop();`: an empty container of threads holds
  // none that runs.
  bool NoElement = Value && MD->getName() == "empty" &&
                   holdsTasks(Obj->getType());
  if (!Thread && !Future && !NoElement)
    return;
  if (std::optional<Path> Handle = pathOf(Obj, S))
    endTasks(S, [&](const Task &T) {
      return T.Handle && (T.Handle == Handle ||
                          (NoElement && hasPrefix(*T.Handle, *Handle,
                                                  /*OrEqual=*/false)));
    });
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
  // `st.failed()`: the verdict of the result, whichever query tests it.
  std::vector<std::pair<const void *, Fact>> Result;
  if (auto Verdict = verdictLearned(Cond, Value))
    Result.push_back(*Verdict);
  if (auto Imported = importedFieldTest(Cond, Value)) {
    Result.push_back(*Imported);
    return Result;
  }
  if (auto Presence = presenceLearned(Cond, Value)) {
    Result.push_back(*Presence);
    // `cfg.standby.empty()`: of its size too, which a callee's
    // precondition on its parameter names.
    if (std::optional<CondFact> CF = factIn(Cond))
      if (const std::optional<Fact> &F = Value ? CF->IfTrue : CF->IfFalse)
        Result.push_back({CF->Var, *F});
    return Result;
  }
  // `st.ok()` whose body is `!fatal && err == 0`: what its test teaches of
  // the local's fields, every operand that holds (the body has no blocks
  // of its own that decide on its right operand).
  if (auto Body = resultTestBody(Cond)) {
    for (const auto &[Subject, F] : learnedFrom(Body->Test, Value, false))
      if (const void *Field = resultFieldOf(Subject, *Body))
        Result.push_back({Field, F});
    return Result;
  }
  if (!Result.empty())
    return Result;
  Result = storedCallTest(Cond, Value);
  std::optional<CondFact> CF = factIn(Cond);
  const std::optional<Fact> *Learned =
      CF ? &(Value ? CF->IfTrue : CF->IfFalse) : nullptr;
  if (Learned && *Learned)
    Result.push_back({CF->Var, **Learned});
  return Result;
}

/// `bool ok = scanSlide(s, x) == ScanStatus::Ok; if (!ok) return;`: a flag
/// never changed after its initializer tested calls' results (or a local
/// result nothing changes after), says what that test says of them.
std::vector<std::pair<const void *, Fact>>
FunctionAnalysis::storedCallTest(const Expr *Cond, bool Value) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(Cond);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || !VD->getType()->isBooleanType() ||
      !VD->getInit() || !initReaches(VD, Cond))
    return {};
  llvm::SmallPtrSet<const void *, 4> Calls;
  llvm::SmallVector<const Stmt *, 16> Stack{VD->getInit()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (isa<CallExpr>(St))
      Calls.insert(St);
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  std::vector<std::pair<const void *, Fact>> Result;
  if (Calls.empty())
    return Result;
  for (const auto &[Subject, F] : learnedFrom(VD->getInit(), Value, false)) {
    const auto *RF = C.ResultFieldOf.lookup(Subject);
    // `bool fine = st.ok();` of a local result nothing changes after.
    const Path *P = C.subject(Subject);
    const auto *Root = P && P->size() == 2 && P->front() != ThisRoot
                           ? static_cast<const Decl *>(P->front())
                           : nullptr;
    const auto *Local = dyn_cast_or_null<VarDecl>(Root);
    if (Calls.count(Subject) || (RF && Calls.count(RF->first)) ||
        (Local && Local->hasLocalStorage() && Local->getType()->isRecordType() &&
         unmodified(Local)))
      Result.push_back({Subject, F});
  }
  return Result;
}

/// Records that Var has the value Learned says on this edge. Returns false
/// when what is known contradicts it: the edge cannot be taken.
/// `do { rc = p.close(); } while ((rc == EINTR || rc == EBUSY) && n < 5);`:
/// the value of a condition the block computes itself says only that one
/// side of an `||` holds, yet an object closed only where every side fails
/// (closed only where rc == 0) is open where the condition holds.
bool FunctionAnalysis::refutes(const Closed &Cl, const Expr *Cond,
                               bool Value) const {
  Cond = stripWrappers(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return refutes(Cl, UO->getSubExpr(), !Value);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond); BO && BO->isLogicalOp()) {
    bool Both = (BO->getOpcode() == BO_LAnd) == Value;
    bool L = refutes(Cl, BO->getLHS(), Value);
    bool R = refutes(Cl, BO->getRHS(), Value);
    return Both ? L || R : L && R;
  }
  return llvm::any_of(learnedFrom(Cond, Value, false), [&](const auto &VF) {
    auto It = Cl.Cond.find(VF.first);
    return It != Cl.Cond.end() && It->second.contradicts(VF.second);
  });
}

/// The value of a difference `i - v.size()` where both are known exactly
/// (Cond first, then Known): `i = 0` and `v.empty()` make it 0.
static std::optional<int64_t> differenceValue(const Context &C,
                                              const Context::Difference &D,
                                              const Facts &Known,
                                              const Facts *Cond) {
  auto Exact = [&](const void *Subject) -> std::optional<int64_t> {
    for (const Facts *F : {Cond, &Known})
      if (F)
        if (auto It = F->find(Subject); It != F->end() && It->second.Kind == Fact::Eq)
          return It->second.Value;
    return std::nullopt;
  };
  const void *Term = C.termIfAny(D.second);
  std::optional<int64_t> V = Exact(D.first);
  std::optional<int64_t> T = Term ? Exact(Term) : std::nullopt;
  if (!V || !T)
    return std::nullopt;
  return *V - *T;
}

/// `for (size_t i = 0; i < n; ++i) { ... if (i + 1 == n) close(fd); }`:
/// where `i - n == -1` with a counter that is never negative (unsigned, or
/// known bounded below), n >= 1; what is closed there is closed only
/// where n >= 1, so `if (n == 0) close(fd);` after the loop is no second
/// close. The bound on the term (a local's own key, or a stable value's)
/// that a fact of the difference gives, when one does.
std::optional<std::pair<const void *, Fact>>
FunctionAnalysis::termBound(const Context::Difference &D, const Fact &F,
                            const Facts &Known) const {
  if (F.Kind != Fact::Eq && F.Kind != Fact::AtMost)
    return std::nullopt;
  std::optional<int64_t> Low;
  if (D.first->getType()->isUnsignedIntegerType())
    Low = 0;
  if (auto It = Known.find(D.first);
      It != Known.end() &&
      (It->second.Kind == Fact::AtLeast || It->second.Kind == Fact::Eq))
    Low = std::max(Low.value_or(It->second.Value), It->second.Value);
  const void *Term = D.second.size() == 1 ? D.second.front()
                                          : C.termIfAny(D.second);
  if (!Low || !Term)
    return std::nullopt;
  // n = i - (i - n) >= Low - F.Value.
  return std::make_pair(Term, Fact{Fact::AtLeast, *Low - F.Value});
}

/// What Known and then Learned say together of Var, as one fact: Learned,
/// unless Var is a member of an enumeration type, where two tests
/// (`state_ != Closed`, then `state_ != Handshaking`) leave the
/// enumerators both allow.
Fact FunctionAnalysis::enumMeet(const void *Var, const Fact &Known,
                                const Fact &Learned) const {
  if (Learned.implies(Known) || Known.Kind == Fact::Eq)
    return Learned;
  const Path *P = C.subject(Var);
  const FieldDecl *F = P ? fieldPart(P->back()) : nullptr;
  const auto *ET = F ? F->getType()->getAs<EnumType>() : nullptr;
  const EnumDecl *ED = ET ? ET->getDecl()->getDefinition() : nullptr;
  if (!ED)
    return Learned;
  uint64_t Both = 0;
  for (const EnumConstantDecl *EC : ED->enumerators()) {
    int64_t V = EC->getInitVal().getExtValue();
    if (!Fact::member(V))
      return Learned;
    Fact Value{Fact::Eq, V};
    if (!Value.contradicts(Known) && !Value.contradicts(Learned))
      Both |= Fact::mask1(V);
  }
  if (!Both || Fact::count(Both) > Fact::MaxInSize)
    return Learned;
  return Fact::ofMask(Both);
}

bool FunctionAnalysis::learn(const void *Var, const Fact &Learned,
                             State &S) const {
  auto Known = S.Known.find(Var);
  if (Known != S.Known.end() && Known->second.contradicts(Learned))
    return false;
  const Context::Difference *Diff = C.differenceOf(Var);
  if (Diff)
    if (std::optional<int64_t> V = differenceValue(C, *Diff, S.Known, nullptr);
        V && Learned.contradicts(Fact{Fact::Eq, *V}))
      return false;
  if (Known == S.Known.end() || Known->second.Kind != Fact::Eq)
    S.Known[Var] = Known == S.Known.end()
                       ? Learned
                       : enumMeet(Var, Known->second, Learned);
  // A subject under an object the function let something write since entry
  // (`fread(&footer, ...)` before `footer.magic == kMagic`), though not yet
  // a subject then, says nothing of the entry state.
  const Path *SubjectPath = C.subject(Var);
  bool WrittenSince =
      SubjectPath && llvm::any_of(S.TouchedPrefixes, [&](const auto &TP) {
        return hasPrefix(*SubjectPath, TP.first, TP.second);
      });
  const bool StableParamTerm = !SubjectPath && paramTerm(Var);
  if ((SubjectPath || StableParamTerm || scalarParamOf(Var)) &&
      !S.Assigned.count(Var) && !WrittenSince) {
    auto Entry = S.Entry.find(Var);
    if (Entry == S.Entry.end() || Entry->second.Kind != Fact::Eq)
      S.Entry[Var] = Entry == S.Entry.end()
                         ? Learned
                         : enumMeet(Var, Entry->second, Learned);
  }
  if (auto Ex = ExchangedEntry.find(Var);
      Ex != ExchangedEntry.end() && Ex->second) {
    auto Entry = S.Entry.find(Ex->second);
    if (Entry != S.Entry.end() && Entry->second.contradicts(Learned))
      return false;
    if (Entry == S.Entry.end() || Entry->second.Kind != Fact::Eq)
      S.Entry[Ex->second] = Learned;
  }
  noteFlagLocks(Var, S);
  // `if (::send(fd, ...) != n) throw ...;`: past it the send succeeded,
  // which it cannot on a closed descriptor.
  if (auto Use = FailingUses.find(Var); Use != FailingUses.end())
    for (const auto &[K, Fails] : Use->second)
      if (Learned.contradicts(Fact{Fact::Eq, Fails}))
        noteProvedOpen(K, S);
  if (Diff)
    if (auto Bound = termBound(*Diff, Learned, S.Known);
        Bound && !learn(Bound->first, Bound->second, S))
      return false;
  // Tasks running only on paths this branch excludes are not running here.
  for (auto It = S.Tasks.begin(); It != S.Tasks.end();) {
    auto C2 = It->second.Cond.find(Var);
    It = C2 != It->second.Cond.end() && C2->second.contradicts(Learned)
             ? S.Tasks.erase(It)
             : std::next(It);
  }
  // Objects closed only on paths this branch excludes are open here;
  // those closed exactly when this branch is taken are closed.
  // `it->second.retired` at a key, where every element is closed while its
  // own flag is set: the element at that key is not one of them.
  const void *AnyElement = nullptr;
  if (SubjectPath && llvm::any_of(*SubjectPath, isKeyPart))
    AnyElement = C.intern(withoutKeys(*SubjectPath));
  // A close this branch refutes did not happen: the queries it made stale
  // tell again.
  auto Refuted = [&](std::map<Key, Closed>::iterator It) {
    for (const auto &[Var, Guards] : It->second.StaleQueries)
      S.QueryVars.emplace(Var, Guards);
    return S.Keys.erase(It);
  };
  for (auto It = S.Keys.begin(); It != S.Keys.end();) {
    Closed &Cl = It->second;
    if (auto Every = AnyElement ? Cl.Cond.find(AnyElement) : Cl.Cond.end();
        Every != Cl.Cond.end() && Every->second.contradicts(Learned))
      if (std::optional<Path> At = atKeyOf(It->first.P, *SubjectPath))
        S.TouchedKeys.insert(Key{It->first.Profile, std::move(*At)});
    auto C2 = Cl.Cond.find(Var);
    if (C2 != Cl.Cond.end() && C2->second.contradicts(Learned)) {
      It = Refuted(It);
      continue;
    }
    // `if (tail.empty()) ch.close();` then `for (i = 0; i < tail.size();
    // ...)`: closed only where the loop's body is not entered.
    if (Diff)
      if (std::optional<int64_t> V = differenceValue(C, *Diff, S.Known, &Cl.Cond);
          V && Learned.contradicts(Fact{Fact::Eq, *V})) {
        It = S.Keys.erase(It);
        continue;
      }
    if (auto A = Cl.AnyCond.find(Var);
        A != Cl.AnyCond.end() && A->second.contradicts(Learned)) {
      Cl.AnyCond.erase(A);
      if (Cl.AnyCond.empty()) {
        It = S.Keys.erase(It);
        continue;
      }
    }
    if (Cl.OpenUnless == Var && C2 != Cl.Cond.end() &&
        Learned.implies(C2->second)) {
      Cl.MaybeOpen = false;
      Cl.OpenUnless = nullptr;
    }
    // On this path the object is closed and Var is as learned: a later test
    // that contradicts it (a loop's bound, after the counter stepped) is
    // not taken while the object is closed. (OpenUnless keeps the fact it
    // names.)
    if (Cl.OpenUnless != Var)
      Cl.Cond[Var] =
          C2 == Cl.Cond.end() ? Learned : C2->second.meet(Learned);
    // A parameter's stable term held the same on entry: the close stands
    // only where the caller's value has it (`if (!standby.empty())
    // replace();` leaves it closed only for an empty one).
    if (StableParamTerm) {
      auto E = Cl.EntryCond.find(Var);
      Cl.EntryCond[Var] =
          E == Cl.EntryCond.end() ? Learned : E->second.meet(Learned);
    }
    ++It;
  }
  return true;
}

} // namespace typestate
} // namespace errlint
