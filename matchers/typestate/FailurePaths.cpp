//===- FailurePaths.cpp - What a function's failure paths tell its callers ===//
//
// A function that closes an object only where it fails, and says so (an
// error result, an error code it was given left set), does not leave the
// object closed where it succeeds; and closing an object fails the
// operations pending on it, so the error their handlers store is set
// wherever the object was closed.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "typestate/ResultVerdict.h"

using namespace clang;

namespace errlint {
namespace typestate {

void FunctionAnalysis::noteReturn(const ReturnStmt *RS, const State &S) {
  if (!Replay)
    return;
  ReturnInfo R;
  if (const Expr *V = RS->getRetValue()) {
    Expr::EvalResult ER;
    if (V->isValueDependent())
      ;
    else if (V->isNullPointerConstant(C.Ctx,
                                      Expr::NPC_ValueDependentIsNotNull) ||
             isEmptyValue(V))
      R.Value = 0;
    else if (V->EvaluateAsInt(ER, C.Ctx))
      R.Value = ER.Val.getInt().getExtValue();
    // `if (s == Status::Failed) { c.close(); return s; }`: what this path
    // knows of the variable returned.
    else if (const void *Subject =
                 V->getType()->isIntegralOrEnumerationType() ? subjectOf(V)
                                                              : nullptr)
      if (auto It = S.Known.find(Subject);
          It != S.Known.end() && It->second.Kind == Fact::Eq)
        R.Value = It->second.Value;
    if (!R.Value && V->getType()->isIntegralOrEnumerationType())
      if (std::optional<Fact> F = valueFact(V, S)) {
        if (F->Kind == Fact::Eq)
          R.Value = F->Value;
        else
          R.NonZero = F->contradicts(Fact{Fact::Eq, 0});
        R.Negative = F->contradicts(Fact{Fact::AtLeast, 0});
      }
    if (R.Value && *R.Value < 0)
      R.Negative = true;
  }
  noteReturned(RS, S);
  // `return writeAll(fd, buf, n) == 0;`: a result that is a test returns
  // false where the test fails and true where it holds; each path knows
  // what the test says (writeAll() closed fd where it returned -1).
  const Expr *V = RS->getRetValue();
  if (!R.Value && V && !V->isValueDependent() && V->getType()->isBooleanType()) {
    for (bool Value : {false, true}) {
      State Path = S;
      bool Feasible = true;
      for (const auto &[Subject, F] : learnedFrom(V, Value, false))
        Feasible &= learn(Subject, F, Path);
      if (!Feasible)
        continue;
      ReturnInfo Split = returnInfo(Path);
      Split.Value = Value;
      Returns.push_back(std::move(Split));
    }
    return;
  }
  ReturnInfo Info = returnInfo(S);
  R.Closed = std::move(Info.Closed);
  R.Failure = std::move(Info.Failure);
  R.Entry = std::move(Info.Entry);
  R.Tasks = std::move(Info.Tasks);
  R.ProvedOpen = std::move(Info.ProvedOpen);
  // `r = s.close(); ... return r;` where the close holds only for one value
  // of r (a close reporting failure did not close): the path returns that
  // value closed, or another one open.
  if (!R.Value && V)
    if (std::optional<ReturnInfo> Open = splitOnValue(V, S, R))
      Returns.push_back(std::move(*Open));
  if (V)
    if (std::optional<ReturnInfo> Open = noteReturnedFields(V, S, R))
      Returns.push_back(std::move(*Open));
  Returns.push_back(std::move(R));
}

/// The local struct a return hands back whole (`return outcome;`, moved or
/// copied), or null.
static const VarDecl *returnedLocalRecord(const Expr *V) {
  const VarDecl *VD = returnedLocal(V);
  return VD && VD->getType()->isRecordType() ? VD : nullptr;
}

/// The fields a struct result's flags are read from: scalars, not
/// volatile.
static bool isResultField(const FieldDecl *F) {
  QualType T = F->getType();
  return T->isIntegralOrEnumerationType() && !T.isVolatileQualified();
}

/// The fields whose values a result is built with: flags and codes, and
/// strings and optionals that hold something or not (a message, a value).
static bool isBuiltField(const FieldDecl *F) {
  return isResultField(F) || isPresenceField(F);
}

namespace {

/// The arguments a factory's or constructor's parameters stand for, across
/// the calls that built a value (`Status::failure(ENOENT, m, true)` into
/// `s.fatal = fatal;`), default arguments included.
using ArgBindings = llvm::DenseMap<const ParmVarDecl *, const Expr *>;

void bindArguments(const FunctionDecl *Callee, llvm::ArrayRef<const Expr *> Args,
                   ArgBindings &B) {
  for (unsigned I = 0; I < Callee->getNumParams() && I < Args.size(); ++I)
    B[Callee->getParamDecl(I)] = Args[I];
}

/// E with the parameters it names replaced by the arguments bound to them.
const Expr *resolve(const Expr *E, const ArgBindings &B, unsigned Depth = 0) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Bare))
    Bare = DA->getExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Bare);
  const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  auto It = PVD ? B.find(PVD) : B.end();
  if (It == B.end() || Depth > 4)
    return E;
  return resolve(It->second, B, Depth + 1);
}

/// The constant value of E, when it has one.
std::optional<int64_t> constantValue(const Expr *E, ASTContext &Ctx,
                                     const ArgBindings &B) {
  if (!E)
    return std::nullopt;
  E = resolve(E, B);
  Expr::EvalResult ER;
  if (E->isValueDependent() || !E->EvaluateAsInt(ER, Ctx))
    return std::nullopt;
  return ER.Val.getInt().getExtValue();
}

/// X in `std::move(X)`, `std::forward<T>(X)`.
const Expr *withoutMove(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
      Call->getNumArgs() == 1 &&
      (FD->getName() == "move" || FD->getName() == "forward"))
    return Call->getArg(0);
  return E;
}

