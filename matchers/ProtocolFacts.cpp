//===- ProtocolFacts.cpp - What user classes do to their state ------------===//

#include "ProtocolFacts.h"
#include "WorkFacts.h"
#include "typestate/AccessPath.h"
#include "typestate/ResultVerdict.h"
#include "Engine.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include <map>
#include <set>

using namespace clang;

namespace errlint {
namespace {

/// A member holding a resource whose invalid value says "closed": a signed
/// integer descriptor (`fd_ = -1`, `if (fd_ < 0)`) or a pointer, raw or
/// smart (`fp_ = nullptr`, `if (!producer_)`). Its two states are named by
/// NoHandle and HaveHandle, words that say neither open nor closed, so a
/// protocol over a handle needs a close-like method name or a record.
enum class HandleKind { None, Descriptor, Pointer };
constexpr const char *NoHandle = "@nohandle";
constexpr const char *HaveHandle = "@handle";

HandleKind handleKind(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isBooleanType() || T->isEnumeralType())
    return HandleKind::None;
  if (T->isIntegerType() && T->isSignedIntegerType())
    return HandleKind::Descriptor;
  if (T->isPointerType() && !T->isFunctionPointerType())
    return HandleKind::Pointer;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (RD && RD->isInStdNamespace() && RD->getIdentifier() &&
      (RD->getName() == "unique_ptr" || RD->getName() == "shared_ptr"))
    return HandleKind::Pointer;
  // `std::atomic<int> fd_` swapped out with `fd_.exchange(-1)`: the handle
  // it holds.
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
      Spec && Spec->isInStdNamespace() && Spec->getName() == "atomic" &&
      Spec->getTemplateArgs().size() == 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    return handleKind(Spec->getTemplateArgs()[0].getAsType());
  return HandleKind::None;
}

/// A member that can say "closed": a bool, an enum, or an atomic of one,
/// or a handle.
bool isStateType(QualType T) {
  if (handleKind(T) != HandleKind::None)
    return true;
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isBooleanType() || T->isEnumeralType())
    return true;
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "atomic" ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  QualType Arg = Spec->getTemplateArgs()[0].getAsType().getCanonicalType();
  return Arg->isBooleanType() || Arg->isEnumeralType();
}

/// The expression under what clang wraps around it: the typestate's one
/// rule (typestate::stripWrappers), so inference and the analyses agree on
/// which expression is the object. Null stays null.
const Expr *strip(const Expr *E) {
  return E ? typestate::stripWrappers(E) : nullptr;
}

/// The class a pointer-like type points to: `Impl *`, `std::unique_ptr<Impl>`,
/// `std::shared_ptr<Impl>`.
const CXXRecordDecl *pointeeRecord(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isPointerType())
    return T->getPointeeType()->getAsCXXRecordDecl();
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !Spec->getIdentifier() ||
      (Spec->getName() != "unique_ptr" && Spec->getName() != "shared_ptr") ||
      Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
}

/// The member of the enclosing class that owns R, when R is that class's
/// implementation (pimpl: `struct Impl;` declared in the class, held by one
/// `std::unique_ptr<Impl> impl_`). The implementation's members are the
/// class's state, and its methods are the class's private helpers.
const FieldDecl *pimplOwner(const CXXRecordDecl *R) {
  if (!R)
    return nullptr;
  const auto *C = dyn_cast<CXXRecordDecl>(R->getDeclContext());
  if (!C || !(C = C->getDefinition()) || C->isLambda())
    return nullptr;
  const FieldDecl *Owner = nullptr;
  for (const FieldDecl *F : C->fields()) {
    const CXXRecordDecl *P = pointeeRecord(F->getType());
    if (!P || P->getCanonicalDecl() != R->getCanonicalDecl())
      continue;
    if (Owner)
      return nullptr;
    Owner = F;
  }
  return Owner;
}

/// The name a class's facts use for a member (field or method): its own
/// name, or "impl_.name" for a member of the class's implementation.
std::string memberName(const NamedDecl *D) {
  const auto *R = dyn_cast<CXXRecordDecl>(D->getDeclContext());
  if (const FieldDecl *Owner = pimplOwner(R))
    return Owner->getNameAsString() + "." + D->getNameAsString();
  return D->getNameAsString();
}

/// Whether ME reads a member of the object whose methods are read: `this`,
/// or the implementation a pimpl member points to (`impl_->up`).
bool selfMember(const MemberExpr *ME) {
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base))
    return true;
  if (!ME->isArrow())
    return false;
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Base);
      OCE && OCE->getOperator() == OO_Arrow && OCE->getNumArgs() == 1)
    Base = OCE->getArg(0)->IgnoreParenImpCasts();
  const auto *Owner = dyn_cast<MemberExpr>(Base);
  if (!Owner || !isa<CXXThisExpr>(Owner->getBase()->IgnoreParenImpCasts()))
    return false;
  const auto *F = dyn_cast<FieldDecl>(Owner->getMemberDecl());
  return F && pimplOwner(pointeeRecord(F->getType())) == F;
}

/// Whether a member call is on the object whose methods are read.
bool selfCallOn(const CXXMemberCallExpr *MCE) {
  const auto *ME = dyn_cast<MemberExpr>(MCE->getCallee()->IgnoreParens());
  return ME ? selfMember(ME)
            : isa<CXXThisExpr>(
                  MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
}

/// The state member of *this that E reads: `closed_`, `this->closed_`,
/// `closed_.load()`, an atomic's implicit conversion, or the value an
/// atomic `exchange()` returns (`if (state_.exchange(Closed) == Closed)`
/// tests the state on entry).
const FieldDecl *thisField(const Expr *E) {
  E = strip(E);
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && (isa<CXXConversionDecl>(MD) ||
               (MD->getIdentifier() &&
                (MD->getName() == "load" || MD->getName() == "exchange"))))
      return thisField(MCE->getImplicitObjectArgument());
    return nullptr;
  }
  // `const State previous = state_.exchange(State::Closed);`: a constant
  // local that holds the member's value (before an exchange) tests it.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
        VD->getType().isConstQualified() && VD->getInit())
      return thisField(VD->getInit());
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || !selfMember(ME))
    return nullptr;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return FD && isStateType(FD->getType()) ? FD : nullptr;
}

/// The member an atomic operation (store, exchange, ...) acts on.
const FieldDecl *atomicTarget(const CXXMemberCallExpr *MCE,
                              llvm::StringRef &Op) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier())
    return nullptr;
  Op = MD->getName();
  const auto *ME =
      dyn_cast<MemberExpr>(MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
  if (!ME || !selfMember(ME))
    return nullptr;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return FD && isStateType(FD->getType()) ? FD : nullptr;
}

/// The integer a literal (or a negated one) spells.
std::optional<int64_t> literalInt(const Expr *E) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  if (const auto *IL = dyn_cast_or_null<IntegerLiteral>(E))
    return static_cast<int64_t>(IL->getValue().getLimitedValue());
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Minus)
      if (std::optional<int64_t> V = literalInt(UO->getSubExpr()))
        return -*V;
  return std::nullopt;
}

bool isNullValue(const Expr *E) {
  E = strip(E);
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return true;
  std::optional<int64_t> V = literalInt(E);
  return V && *V == 0;
}

/// The state a value written to a handle member leaves: NoHandle for -1
/// (a descriptor) or null (a pointer), HaveHandle for anything else.
std::string handleValueOf(HandleKind K, const Expr *E) {
  if (K == HandleKind::Descriptor) {
    std::optional<int64_t> V = literalInt(strip(E));
    return V && *V < 0 ? NoHandle : HaveHandle;
  }
  return isNullValue(E) ? NoHandle : HaveHandle;
}

