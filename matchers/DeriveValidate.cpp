//===- DeriveValidate.cpp - Check a draft against its record --------------===//

#include "DeriveValidate.h"
#include "BuiltinData.h"
#include "Engine.h"
#include "MatcherRules.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace errlint {
namespace {

/// The built-in rule whose executor profiles check a use-after-close
/// draft's close while a task still uses the object.
const char *const RaceRuleFile = "rules/close-while-in-use.json";

std::string builtinText(llvm::StringRef Name) {
  for (unsigned long I = 0; I < BuiltinFileCount; ++I)
    if (Name == BuiltinFiles[I].Name)
      return std::string(reinterpret_cast<const char *>(BuiltinFiles[I].Data),
                         BuiltinFiles[I].Size);
  return "";
}

/// Keeps the compile errors of the unit, with their lines.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level L,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    unsigned Line = 0;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      Line = Info.getSourceManager().getPresumedLineNumber(Info.getLocation());
    Errors.push_back({Line, Text.str().str()});
  }

  std::vector<std::pair<unsigned, std::string>> Errors;
};

std::vector<std::pair<FixHalf, std::string>> partsOf(const Derived &D,
                                                     const FixParts &P) {
  std::vector<std::pair<FixHalf, std::string>> Parts = {
      {FixHalf::Before, P.Before}, {FixHalf::After, P.After}};
  const std::string &Try = D.Rec->TryCatchPattern;
  if (D.Sort.Kind == RecordKind::Lifecycle && !tryBlocks(Try).empty())
    Parts.push_back({FixHalf::TryBody, tryBlocks(Try)});
  return Parts;
}

class Validator {
public:
  explicit Validator(const Derived &D) : D(D) {}

  Validation run() {
    const Record &Rec = *D.Rec;
    if (llvm::StringRef(Rec.ExampleFix).trim().empty())
      return fail(Verdict::NoExample,
                  "the record has no exampleFix to check the draft against");
    std::optional<FixParts> P = splitExampleFix(Rec.ExampleFix);
    if (!P) {
      Out.MissingMarkers = true;
      return fail(Verdict::NoExample,
                  "exampleFix has no '// before' and '// after' markers, so "
                  "the failing and the fixed code cannot be told apart");
    }
    Out.Unit = buildCheckUnit(D.Api, partsOf(D, *P),
                              "errlint derive: the C++ checked for record " +
                                  Rec.Id + " (" +
                                  D.Rule.value("id", "") + ")");
    Catalog Cat;
    if (!loadRules(Cat))
      return Out;
    if (!analyze(Cat))
      return Out;
    judge();
    return std::move(Out);
  }

private:
  Validation fail(Verdict V, std::string Why) {
    Out.V = V;
    Out.Why = std::move(Why);
    return std::move(Out);
  }

  bool loadRules(Catalog &Cat) {
    std::vector<LoadError> Errors;
    nlohmann::json File{{"rules", {D.Rule}}};
    Cat.addRulesFromText("<draft>", File.dump(), Errors);
    if (D.analysis() == "use-after-close")
      Cat.addRulesFromText(RaceRuleFile, builtinText(RaceRuleFile), Errors);
    if (D.analysis() == "ast-matcher")
      checkMatcherRules(Cat, Errors);
    if (Errors.empty())
      return true;
    Out.V = Verdict::NoCompile;
    Out.Why = "the draft does not load: " + Errors.front().what();
    return false;
  }