/// Whether the string or optional E makes holds something (1) or nothing
/// (0): `""`, `"x" + name`, `std::to_string(n)`, `std::nullopt`, `{}`, a
/// value an optional is made from; parameters stand for their arguments.
std::optional<int64_t> presenceValue(const Expr *E, const ArgBindings &B,
                                     unsigned Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = resolve(E, B)->IgnoreImplicit()->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return presenceValue(FC->getSubExpr(), B, Depth + 1);
  if (const Expr *Moved = withoutMove(E); Moved != E)
    return presenceValue(Moved, B, Depth + 1);
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return SL->getLength() > 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (isStdType(DRE->getType(), {"nullopt_t"}))
      return 0;
  const bool Optional = isStdType(E->getType(), {"optional"});
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 0)
      return 0;
    const Expr *Arg = CE->getArg(0);
    // An optional made from a value holds it; from another optional (a
    // copy), or from std::nullopt, what that holds.
    if (Optional && !isStdType(Arg->getType(), {"optional", "nullopt_t"}))
      return 1;
    return presenceValue(Arg, B, Depth + 1);
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getOperator() == OO_Plus && OCE->getNumArgs() == 2) {
    std::optional<int64_t> L = presenceValue(OCE->getArg(0), B, Depth + 1);
    std::optional<int64_t> R = presenceValue(OCE->getArg(1), B, Depth + 1);
    if ((L && *L) || (R && *R))
      return 1;
    return L && R ? std::optional<int64_t>(0) : std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = Call->getDirectCallee();
        FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        FD->getName() == "to_string")
      return 1;
  return std::nullopt;
}

/// The value of field F that E gives it: a constant, or for a presence
/// field (ResultVerdict.h) whether it holds something.
std::optional<int64_t> fieldValue(const FieldDecl *F, const Expr *E,
                                  ASTContext &Ctx, const ArgBindings &B) {
  if (!isPresenceField(F))
    return constantValue(E, Ctx, B);
  if (!E)
    return std::nullopt;
  if (variantAlternatives(F)) {
    // `v_(std::move(v))`, `v_ = Err{m}`: the alternative the value is; a
    // variant built from one value, that value's.
    const Expr *Bare =
        withoutMove(resolve(E, B)->IgnoreImplicit()->IgnoreParens());
    Bare = resolve(Bare->IgnoreImplicit()->IgnoreParens(), B);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Bare);
        CE && isStdType(CE->getType(), {"variant"})) {
      if (CE->getNumArgs() == 0)
        return 0;
      if (CE->getNumArgs() == 1 &&
          !isStdType(CE->getArg(0)->getType(), {"variant"}))
        return fieldValue(F, CE->getArg(0), Ctx, B);
      return std::nullopt;
    }
    return alternativeIndex(F->getType(), Bare->getType());
  }
  // `value_ = std::move(v);` of an optional, from a value it holds.
  const Expr *Bare = withoutMove(resolve(E, B)->IgnoreImplicit()->IgnoreParens());
  Bare = resolve(Bare->IgnoreImplicit()->IgnoreParens(), B);
  if (isStdType(F->getType(), {"optional"}) &&
      !isStdType(Bare->getType(), {"optional", "nullopt_t"}) &&
      !isa<InitListExpr>(Bare) && !isa<CXXConstructExpr>(Bare))
    return 1;
  return presenceValue(E, B);
}

/// Where the fields of what a call builds come from: the unit's AST, and
/// (when analyzing a function) the summaries of functions other units
/// define.
struct FieldSource {
  ASTContext &Ctx;
  Context *C = nullptr;
};

void constructedFields(const Expr *V, FieldSource Src,
                       std::map<const FieldDecl *, Fact> &Out, ArgBindings &B,
                       unsigned Depth);

/// `Status s; s.fatal = fatal; s.err = err; return s;`: the fields a
/// factory of several statements gives the local it returns, where every
/// statement that names the local assigns one of its fields. Anything
/// else done with it (passed to a function, a method called) leaves the
/// fields unknown.
void factoryFields(const FunctionDecl *Def, FieldSource Src,
                   std::map<const FieldDecl *, Fact> &Out, ArgBindings &B,
                   unsigned Depth) {
  ASTContext &Ctx = Src.Ctx;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() < 2)
    return;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  const VarDecl *Local =
      Ret && Ret->getRetValue() ? returnedLocalRecord(Ret->getRetValue())
                                : nullptr;
  if (!Local)
    return;
  std::map<const FieldDecl *, Fact> Fields;
  bool Declared = false;
  auto Names = [&](const Stmt *Root) {
    llvm::SmallVector<const Stmt *, 16> Stack{Root};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(St);
          DRE && DRE->getDecl()->getCanonicalDecl() == Local)
        return true;
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
    return false;
  };
  for (const Stmt *St : Body->body()) {
    if (St == Ret)
      break;
    if (const auto *DS = dyn_cast<DeclStmt>(St);
        DS && DS->isSingleDecl() && DS->getSingleDecl() == Local) {
      if (const Expr *Init = Local->getInit())
        constructedFields(Init, Src, Fields, B, Depth + 1);
      Declared = true;
      continue;
    }
    const auto *Assign = dyn_cast<BinaryOperator>(St);
    const auto *ME = Assign && Assign->getOpcode() == BO_Assign
                         ? dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParens())
                         : nullptr;
    const auto *Base =
        ME ? dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())
           : nullptr;
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    if (Base && Base->getDecl() == Local && F && !Names(Assign->getRHS())) {
      if (!isResultField(F))
        continue;
      if (std::optional<int64_t> K = fieldValue(F, Assign->getRHS(), Ctx, B))
        Fields[F->getCanonicalDecl()] = Fact{Fact::Eq, *K};
      else
        Fields.erase(F->getCanonicalDecl());
      continue;
    }
    // `s.detail = std::move(detail);` through a class's operator=: a field
    // that is not a flag.
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(St);
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      if (const auto *OME =
              dyn_cast<MemberExpr>(Op->getArg(0)->IgnoreParenImpCasts()))
        if (const auto *OB =
                dyn_cast<DeclRefExpr>(OME->getBase()->IgnoreParenImpCasts());
            OB && OB->getDecl() == Local && !Names(Op->getArg(1))) {
          // `r.value_ = std::move(v);`, `r.error_ = std::move(e);`: whether
          // a string or an optional now holds something.
          if (const auto *PF = dyn_cast<FieldDecl>(OME->getMemberDecl());
              PF && isPresenceField(PF)) {
            if (std::optional<int64_t> K = fieldValue(PF, Op->getArg(1), Ctx, B))
              Fields[PF->getCanonicalDecl()] = Fact{Fact::Eq, *K};
            else
              Fields.erase(PF->getCanonicalDecl());
          }
          continue;
        }
    if (Names(St))
      return;
  }
  if (Declared)
    Out.insert(Fields.begin(), Fields.end());
}