/// `fd_ < 0`, `fd_ == -1`, `fd_ >= 0`, `fp_ == nullptr`, `p_ != NULL`: the
/// handle member's test, or none. Op is the comparison with the member on
/// the left.
std::optional<StateTest> handleTest(const FieldDecl *F, BinaryOperatorKind Op,
                                    const Expr *Other) {
  HandleKind K = handleKind(F->getType());
  std::string Field = memberName(F);
  auto Invalid = [&](bool When) { return StateTest{Field, When, NoHandle}; };
  if (K == HandleKind::Pointer) {
    if (!isNullValue(Other) || (Op != BO_EQ && Op != BO_NE))
      return std::nullopt;
    return Invalid(Op == BO_EQ);
  }
  std::optional<int64_t> V = literalInt(strip(Other));
  if (K != HandleKind::Descriptor || !V)
    return std::nullopt;
  switch (Op) {
  case BO_LT:
    return *V == 0 ? std::optional<StateTest>(Invalid(true)) : std::nullopt;
  case BO_LE:
  case BO_EQ:
    return *V == -1 ? std::optional<StateTest>(Invalid(true)) : std::nullopt;
  case BO_GE:
    return *V == 0 ? std::optional<StateTest>(Invalid(false)) : std::nullopt;
  case BO_GT:
  case BO_NE:
    return *V == -1 ? std::optional<StateTest>(Invalid(false)) : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The comparison seen from the other side: `0 > fd_` is `fd_ < 0`.
BinaryOperatorKind mirrored(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return Op;
  }
}

/// "true", "false" or an enumerator's name; empty for anything else.
std::string valueOf(const Expr *E) {
  E = strip(E);
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
    return B->getValue() ? "true" : "false";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return EC->getNameAsString();
  return "";
}

std::optional<StateTest> negate(std::optional<StateTest> T) {
  return T ? std::optional<StateTest>(T->negated()) : T;
}

/// What a condition says about the state: `closed_`, `!open_`,
/// `state_ == State::Closed`, `state_ != State::Open`, and the first state
/// test of an `a || b`.
std::optional<StateTest> testOf(const Expr *E) {
  E = strip(E);
  if (const FieldDecl *F = thisField(E)) {
    // `if (producer_)`: a pointer that is set; a descriptor is not tested
    // that way.
    switch (handleKind(F->getType())) {
    case HandleKind::Pointer:
      return StateTest{memberName(F), false, NoHandle};
    case HandleKind::Descriptor:
      return std::nullopt;
    case HandleKind::None:
      break;
    }
    if (F->getType()->isBooleanType() ||
        !F->getType().getCanonicalType()->isEnumeralType())
      return StateTest{memberName(F), true, "true"};
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot)
      return negate(testOf(UO->getSubExpr()));
  // `isClosed()`: a query of the same object, resolved with its facts.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() && MD->getNumParams() == 0 &&
        MD->getReturnType()->isBooleanType() &&
        selfCallOn(MCE))
      return StateTest{QueryPrefix + memberName(MD), true, "true"};
    return std::nullopt;
  }
  const Expr *L = nullptr, *R = nullptr;
  bool Equal = true;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LOr) {
      if (auto T = testOf(BO->getLHS()))
        return T;
      return testOf(BO->getRHS());
    }
    if (BO->isComparisonOp()) {
      if (const FieldDecl *F = thisField(BO->getLHS());
          F && handleKind(F->getType()) != HandleKind::None)
        return handleTest(F, BO->getOpcode(), BO->getRHS());
      if (const FieldDecl *F = thisField(BO->getRHS());
          F && handleKind(F->getType()) != HandleKind::None)
        return handleTest(F, mirrored(BO->getOpcode()), BO->getLHS());
    }
    if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
      return std::nullopt;
    L = BO->getLHS();
    R = BO->getRHS();
    Equal = BO->getOpcode() == BO_EQ;
  } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if ((OCE->getOperator() != OO_EqualEqual &&
         OCE->getOperator() != OO_ExclaimEqual) ||
        OCE->getNumArgs() != 2)
      return std::nullopt;
    L = OCE->getArg(0);
    R = OCE->getArg(1);
    Equal = OCE->getOperator() == OO_EqualEqual;
    // `producer_ == nullptr` of a smart pointer.
    BinaryOperatorKind Op = Equal ? BO_EQ : BO_NE;
    if (const FieldDecl *F = thisField(L);
        F && handleKind(F->getType()) != HandleKind::None)
      return handleTest(F, Op, R);
    if (const FieldDecl *F = thisField(R);
        F && handleKind(F->getType()) != HandleKind::None)
      return handleTest(F, Op, L);
  } else {
    return std::nullopt;
  }
  const FieldDecl *F = thisField(L);
  std::string V = valueOf(R);
  if (!F) {
    F = thisField(R);
    V = valueOf(L);
  }
  if (!F || V.empty())
    return std::nullopt;
  StateTest T{memberName(F), Equal, V};
  if (V == "false" || V == "true") {
    if (!Equal)
      T = {T.Field, true, V == "true" ? "false" : "true"};
  }
  return T;
}

/// The text a message expression produces, MessageHole where it is
/// computed. Params maps a constructor's parameters to the text of the
/// arguments it was called with.
class MessageReader {
public:
  MessageReader() = default;
  explicit MessageReader(
      const std::map<const ParmVarDecl *, std::string> *Params)
      : Params(Params) {}

  std::string read(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 16)
      return Hole;
    E = strip(E);
    if (const auto *SL = dyn_cast<StringLiteral>(E))
      return SL->getCharByteWidth() == 1 ? SL->getString().str() : Hole;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      return CE->getNumArgs() >= 1 ? read(CE->getArg(0), Depth + 1) : "";
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (OCE->getOperator() == OO_Plus && OCE->getNumArgs() == 2)
        return join(read(OCE->getArg(0), Depth + 1),
                    read(OCE->getArg(1), Depth + 1));
      return Hole;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *PVD = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (Params) {
          auto It = Params->find(PVD);
          if (It != Params->end())
            return It->second;
        }
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->getType().isConstQualified() && VD->getInit())
          return read(VD->getInit(), Depth + 1);
      return Hole;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return readCall(Call, Depth);
    return Hole;
  }

private:
  /// std::format / fmt::format: the format string, each {} a hole;
  /// absl::StrCat: its arguments in turn.
  std::string readCall(const CallExpr *Call, unsigned Depth) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier() || Call->getNumArgs() == 0)
      return Hole;
    llvm::StringRef Name = FD->getName();
    if (Name == "format" || Name == "sprintf" || Name == "StrFormat") {
      std::string Format = read(Call->getArg(0), Depth + 1);
      std::string Out;
      for (size_t I = 0; I < Format.size(); ++I) {
        if (Format[I] == '{' && I + 1 < Format.size() && Format[I + 1] != '{') {
          size_t End = Format.find('}', I);
          if (End != std::string::npos) {
            Out = join(Out, Hole);
            I = End;
            continue;
          }
        }
        Out += Format[I];
      }
      return Out;
    }
    if (Name == "StrCat") {
      std::string Out;
      for (const Expr *A : Call->arguments())
        Out = join(Out, read(A, Depth + 1));
      return Out;
    }
    return Hole;
  }

  static std::string join(std::string A, const std::string &B) {
    if (!A.empty() && A.back() == MessageHole && !B.empty() &&
        B.front() == MessageHole)
      return A + B.substr(1);
    return A + B;
  }

  const std::map<const ParmVarDecl *, std::string> *Params = nullptr;
  const std::string Hole = std::string(1, MessageHole);
};

using ParamTexts = std::map<const ParmVarDecl *, std::string>;

