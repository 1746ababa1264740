//===- Engine.cpp - Walks a translation unit and runs the rules ----------===//

#include "Engine.h"
#include "Profiles.h"
#include "MatcherRules.h"
#include "ProtocolFacts.h"
#include "analyses/Findings.h"
#include "typestate/AccessPath.h"
#include "typestate/Typestate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace errlint {

//===----------------------------------------------------------------------===//
// ProfileIndex
//===----------------------------------------------------------------------===//

ProfileIndex::ProfileIndex(const Catalog &Cat, const std::vector<Rule> *Extra) {
  for (const Rule &R : Cat.rules()) {
    if (R.Analysis == AnalysisKind::CloseWhileInUse && !RaceRule)
      RaceRule = &R;
    for (const Profile &P : R.Profiles)
      addProfile(R, P);
  }
  if (Extra)
    for (const Rule &R : *Extra)
      for (const Profile &P : R.Profiles)
        addProfile(R, P);
}

void ProfileIndex::addProfile(const Rule &R, const Profile &P) {
  CompiledProfile CP;
  CP.R = &R;
  CP.P = &P;
  CP.DoubleClose = R.Analysis == AnalysisKind::DoubleClose;
  for (const std::string &T : P.Types) {
    // The loader validated every pattern; a failure here is skipped.
    if (auto G = llvm::GlobPattern::create(T))
      CP.Types.push_back(std::move(*G));
    else
      llvm::consumeError(G.takeError());
  }
  CP.Executor = analysisInfo(R.Analysis).NeedsSubmit;
  unsigned Idx = Profiles.size();
  Profiles.push_back(std::move(CP));

  bool Exec = Profiles[Idx].Executor;
  auto &Methods = Exec ? ExecByMethod : ByMethod;
  auto &Functions = Exec ? ExecByFunction : ByFunction;
  auto AddMethods = [&](const std::vector<std::string> &Names, Role K) {
    for (const std::string &N : Names)
      Methods[N].push_back({Idx, K, "", 0});
  };
  auto AddFunctions = [&](const std::vector<FunctionSpec> &Specs, Role K) {
    for (const FunctionSpec &F : Specs) {
      llvm::StringRef Q(F.Name);
      Q.consume_front("::");
      llvm::StringRef Simple = Q.rsplit("::").second;
      if (Simple.empty())
        Simple = Q;
      Functions[Simple].push_back({Idx, K, Q.str(), F.Handle});
    }
  };
  if (Exec) {
    AddMethods(P.Submit, Role::Close);
    AddFunctions(P.SubmitFunctions, Role::Close);
    AddMethods(P.Wait, Role::Use);
    AddFunctions(P.WaitFunctions, Role::Use);
    return;
  }
  // A double-close profile only tracks closes and reopens: its uses and
  // queries belong to the use-after-close rules.
  bool Full = !Profiles[Idx].DoubleClose;
  // A method that uses and then closes (`quit()` sending QUIT) is a use
  // first: on a closed object that is what fails.
  if (Full) {
    AddMethods(P.Use, Role::Use);
    AddFunctions(P.UseFunctions, Role::Use);
  }
  AddMethods(P.Close, Role::Close);
  AddFunctions(P.CloseFunctions, Role::Close);
  AddMethods(P.Reopen, Role::Reopen);
  AddFunctions(P.ReopenFunctions, Role::Reopen);
  AddMethods(P.QueryClosed, Role::QueryClosed);
  AddFunctions(P.QueryClosedFunctions, Role::QueryClosed);
  AddMethods(P.QueryOpen, Role::QueryOpen);
  AddFunctions(P.QueryOpenFunctions, Role::QueryOpen);
}

bool ProfileIndex::mentions(llvm::StringRef SimpleName) const {
  return ByMethod.count(SimpleName) || ByFunction.count(SimpleName) ||
         ExecByMethod.count(SimpleName) || ExecByFunction.count(SimpleName);
}

bool ProfileIndex::nameMatches(unsigned Idx, llvm::StringRef Qualified,
                               llvm::StringRef Simple) const {
  for (const llvm::GlobPattern &G : Profiles[Idx].Types)
    if (G.match(Qualified) || G.match(Simple))
      return true;
  return false;
}

bool ProfileIndex::classMatches(unsigned Idx, const CXXRecordDecl *RD,
                                MatchCache &Cache) const {
  RD = RD->getCanonicalDecl();
  auto It = Cache.find({RD, Idx});
  if (It != Cache.end())
    return It->second;
  bool Match = RD->getIdentifier() &&
               nameMatches(Idx, RD->getQualifiedNameAsString(), RD->getName());
  if (!Match) {
    if (const CXXRecordDecl *Def = RD->getDefinition()) {
      for (const CXXBaseSpecifier &B : Def->bases()) {
        const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
        if (Base && classMatches(Idx, Base, Cache)) {
          Match = true;
          break;
        }
      }
    }
  }
  Cache[{RD, Idx}] = Match;
  return Match;
}