/// The scalar fields of the object V builds, where they are constants:
/// `{true, EIO}` (missing ones from their default member initializers),
/// `Status(Code::IoError, msg)` through the constructor's member
/// initializers, `Status()` from the default member initializers, and
/// `Status::ok()` through a function whose body returns one of these or
/// assigns the fields of a local it returns; the arguments of each call
/// stand for its parameters.
void constructedFields(const Expr *V, FieldSource Src,
                       std::map<const FieldDecl *, Fact> &Out, ArgBindings &B,
                       unsigned Depth) {
  if (!V || Depth > 3)
    return;
  ASTContext &Ctx = Src.Ctx;
  V = V->IgnoreImplicit()->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(V))
    V = FC->getSubExpr()->IgnoreImplicit();
  // What a field not given a value holds: its default member initializer,
  // or for a string or an optional nothing (unless Written may have
  // assigned it, a constructor's body).
  auto Default = [&](const FieldDecl *F, bool Written = false) {
    if (const Expr *Init = F->getInClassInitializer()) {
      if (std::optional<int64_t> K = fieldValue(F, Init, Ctx, B))
        Out[F->getCanonicalDecl()] = Fact{Fact::Eq, *K};
    } else if (isPresenceField(F) && !Written) {
      Out[F->getCanonicalDecl()] = Fact{Fact::Eq, 0};
    }
  };
  if (const auto *IL = dyn_cast<InitListExpr>(V)) {
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD)
      return;
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (!isBuiltField(F)) {
        ++I;
        continue;
      }
      if (I < IL->getNumInits()) {
        if (std::optional<int64_t> K = fieldValue(F, IL->getInit(I), Ctx, B))
          Out[F->getCanonicalDecl()] = Fact{Fact::Eq, *K};
      } else {
        Default(F);
      }
      ++I;
    }
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(V)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1)
      return constructedFields(CE->getArg(0), Src, Out, B, Depth + 1);
    const FunctionDecl *Def = nullptr;
    const auto *CtorDef = Ctor->hasBody(Def)
                              ? dyn_cast<CXXConstructorDecl>(Def)
                              : (Ctor->isDefaulted() ? Ctor : nullptr);
    if (!CtorDef)
      return;
    bindArguments(CtorDef, llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()), B);
    const auto *CtorBody = dyn_cast_or_null<CompoundStmt>(CtorDef->getBody());
    const bool BodyWrites = CtorBody && !CtorBody->body_empty();
    for (const FieldDecl *F : Ctor->getParent()->fields()) {
      if (!isBuiltField(F))
        continue;
      const CXXCtorInitializer *Written = nullptr;
      for (const CXXCtorInitializer *CI : CtorDef->inits())
        if (CI->isMemberInitializer() && CI->getMember() == F && CI->isWritten())
          Written = CI;
      if (!Written) {
        Default(F, BodyWrites);
        continue;
      }
      if (std::optional<int64_t> K = fieldValue(F, Written->getInit(), Ctx, B))
        Out[F->getCanonicalDecl()] = Fact{Fact::Eq, *K};
    }
    return;
  }
  // `Status::ok()` whose body is `return Status();`, `Status::failure(e)`
  // whose body assigns a local's fields and returns it.
  const auto *Call = dyn_cast<CallExpr>(V);
  const FunctionDecl *Def = nullptr;
  if (!Call || !Call->getDirectCallee())
    return;
  // Defined in another unit: the fields its summary there says every
  // return gives.
  if (!Call->getDirectCallee()->hasBody(Def) || !Def) {
    if (const Summary *Sum = Src.C ? Src.C->importedSummary(Call) : nullptr)
      for (const Effect &E : Sum->Effects)
        if (E.K == Effect::ResultField && E.Suffix.size() == 1)
          if (const FieldDecl *F = fieldPart(E.Suffix.front())) {
            // `Status::Error(Code::Jammed, m)`: the field holds what the
            // call gives the parameter.
            if (!E.OnlyIfParam)
              Out[F->getCanonicalDecl()] = E.Value;
            else if (*E.OnlyIfParam < Call->getNumArgs())
              if (std::optional<int64_t> K = fieldValue(
                      F, Call->getArg(*E.OnlyIfParam), Ctx, B))
                Out[F->getCanonicalDecl()] = Fact{Fact::Eq, *K};
          }
    return;
  }
  bindArguments(Def, llvm::ArrayRef(Call->getArgs(), Call->getNumArgs()), B);
  if (const Expr *Returned = soleReturnValue(Def))
    return constructedFields(Returned, Src, Out, B, Depth + 1);
  factoryFields(Def, Src, Out, B, Depth);
}

} // namespace

std::map<const FieldDecl *, int64_t> fieldsBuiltBy(const Expr *V,
                                                   ASTContext &Ctx) {
  std::map<const FieldDecl *, Fact> Facts;
  ArgBindings B;
  constructedFields(V, FieldSource{Ctx}, Facts, B, 0);
  std::map<const FieldDecl *, int64_t> Out;
  for (const auto &[F, Value] : Facts)
    if (Value.Kind == Fact::Eq)
      Out[F] = Value.Value;
  return Out;
}