/// The message a thrown object carries. An exception class of the user's
/// gets its message from what its constructor passes to its base, or from
/// a what() that returns a literal. Outer maps the parameters of the
/// function the throw is in (a helper that throws) to its arguments' text.
std::string thrownMessage(const Expr *Thrown, std::string &Type,
                          const ParamTexts *Outer = nullptr) {
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(strip(Thrown));
  if (!CE) {
    Type.clear();
    return MessageReader(Outer).read(Thrown);
  }
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const CXXRecordDecl *RD = Ctor->getParent();
  Type = RD->getQualifiedNameAsString();
  ParamTexts Params;
  for (unsigned I = 0; I < CE->getNumArgs() && I < Ctor->getNumParams(); ++I)
    Params[Ctor->getParamDecl(I)] = MessageReader(Outer).read(CE->getArg(I));
  const SourceManager &SM = RD->getASTContext().getSourceManager();
  bool UserClass = !SM.isInSystemHeader(SM.getExpansionLoc(RD->getLocation()));
  if (UserClass) {
    if (const auto *Def = dyn_cast_or_null<CXXConstructorDecl>(
            Ctor->getDefinition() ? Ctor->getDefinition() : Ctor))
      for (const CXXCtorInitializer *Init : Def->inits())
        if (Init->isBaseInitializer() && Init->isWritten())
          return MessageReader(&Params).read(Init->getInit());
    if (Ctor->isInheritingConstructor() && CE->getNumArgs())
      return MessageReader(Outer).read(CE->getArg(0));
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getIdentifier() && M->getName() == "what" && M->hasBody())
        if (const auto *Body = dyn_cast<CompoundStmt>(M->getBody()))
          for (const Stmt *S : Body->body())
            if (const auto *Ret = dyn_cast<ReturnStmt>(S))
              return MessageReader().read(Ret->getRetValue());
  }
  return CE->getNumArgs() ? MessageReader(Outer).read(CE->getArg(0))
                          : std::string(1, MessageHole);
}

/// True for the name of an enumerator or factory that does not say success
/// (`Code::Closed`, `Status::ioError`).
bool namesFailure(llvm::StringRef Name) {
  std::string N = Name.lower();
  return N.find("ok") == std::string::npos &&
         N.find("success") == std::string::npos &&
         N.find("none") == std::string::npos;
}

/// `Status::closed(m)`: a static method returning its own class, of a class
/// that also has one saying success (`Status::ok()`), so that the names tell
/// the results apart.
bool isFailureFactory(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->isStatic() || !MD->getIdentifier())
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  const CXXRecordDecl *Ret = MD->getReturnType()->getAsCXXRecordDecl();
  if (!Ret || Ret->getCanonicalDecl() != RD->getCanonicalDecl() ||
      !namesFailure(MD->getName()))
    return false;
  return llvm::any_of(RD->methods(), [&](const CXXMethodDecl *Other) {
    const CXXRecordDecl *R = Other->getReturnType()->getAsCXXRecordDecl();
    return Other->isStatic() && Other->getIdentifier() && R &&
           R->getCanonicalDecl() == RD->getCanonicalDecl() &&
           !namesFailure(Other->getName());
  });
}

/// True for a value a function returns to say it failed: false, a
/// negative number, an enumerator that does not say success, an error code,
/// a result built by a factory (or from an enumerator) that says failure.
bool isErrorValue(const Expr *E) {
  E = strip(E);
  if (!E)
    return false;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
    return !B->getValue();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Minus &&
           isa<IntegerLiteral>(UO->getSubExpr()->IgnoreParenImpCasts());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return namesFailure(EC->getName());
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = Call->getDirectCallee())
      return FD->getIdentifier() && (FD->getName() == "make_error_code" ||
                                     FD->getName() == "unexpected" ||
                                     isFailureFactory(FD));
  // `Status(Code::Closed, m)`, `{Code::Closed, m}`: the code it is built
  // with.
  llvm::ArrayRef<const Expr *> Args;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
  else if (const auto *IL = dyn_cast<InitListExpr>(E))
    Args = llvm::ArrayRef(IL->getInits(), IL->getNumInits());
  if (Args.empty() || !E->getType()->isRecordType())
    return false;
  const auto *Code = dyn_cast<DeclRefExpr>(strip(Args.front()));
  const auto *EC = Code ? dyn_cast<EnumConstantDecl>(Code->getDecl()) : nullptr;
  return EC && namesFailure(EC->getName());
}

/// The integer an error value a guard returns is, when it is a constant:
/// `false`, `-1`, an enumerator.
std::optional<int64_t> constantReturned(const Expr *E) {
  E = strip(E);
  if (!E)
    return std::nullopt;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
    return B->getValue() ? 1 : 0;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (const auto *IL = UO->getOpcode() == UO_Minus
                             ? dyn_cast<IntegerLiteral>(
                                   UO->getSubExpr()->IgnoreParenImpCasts())
                             : nullptr)
      return -static_cast<int64_t>(IL->getValue().getZExtValue());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return EC->getInitVal().getSExtValue();
  return std::nullopt;
}

/// The statement that makes a branch fail: a throw, a call of a function
/// that always throws (a helper such as throwClosed(m), or one declared
/// [[noreturn]]), or a return of an error value, at the branch's top level.
const Stmt *failureIn(const Stmt *S, bool &Throws, unsigned Depth = 0) {
  if (!S || Depth > 4)
    return nullptr;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body())
      if (const Stmt *F = failureIn(Child, Throws, Depth))
        return F;
    return nullptr;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (isa<CXXThrowExpr>(strip(E))) {
      Throws = true;
      return strip(E);
    }
    if (const auto *Call = dyn_cast<CallExpr>(strip(E)))
      if (const FunctionDecl *FD = Call->getDirectCallee()) {
        bool Inner = false;
        const FunctionDecl *Def = FD->getDefinition();
        if (FD->isNoReturn() ||
            (Def && failureIn(Def->getBody(), Inner, Depth + 1) && Inner)) {
          Throws = true;
          return Call;
        }
      }
  }
  if (const auto *Ret = dyn_cast<ReturnStmt>(S))
    if (isErrorValue(Ret->getRetValue())) {
      Throws = false;
      return Ret;
    }
  return nullptr;
}

/// The method of *this a statement calls, if it is only that call.
const CXXMethodDecl *selfCall(const Stmt *S) {
  const Expr *E = nullptr;
  if (const auto *Ret = dyn_cast<ReturnStmt>(S))
    E = Ret->getRetValue();
  else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
        E = VD->getInit();
  } else {
    E = dyn_cast<Expr>(S);
  }
  E = strip(E);
  if (const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(E))
    return selfCallOn(MCE) ? MCE->getMethodDecl() : nullptr;
  // In a class template's own code a call of a member on `this` has a
  // dependent type and stays a plain call of a member expression.
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const auto *ME = Call ? dyn_cast<MemberExpr>(
                              Call->getCallee()->IgnoreParenImpCasts())
                        : nullptr;
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
}

/// Collects the assignments of literal values to state members in a body.
class SetCollector : public RecursiveASTVisitor<SetCollector> {
public:
  SetCollector(const SourceManager &SM, std::vector<StateSet> &Out)
      : SM(SM), Out(Out) {}

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      add(thisFieldWritten(BO->getLHS()), BO->getRHS(), BO);
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2)
      add(thisFieldWritten(OCE->getArg(0)), OCE->getArg(1), OCE);
    return true;
  }

  /// `int fd = std::exchange(fd_, -1);`: the member takes the new value.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        FD->getName() == "exchange" && Call->getNumArgs() == 2)
      add(thisFieldWritten(Call->getArg(0)), Call->getArg(1), Call);
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    llvm::StringRef Op;
    const FieldDecl *F = atomicTarget(MCE, Op);
    if (!F)
      return true;
    // `producer_.reset()`: the smart pointer let go of what it held.
    if (handleKind(F->getType()) == HandleKind::Pointer) {
      if (Op == "reset")
        addValue(F, MCE->getNumArgs() == 0 ||
                            isa<CXXDefaultArgExpr>(MCE->getArg(0)) ||
                            isNullValue(MCE->getArg(0))
                        ? NoHandle
                        : HaveHandle,
                 MCE);
      return true;
    }
    if ((Op == "store" || Op == "exchange") && MCE->getNumArgs() >= 1)
      add(F, MCE->getArg(0), MCE);
    else if (Op.starts_with("compare_exchange") && MCE->getNumArgs() >= 2)
      add(F, MCE->getArg(1), MCE);
    return true;
  }

  /// The member of `this` E names, when it can hold a state.
  static const FieldDecl *thisFieldWritten(const Expr *E) {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    if (!ME || !selfMember(ME))
      return nullptr;
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    return FD && isStateType(FD->getType()) ? FD : nullptr;
  }