  bool analyze(const Catalog &Cat) {
    ErrorCollector Diags;
    std::unique_ptr<clang::ASTUnit> AST =
        clang::tooling::buildASTFromCodeWithArgs(
            Out.Unit.Code, {"-std=c++17", "-fsyntax-only", "-w"},
            "errlint-derive-check.cpp", "errlint-derive",
            std::make_shared<clang::PCHContainerOperations>(),
            clang::tooling::getClangStripDependencyFileAdjuster(), {}, &Diags);
    for (const auto &[Line, Msg] : Diags.Errors)
      Out.Errors.push_back("line " + std::to_string(Line) + ": " + Msg);
    if (!AST || !Diags.Errors.empty()) {
      Out.V = Verdict::NoCompile;
      const CheckedHalf *H =
          Diags.Errors.empty() ? nullptr : Out.Unit.halfAt(Diags.Errors[0].first);
      Out.Why = std::string("the C++ generated from ") +
                (H ? std::string("the ") + halfName(H->Half) + " part"
                   : std::string("the record")) +
                " does not compile" +
                (Out.Errors.empty() ? "" : ": " + Out.Errors.front());
      return false;
    }
    Engine E(Cat);
    std::vector<Finding> Findings;
    E.analyze(AST->getASTContext(), Findings);
    for (const Finding &F : Findings)
      if (const CheckedHalf *H = Out.Unit.halfAt(F.Loc.Line))
        Out.Findings.push_back({H->Half, F.Loc.Line, F.RuleId, F.Message,
                                llvm::StringRef(F.Loc.LineText).trim().str()});
    return true;
  }

  const CheckFinding *first(FixHalf H) const {
    for (const CheckFinding &F : Out.Findings)
      if (F.Half == H)
        return &F;
    return nullptr;
  }

  void judge() {
    const CheckFinding *Before = first(FixHalf::Before);
    const CheckFinding *After = first(FixHalf::After);
    Out.TryChecked = Out.Unit.half(FixHalf::TryBody) != nullptr;
    Out.TryFlagged = first(FixHalf::TryBody) != nullptr;
    if (Before && !After) {
      Out.V = Verdict::Validated;
      Out.Why = "the before part is flagged (" + describe(*Before) +
                ") and the after part is not";
      return;
    }
    std::vector<std::string> Why;
    if (!Before)
      Why.push_back("the before part is not flagged: " + whyQuiet());
    if (After)
      Why.push_back("the after part is flagged: " + describe(*After));
    Out.V = !Before && After ? Verdict::BothFailed
            : !Before        ? Verdict::BeforeQuiet
                             : Verdict::AfterFlagged;
    Out.Why = llvm::join(Why, "; ");
  }

  std::string describe(const CheckFinding &F) const {
    return "checked line " + std::to_string(F.Line) + ", '" + F.LineText +
           "': " + F.Message + " [errlint-" + F.RuleId + "]";
  }

  /// Why nothing in the before part was flagged, from what it calls.
  std::string whyQuiet() const {
    const CheckedHalf *H = Out.Unit.half(FixHalf::Before);
    std::vector<std::string> Calls = H ? H->ObjectCalls : std::vector<std::string>();
    std::string Obj = "the draft's object (class " + D.Api.Class + ")";
    if (Calls.empty())
      return "it calls nothing on " + Obj;
    std::string Called = "it calls " + llvm::join(Calls, ", ");
    if (D.analysis() == "ast-matcher")
      return Called + ", none in the shape the matcher finds";
    bool Double = D.analysis() == "double-close";
    const std::vector<std::string> &Wanted = Double ? D.Api.Close : D.Api.Use;
    if (llvm::none_of(Calls, [&](const std::string &C) {
          return llvm::is_contained(Wanted, C);
        }))
      return Called + ", none of the draft's " + (Double ? "closes" : "uses") +
             " (" + llvm::join(Wanted, ", ") + ")";
    return Called + ", but errlint finds no path on which a " +
           (Double ? "close" : "use") +
           " follows a close of the same object (a query or a reopen in "
           "between, or the calls on different objects)";
  }

  const Derived &D;
  Validation Out;
};

} // namespace

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Validated:
    return "validated";
  case Verdict::BeforeQuiet:
    return "before not flagged";
  case Verdict::AfterFlagged:
    return "after flagged";
  case Verdict::BothFailed:
    return "before not flagged, after flagged";
  case Verdict::NoCompile:
    return "not checked: does not compile";
  case Verdict::NoExample:
    return "not checked: no example";
  }
  return "";
}

Validation validateDraft(const Derived &D) { return Validator(D).run(); }

} // namespace errlint