std::map<const FieldDecl *, unsigned> paramFieldsOf(const FunctionDecl *Def) {
  std::map<const FieldDecl *, unsigned> Out;
  const CXXRecordDecl *RD = Def->getReturnType()->getAsCXXRecordDecl();
  if (!RD || RD->isInStdNamespace() || Def->isDependentContext())
    return Out;
  // Only a factory that is one return: a parameter its body may change
  // first (`if (code == Ok) code = Invalid;`) is not what the field gets.
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1 || !isa<ReturnStmt>(Body->body_front()))
    return Out;
  const Expr *Returned = soleReturnValue(Def);
  const auto *CE = Returned ? dyn_cast<CXXConstructExpr>(
                                  Returned->IgnoreImplicit()->IgnoreParens())
                            : nullptr;
  if (const auto *FC = Returned ? dyn_cast<CXXFunctionalCastExpr>(
                                      Returned->IgnoreImplicit()->IgnoreParens())
                                : nullptr)
    CE = dyn_cast<CXXConstructExpr>(FC->getSubExpr()->IgnoreImplicit());
  const FunctionDecl *CtorDef = nullptr;
  if (!CE || CE->getConstructor()->isCopyOrMoveConstructor() ||
      !CE->getConstructor()->hasBody(CtorDef) || !CtorDef)
    return Out;
  ArgBindings B;
  bindArguments(CtorDef, llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()), B);
  for (const CXXCtorInitializer *CI :
       cast<CXXConstructorDecl>(CtorDef)->inits()) {
    const FieldDecl *F = CI->isMemberInitializer() ? CI->getMember() : nullptr;
    if (!F || !CI->isWritten() || !isResultField(F))
      continue;
    const Expr *Given =
        withoutMove(resolve(CI->getInit(), B)->IgnoreImplicit()->IgnoreParens());
    const auto *DRE = dyn_cast<DeclRefExpr>(Given->IgnoreParenImpCasts());
    const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (PVD && PVD->getDeclContext() == Def)
      Out[F->getCanonicalDecl()] = PVD->getFunctionScopeIndex();
  }
  return Out;
}

std::map<const FieldDecl *, Fact> resultFieldsOf(const FunctionDecl *Def,
                                                 Context &C) {
  std::map<const FieldDecl *, Fact> Out;
  const CXXRecordDecl *RD = Def->getReturnType()->getAsCXXRecordDecl();
  if (!RD || RD->isInStdNamespace() || Def->isDependentContext() ||
      !Def->getBody())
    return Out;
  ArgBindings None;
  if (!soleReturnValue(Def)) {
    factoryFields(Def, FieldSource{C.Ctx, &C}, Out, None, 0);
    if (!Out.empty())
      return Out;
  }
  // Every return (not a lambda's) gives the field one constant.
  bool First = true;
  llvm::SmallVector<const Stmt *, 64> Stack{Def->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St) || isa<DeclStmt>(St))
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const auto *RS = dyn_cast<ReturnStmt>(St);
    if (!RS)
      continue;
    std::map<const FieldDecl *, Fact> Fields;
    ArgBindings B;
    constructedFields(RS->getRetValue(), FieldSource{C.Ctx, &C}, Fields, B, 0);
    if (First)
      Out = std::move(Fields);
    else
      for (auto It = Out.begin(); It != Out.end();) {
        auto F = Fields.find(It->first);
        It = F != Fields.end() && F->second == It->second ? std::next(It)
                                                          : Out.erase(It);
      }
    First = false;
    if (Out.empty())
      break;
  }
  return Out;
}

std::optional<FunctionAnalysis::ReturnInfo>
FunctionAnalysis::noteReturnedFields(const Expr *V, const State &S,
                                     ReturnInfo &R) const {
  if (!FD->getReturnType()->isRecordType())
    return std::nullopt;
  // `return {true, EIO};`, `return Status(Code::IoError, m);`, `return
  // Status::ok();`: the constants the fields are given.
  if (!returnedLocalRecord(V)) {
    ArgBindings B;
    constructedFields(V, FieldSource{C.Ctx, &C}, R.Fields, B, 0);
    R.BuiltByCall = isa<CallExpr>(V->IgnoreImplicit()->IgnoreParens());
    return std::nullopt;
  }
  const VarDecl *Local = returnedLocalRecord(V);
  if (!Local)
    return std::nullopt;
  std::optional<ReturnInfo> Open;
  for (const FieldDecl *F : Local->getType()->getAsRecordDecl()->fields()) {
    if (!isResultField(F))
      continue;
    const void *Subject = C.intern(Path{Local, F->getCanonicalDecl()});
    auto Known = S.Known.find(Subject);
    if (Known != S.Known.end())
      R.Fields[F->getCanonicalDecl()] = Known->second;
    // `outcome.aborted = true;` on every path that closed what this one
    // may have: the closing paths return that value; the others a value
    // not known here (the join of both is all this path knows).
    if (Open || R.Closed.empty() ||
        (Known != S.Known.end() && Known->second.Kind == Fact::Eq))
      continue;
    std::optional<Fact> Value;
    for (const auto &[K, Closed] : R.Closed) {
      auto Cl = S.Keys.find(K);
      const Fact *Held = nullptr;
      if (Cl != S.Keys.end())
        if (auto FIt = Cl->second.Cond.find(Subject);
            FIt != Cl->second.Cond.end())
          Held = &FIt->second;
      if (!Held || (Value && !(*Value == *Held))) {
        Value.reset();
        break;
      }
      Value = *Held;
    }
    if (!Value ||
        (Known != S.Known.end() && Known->second.implies(*Value)))
      continue;
    Open = R;
    Open->Closed.clear();
    Open->Fields.erase(F->getCanonicalDecl());
    R.Fields[F->getCanonicalDecl()] = *Value;
  }
  return Open;
}