private:

  void add(const FieldDecl *F, const Expr *Value, const Expr *Site) {
    if (!F)
      return;
    HandleKind K = handleKind(F->getType());
    addValue(F, K == HandleKind::None ? valueOf(Value) : handleValueOf(K, Value),
             Site);
  }

  /// `impl_ = std::make_unique<Impl>();`: a new implementation holds the
  /// values its members are declared with (`bool open = true;`).
  void addImplDefaults(const FieldDecl *Owner, const Expr *Site) {
    const CXXRecordDecl *R = pointeeRecord(Owner->getType());
    if (!R || pimplOwner(R) != Owner || !(R = R->getDefinition()))
      return;
    for (const FieldDecl *G : R->fields()) {
      const Expr *Init = G->getInClassInitializer();
      if (!Init || !isStateType(G->getType()))
        continue;
      HandleKind K = handleKind(G->getType());
      addValue(G, K == HandleKind::None ? valueOf(Init) : handleValueOf(K, Init),
               Site);
    }
  }

  void addValue(const FieldDecl *F, const std::string &V, const Expr *Site) {
    if (V == HaveHandle && handleKind(F->getType()) == HandleKind::Pointer)
      addImplDefaults(F, Site);
    if (V.empty())
      return;
    StateSet S;
    S.Field = memberName(F);
    S.Value = V;
    S.Site = spotOf(SM, Site->getBeginLoc());
    Out.push_back(std::move(S));
  }

  const SourceManager &SM;
  std::vector<StateSet> &Out;

public:
  /// Facts leave the unit: their positions keep no clang location.
  static Location spotOf(const SourceManager &SM, SourceLocation L) {
    Location Loc = makeLocation(SM, L);
    Loc.Raw = 0;
    return Loc;
  }
};

Location spotOf(const SourceManager &SM, SourceLocation L) {
  return SetCollector::spotOf(SM, L);
}

/// Reads the facts of one method body.
class MethodReader {
public:
  MethodReader(const SourceManager &SM, const CXXMethodDecl *MD)
      : SM(SM), MD(MD) {}

