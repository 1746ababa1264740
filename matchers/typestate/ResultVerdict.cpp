//===- ResultVerdict.cpp - What a result class says of success ------------===//

#include "typestate/ResultVerdict.h"
#include "typestate/AccessPath.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include <set>

using namespace clang;

namespace errlint {
namespace typestate {
namespace {

using Values = std::map<const FieldDecl *, int64_t>;
using Tested = std::map<const FieldDecl *, std::set<int64_t>>;

/// Inlining another query (`return ok();`) goes this deep at most.
constexpr unsigned MaxDepth = 3;
/// Evaluating two queries over every combination of field values stops
/// past this many combinations (a query of a few flags and codes has far
/// fewer).
constexpr size_t MaxCombinations = 4096;

/// The scalar field of `this` E reads (`code_`, `this->errno_`), or null.
const FieldDecl *thisField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return F && F->getType()->isIntegralOrEnumerationType() &&
                 !F->getType().isVolatileQualified()
             ? F->getCanonicalDecl()
             : nullptr;
}

/// `msg_.empty()`, `value_.has_value()`, `bool(value_)`: a test of whether
/// a presence field of `this` holds something, and whether it is true
/// where it does.
std::optional<std::pair<const FieldDecl *, bool>> presenceTest(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || MCE->getNumArgs() != 0)
    return std::nullopt;
  const auto *ME = dyn_cast<MemberExpr>(
      MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
      !isPresenceField(F))
    return std::nullopt;
  if (isa<CXXConversionDecl>(MD) && MD->getReturnType()->isBooleanType())
    return std::make_pair(F->getCanonicalDecl(), true);
  if (!MD->getIdentifier())
    return std::nullopt;
  if (MD->getName() == "empty")
    return std::make_pair(F->getCanonicalDecl(), false);
  if (MD->getName() == "has_value")
    return std::make_pair(F->getCanonicalDecl(), true);
  return std::nullopt;
}

/// `std::holds_alternative<T>(v_)` of a variant field of `this`: the field
/// and the index of T among its alternatives.
std::optional<std::pair<const FieldDecl *, int64_t>>
alternativeTest(const Expr *E) {
  auto Held = heldAlternative(E);
  const auto *ME =
      Held ? dyn_cast<MemberExpr>(Held->first->IgnoreParenImpCasts()) : nullptr;
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
      !variantAlternatives(F))
    return std::nullopt;
  return std::make_pair(F->getCanonicalDecl(), Held->second);
}

/// The method of the same object E calls (`ok()` in `return !ok();`).
const CXXMethodDecl *selfCall(const Expr *E) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  if (!MCE || !isa<CXXThisExpr>(
                  MCE->getImplicitObjectArgument()->IgnoreParenImpCasts()))
    return nullptr;
  return MCE->getMethodDecl();
}

/// The test a query returns, where MD is one.
const Expr *queryBody(const CXXMethodDecl *MD) {
  if (!MD || !MD->isConst() || MD->getNumParams() != 0 || MD->isStatic() ||
      !MD->getReturnType()->isBooleanType())
    return nullptr;
  return soleReturnValue(MD);
}

/// Evaluates the bodies of queries over field values.
class Evaluator {
public:
  explicit Evaluator(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The value of E: an integer constant, a field, a comparison or
  /// logical operation of them, or another query of the object. Unknown
  /// operands make the whole unknown except where `&&`/`||` decide anyway.
  std::optional<int64_t> value(const Expr *E, const Values &Fields,
                               unsigned Depth) const {
    E = E->IgnoreParenImpCasts();
    if (const FieldDecl *F = thisField(E)) {
      auto It = Fields.find(F);
      return It == Fields.end() ? std::nullopt : std::optional(It->second);
    }
    if (auto Test = presenceTest(E)) {
      auto It = Fields.find(Test->first);
      if (It == Fields.end())
        return std::nullopt;
      return (It->second != 0) == Test->second;
    }
    if (auto Test = alternativeTest(E)) {
      auto It = Fields.find(Test->first);
      if (It == Fields.end())
        return std::nullopt;
      return It->second == Test->second;
    }
    if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
      return B->getValue();
    if (const CXXMethodDecl *MD = selfCall(E)) {
      const Expr *Body = Depth < MaxDepth ? queryBody(MD) : nullptr;
      return Body ? value(Body, Fields, Depth + 1) : std::nullopt;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_LNot)
        return constant(E);
      std::optional<int64_t> V = value(UO->getSubExpr(), Fields, Depth);
      return V ? std::optional<int64_t>(*V == 0) : std::nullopt;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return constant(E);
    std::optional<int64_t> L = value(BO->getLHS(), Fields, Depth);
    std::optional<int64_t> R = value(BO->getRHS(), Fields, Depth);
    if (BO->getOpcode() == BO_LAnd) {
      if ((L && !*L) || (R && !*R))
        return 0;
      return L && R ? std::optional<int64_t>(1) : std::nullopt;
    }
    if (BO->getOpcode() == BO_LOr) {
      if ((L && *L) || (R && *R))
        return 1;
      return L && R ? std::optional<int64_t>(0) : std::nullopt;
    }
    if (!L || !R)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_EQ: return *L == *R;
    case BO_NE: return *L != *R;
    case BO_LT: return *L < *R;
    case BO_LE: return *L <= *R;
    case BO_GT: return *L > *R;
    case BO_GE: return *L >= *R;
    default: return std::nullopt;
    }
  }