std::optional<std::pair<const FieldDecl *, Fact>>
FunctionAnalysis::closedOnlyWhenField(const Key &K, bool &Exact) const {
  if (!FD->getReturnType()->isRecordType() || !FallThroughs.empty())
    return std::nullopt;
  std::set<const FieldDecl *> Candidates;
  for (const ReturnInfo &R : Returns)
    if (R.Closed.count(K))
      for (const auto &[F, Value] : R.Fields)
        Candidates.insert(F);
  for (const FieldDecl *F : Candidates) {
    std::optional<Fact> Closing;
    bool Said = true, OtherReturn = false;
    for (const ReturnInfo &R : Returns) {
      if (!R.Closed.count(K))
        continue;
      auto It = R.Fields.find(F);
      if (It == R.Fields.end()) {
        Said = false;
        break;
      }
      std::optional<Fact> Joined =
          Closing ? Closing->hull(It->second) : It->second;
      if (!Joined) {
        Said = false;
        break;
      }
      Closing = Joined;
    }
    if (!Said || !Closing)
      continue;
    // No other return may be known to give a value the closing ones do.
    bool Excluded = true, AllContradict = true;
    for (const ReturnInfo &R : Returns) {
      if (R.Closed.count(K))
        continue;
      OtherReturn = true;
      auto It = R.Fields.find(F);
      if (It == R.Fields.end()) {
        AllContradict = false;
        continue;
      }
      if (!It->second.contradicts(*Closing)) {
        Excluded = false;
        break;
      }
    }
    if (!OtherReturn || !Excluded)
      continue;
    Exact = AllContradict;
    return std::pair(F, *Closing);
  }
  // The closing returns build their result with a function whose code is
  // not seen (`return Status::error(...);`, defined in another unit), and
  // every other return gives the field one constant (`return
  // Status::ok();`): a function that reports its outcome there closes
  // where the field says otherwise.
  std::set<const FieldDecl *> OpenCandidates;
  for (const ReturnInfo &R : Returns)
    if (!R.Closed.count(K))
      for (const auto &[F, Value] : R.Fields)
        OpenCandidates.insert(F);
  for (const FieldDecl *F : OpenCandidates) {
    std::optional<int64_t> Same;
    bool Holds = true, Closing = false;
    for (const ReturnInfo &R : Returns) {
      auto It = R.Fields.find(F);
      if (R.Closed.count(K)) {
        Closing = true;
        Holds &= R.BuiltByCall && It == R.Fields.end();
      } else {
        Holds &= It != R.Fields.end() && It->second.Kind == Fact::Eq &&
                 (!Same || *Same == It->second.Value);
        if (Holds)
          Same = It->second.Value;
      }
      if (!Holds)
        break;
    }
    if (Holds && Closing && Same) {
      Exact = false;
      return std::pair(F, Fact{Fact::Ne, *Same});
    }
  }
  return std::nullopt;
}

std::optional<FunctionAnalysis::ReturnInfo>
FunctionAnalysis::splitOnValue(const Expr *V, const State &S, ReturnInfo &R) {
  // `return len ? sendAll(fd, p, len) : 0;`: the arm that is a constant
  // closed nothing; the other arm's result says where it closed. The open
  // path's value is left unknown, so a constant equal to the closing value
  // makes that value say "maybe closed" only.
  if (const auto *CO = dyn_cast<ConditionalOperator>(stripWrappers(V)))
    for (auto [Arm, Other] : {std::pair(CO->getTrueExpr(), CO->getFalseExpr()),
                              std::pair(CO->getFalseExpr(), CO->getTrueExpr())})
      if (Expr::EvalResult ER;
          !Other->isValueDependent() && Other->EvaluateAsInt(ER, C.Ctx)) {
        V = Arm;
        break;
      }
  const void *Subject =
      V->getType()->isIntegralOrEnumerationType() ? subjectOf(V) : nullptr;
  if (!Subject)
    return std::nullopt;
  std::optional<int64_t> Value;
  for (const auto &[K, Closed] : R.Closed) {
    auto Cl = S.Keys.find(K);
    if (Cl == S.Keys.end())
      return std::nullopt;
    auto F = Cl->second.Cond.find(Subject);
    if (F == Cl->second.Cond.end() || F->second.Kind != Fact::Eq ||
        (Value && *Value != F->second.Value))
      return std::nullopt;
    Value = F->second.Value;
  }
  if (!Value)
    return std::nullopt;
  ReturnInfo Open = R;
  Open.Closed.clear();
  R.Value = Value;
  return Open;
}

/// A function returning a pointer or a reference to a class object.
/// A function that hands back an object of its caller's: a pointer or
/// reference to it, or a smart pointer sharing it (`Link openShout()`
/// returning `link_`).
static bool returnsObject(const FunctionDecl *FD) {
  QualType T = FD->getReturnType();
  if (isSmartPointerType(T))
    return true;
  // `int get() const { return fd_; }` defined in another unit: the
  // descriptor the caller's `::close(fd.get())` closes is the member.
  if (T->isSignedIntegerType() && !T->isBooleanType() && !T->isCharType())
    return true;
  if (!T->isPointerType() && !T->isLValueReferenceType())
    return false;
  return T->getPointeeType()->isRecordType();
}

std::optional<Path> FunctionAnalysis::returnedObject(const Expr *V,
                                                     const State &S) const {
  V = stripWrappers(V);
  // `nullptr` as a pointer, or as the smart pointer it converts to.
  auto IsNull = [&](const Expr *E) {
    E = stripWrappers(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && !CE->getConstructor()->isCopyOrMoveConstructor())
      E = stripWrappers(CE->getArg(0));
    return E->isNullPointerConstant(C.Ctx, Expr::NPC_ValueDependentIsNotNull) ||
           isEmptyValue(E);
  };
  // `return it == end() ? nullptr : it->second;` of a smart pointer: the
  // conditional's value is a temporary copied from one arm.
  if (isSmartPointerType(FD->getReturnType()))
    if (const auto *CE = dyn_cast<CXXConstructExpr>(V);
        CE && CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor() &&
        isa<ConditionalOperator>(stripWrappers(CE->getArg(0))))
      V = stripWrappers(CE->getArg(0));
  if (const auto *CO = dyn_cast<ConditionalOperator>(V)) {
    bool LeftNull = IsNull(CO->getLHS()), RightNull = IsNull(CO->getRHS());
    if (LeftNull == RightNull)
      return std::nullopt;
    return returnedObject(LeftNull ? CO->getRHS() : CO->getLHS(), S);
  }
  if (isSmartPointerType(FD->getReturnType())) {
    // `return link_;` copies it: the caller shares what it points to.
    // `return std::move(link_);` takes it: the member is left empty.
    const auto *CE = dyn_cast<CXXConstructExpr>(V);
    if (CE && CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyConstructor())
      return pathOf(CE->getArg(0), S);
    // An arm of a conditional: the lvalue it copies.
    if (!CE && V->isLValue() && isSmartPointerType(V->getType()))
      return pathOf(V, S);
    return std::nullopt;
  }
  if (!FD->getReturnType()->isPointerType())
    return pathOf(V, S);
  std::optional<Path> Pointee = pointeeOf(V);
  if (!Pointee)
    return std::nullopt;
  return resolve(std::move(*Pointee), S);
}