/// The type of the object a handle expression denotes: references and one
/// level of pointer are looked through (an object is used through `p->`).
static QualType objectType(const Expr *Handle) {
  // The written object's own type, not the base class a member of a base
  // (or a free operator taking std::ostream&) converted it to.
  QualType T = Handle->IgnoreParenImpCasts()->getType().getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T;
}

bool ProfileIndex::typeMatches(unsigned Idx, QualType T,
                               MatchCache &Cache) const {
  // Typedef names count: FILE is a typedef of struct _IO_FILE.
  for (QualType Cur = T; !Cur.isNull();) {
    if (const auto *TT = Cur->getAs<TypedefType>()) {
      const TypedefNameDecl *TD = TT->getDecl();
      if (nameMatches(Idx, TD->getQualifiedNameAsString(), TD->getName()))
        return true;
      Cur = TD->getUnderlyingType();
      continue;
    }
    break;
  }
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    return classMatches(Idx, RD, Cache);
  if (const auto *RT = T->getAs<RecordType>()) // C structs
    return RT->getDecl()->getIdentifier() &&
           nameMatches(Idx, RT->getDecl()->getQualifiedNameAsString(),
                       RT->getDecl()->getName());
  if (T->isBuiltinType()) {
    // Canonical: `std::map<int, int>::mapped_type` is an int.
    PrintingPolicy Policy{LangOptions()};
    std::string Name =
        T.getCanonicalType().getUnqualifiedType().getAsString(Policy);
    return nameMatches(Idx, Name, Name);
  }
  return false;
}

/// "operator<<" for an overloaded-operator call.
static std::string operatorName(const CXXOperatorCallExpr *OCE) {
  return std::string("operator") + getOperatorSpelling(OCE->getOperator());
}

template <class Fn>
void ProfileIndex::lookup(
    const CallExpr *Call,
    const llvm::StringMap<llvm::SmallVector<Entry, 2>> &Methods,
    const llvm::StringMap<llvm::SmallVector<Entry, 2>> &Functions,
    MatchCache &Cache, Fn Add, const CXXRecordDecl *Dynamic) const {
  auto AddIfMatches = [&](const Entry &E, const Expr *Handle) {
    if (Handle && (Dynamic ? classMatches(E.ProfileIdx, Dynamic, Cache)
                           : typeMatches(E.ProfileIdx, objectType(Handle),
                                         Cache)))
      Add(E, Handle);
  };
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return;
    auto It = Methods.find(MD->getName());
    if (It != Methods.end())
      for (const Entry &E : It->second)
        AddIfMatches(E, MCE->getImplicitObjectArgument());
    return;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (OCE->getNumArgs() == 0)
      return;
    auto It = Methods.find(operatorName(OCE));
    if (It != Methods.end())
      for (const Entry &E : It->second)
        AddIfMatches(E, OCE->getArg(0));
    return;
  }
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return;
  auto It = Functions.find(FD->getName());
  if (It == Functions.end())
    return;
  std::string Qualified = FD->getQualifiedNameAsString();
  for (const Entry &E : It->second)
    if (E.Qualified == Qualified && E.Handle < Call->getNumArgs())
      AddIfMatches(E, Call->getArg(E.Handle));
}

llvm::SmallVector<CallRole, 2>
ProfileIndex::classify(const CallExpr *Call, MatchCache &Cache,
                       const CXXRecordDecl *Dynamic) const {
  llvm::SmallVector<CallRole, 2> Result;
  lookup(
      Call, ByMethod, ByFunction, Cache,
      [&](const Entry &E, const Expr *Handle) {
        Result.push_back({E.ProfileIdx, E.Kind, Handle});
      },
      Dynamic);
  return Result;
}

llvm::SmallVector<unsigned, 2>
ProfileIndex::profilesOf(const Expr *Handle, MatchCache &Cache) const {
  llvm::SmallVector<unsigned, 2> Result;
  QualType T = objectType(Handle);
  for (unsigned Idx = 0; Idx < Profiles.size(); ++Idx)
    if (!Profiles[Idx].Executor && typeMatches(Idx, T, Cache))
      Result.push_back(Idx);
  return Result;
}

llvm::SmallVector<ExecCall, 1>
ProfileIndex::classifyExecutor(const CallExpr *Call, MatchCache &Cache) const {
  llvm::SmallVector<ExecCall, 1> Result;
  lookup(Call, ExecByMethod, ExecByFunction, Cache,
         [&](const Entry &E, const Expr *Handle) {
           Result.push_back({E.ProfileIdx,
                             E.Kind == Role::Close ? ExecRole::Submit
                                                   : ExecRole::Wait,
                             Handle});
         });
  return Result;
}

//===----------------------------------------------------------------------===//
// Engine
//===----------------------------------------------------------------------===//