  MethodFacts read() {
    MethodFacts M;
    M.Name = memberName(MD);
    M.Public = MD->getAccess() == AS_public && !pimplOwner(MD->getParent());
    M.Site = spotOf(SM, MD->getLocation());
    const Stmt *Body = MD->getBody();
    SetCollector(SM, M.Sets).TraverseStmt(const_cast<Stmt *>(Body));
    markThrowsAfter(Body, M.Sets);
    markOnlyBeforeVerdict(Body, M);
    readTopLevel(Body, M);
    readQuery(Body, M);
    M.OnlyChecks = onlyChecks(Body);
    return M;
  }

private:
  /// Every statement of the body is an `if` without an else whose branch
  /// only throws (`if (!open_) throw std::logic_error("closed");`), and
  /// there is at least one.
  static bool onlyChecks(const Stmt *Body) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
    if (!CS || CS->body_empty())
      return false;
    return llvm::all_of(CS->body(), [](const Stmt *St) {
      const auto *If = dyn_cast<IfStmt>(St);
      if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
        return false;
      // A test that does the work (`if (::send(sock_, ...) < 0) throw`) is
      // a use: only reads of the object and its const queries.
      if (anyIn(If->getCond(), [](const Stmt *S) {
            const auto *Call = dyn_cast<CallExpr>(S);
            if (!Call || isa<CXXOperatorCallExpr>(Call))
              return false;
            const auto *MD =
                dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
            return !MD || !MD->isConst();
          }))
        return false;
      const Stmt *Then = If->getThen();
      if (const auto *Block = dyn_cast<CompoundStmt>(Then))
        Then = Block->size() == 1 ? Block->body_front() : nullptr;
      const auto *E = dyn_cast_or_null<Expr>(Then);
      return E && isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
    });
  }

  /// Some statement of St (outside the lambdas it holds) satisfies Pred.
  static bool anyIn(const Stmt *St,
                    llvm::function_ref<bool(const Stmt *)> Pred) {
    llvm::SmallVector<const Stmt *, 32> Stack{St};
    while (!Stack.empty()) {
      const Stmt *S = Stack.pop_back_val();
      if (!S || isa<LambdaExpr>(S))
        continue;
      if (Pred(S))
        return true;
      for (const Stmt *Child : S->children())
        Stack.push_back(Child);
    }
    return false;
  }

  /// The literal value a struct return gives bool field F (`return
  /// CloseResult{true, err};`), if the return builds the struct there.
  static std::optional<bool> returnedField(const ReturnStmt *R,
                                           const FieldDecl *F) {
    const Expr *V = R->getRetValue();
    if (!V)
      return std::nullopt;
    V = V->IgnoreImplicit()->IgnoreParens();
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(V))
      V = FC->getSubExpr()->IgnoreImplicit();
    const auto *IL = dyn_cast<InitListExpr>(V);
    if (!IL)
      return std::nullopt;
    unsigned I = F->getFieldIndex();
    if (I >= IL->getNumInits())
      return std::nullopt;
    if (const auto *B =
            dyn_cast<CXXBoolLiteralExpr>(IL->getInit(I)->IgnoreParenImpCasts()))
      return B->getValue();
    return std::nullopt;
  }

  /// The bool fields of the struct the method returns by value.
  std::vector<const FieldDecl *> resultFlags() const {
    std::vector<const FieldDecl *> Out;
    const RecordDecl *RD = MD->getReturnType()->getAsRecordDecl();
    if (RD && !MD->getReturnType()->isReferenceType() && RD->getDefinition())
      for (const FieldDecl *F : RD->getDefinition()->fields())
        if (F->getType()->isBooleanType())
          Out.push_back(F);
    return Out;
  }

  /// Every return in St (outside lambdas) gives field F the literal Value,
  /// or is `return <Except>();`.
  static bool allReturnField(const Stmt *St, const FieldDecl *F, bool Value,
                             const Stmt *Except = nullptr) {
    llvm::SmallVector<const Stmt *, 32> Stack{St};
    while (!Stack.empty()) {
      const Stmt *S = Stack.pop_back_val();
      if (!S || isa<LambdaExpr>(S))
        continue;
      if (const auto *R = dyn_cast<ReturnStmt>(S)) {
        if (R == Except)
          continue;
        std::optional<bool> Given = returnedField(R, F);
        if (!Given || *Given != Value)
          return false;
        continue;
      }
      for (const Stmt *Child : S->children())
        Stack.push_back(Child);
    }
    return true;
  }

  /// St returns somewhere (outside the lambdas it holds).
  static bool returnsIn(const Stmt *St) {
    return anyIn(St, [](const Stmt *S) { return isa<ReturnStmt>(S); });
  }

  /// The statements before a set that return (Returning) all return false,
  /// some of them on a failure, or return true only where the state Field
  /// already holds a value they test.
  /// Failure says whether one of them returns false on a failure; a
  /// failure after the set may be the one (HandleFailureAfter).
  static bool onlyFailuresBefore(const std::vector<const Stmt *> &Returning,
                                 const std::string &Field,
                                 bool HandleFailureAfter = false) {
    bool Failure = HandleFailureAfter;
    for (const Stmt *St : Returning) {
      const bool Guard = testsOnly(St, Field);
      if (allReturn(St, false))
        Failure = Failure || !Guard;
      else if (!Guard || !allReturn(St, true))
        return false;
    }
    return Failure;
  }

  /// St is `if (<a test of Field>) return ...;`.
  static bool testsOnly(const Stmt *St, const std::string &Field) {
    const auto *If = dyn_cast<IfStmt>(St);
    if (!If || If->getElse())
      return false;
    std::optional<StateTest> T = testOf(If->getCond());
    return T && T->Field == Field;
  }

  /// St is `if (<Field holds no handle>) return ...;` (`if (!fp_)`,
  /// `if (fd_ < 0)`).
  static bool testsNoHandle(const Stmt *St, const std::string &Field) {
    const auto *If = dyn_cast<IfStmt>(St);
    if (!If || If->getElse())
      return false;
    std::optional<StateTest> T = testOf(If->getCond());
    return T && T->Field == Field && T->holdsFor(NoHandle) &&
           !T->holdsFor(HaveHandle);
  }

  /// St is `if (...) { ...; fd_ = -1; return false; }`: the block lets go
  /// of Field's handle (-1, null) in its own statements, so the false
  /// return after it leaves the object closed, as before the set that
  /// opened it (a `reopen()` whose connect failed).
  static bool leavesNoHandle(const Stmt *St, const std::string &Field) {
    const auto *If = dyn_cast<IfStmt>(St);
    const auto *Then =
        If && !If->getElse() ? dyn_cast<CompoundStmt>(If->getThen()) : nullptr;
    if (!Then)
      return false;
    return llvm::any_of(Then->body(), [&](const Stmt *Child) {
      const auto *BO = dyn_cast<BinaryOperator>(Child);
      if (!BO || BO->getOpcode() != BO_Assign)
        return false;
      const FieldDecl *F = SetCollector::thisFieldWritten(BO->getLHS());
      if (!F || memberName(F) != Field)
        return false;
      HandleKind K = handleKind(F->getType());
      return K != HandleKind::None &&
             handleValueOf(K, BO->getRHS()) == NoHandle;
    });
  }

  /// Every return in St (outside the lambdas it holds) returns the literal
  /// Value.
  static bool allReturn(const Stmt *St, bool Value) {
    llvm::SmallVector<const Stmt *, 32> Stack{St};
    while (!Stack.empty()) {
      const Stmt *S = Stack.pop_back_val();
      if (!S || isa<LambdaExpr>(S))
        continue;
      if (const auto *R = dyn_cast<ReturnStmt>(S)) {
        const auto *B = dyn_cast_or_null<CXXBoolLiteralExpr>(
            R->getRetValue() ? R->getRetValue()->IgnoreParenImpCasts()
                             : nullptr);
        if (!B || B->getValue() != Value)
          return false;
        continue;
      }
      for (const Stmt *Child : S->children())
        Stack.push_back(Child);
    }
    return true;
  }

  /// The sets nested in Child, a statement of the body that nothing in
  /// leaves the method or the statement from (no return, throw, jump or
  /// call that never returns).
  void markFallsThrough(const Stmt *Child, std::vector<StateSet> &Sets) {
    Location Begin = spotOf(SM, Child->getBeginLoc());
    Location End = spotOf(SM, Child->getEndLoc());
    if (anyIn(Child, [](const Stmt *S) {
          if (isa<ReturnStmt, CXXThrowExpr, BreakStmt, ContinueStmt, GotoStmt,
                  CoreturnStmt>(S))
            return true;
          const auto *Call = dyn_cast<CallExpr>(S);
          const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
          return FD && FD->isNoReturn();
        }))
      return;
    for (StateSet &Set : Sets) {
      auto Pos = std::tie(Set.Site.Line, Set.Site.Column);
      if (Set.Site.File == Begin.File &&
          Pos > std::tie(Begin.Line, Begin.Column) &&
          Pos <= std::tie(End.Line, End.Column))
        Set.FallsThrough = true;
    }
  }

  /// The sets a throw of the method comes after, in the text (not one a
  /// handler of its own catches, nor one in a lambda).
  void markThrowsAfter(const Stmt *Body, std::vector<StateSet> &Sets) {
    std::vector<std::pair<Location, std::string>> Throws;
    llvm::SmallVector<const Stmt *, 32> Stack{Body};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St || isa<CXXTryStmt>(St) || isa<LambdaExpr>(St))
        continue;
      if (const auto *Throw = dyn_cast<CXXThrowExpr>(St)) {
        std::string Type;
        if (const Expr *Sub = Throw->getSubExpr())
          if (const CXXRecordDecl *RD = Sub->getType()->getAsCXXRecordDecl())
            Type = RD->getQualifiedNameAsString();
        Throws.push_back({spotOf(SM, St->getBeginLoc()), Type});
      }
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
    // Past a `return` (`if (!fp) return false;`) a statement of the body
    // does not run on every normal return; past returns of false, with
    // returns of true after it, it runs on the paths that return true.
    // A return of false that only tests the state the set writes (`if
    // (state_ == Closed) return false;`) is not a failure: the closes it
    // stays closed after are the protocol's to say (ReopenNotAfter).
    // (`if (fd_ >= 0) return true;`, already open, is such a test too.)
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
      const bool Bool = MD->getReturnType()->isBooleanType();
      std::vector<const Stmt *> Returning;
      for (auto It = CS->body_begin(); It != CS->body_end(); ++It) {
        const Stmt *Child = *It;
        Location L = spotOf(SM, Child->getBeginLoc());
        markFallsThrough(Child, Sets);
        for (StateSet &Set : Sets)
          if (Set.Site.File == L.File && Set.Site.Line == L.Line &&
              Set.Site.Column == L.Column) {
            Set.BodyStatement = true;
            Set.TopLevel = Returning.empty();
            Set.ReturnsBefore = static_cast<int>(Returning.size());
            // `fp_ = fopen(...); if (!fp_) return false;`: the false
            // return after it is where the handle it set is none, which
            // leaves the object as closed as before.
            const bool Handle = Set.Value == HaveHandle;
            bool FailsAfter = false;
            Set.OnlyIfTrue =
                Bool &&
                std::all_of(It, CS->body_end(), [&](const Stmt *Later) {
                  if (allReturn(Later, true))
                    return true;
                  FailsAfter = Handle && allReturn(Later, false) &&
                               (testsNoHandle(Later, Set.Field) ||
                                leavesNoHandle(Later, Set.Field));
                  return FailsAfter;
                }) &&
                onlyFailuresBefore(Returning, Set.Field, FailsAfter);
            for (const FieldDecl *F : resultFlags())
              if (std::any_of(It, CS->body_end(), returnsIn))
                if (llvm::all_of(Returning,
                                 [&](const Stmt *Before) {
                                   return allReturnField(Before, F, false);
                                 }) &&
                    std::all_of(It, CS->body_end(), [&](const Stmt *Later) {
                      return allReturnField(Later, F, true);
                    })) {
                  Set.OnlyIfField = F->getNameAsString();
                  break;
                }
          }
        if (returnsIn(Child))
          Returning.push_back(Child);
      }
    }
    markOnlyBeforeThrow(Body, Sets);
    for (StateSet &Set : Sets) {
      std::set<std::string> Types;
      for (const auto &[T, Type] : Throws)
        if (T.File == Set.Site.File &&
            std::tie(T.Line, T.Column) >
                std::tie(Set.Site.Line, Set.Site.Column))
          Types.insert(Type);
      Set.ThrowsAfter = !Types.empty();
      if (Types.size() == 1)
        Set.ThrowsAfterType = *Types.begin();
    }
  }

  /// The sets a throw follows in their own block, with no statement
  /// between that returns, breaks or jumps: they run only on a path that
  /// leaves by that throw (or by a call that never returns). A handler of
  /// the method's own (a try) or a lambda is not looked into.
  void markOnlyBeforeThrow(const Stmt *Body, std::vector<StateSet> &Sets) {
    llvm::SmallVector<const Stmt *, 32> Stack{Body};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St || isa<CXXTryStmt>(St) || isa<LambdaExpr>(St))
        continue;
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
      const auto *CS = dyn_cast<CompoundStmt>(St);
      if (!CS)
        continue;
      for (auto It = CS->body_begin(); It != CS->body_end(); ++It) {
        Location L = spotOf(SM, (*It)->getBeginLoc());
        for (StateSet &Set : Sets)
          if (Set.Site.File == L.File && Set.Site.Line == L.Line &&
              Set.Site.Column == L.Column)
          {
            Set.OnlyBeforeThrow = throwsBeforeLeaving(std::next(It), CS->body_end());
            Set.OnlyBeforeFalse = MD->getReturnType()->isBooleanType() &&
                                  returnsFalseBeforeLeaving(std::next(It),
                                                            CS->body_end());
          }
      }
    }
  }

  /// The verdicts of the result class's locals that the enclosing `if`s
  /// decided (`if (st.failed()) { ... }`).
  using KnownVerdicts = std::map<const VarDecl *, bool>;

  /// Marks the sets a return of one verdict follows in their own block
  /// (StateSet::VerdictQuery), where the method returns a result class.
  /// Also notes the calls of the object's own methods such a return
  /// follows (MethodFacts::CallsBeforeVerdict).
  /// Where the result class's verdict query is defined in another unit
  /// (`bool Status::ok() const;` in status.cpp), only the returns of its
  /// static factories (`return Status::Ok();`) are marked, by factory: a
  /// unit that imports the query's summary resolves them.
  void markOnlyBeforeVerdict(const Stmt *Body, MethodFacts &M) {
    const CXXRecordDecl *RD = MD->getReturnType()->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->isInStdNamespace())
      return;
    ResultClass = RD->getDefinition();
    const CXXMethodDecl *Verdict = typestate::verdictQuery(RD);
    KnownVerdicts Known;
    markVerdictsIn(Body, Verdict, Known, M);
  }
  /// The class the method analyzed returns, while its verdicts are marked.
  const CXXRecordDecl *ResultClass = nullptr;

  /// The method of the same object St calls (`close();`), or null.
  static const CXXMethodDecl *selfCallee(const Stmt *St) {
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
    if (!MCE || !selfCallOn(MCE))
      return nullptr;
    return MCE->getMethodDecl();
  }

  /// What the verdict is where Cond is true, of the local of the result
  /// class whose query it calls (`st.failed()`, `!st.ok()`, `!st`).
  static std::optional<std::pair<const VarDecl *, bool>>
  verdictTested(const Expr *Cond, const CXXMethodDecl *Verdict) {
    if (!Verdict)
      return std::nullopt;
    bool Negated = false;
    Cond = Cond->IgnoreParenImpCasts();
    while (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
      if (UO->getOpcode() != UO_LNot)
        return std::nullopt;
      Negated = !Negated;
      Cond = UO->getSubExpr()->IgnoreParenImpCasts();
    }
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(Cond);
    const auto *DRE =
        MCE ? dyn_cast<DeclRefExpr>(
                  MCE->getImplicitObjectArgument()->IgnoreParenImpCasts())
            : nullptr;
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD->getType()->getAsCXXRecordDecl() != Verdict->getParent() ||
        MCE->getMethodDecl()->getParent() != Verdict->getParent())
      return std::nullopt;
    std::optional<bool> Agrees =
        typestate::agreesWithVerdict(MCE->getMethodDecl());
    if (!Agrees)
      return std::nullopt;
    return std::make_pair(VD->getCanonicalDecl(), *Agrees != Negated);
  }

  /// The verdict of what `return V;` returns: a local whose verdict an
  /// enclosing test decided, or an object built with constant fields; or,
  /// for a static factory of the result class that another unit defines,
  /// the factory's name for the units that know what it builds.
  std::optional<VerdictOutcome> verdictOfReturn(const Expr *V,
                                                const CXXMethodDecl *Verdict,
                                                const KnownVerdicts &Known) const {
    if (!V)
      return std::nullopt;
    if (!Verdict)
      return factoryOfReturn(V, /*BodyHere=*/true);
    const std::string Query = Verdict->getNameAsString();
    if (const VarDecl *Local = typestate::returnedLocal(V)) {
      auto It = Known.find(Local);
      if (It == Known.end())
        return std::nullopt;
      return VerdictOutcome{Query, It->second, {}};
    }
    if (std::optional<bool> Value = typestate::queryValue(
            Verdict, typestate::fieldsBuiltBy(V, MD->getASTContext())))
      return VerdictOutcome{Query, *Value, {}};
    return factoryOfReturn(V, /*BodyHere=*/false);
  }

  /// `return Status::Ok();`: the static factory of the result class V
  /// calls, for a unit that knows its verdict (one whose body is seen here
  /// only when BodyHere: otherwise its fields told the verdict already).
  std::optional<VerdictOutcome> factoryOfReturn(const Expr *V,
                                                bool BodyHere) const {
    const auto *Call =
        dyn_cast<CallExpr>(typestate::withoutCopy(V)->IgnoreParenImpCasts());
    const auto *Factory =
        Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
    if (!Factory || !Factory->isStatic() || !ResultClass ||
        Factory->getParent()->getCanonicalDecl() !=
            ResultClass->getCanonicalDecl() ||
        (Factory->hasBody() && !BodyHere) || !Factory->getIdentifier())
      return std::nullopt;
    return VerdictOutcome{{}, false, Factory->getNameAsString()};
  }

  void markVerdictsIn(const Stmt *St, const CXXMethodDecl *Verdict,
                      KnownVerdicts &Known, MethodFacts &M) {
    std::vector<StateSet> &Sets = M.Sets;
    if (!St || isa<CXXTryStmt>(St) || isa<LambdaExpr>(St))
      return;
    if (const auto *If = dyn_cast<IfStmt>(St)) {
      auto Tested = verdictTested(If->getCond(), Verdict);
      for (bool Branch : {true, false}) {
        KnownVerdicts Inner = Known;
        if (Tested)
          Inner[Tested->first] = Tested->second == Branch;
        markVerdictsIn(Branch ? If->getThen() : If->getElse(), Verdict, Inner,
                       M);
      }
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(St))
      for (auto It = CS->body_begin(); It != CS->body_end(); ++It) {
        Location L = spotOf(SM, (*It)->getBeginLoc());
        for (StateSet &Set : Sets)
          if (Set.Site.File == L.File && Set.Site.Line == L.Line &&
              Set.Site.Column == L.Column)
            if (std::optional<VerdictOutcome> V = verdictBeforeLeaving(
                    std::next(It), CS->body_end(), Verdict, Known)) {
              Set.VerdictQuery = V->Query;
              Set.VerdictValue = V->Value;
              Set.VerdictFactory = V->Factory;
            }
        // (Only with the verdict query seen here: a close made through a
        // helper before a factory return no unit may resolve would close
        // on every path.)
        if (const CXXMethodDecl *Callee = Verdict ? selfCallee(*It) : nullptr)
          if (std::optional<VerdictOutcome> V = verdictBeforeLeaving(
                  std::next(It), CS->body_end(), Verdict, Known))
            M.CallsBeforeVerdict.push_back({memberName(Callee), *V});
      }
    for (const Stmt *Child : St->children())
      markVerdictsIn(Child, Verdict, Known, M);
  }

  /// The verdict of the `return` the statements [From, To) reach before
  /// anything that could leave the block otherwise.
  std::optional<VerdictOutcome>
  verdictBeforeLeaving(CompoundStmt::const_body_iterator From,
                       CompoundStmt::const_body_iterator To,
                       const CXXMethodDecl *Verdict,
                       const KnownVerdicts &Known) const {
    for (auto It = From; It != To; ++It) {
      if (const auto *RS = dyn_cast<ReturnStmt>(*It))
        return verdictOfReturn(RS->getRetValue(), Verdict, Known);
      if (leavesIn(*It))
        return std::nullopt;
    }
    return std::nullopt;
  }

  /// The statements [From, To) reach a throw (or a call of a function that
  /// never returns) before anything that could leave the block otherwise.
  static bool throwsBeforeLeaving(CompoundStmt::const_body_iterator From,
                                  CompoundStmt::const_body_iterator To) {
    for (auto It = From; It != To; ++It) {
      const Stmt *St = *It;
      if (const auto *E = dyn_cast<Expr>(St)) {
        const Expr *Inner = E->IgnoreImplicit();
        if (isa<CXXThrowExpr>(Inner))
          return true;
        if (const auto *Call = dyn_cast<CallExpr>(Inner))
          if (const FunctionDecl *FD = Call->getDirectCallee();
              FD && FD->isNoReturn())
            return true;
      }
      if (leavesIn(St))
        return false;
    }
    return false;
  }

  /// The statements [From, To) reach a `return false;` before anything
  /// that could leave the block otherwise.
  static bool returnsFalseBeforeLeaving(CompoundStmt::const_body_iterator From,
                                        CompoundStmt::const_body_iterator To) {
    for (auto It = From; It != To; ++It) {
      if (isa<ReturnStmt>(*It))
        return allReturn(*It, false);
      const auto *E = dyn_cast<Expr>(*It);
      if (leavesIn(*It) || (E && isa<CXXThrowExpr>(E->IgnoreImplicit())))
        return false;
    }
    return false;
  }

  /// St returns, breaks, continues or jumps somewhere (outside lambdas).
  static bool leavesIn(const Stmt *St) {
    return anyIn(St, [](const Stmt *S) {
      return isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CoreturnStmt>(
          S);
    });
  }

  /// Guards and calls of the statements every path runs.
  void readTopLevel(const Stmt *S, MethodFacts &M) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(S);
    if (!CS)
      return;
    for (const Stmt *Child : CS->body()) {
      if (isa<CompoundStmt>(Child)) {
        readTopLevel(Child, M);
        continue;
      }
      // A test of a member the method already wrote checks what it just
      // did (`fp_ = fopen(...); if (!fp_) return false;`), not the state
      // it was called in.
      if (const auto *If = dyn_cast<IfStmt>(Child)) {
        std::optional<StateTest> T = testOf(If->getCond());
        if (!T || !Written.count(T->Field) || readsExchanged(If->getCond()))
          readGuard(If, M);
        if (T && Written.empty())
          readSetsOnlyWhen(If, *T, M);
      }
      std::vector<StateSet> Sets;
      SetCollector(SM, Sets).TraverseStmt(const_cast<Stmt *>(Child));
      for (const StateSet &Set : Sets)
        Written.insert(Set.Field);
      if (isa<Expr>(Child))
        for (const StateSet &Set : Sets)
          for (StateSet &Mine : M.Sets)
            if (Mine.Field == Set.Field && Mine.Site.Line == Set.Site.Line &&
                Mine.Site.Column == Set.Site.Column)
              Mine.CallsBefore = M.Calls.size();
      if (const auto *If = dyn_cast<IfStmt>(Child)) {
        if (std::optional<StateTest> T = earlyExit(If))
          M.Exits.push_back(*T);
        continue;
      }
      if (const CXXMethodDecl *Callee = selfCall(Child))
        if (Callee->getIdentifier()) {
          M.Calls.push_back(memberName(Callee));
          if (!M.Exits.empty()) {
            M.CallExits.resize(M.Calls.size() - 1, 0);
            M.CallExits.push_back(M.Exits.size());
          }
          if (isa<ReturnStmt>(Child)) {
            M.ReturnsCall = memberName(Callee);
            for (const FieldDecl *F : resultFlags())
              if (allReturnField(MD->getBody(), F, false, Child))
                M.FalseFieldsElsewhere.push_back(memberName(F));
          }
        }
    }
  }

  /// The test under which `if (...) return;` leaves the body early, when it
  /// reads the state (a failing return is a guard as well).
  static std::optional<StateTest> earlyExit(const IfStmt *If) {
    if (If->getElse() || If->hasInitStorage() || If->hasVarStorage())
      return std::nullopt;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    if (!isa<ReturnStmt>(Then))
      return std::nullopt;
    return testOf(If->getCond());
  }

  /// The members the statements read so far write.
  std::set<std::string> Written;

  /// Cond tests a constant local holding what an exchange replaced
  /// (`previous == State::Closed` after `previous = state_.exchange(...)`):
  /// the state the method was called in, though it wrote it since.
  static bool readsExchanged(const Expr *Cond) {
    llvm::SmallVector<const Stmt *, 16> Stack{Cond};
    while (!Stack.empty()) {
      const Stmt *St = Stack.pop_back_val();
      if (!St)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->getType().isConstQualified() && VD->getInit())
          if (const auto *MCE =
                  dyn_cast<CXXMemberCallExpr>(strip(VD->getInit())))
            if (const CXXMethodDecl *MD = MCE->getMethodDecl();
                MD && MD->getIdentifier() && MD->getName() == "exchange")
              return true;
      for (const Stmt *Child : St->children())
        Stack.push_back(Child);
    }
    return false;
  }

  /// `if (state_ == State::Closed) return;` before any write, or every
  /// write of the method under `if (state_ == State::Open)`: the writes
  /// need the test (or its negation) to hold on entry.
  void readSetsOnlyWhen(const IfStmt *If, const StateTest &T, MethodFacts &M) {
    if (M.Sets.empty() || If->getElse() || If->hasInitStorage() ||
        If->hasVarStorage())
      return;
    std::vector<StateSet> Inside;
    SetCollector(SM, Inside).TraverseStmt(const_cast<Stmt *>(If->getThen()));
    if (Inside.size() == M.Sets.size()) {
      M.SetsOnlyWhen.push_back(T);
      return;
    }
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    if (Inside.empty() && isa_and_nonnull<ReturnStmt>(Then))
      M.SetsOnlyWhen.push_back(T.negated());
  }

  void readGuard(const IfStmt *If, MethodFacts &M) {
    std::optional<StateTest> T = testOf(If->getCond());
    if (!T)
      return;
    bool Throws = false;
    const Stmt *Fail = failureIn(If->getThen(), Throws);
    if (!Fail) {
      Fail = failureIn(If->getElse(), Throws);
      T = negate(T);
    }
    if (!Fail)
      return;
    Guard G;
    G.When = *T;
    G.Throws = Throws;
    G.Site = spotOf(SM, Fail->getBeginLoc());
    if (const auto *Throw = dyn_cast<CXXThrowExpr>(Fail))
      G.Message = thrownMessage(Throw->getSubExpr(), G.ExceptionType);
    else if (const auto *Call = dyn_cast<CallExpr>(Fail))
      readHelperThrow(Call, G);
    else if (const auto *Ret = dyn_cast<ReturnStmt>(Fail))
      G.Returns = constantReturned(Ret->getRetValue());
    M.Guards.push_back(std::move(G));
  }

  /// The message of the throw in a helper that always throws, with its
  /// parameters replaced by the caller's arguments; the throw is quoted.
  void readHelperThrow(const CallExpr *Call, Guard &G) {
    G.Message = std::string(1, MessageHole);
    const FunctionDecl *Def = Call->getDirectCallee()->getDefinition();
    bool Throws = false;
    const Stmt *Inner = Def ? failureIn(Def->getBody(), Throws) : nullptr;
    const auto *Throw = dyn_cast_or_null<CXXThrowExpr>(Inner);
    if (!Throw)
      return;
    ParamTexts Args;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I)
      Args[Def->getParamDecl(I)] = MessageReader().read(Call->getArg(I));
    G.Message = thrownMessage(Throw->getSubExpr(), G.ExceptionType, &Args);
    G.Site = spotOf(SM, Throw->getBeginLoc());
  }

  /// `return closed_;`, `return !closed_;`, `return state_ == Closed;`,
  /// after any declarations (a lock).
  void readQuery(const Stmt *Body, MethodFacts &M) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
    if (!CS || !MD->getReturnType()->isBooleanType() || MD->getNumParams())
      return;
    const ReturnStmt *Ret = nullptr;
    for (const Stmt *S : CS->body()) {
      if (isa<DeclStmt>(S))
        continue;
      if (Ret || !(Ret = dyn_cast<ReturnStmt>(S)))
        return;
    }
    if (!Ret)
      return;
    M.Query = testOf(Ret->getRetValue());
    // `return !closed_ && session_.channel().isOpen();`: true only where
    // the member test on one side holds.
    const auto *And = dyn_cast<BinaryOperator>(strip(Ret->getRetValue()));
    if (M.Query || !And || And->getOpcode() != BO_LAnd)
      return;
    for (const Expr *Side : {And->getLHS(), And->getRHS()})
      if (std::optional<StateTest> T = testOf(Side);
          T && !llvm::StringRef(T->Field).starts_with(QueryPrefix)) {
        M.TrueOnlyWhen = T;
        return;
      }
  }

  const SourceManager &SM;
  const CXXMethodDecl *MD;
};