/// `victim->disconnect(); return victim;`: the objects closed for certain
/// that the return gives the caller (none for a null pointer).
void FunctionAnalysis::noteReturnedClosed(const ReturnStmt *RS,
                                          const State &S) {
  const Expr *V = RS->getRetValue();
  if (!V || Lambda || !(FD->getReturnType()->isPointerType() ||
                        isSmartPointerType(FD->getReturnType())))
    return;
  auto IsNull = [&](const Expr *E) {
    E = stripWrappers(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1)
      E = CE->getArg(0);
    return E->isNullPointerConstant(C.Ctx, Expr::NPC_ValueDependentIsNotNull) ||
           isEmptyValue(E);
  };
  if (IsNull(V) || isEmptyValue(V))
    return;
  std::map<unsigned, const Expr *> Closed;
  const Expr *Given = stripWrappers(V);
  // `return victim;` moves the smart pointer out.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Given);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    Given = stripWrappers(CE->getArg(0));
  if (std::optional<Path> P = pathOf(Given, S))
    for (const auto &[K, Cl] : S.Keys)
      if (K.P == resolve(*P, S) && !Cl.MaybeOpen && !Cl.Sites.empty())
        Closed.emplace(K.Profile, Cl.Sites.front());
  if (!ReturnedClosed) {
    ReturnedClosed = std::move(Closed);
    return;
  }
  for (auto It = ReturnedClosed->begin(); It != ReturnedClosed->end();)
    It = Closed.count(It->first) ? std::next(It) : ReturnedClosed->erase(It);
}

void FunctionAnalysis::exportReturnedClosed() {
  if (!ReturnedClosed)
    return;
  for (const auto &[Profile, Site] : *ReturnedClosed) {
    Effect E;
    E.K = Effect::ClosesResult;
    E.Profile = Profile;
    E.Site = InnerClose.count(Site) ? InnerClose.at(Site) : Site;
    record(E);
  }
}

void FunctionAnalysis::noteReturned(const ReturnStmt *RS, const State &S) {
  noteReturnedClosed(RS, S);
  const Expr *V = RS->getRetValue();
  if (!V || ReturnedConflict || !returnsObject(FD) || Lambda)
    return;
  if (V->isNullPointerConstant(C.Ctx, Expr::NPC_ValueDependentIsNotNull))
    return;
  std::optional<Path> P = returnedObject(V, S);
  std::optional<RootRef> R = P ? asEntryRoot(*P) : std::nullopt;
  if (!R || (Returned && (Returned->tie() != R->tie()))) {
    ReturnedConflict = true;
    return;
  }
  Returned = std::move(R);
}

void FunctionAnalysis::exportReturned() {
  if (!Returned || ReturnedConflict)
    return;
  Effect E;
  E.K = Effect::Returns;
  E.setRoot(*Returned);
  record(E);
}

const FunctionDecl *
FunctionAnalysis::summarizedCallee(const CallExpr *Call) const {
  if (const FunctionDecl *Target = C.analyzableCallee(Call))
    return Target;
  return Call->getDirectCallee();
}

const Summary *FunctionAnalysis::calleeSummary(const CallExpr *Call) const {
  const FunctionDecl *Target = C.analyzableCallee(Call);
  if (!Target)
    return C.importedSummary(Call);
  if (!C.isRelevant(Target))
    return nullptr;
  Bindings Known;
  addConstantArguments(Call, Target, Known);
  return C.summaryFor(Target, Known);
}

std::optional<Path> FunctionAnalysis::returnedPath(const CallExpr *Call,
                                                   const State &S) const {
  if (std::optional<Path> Lent = lentPath(Call, S))
    return Lent;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !returnsObject(Callee))
    return std::nullopt;
  const FunctionDecl *Target = C.analyzableCallee(Call);
  const Summary *Sum = calleeSummary(Call);
  if (!Sum)
    return std::nullopt;
  for (const Effect &E : Sum->Effects)
    if (E.K == Effect::Returns)
      return mapRoot(invocationOf(Call, Target ? Target : Callee), E.root(),
                     S);
  return std::nullopt;
}

/// A parameter a function reports failure through: a reference to a
/// std::error_code, a bool or another type that tests true on failure.
static bool isFailureParam(const ParmVarDecl *P) {
  QualType T = P->getType();
  return T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
         convertsToBool(T.getNonReferenceType());
}

FunctionAnalysis::ReturnInfo
FunctionAnalysis::returnInfo(const State &S) const {
  ReturnInfo R;
  R.Entry = S.Entry;
  // Known closed only because a query found it so (`if (rh > limit &&
  // link.state() != Closed) { link.close(); return true; } return false;`):
  // that return did not close it.
  for (const auto &[K, Cl] : S.Keys)
    if (!Cl.Queried && entryRoot(K.P))
      R.Closed[K] = !Cl.MaybeOpen;
  for (const ParmVarDecl *P : FD->parameters())
    if (isFailureParam(P))
      if (auto It = S.Known.find(P->getCanonicalDecl()); It != S.Known.end())
        R.Failure[P->getFunctionScopeIndex()] = It->second;
  for (const auto &[Start, T] : S.Tasks)
    if (!T.Seeded && (T.Executor || T.Handle))
      R.Tasks.insert(Start);
  R.ProvedOpen = S.ProvedOpen;
  R.ProvedOpen.insert(S.TestedOpen.begin(), S.TestedOpen.end());
  return R;
}

