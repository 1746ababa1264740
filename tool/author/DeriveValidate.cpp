//===- DeriveValidate.cpp - Check a draft against its record --------------===//

#include "DeriveValidate.h"
#include "BuiltinData.h"
#include "Engine.h"
#include "MatcherRules.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

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

/// The generated unit's file name, as its findings and errors cite it.
const char *const UnitName = "errlint-derive-check.cpp";

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

/// A file manager that sees Code (null-terminated) as the unit, over the
/// real file system.
llvm::IntrusiveRefCntPtr<clang::FileManager>
unitFiles(const std::string &Code) {
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(Memory);
  // Code outlives the parse: the file system borrows it.
  Memory->addFile(UnitName, 0, llvm::MemoryBuffer::getMemBuffer(Code));
  return llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);
}

/// Keeps the invocation clang's driver built instead of running it.
class InvocationKeeper : public clang::tooling::ToolAction {
public:
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *,
                     std::shared_ptr<clang::PCHContainerOperations>,
                     clang::DiagnosticConsumer *) override {
    Kept = std::move(Invocation);
    return true;
  }

  std::shared_ptr<clang::CompilerInvocation> Kept;
};

/// The invocation of every generated unit, from the command line that
/// clang::tooling::buildASTFromCodeWithArgs would run; null when the driver
/// rejects it.
std::shared_ptr<const clang::CompilerInvocation> unitInvocation() {
  // A unit is self-contained C++ (DeriveCpp.h): it includes no header and
  // uses no macro. -nostdinc and -undef say so, and spare each unit the
  // header search paths and the target's few hundred predefined macros,
  // which took a quarter of the time of checking a draft.
  clang::tooling::CommandLineArguments Args = {"errlint-derive",
                                               "-fsyntax-only"};
  for (std::string &A : clang::tooling::getClangStripDependencyFileAdjuster()(
           {"-std=c++17", "-fsyntax-only", "-w", "-nostdinc", "-undef"},
           UnitName))
    Args.push_back(std::move(A));
  Args.push_back(UnitName);
  InvocationKeeper Keeper;
  const std::string NoCode;
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files = unitFiles(NoCode);
  clang::IgnoringDiagConsumer Quiet;
  clang::tooling::ToolInvocation Driver(
      Args, &Keeper, Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Driver.setDiagnosticConsumer(&Quiet);
  if (!Driver.run() || !Keeper.Kept)
    return nullptr;
  // The unit's errors are collected, not printed: no "N errors generated."
  Keeper.Kept->getDiagnosticOpts().ShowCarets = false;
  return Keeper.Kept;
}

/// Runs the engine on the unit once it is parsed without errors.
class CheckConsumer : public clang::ASTConsumer {
public:
  CheckConsumer(const Catalog &Cat, const ErrorCollector &Diags,
                std::vector<Finding> &Findings)
      : Cat(Cat), Diags(Diags), Findings(Findings) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Diags.Errors.empty())
      Engine(Cat).analyze(Ctx, Findings);
  }

private:
  const Catalog &Cat;
  const ErrorCollector &Diags;
  std::vector<Finding> &Findings;
};

class CheckAction : public clang::ASTFrontendAction {
public:
  CheckAction(const Catalog &Cat, const ErrorCollector &Diags,
              std::vector<Finding> &Findings)
      : Cat(Cat), Diags(Diags), Findings(Findings) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<CheckConsumer>(Cat, Diags, Findings);
  }

private:
  const Catalog &Cat;
  const ErrorCollector &Diags;
  std::vector<Finding> &Findings;
};

class CheckActionFactory : public clang::tooling::FrontendActionFactory {
public:
  CheckActionFactory(const Catalog &Cat, const ErrorCollector &Diags,
                     std::vector<Finding> &Findings)
      : Cat(Cat), Diags(Diags), Findings(Findings) {}

  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<CheckAction>(Cat, Diags, Findings);
  }

private:
  const Catalog &Cat;
  const ErrorCollector &Diags;
  std::vector<Finding> &Findings;
};

std::vector<std::pair<FixHalf, std::string>> partsOf(const Derived &D,
                                                     const FixParts &P) {
  std::vector<std::pair<FixHalf, std::string>> Parts = {
      {FixHalf::Before, P.Before}, {FixHalf::After, P.After}};
  if (D.Sort.Kind != RecordKind::Lifecycle)
    return Parts;
  std::string Try = tryBlocks(D.Rec->TryCatchPattern);
  if (!Try.empty())
    Parts.push_back({FixHalf::TryBody, std::move(Try)});
  return Parts;
}

} // namespace

struct DraftChecker::Impl {
  /// Null when clang's driver rejected the units' command line.
  std::shared_ptr<const clang::CompilerInvocation> Invocation =
      unitInvocation();
  /// The built-in race rule, parsed once.
  Catalog Race;
  std::vector<LoadError> RaceErrors;

  Impl() { Race.addRulesFromText(RaceRuleFile, builtinText(RaceRuleFile),
                                 RaceErrors); }

  /// Parses Code and, when it compiles, runs Cat's rules on it.
  bool analyze(const std::string &Code, const Catalog &Cat,
               ErrorCollector &Diags, std::vector<Finding> &Findings) const {
    if (!Invocation)
      return false;
    llvm::IntrusiveRefCntPtr<clang::FileManager> Files = unitFiles(Code);
    CheckActionFactory Factory(Cat, Diags, Findings);
    return Factory.runInvocation(
        std::make_shared<clang::CompilerInvocation>(*Invocation), Files.get(),
        std::make_shared<clang::PCHContainerOperations>(), &Diags);
  }
};

namespace {

class Validator {
public:
  Validator(const Derived &D, const DraftChecker::Impl &Shared)
      : D(D), Shared(Shared) {}

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
    if (D.analysis() == "use-after-close") {
      Cat.addCatalog(Shared.Race);
      Errors.insert(Errors.end(), Shared.RaceErrors.begin(),
                    Shared.RaceErrors.end());
    }
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
    std::vector<Finding> Findings;
    bool Parsed = Shared.analyze(Out.Unit.Code, Cat, Diags, Findings);
    for (const auto &[Line, Msg] : Diags.Errors)
      Out.Errors.push_back("line " + std::to_string(Line) + ": " + Msg);
    if (!Parsed || !Diags.Errors.empty()) {
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
  const DraftChecker::Impl &Shared;
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

DraftChecker::DraftChecker() : P(std::make_unique<Impl>()) {}
DraftChecker::~DraftChecker() = default;

Validation DraftChecker::check(const Derived &D) const {
  return Validator(D, *P).run();
}

} // namespace errlint
