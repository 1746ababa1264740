//===- Engine.cpp - Walks a translation unit and runs the rules ----------===//

#include "Engine.h"
#include "Profiles.h"
#include "UseAfterClose.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace errlint {

//===----------------------------------------------------------------------===//
// ProfileIndex
//===----------------------------------------------------------------------===//

ProfileIndex::ProfileIndex(const Catalog &Cat, llvm::StringRef Analysis) {
  for (const Rule &R : Cat.rules()) {
    if (R.Analysis != Analysis)
      continue;
    for (const Profile &P : R.Profiles) {
      CompiledProfile CP;
      CP.R = &R;
      CP.P = &P;
      for (const std::string &T : P.Types) {
        // The loader validated every pattern; a failure here is skipped.
        if (auto G = llvm::GlobPattern::create(T))
          CP.Types.push_back(std::move(*G));
        else
          llvm::consumeError(G.takeError());
      }
      unsigned Idx = Profiles.size();
      Profiles.push_back(std::move(CP));
      auto Add = [&](const std::vector<std::string> &Names, Role K) {
        for (const std::string &N : Names)
          ByMethod[N].push_back({Idx, K});
      };
      Add(P.Close, Role::Close);
      Add(P.Use, Role::Use);
      Add(P.Reopen, Role::Reopen);
      Add(P.QueryClosed, Role::QueryClosed);
      Add(P.QueryOpen, Role::QueryOpen);
      for (const std::string &N : P.Close)
        CloseNames[N] = true;
    }
  }
}

bool ProfileIndex::isCloseName(llvm::StringRef Name) const {
  return CloseNames.count(Name) != 0;
}

bool ProfileIndex::nameMatches(unsigned Idx, const CXXRecordDecl *RD) const {
  const CompiledProfile &CP = Profiles[Idx];
  if (!RD->getIdentifier())
    return false;
  std::string Qualified = RD->getQualifiedNameAsString();
  llvm::StringRef Simple = RD->getName();
  for (const llvm::GlobPattern &G : CP.Types)
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
  bool Match = nameMatches(Idx, RD);
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

/// The class of the object a member call is made on.
static const CXXRecordDecl *receiverClass(const CXXMemberCallExpr *MCE) {
  const Expr *Obj = MCE->getImplicitObjectArgument();
  if (!Obj)
    return nullptr;
  QualType T = Obj->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T->getAsCXXRecordDecl();
}

llvm::SmallVector<CallRole, 2>
ProfileIndex::classify(const CallExpr *Call, MatchCache &Cache) const {
  llvm::SmallVector<CallRole, 2> Result;
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MCE)
    return Result;
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier())
    return Result;
  auto It = ByMethod.find(MD->getName());
  if (It == ByMethod.end())
    return Result;
  const CXXRecordDecl *RD = receiverClass(MCE);
  if (!RD)
    return Result;
  for (const CallRole &CR : It->second)
    if (classMatches(CR.ProfileIdx, RD, Cache))
      Result.push_back(CR);
  return Result;
}

//===----------------------------------------------------------------------===//
// Engine
//===----------------------------------------------------------------------===//

struct Engine::Impl {
  explicit Impl(const Catalog &Cat) : UseAfterClose(Cat, "use-after-close") {}
  ProfileIndex UseAfterClose;
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
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Index(Index), Out(Out) {}

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
    analyze(FD, FD->getBody());
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    CXXMethodDecl *MD = LE->getCallOperator();
    if (MD && !MD->isDependentContext() && Seen.insert(MD).second)
      analyze(MD, MD->getBody());
    return true;
  }

private:
  void analyze(const Decl *D, Stmt *Body) {
    if (!Body || Index.empty())
      return;
    if (!mayClose(Body, Index, Cache))
      return;
    checkUseAfterClose(D, Body, Ctx, Index, Cache, Out);
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const ProfileIndex &Index;
  std::vector<Finding> &Out;
  MatchCache Cache;
  llvm::DenseSet<const Decl *> Seen;
};

} // namespace

void Engine::analyze(ASTContext &Ctx, std::vector<Finding> &Out) const {
  std::vector<Finding> Local;
  FunctionCollector Collector(Ctx, P->UseAfterClose, Local);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  sortAndDedupe(Local);
  Out.insert(Out.end(), std::make_move_iterator(Local.begin()),
             std::make_move_iterator(Local.end()));
}

} // namespace errlint