bool FunctionAnalysis::taskOnlyIfTrue(const Expr *Start) const {
  if (!FallThroughs.empty() || Returns.empty())
    return false;
  bool FalseReturn = false;
  for (const ReturnInfo &R : Returns) {
    bool True = R.Value && *R.Value != 0;
    if (R.Tasks.count(Start) && !True)
      return false;
    FalseReturn |= R.Value && *R.Value == 0;
  }
  return FalseReturn;
}

bool FunctionAnalysis::closedWherePreHolds(const Key &K,
                                           const Facts &EntryCond) const {
  if (EntryCond.empty())
    return false;
  for (const auto *List : {&Returns, &FallThroughs})
    for (const ReturnInfo &R : *List) {
      if (auto It = R.Closed.find(K); It != R.Closed.end() && It->second)
        continue;
      // A path leaving K open must be one the close's entry facts exclude.
      bool Excluded = llvm::any_of(EntryCond, [&](const auto &SF) {
        auto E = R.Entry.find(SF.first);
        return E != R.Entry.end() && E->second.contradicts(SF.second);
      });
      if (!Excluded)
        return false;
    }
  return true;
}

/// The parameter whose being set is what a function's close of K says, as
/// for a result (closedOnlyWhenReturning): no path that leaves the function
/// with K closed has the parameter known clear, and some path that leaves
/// it open has it clear (the function reports through it). A caller that
/// finds it clear knows K open. Fall-through paths count.
std::optional<unsigned>
FunctionAnalysis::closedOnlyWhenParamSet(const Key &K) const {
  const Fact Clear{Fact::Eq, 0};
  for (const ParmVarDecl *P : FD->parameters()) {
    if (!isFailureParam(P))
      continue;
    unsigned I = P->getFunctionScopeIndex();
    bool ClosedWhileClear = false, Closes = false, ClearWhenOpen = false;
    for (const auto *List : {&Returns, &FallThroughs})
      for (const ReturnInfo &R : *List) {
        auto F = R.Failure.find(I);
        bool Clean = F != R.Failure.end() && F->second.implies(Clear);
        if (R.Closed.count(K)) {
          Closes = true;
          ClosedWhileClear |= Clean;
        } else {
          ClearWhenOpen |= Clean;
        }
      }
    if (Closes && !ClosedWhileClear && ClearWhenOpen)
      return I;
  }
  return std::nullopt;
}

/// What every normal return says of a parameter's value, for the caller:
/// `if (err) do_throw_error(err);` returns only with `err` clear.
void FunctionAnalysis::exportEnsures(const State &Exit) {
  for (const ParmVarDecl *P : FD->parameters()) {
    if (!P->getType()->isReferenceType() ||
        !convertsToBool(P->getType().getNonReferenceType()))
      continue;
    auto It = Exit.Known.find(P->getCanonicalDecl());
    if (It == Exit.Known.end())
      continue;
    Effect E;
    E.K = Effect::Ensures;
    E.Root = RootKind::Param;
    E.Param = P->getFunctionScopeIndex();
    E.Value = It->second;
    record(E);
  }
}

/// `bool resume() { if (state_ != State::Suspended) return false; ... }`:
/// what every return that may give a true value learned of the entry
/// values, when some return gives false. A caller that knows it does not
/// hold knows the call returns false (`if (port.resume()) port.read();`
/// after close() reads nothing).
void FunctionAnalysis::exportTrueOnlyIf() {
  if (!FD->getReturnType()->isBooleanType())
    return;
  std::optional<Facts> Needed;
  bool SomeFalse = false;
  for (const ReturnInfo &R : Returns) {
    if (R.Value && *R.Value == 0) {
      SomeFalse = true;
      continue;
    }
    if (!Needed)
      Needed = R.Entry;
    else
      intersect(*Needed, R.Entry);
  }
  if (!SomeFalse || !Needed || Needed->empty())
    return;
  Effect E;
  E.K = Effect::TrueOnlyIf;
  E.Root = RootKind::This;
  E.Pre = entryPreconditions(*Needed);
  if (!E.Pre.empty())
    record(E);
}

/// `if (!l.alive()) return false; l.set_level(p); return true;`: what every
/// return that may give a true value proved open, when some return gives
/// false and no path falls off the end. A caller testing the result knows
/// its object open where it is true (`if (!try_dim(l, 10)) return;`).
void FunctionAnalysis::exportProvesOpenIfTrue(const std::set<Key> &Always) {
  QualType T = FD->getReturnType();
  if (!(T->isBooleanType() || T->isPointerType() || convertsToBool(T)) ||
      !FallThroughs.empty())
    return;
  std::optional<std::set<Key>> Proved;
  bool SomeFalse = false;
  for (const ReturnInfo &R : Returns) {
    if (R.Value && *R.Value == 0) {
      SomeFalse = true;
      continue;
    }
    // Open at this return: proved or tested and not closed since.
    std::set<Key> Here;
    for (const Key &K : R.ProvedOpen)
      if (!R.Closed.count(K))
        Here.insert(K);
    if (!Proved) {
      Proved = std::move(Here);
      continue;
    }
    std::set<Key> Both;
    std::set_intersection(Proved->begin(), Proved->end(), Here.begin(),
                          Here.end(), std::inserter(Both, Both.end()));
    *Proved = std::move(Both);
  }
  if (!SomeFalse || !Proved)
    return;
  for (const Key &K : *Proved)
    if (!Always.count(K))
      if (std::optional<Effect> E = entryRoot(K.P)) {
        E->K = Effect::ProvesOpen;
        E->Profile = K.Profile;
        E->OnlyIfTrue = true;
        record(*E);
      }
}