  /// The fields E reads, each with the constants it is compared with.
  /// False when E holds something value() cannot evaluate.
  bool tests(const Expr *E, Tested &Out, unsigned Depth) const {
    E = E->IgnoreParenImpCasts();
    if (const FieldDecl *F = thisField(E)) {
      Out[F].insert(0);
      return true;
    }
    if (auto Test = presenceTest(E)) {
      Out[Test->first].insert(0);
      return true;
    }
    if (auto Test = alternativeTest(E)) {
      Out[Test->first].insert(Test->second);
      return true;
    }
    if (isa<CXXBoolLiteralExpr>(E))
      return true;
    if (const CXXMethodDecl *MD = selfCall(E)) {
      const Expr *Body = Depth < MaxDepth ? queryBody(MD) : nullptr;
      return Body && tests(Body, Out, Depth + 1);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_LNot)
      return tests(UO->getSubExpr(), Out, Depth);
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return constant(E).has_value();
    if (!BO->isLogicalOp() && !BO->isComparisonOp())
      return false;
    if (BO->isComparisonOp()) {
      const FieldDecl *F = thisField(BO->getLHS());
      std::optional<int64_t> K = constant(BO->getRHS());
      if (!F) {
        F = thisField(BO->getRHS());
        K = constant(BO->getLHS());
      }
      if (F && K) {
        Out[F].insert(*K);
        return true;
      }
    }
    return tests(BO->getLHS(), Out, Depth) && tests(BO->getRHS(), Out, Depth);
  }

private:
  std::optional<int64_t> constant(const Expr *E) const {
    Expr::EvalResult ER;
    if (E->isValueDependent() || !E->EvaluateAsInt(ER, Ctx))
      return std::nullopt;
    return ER.Val.getInt().getExtValue();
  }

  ASTContext &Ctx;
};

/// The values worth trying for a field compared with these constants:
/// each of them and one on either side (a bool: 0 and 1).
std::vector<int64_t> candidates(const FieldDecl *F,
                                const std::set<int64_t> &Constants) {
  if (unsigned N = variantAlternatives(F)) {
    std::vector<int64_t> Out;
    for (unsigned I = 0; I < N; ++I)
      Out.push_back(I);
    return Out;
  }
  if (F->getType()->isBooleanType() || isPresenceField(F))
    return {0, 1};
  std::set<int64_t> Out;
  for (int64_t K : Constants) {
    Out.insert(K);
    Out.insert(K - 1);
    Out.insert(K + 1);
  }
  return {Out.begin(), Out.end()};
}

} // namespace

bool isPresenceField(const FieldDecl *F) {
  QualType T = F->getType();
  return !T.isVolatileQualified() &&
         (isStdType(T, {"basic_string", "optional"}) || variantAlternatives(F));
}

/// The template arguments of a std::variant type, or none.
static llvm::ArrayRef<TemplateArgument> variantArguments(QualType T) {
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!RD || !isStdType(T, {"variant"}))
    return {};
  const TemplateArgumentList &Args = RD->getTemplateArgs();
  if (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Pack)
    return {};
  return Args[0].pack_elements();
}

std::optional<std::pair<const Expr *, int64_t>>
heldAlternative(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      FD->getName() != "holds_alternative" || Call->getNumArgs() != 1)
    return std::nullopt;
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!Args || Args->size() < 1 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  const Expr *Variant = Call->getArg(0);
  std::optional<int64_t> Index =
      alternativeIndex(Variant->getType(), Args->get(0).getAsType());
  if (!Index)
    return std::nullopt;
  return std::make_pair(Variant, *Index);
}

unsigned variantAlternatives(const FieldDecl *F) {
  if (F->getType().isVolatileQualified())
    return 0;
  return variantArguments(F->getType()).size();
}