bool isUserCode(const SourceManager &SM, SourceLocation L) {
  return L.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(L));
}

/// A class template's own definition (not a class nested in one): its
/// protocol is read from the template's code, once, and holds for every
/// instantiation, which all have the template's name (`Queue<int>` is a
/// `Queue`).
bool isTemplatePattern(const CXXRecordDecl *RD) {
  return RD->getDescribedClassTemplate() &&
         !cast<DeclContext>(RD)->getParent()->isDependentContext();
}

/// The classes whose methods can be read: named, not lambdas, not nested in
/// a template, not a template's instantiation (the template itself is read),
/// in user code.
bool isCandidateClass(const CXXRecordDecl *RD, const SourceManager &SM) {
  return RD && RD->getIdentifier() && !RD->isLambda() &&
         (!RD->isDependentContext() || isTemplatePattern(RD)) &&
         !isa<ClassTemplateSpecializationDecl>(RD) &&
         isUserCode(SM, RD->getLocation());
}

bool hasStateMember(const CXXRecordDecl *RD) {
  RD = RD->getDefinition();
  return RD && llvm::any_of(RD->fields(), [](const FieldDecl *F) {
           return isStateType(F->getType());
         });
}

class FactCollector : public RecursiveASTVisitor<FactCollector> {
public:
  explicit FactCollector(const SourceManager &SM) : SM(SM) {}

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && !isUserCode(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCXXMethodDecl(CXXMethodDecl *MD) {
    if (!MD->doesThisDeclarationHaveABody() || MD->isStatic())
      return true;
    const CXXRecordDecl *RD = MD->getParent();
    if (!isCandidateClass(RD, SM))
      return true;
    // A pimpl's methods are its owner's private helpers: their facts join
    // the owner's, under names that say where they are (`impl_.check_up`).
    if (const FieldDecl *Owner = pimplOwner(RD)) {
      if (isa<CXXConstructorDecl>(MD) || isa<CXXDestructorDecl>(MD) ||
          !MD->getIdentifier() || MD->getDescribedFunctionTemplate())
        return true;
      classOf(cast<CXXRecordDecl>(Owner->getParent()))
          .Methods.push_back(MethodReader(SM, MD).read());
      return true;
    }
    // A class template's work is read from an instantiation.
    const CXXRecordDecl *WorkRD = workInstance(RD);
    const CXXMethodDecl *WorkMD = WorkRD ? workInstance(MD) : nullptr;
    std::vector<std::string> Threads =
        WorkRD ? threadMembers(WorkRD) : std::vector<std::string>();
    bool Work = !Threads.empty() || (WorkRD && hasCallableMember(WorkRD));
    if (!Work && !hasStateMember(RD))
      return true;
    if (Work && WorkMD)
      readClassWork(WorkMD, Threads, classOf(RD));
    // Methods are named; `operator()` fires a signal of the user's.
    if (isa<CXXConstructorDecl>(MD) || isa<CXXDestructorDecl>(MD) ||
        (!MD->getIdentifier() && MD->getOverloadedOperator() != OO_Call) ||
        (MD->isDependentContext() && !isTemplatePattern(RD)) ||
        MD->getDescribedFunctionTemplate())
      return true;
    MethodFacts M = MethodReader(SM, MD).read();
    if (Work && WorkMD)
      readWork(SM, WorkMD, M);
    classOf(RD).Methods.push_back(std::move(M));
    return true;
  }

  std::vector<ClassFacts> Facts;

private:
  ClassFacts &classOf(const CXXRecordDecl *RD) {
    std::string Name = RD->getQualifiedNameAsString();
    auto [It, New] = Index.try_emplace(Name, Facts.size());
    if (New) {
      ClassFacts C;
      C.Name = Name;
      C.Site = spotOf(SM, RD->getLocation());
      Facts.push_back(std::move(C));
    }
    return Facts[It->second];
  }

  /// What a body of a class that owns threads or keeps callables does with
  /// work: which kept callables it runs (constructors and the lambdas they
  /// start included), and for a member template, which MethodReader does
  /// not read, what its first instantiation does with callables.
  void readClassWork(const CXXMethodDecl *MD,
                     const std::vector<std::string> &Threads, ClassFacts &C) {
    C.Threads = Threads;
    std::set<std::string> Runs(C.Runs.begin(), C.Runs.end());
    readRuns(MD->getBody(), Runs);
    C.Runs.assign(Runs.begin(), Runs.end());
    const FunctionTemplateDecl *FT = MD->getDescribedFunctionTemplate();
    if (!FT || !MD->getIdentifier())
      return;
    for (const FunctionDecl *Spec : FT->specializations()) {
      const auto *SMD = dyn_cast<CXXMethodDecl>(Spec);
      if (!SMD || !SMD->doesThisDeclarationHaveABody())
        continue;
      MethodFacts M;
      M.Name = MD->getNameAsString();
      M.Public = MD->getAccess() == AS_public;
      M.Site = spotOf(SM, MD->getLocation());
      readWork(SM, SMD, M);
      if (!M.StoresCallableIn.empty() || !M.WaitsOn.empty() ||
          !M.RunsFrom.empty() || !M.DropsFrom.empty())
        C.Methods.push_back(std::move(M));
      return;
    }
  }

  const SourceManager &SM;
  std::map<std::string, size_t> Index;
};

class PendingCollector : public RecursiveASTVisitor<PendingCollector> {
public:
  explicit PendingCollector(const SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && !isUserCode(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (!MD || MD->hasBody() || MD->isPureVirtual())
      return true;
    const CXXRecordDecl *RD = MD->getParent();
    const CXXRecordDecl *WorkRD = isCandidateClass(RD, SM) ? workInstance(RD)
                                                           : nullptr;
    if (!isCandidateClass(RD, SM) ||
        (!hasStateMember(RD) &&
         (!WorkRD ||
          (threadMembers(WorkRD).empty() && !hasCallableMember(WorkRD)))))
      return true;
    // A class a catalogue profile names is pending too: its code may add
    // uses the profile does not list.
    std::string Name = RD->getQualifiedNameAsString();
    Pending.insert(Name);
    if (MD->getIdentifier())
      Methods.insert(Name + "::" + MD->getNameAsString());
    const CXXRecordDecl *Def = RD->getDefinition();
    std::string Header =
        Def ? makeLocation(SM, Def->getLocation()).File : std::string();
    if (!Header.empty())
      Headers.insert(Header);
    return true;
  }

  std::set<std::string> Pending;
  std::set<std::string> Methods;
  std::set<std::string> Headers;

private:
  const SourceManager &SM;
};

} // namespace

std::vector<ClassFacts> collectClassFacts(ASTContext &Ctx) {
  FactCollector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Facts);
}

std::vector<std::string> pendingClasses(ASTContext &Ctx,
                                        std::vector<std::string> *Methods,
                                        std::vector<std::string> *Headers) {
  PendingCollector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Methods)
    Methods->assign(C.Methods.begin(), C.Methods.end());
  if (Headers)
    Headers->assign(C.Headers.begin(), C.Headers.end());
  return {C.Pending.begin(), C.Pending.end()};
}

} // namespace errlint