/// What a function's result says when it has closed K: that it is one
/// value (every return of that value has K closed, every other return has
/// it open), or that it is true. The latter is a function that closes on
/// its failure paths and returns the error there: every other return gives
/// the false value (0, `{}` of a std::error_code), and the closing ones a
/// value not known to be false (a non-zero constant, or an error_code made
/// from errno, for a result that converts to bool).
std::optional<Fact>
FunctionAnalysis::closedOnlyWhenReturning(const Key &K, bool &Exact) const {
  Exact = true;
  std::optional<int64_t> Candidate;
  bool Same = true, AllKnown = true, NoneFalse = true, OthersFalse = true;
  // Every closing return negative: `return -errno;` beside `return 0;`.
  bool AllNegative = true;
  // Every closing return's value is known, or known not to be zero.
  bool AllSaid = true;
  bool OtherReturn = false;
  for (const ReturnInfo &R : Returns) {
    auto It = R.Closed.find(K);
    if (It == R.Closed.end()) {
      OtherReturn = true;
      OthersFalse &= R.Value == 0;
      continue;
    }
    // A return that may have closed K counts as closing: what the caller
    // needs is that the other returns leave it open.
    AllNegative &= R.Negative;
    if (!R.Value) {
      AllKnown = false;
      AllSaid &= R.NonZero;
      continue;
    }
    NoneFalse &= *R.Value != 0;
    Same &= !Candidate || *Candidate == *R.Value;
    Candidate = R.Value;
  }
  if (!OtherReturn)
    return std::nullopt;
  if (AllKnown && Candidate && Same &&
      llvm::none_of(Returns, [&](const ReturnInfo &R) {
        return !R.Closed.count(K) && R.Value == Candidate;
      }))
    return Fact{Fact::Eq, *Candidate};
  bool TruthResult = AllSaid || convertsToBool(FD->getReturnType());
  if (OthersFalse && AllNegative && !FD->getReturnType()->isBooleanType())
    return Fact{Fact::AtMost, -1};
  if (OthersFalse && NoneFalse && TruthResult)
    return Fact{Fact::Ne, 0};
  // Some returns of the value leave K open: the others still say open.
  if (AllKnown && Candidate && Same) {
    Exact = false;
    return Fact{Fact::Eq, *Candidate};
  }
  return std::nullopt;
}

/// A handler that is no lambda but is built from one local error code
/// (`var(ec) = _1` of boost::lambda, `std::bind(&on_done, std::ref(ec),
/// _1)`, a function object holding `&ec`): that local, which it is made to
/// store the error in. Taking it for the sink only ever makes the object
/// known open where the caller tests the code.
static const VarDecl *errorCodeIn(const Expr *Arg) {
  if (!isCallableRecord(Arg->getType()))
    return nullptr;
  const VarDecl *Found = nullptr;
  llvm::SmallVector<const Stmt *, 16> Stack{Arg};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St || isa<LambdaExpr>(St))
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
          VD->getType()->isRecordType() && convertsToBool(VD->getType())) {
        if (Found && Found != VD)
          return nullptr; // two codes: which one is set is not known
        Found = VD;
      }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return Found;
}

/// The local a completion handler stores its error in: the handler is a
/// lambda whose first parameter tests true on failure (an error code) and
/// whose body assigns that parameter to a variable it captures by
/// reference, or a handler built from that local (errorCodeIn).
static const VarDecl *errorSink(const Expr *Arg) {
  const auto *LE = dyn_cast<LambdaExpr>(stripWrappers(Arg));
  if (!LE)
    if (const auto *CE = dyn_cast<CXXConstructExpr>(stripWrappers(Arg)))
      if (CE->getNumArgs() == 1)
        LE = dyn_cast<LambdaExpr>(stripWrappers(CE->getArg(0)));
  if (!LE)
    return errorCodeIn(stripWrappers(Arg));
  const CXXMethodDecl *Op = LE ? LE->getCallOperator() : nullptr;
  if (!Op || Op->getNumParams() == 0 ||
      !convertsToBool(Op->getParamDecl(0)->getType().getNonReferenceType()))
    return nullptr;
  const ParmVarDecl *Error = Op->getParamDecl(0);
  llvm::SmallVector<const Stmt *, 16> Stack{Op->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    const Expr *L = nullptr, *R = nullptr;
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
        OCE && OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2) {
      L = OCE->getArg(0);
      R = OCE->getArg(1);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(St);
               BO && BO->getOpcode() == BO_Assign) {
      L = BO->getLHS();
      R = BO->getRHS();
    }
    const auto *To = L ? dyn_cast<DeclRefExpr>(stripWrappers(L)) : nullptr;
    const auto *From = R ? dyn_cast<DeclRefExpr>(stripWrappers(R)) : nullptr;
    if (To && From && From->getDecl() == Error)
      if (const auto *VD = dyn_cast<VarDecl>(To->getDecl());
          VD && VD->hasLocalStorage() &&
          llvm::any_of(LE->captures(), [&](const LambdaCapture &C) {
            return C.capturesVariable() && C.getCapturedVar() == VD &&
                   C.getCaptureKind() == LCK_ByRef;
          }))
        return VD;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return nullptr;
}

/// `asio::async_write(socket_, buf, [&](error_code e, size_t) { error =
/// e; });`: the operation on each object the call is given completes with
/// an error if the object is closed first.
void FunctionAnalysis::notePendingErrors(const CallExpr *Call, State &S) {
  const VarDecl *Sink = nullptr;
  for (const Expr *Arg : Call->arguments())
    if ((Sink = errorSink(Arg)))
      break;
  if (!Sink)
    return;
  auto Note = [&](const Expr *Obj) {
    if (std::optional<Path> P = pathOf(Obj, S))
      S.PendingErrors[*P].insert(Sink->getCanonicalDecl());
  };
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
    Note(MCE->getImplicitObjectArgument());
  for (const Expr *Arg : Call->arguments())
    if (Arg->getType()->isRecordType() || Arg->isGLValue())
      Note(Arg);
}

/// The object closed: its pending operations fail, so the locals their
/// handlers store the error in are set wherever it is closed.
void FunctionAnalysis::failPendingOperations(const Path &Obj, Closed &Cl,
                                             State &S) {
  auto It = S.PendingErrors.find(Obj);
  if (It == S.PendingErrors.end())
    return;
  for (const void *Var : It->second) {
    Cl.Cond[Var] = Fact{Fact::Ne, 0};
    if (Cl.Sites.size() == 1 && It->second.size() == 1)
      Cl.OpenUnless = Var;
  }
  S.PendingErrors.erase(It);
}

} // namespace typestate
} // namespace errlint