std::optional<int64_t> alternativeIndex(QualType Variant, QualType T) {
  QualType Want = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  std::optional<int64_t> Found;
  int64_t I = 0;
  for (const TemplateArgument &A : variantArguments(Variant)) {
    if (A.getKind() == TemplateArgument::Type &&
        A.getAsType().getCanonicalType().getUnqualifiedType() == Want) {
      if (Found)
        return std::nullopt; // the same type twice: not one alternative
      Found = I;
    }
    ++I;
  }
  return Found;
}

bool isFieldQuery(const CXXMethodDecl *MD) {
  const Expr *Body = queryBody(MD);
  if (!Body || MD->getParent()->isInStdNamespace())
    return false;
  Tested Fields;
  return Evaluator(MD->getASTContext()).tests(Body, Fields, 0) &&
         !Fields.empty();
}

const CXXMethodDecl *verdictQuery(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  for (const Decl *D : RD->decls())
    if (const auto *MD = dyn_cast<CXXMethodDecl>(D); MD && isFieldQuery(MD))
      return cast<CXXMethodDecl>(MD->getCanonicalDecl());
  return nullptr;
}

std::optional<bool> agreesWithVerdict(const CXXMethodDecl *Q) {
  const CXXMethodDecl *V = Q ? verdictQuery(Q->getParent()) : nullptr;
  if (!V || !isFieldQuery(Q))
    return std::nullopt;
  if (V == Q->getCanonicalDecl())
    return true;
  Evaluator Eval(Q->getASTContext());
  Tested Fields;
  if (!Eval.tests(queryBody(V), Fields, 0) ||
      !Eval.tests(queryBody(Q), Fields, 0))
    return std::nullopt;
  std::vector<std::pair<const FieldDecl *, std::vector<int64_t>>> Domains;
  size_t Combinations = 1;
  for (const auto &[F, Constants] : Fields) {
    Domains.push_back({F, candidates(F, Constants)});
    Combinations *= Domains.back().second.size();
    if (Combinations > MaxCombinations)
      return std::nullopt;
  }
  bool Same = true, Opposite = true;
  Values Assignment;
  for (size_t N = 0; N < Combinations && (Same || Opposite); ++N) {
    size_t Rest = N;
    for (const auto &[F, Domain] : Domains) {
      Assignment[F] = Domain[Rest % Domain.size()];
      Rest /= Domain.size();
    }
    std::optional<int64_t> A = Eval.value(queryBody(V), Assignment, 0);
    std::optional<int64_t> B = Eval.value(queryBody(Q), Assignment, 0);
    if (!A || !B)
      return std::nullopt;
    Same = Same && (*A != 0) == (*B != 0);
    Opposite = Opposite && (*A != 0) != (*B != 0);
  }
  if (Same == Opposite)
    return std::nullopt;
  return Same;
}

namespace {
std::optional<FieldTest> fieldTestIn(const Expr *E, ASTContext &Ctx,
                                     unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const FieldDecl *F = thisField(E))
    return FieldTest{F, /*Equal=*/false, 0};
  if (const CXXMethodDecl *MD = selfCall(E)) {
    const Expr *Body = Depth < MaxDepth ? queryBody(MD) : nullptr;
    return Body ? fieldTestIn(Body, Ctx, Depth + 1) : std::nullopt;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    std::optional<FieldTest> T = fieldTestIn(UO->getSubExpr(), Ctx, Depth);
    if (T)
      T->Equal = !T->Equal;
    return T;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
    return std::nullopt;
  for (auto [FieldSide, ConstSide] : {std::pair(BO->getLHS(), BO->getRHS()),
                                      std::pair(BO->getRHS(), BO->getLHS())}) {
    const FieldDecl *F = thisField(FieldSide);
    Expr::EvalResult ER;
    if (!F || ConstSide->isValueDependent() ||
        !ConstSide->EvaluateAsInt(ER, Ctx))
      continue;
    return FieldTest{F, BO->getOpcode() == BO_EQ,
                     ER.Val.getInt().getExtValue()};
  }
  return std::nullopt;
}
} // namespace

std::optional<FieldTest> fieldTestOf(const CXXMethodDecl *Q) {
  const Expr *Body = queryBody(Q);
  if (!Body || Q->getParent()->isInStdNamespace())
    return std::nullopt;
  return fieldTestIn(Body, Q->getASTContext(), 0);
}

std::optional<bool> queryValue(const CXXMethodDecl *Q, const Values &Fields) {
  const Expr *Body = queryBody(Q);
  if (!Body)
    return std::nullopt;
  std::optional<int64_t> V = Evaluator(Q->getASTContext()).value(Body, Fields, 0);
  return V ? std::optional<bool>(*V != 0) : std::nullopt;
}

} // namespace typestate
} // namespace errlint