struct Engine::Impl {
  explicit Impl(const Catalog &Cat)
      : Cat(Cat), UseAfterClose(Cat), Matchers(Cat, MatcherErrors) {}
  const Catalog &Cat;
  ProfileIndex UseAfterClose;
  /// The front ends report these with checkMatcherRules() before analyzing.
  std::vector<LoadError> MatcherErrors;
  MatcherRules Matchers;
};

Engine::Engine(const Catalog &Cat) : P(std::make_unique<Impl>(Cat)) {}
Engine::~Engine() = default;

namespace {

/// Visits every function body the user wrote (not system headers), including
/// lambda bodies and template instantiations, once each.
class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  FunctionCollector(ASTContext &Ctx, const ProfileIndex &Index,
                    std::vector<Finding> &Out)
      : SM(Ctx.getSourceManager()), Findings(Index, Out),
        Typestate(Ctx, Index, Findings) {}

  TypestateAnalyzer &typestate() { return Typestate; }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  bool TraverseDecl(Decl *D) {
    // Never walk declarations that live in system headers.
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
      return true;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda() &&
          MD->getParent()->getLambdaCallOperator() == MD &&
          !Seen.insert(MD).second)
        return true;
    Typestate.analyzeFunction(FD);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    CXXMethodDecl *MD = LE->getCallOperator();
    if (MD && !MD->isDependentContext() && Seen.insert(MD).second)
      Typestate.analyzeFunction(MD);
    return true;
  }

private:
  const SourceManager &SM;
  FindingBuilder Findings;
  TypestateAnalyzer Typestate;
  llvm::DenseSet<const Decl *> Seen;
};

} // namespace

const Catalog &Engine::catalog() const { return P->Cat; }

void Engine::collectFacts(ASTContext &Ctx, TUAnalysis &Out) const {
  // The function summaries come from the analysis itself; its findings are
  // not this unit's to report.
  analyzeUnit(Ctx, ProtocolInference(P->Cat), Out, /*CollectFacts=*/true);
  Out.Findings.clear();
}

void Engine::analyze(ASTContext &Ctx, std::vector<Finding> &Out) const {
  TUAnalysis R;
  analyzeUnit(Ctx, ProtocolInference(P->Cat), R);
  Out.insert(Out.end(), std::make_move_iterator(R.Findings.begin()),
             std::make_move_iterator(R.Findings.end()));
}

void Engine::analyzeUnit(ASTContext &Ctx, const ProtocolInference &Known,
                         TUAnalysis &Out, bool CollectFacts) const {
  // The accessors' objects are this unit's declarations.
  typestate::resetAccessorObjects();
  auto Reset = llvm::make_scope_exit(typestate::resetAccessorObjects);
  UnitInference &Unit = Out.Inference;
  std::optional<ProtocolInference> WithUnit;
  if (CollectFacts) {
    Unit.Facts = collectClassFacts(Ctx);
    WithUnit.emplace(Known);
    WithUnit->addFacts(Unit.Facts);
  }
  const ProtocolInference &Inference = WithUnit ? *WithUnit : Known;
  // What the functions other units define do, for the calls made here
  // without their bodies.
  std::map<std::string, const MethodFacts *> External =
      Inference.functionSummaries();
  Unit.Pending = pendingClasses(Ctx, &Out.PendingMethods,
                                &Unit.PendingHeaders);

  // The catalogue's index serves every unit without inferred protocols.
  std::vector<Rule> Inferred = Inference.rules();
  std::optional<ProfileIndex> WithInferred;
  if (!Inferred.empty())
    WithInferred.emplace(P->Cat, &Inferred);
  std::vector<Finding> Local;
  FunctionCollector Collector(
      Ctx, WithInferred ? *WithInferred : P->UseAfterClose, Local);
  Collector.typestate().useExternalSummaries(&External);
  Collector.typestate().useRegistries(&Inference.registries());
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  P->Matchers.run(Ctx, Local);
  sortAndDedupe(Local);
  Out.Findings.insert(Out.Findings.end(), std::make_move_iterator(Local.begin()),
                      std::make_move_iterator(Local.end()));

  // (What its functions do is exported even when the facts are not
  // collected: a unit analyzed again knows more of what it calls.)
  {
    std::vector<MethodFacts> Exported = Collector.typestate().exportSummaries();
    if (!Exported.empty()) {
      ClassFacts Summaries;
      Summaries.Name = FunctionSummaries;
      Summaries.Methods = std::move(Exported);
      Unit.Facts.push_back(std::move(Summaries));
    }
  }
  // The functions called without a body are pending like classes: the
  // second pass analyzes this unit again when their summaries change.
  for (const auto &[Usr, Header] : Collector.typestate().pendingFunctions()) {
    std::string Key = std::string(FunctionSummaries) + "::" + Usr;
    Unit.Pending.push_back(Key);
    Out.PendingMethods.push_back(Key);
    if (!llvm::is_contained(Unit.PendingHeaders, Header))
      Unit.PendingHeaders.push_back(Header);
  }
  Unit.PendingDigest = Inference.digest(Unit.Pending);
}

} // namespace errlint
