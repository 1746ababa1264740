//===- MatcherRules.cpp - Rules that are AST matchers ---------------------===//

#include "MatcherRules.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/Dynamic/Diagnostics.h"
#include "clang/ASTMatchers/Dynamic/Parser.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"
#include <nlohmann/json.hpp>

using namespace clang;
using namespace clang::ast_matchers;

namespace errlint {

namespace {

/// The name a rule's matcher binds when the rule names none.
constexpr const char *DefaultBind = "root";

/// The file position of column Column (1-based) of line Line of a rule's
/// matcher: the JSON string's escapes shift it.
LoadError matcherSite(const Rule &R, unsigned Line, unsigned Column) {
  LoadError E;
  E.File = R.Origin;
  E.Field = "/matcher";
  if (Line == 0 || Line > R.MatcherLines.size())
    Line = 1;
  if (R.MatcherLines.empty())
    return E;
  const MatcherLine &L = R.MatcherLines[Line - 1];
  E.File = L.File;
  E.Field = L.Field;
  E.Line = L.Line;
  std::string Prefix =
      L.Text.substr(0, std::min<size_t>(Column ? Column - 1 : 0, L.Text.size()));
  // The escaped prefix as JSON writes it, less its quotes.
  size_t Escaped = nlohmann::json(Prefix).dump().size() - 2;
  E.Column = L.Column + 1 + Escaped;
  return E;
}

/// The parser's first error without its "line:col: " prefixes.
std::string parserMessage(const dynamic::Diagnostics &D) {
  std::string Text = D.toString();
  llvm::Regex Prefix("^[0-9]+:[0-9]+: ");
  std::string Out;
  llvm::StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    std::string L = Prefix.sub("", Line);
    if (!L.empty())
      Out += (Out.empty() ? "" : "; ") + L;
    Rest = Next;
  }
  return Out;
}

/// Where a bound node is reported.
SourceLocation nodeLocation(const DynTypedNode &N) {
  if (const auto *E = N.get<Expr>())
    return E->getExprLoc();
  if (const auto *S = N.get<Stmt>())
    return S->getBeginLoc();
  if (const auto *D = N.get<Decl>())
    return D->getLocation();
  return N.getSourceRange().getBegin();
}

/// The qualified name of the function a node is in, if any.
std::string enclosingFunction(ASTContext &Ctx, DynTypedNode N) {
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return "";
    N = Parents[0];
    if (const auto *FD = N.get<FunctionDecl>())
      return FD->getQualifiedNameAsString();
  }
  return "";
}

class Reporter : public MatchFinder::MatchCallback {
public:
  Reporter(const Rule &R, std::vector<Finding> *&Out) : R(R), Out(Out) {}

  void run(const MatchFinder::MatchResult &Result) override {
    const auto &Nodes = Result.Nodes.getMap();
    auto It = Nodes.find(R.Bind.empty() ? DefaultBind : R.Bind);
    if (It == Nodes.end())
      return;
    const SourceManager &SM = *Result.SourceManager;
    SourceLocation L = nodeLocation(It->second);
    if (L.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(L)))
      return;
    Finding F;
    F.RuleId = R.Id;
    F.Severity = R.Severity;
    F.Message = R.Message;
    F.Loc = makeLocation(SM, L);
    F.Function = enclosingFunction(*Result.Context, It->second);
    F.RecordIds = R.Records;
    Out->push_back(std::move(F));
  }

private:
  const Rule &R;
  std::vector<Finding> *&Out;
};

} // namespace

struct MatcherRules::Impl {
  std::vector<std::unique_ptr<Reporter>> Reporters;
  MatchFinder Finder;
  /// Where the reporters append; set for the duration of run().
  mutable std::vector<Finding> *Out = nullptr;
};

/// Parses one rule's matcher and binds it; std::nullopt after reporting.
static std::optional<dynamic::DynTypedMatcher>
compileMatcher(const Rule &R, std::vector<LoadError> &Errors) {
  llvm::StringRef Code(R.Matcher);
  dynamic::Diagnostics Diag;
  std::optional<dynamic::DynTypedMatcher> M =
      dynamic::Parser::parseMatcherExpression(Code, &Diag);
  if (!M) {
    unsigned Line = 1, Column = 1;
    if (!Diag.errors().empty() && !Diag.errors()[0].Messages.empty()) {
      const auto &Range = Diag.errors()[0].Messages.back().Range;
      Line = Range.Start.Line;
      Column = Range.Start.Column;
    }
    LoadError E = matcherSite(R, Line, Column);
    E.Message = "invalid matcher: " + parserMessage(Diag);
    Errors.push_back(std::move(E));
    return std::nullopt;
  }
  if (!R.Bind.empty()) {
    if (R.Matcher.find("bind(\"" + R.Bind + "\")") != std::string::npos)
      return M;
    LoadError E = matcherSite(R, 1, 1);
    E.Message = "the matcher binds no node named '" + R.Bind +
                "' (add .bind(\"" + R.Bind + "\") to the node to report)";
    Errors.push_back(std::move(E));
    return std::nullopt;
  }
  std::optional<dynamic::DynTypedMatcher> Bound = M->tryBind(DefaultBind);
  if (!Bound) {
    LoadError E = matcherSite(R, 1, 1);
    E.Message = "the matcher cannot be bound to a node to report";
    Errors.push_back(std::move(E));
  }
  return Bound;
}

MatcherRules::MatcherRules(const Catalog &Cat, std::vector<LoadError> &Errors)
    : P(std::make_unique<Impl>()) {
  for (const Rule &R : Cat.rules()) {
    if (R.Analysis != AnalysisKind::AstMatcher)
      continue;
    std::optional<dynamic::DynTypedMatcher> M = compileMatcher(R, Errors);
    if (!M)
      continue;
    auto Rep = std::make_unique<Reporter>(R, P->Out);
    if (!P->Finder.addDynamicMatcher(*M, Rep.get())) {
      LoadError E = matcherSite(R, 1, 1);
      E.Message = "the matcher does not match a declaration, statement or "
                  "type errlint can report";
      Errors.push_back(std::move(E));
      continue;
    }
    P->Reporters.push_back(std::move(Rep));
  }
}

MatcherRules::~MatcherRules() = default;

bool MatcherRules::empty() const { return P->Reporters.empty(); }

void MatcherRules::run(ASTContext &Ctx, std::vector<Finding> &Out) const {
  if (empty())
    return;
  // Only the user's declarations are traversed, never system headers'.
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (D->getLocation().isInvalid() ||
        !SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Scope.push_back(D);
  std::vector<Decl *> Saved = Ctx.getTraversalScope();
  Ctx.setTraversalScope(Scope);
  P->Out = &Out;
  P->Finder.matchAST(Ctx);
  P->Out = nullptr;
  Ctx.setTraversalScope(Saved);
}

bool checkMatcherRules(const Catalog &Cat, std::vector<LoadError> &Errors) {
  size_t Before = Errors.size();
  MatcherRules Check(Cat, Errors);
  return Errors.size() == Before;
}

} // namespace errlint
