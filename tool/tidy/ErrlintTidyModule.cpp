//===- ErrlintTidyModule.cpp - errlint as a clang-tidy plugin -------------===//
//
// One clang-tidy check per built-in rule, named errlint-RULE like the CLI's
// rules. The checks share one run of errlint's engine per translation unit:
// the first enabled errlint check runs every rule and reports each finding
// under its rule's check name, so clang-tidy's check filter, NOLINT,
// --header-filter and --warnings-as-errors treat it as any other check's.
//
//===----------------------------------------------------------------------===//

#include "LLVMCompat.h"
#include "Report.h"
#include "TidySettings.h"
#include "VersionGuard.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::tidy;

namespace errlint {
namespace tidy {
namespace {

/// The name of the check that reports the findings of rule \p RuleId.
std::string checkName(llvm::StringRef RuleId) {
  return (CheckPrefix + RuleId).str();
}

class ErrlintCheck : public ClangTidyCheck {
public:
  ErrlintCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Context(Context) {
    // Reading the options makes them known to --verify-config; they are
    // read again per file in check(), where the file's options apply.
    for (StringRef Option : optionNames()) {
      Options.get(Option);
      if (llvm::StringSet<> *Known = Context->getOptionsCollector())
        Known->insert((SharedCheck + "." + Option).str());
    }
  }

  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

  void registerMatchers(ast_matchers::MatchFinder *Finder) override {
    if (reportsForAll())
      Finder->addMatcher(ast_matchers::translationUnitDecl(), this);
  }

  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

  /// For --dump-config: the check's own options, Cite as it applies to the
  /// check, and the shared options that are set.
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    const ClangTidyOptions::OptionMap &All = Context->getOptions().CheckOptions;
    for (StringRef Option : optionNames()) {
      std::string Shared = (SharedCheck + "." + Option).str();
      auto It = All.find(Shared);
      bool SharedSet = It != All.end();
      if (SharedSet)
        Opts[Shared] = It->second;
      StringRef Default = Option == "Cite" ? "full" : "";
      if (Option == "Cite" && SharedSet)
        Default = It->second.Value;
      Options.store(Opts, Option, Options.get(Option, Default));
    }
  }

private:
  /// True for the first enabled errlint check, the one that runs the engine.
  bool reportsForAll() const;
  bool reportConfigurationErrors(const Settings &S, const LoadedCatalog &L);
  static SourceLocation citationLocation(SourceManager &SM);
  bool citationsKeepFilters(const SourceManager &SM, SourceLocation Loc) const;
  void report(SourceManager &SM, const Catalog &Cat, const Finding &F,
              CiteLevel Level, SourceLocation CiteLoc);

  ClangTidyContext *Context;
};

bool ErrlintCheck::reportsForAll() const {
  for (const Rule &R : builtinCatalog().Cat.rules()) {
    std::string Name = checkName(R.Id);
    if (Context->isCheckEnabled(Name))
      return Name == getID();
  }
  return false;
}

void ErrlintCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  // As in the CLI: a translation unit with compile errors has a partial AST
  // whose findings would be guesses. clang-tidy reports the errors.
  if (Result.Context->getDiagnostics().hasErrorOccurred())
    return;
  Settings S(Context->getOptions().CheckOptions, Context->getCurrentFile(),
             [this](StringRef Name) { return Context->isCheckEnabled(Name); });
  const LoadedCatalog &L = loadCatalog(S);
  if (reportConfigurationErrors(S, L))
    return;
  std::vector<Finding> Findings;
  L.E->analyze(*Result.Context, Findings);
  if (Findings.empty())
    return;
  SourceManager &SM = *Result.SourceManager;
  SourceLocation CiteLoc = citationLocation(SM);
  for (const Finding &F : Findings) {
    CiteLevel Level = S.citeFor(F.RuleId);
    if (!citationsKeepFilters(SM, sourceLocationOf(F.Loc)))
      Level = CiteLevel::None;
    report(SM, L.Cat, F, Level, CiteLoc);
  }
}

/// With --system-headers, clang-tidy counts a note in a system buffer as user
/// code, so that citation notes would show a finding its filters leave out.
/// Such a finding gets no citation: clang-tidy hides it anyway.
bool ErrlintCheck::citationsKeepFilters(const SourceManager &SM,
                                        SourceLocation Loc) const {
  const ClangTidyOptions &Opts = Context->getOptions();
  if (!Opts.SystemHeaders.value_or(false))
    return true;
  SourceLocation Expansion = SM.getExpansionLoc(Loc);
  OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(Expansion));
  if (!File)
    return true;
  return passesTidyFilters(Opts, Context->getGlobalOptions(), File->getName(),
                           SM.isInMainFile(Expansion),
                           SM.getExpansionLineNumber(Expansion));
}

/// Where the citation notes go: the start of an unnamed buffer marked as a
/// system header. clang-tidy prints a note there without a position, as the
/// CLI does, and does not count it as user code. A note without any location
/// would count as user code and show findings in headers that
/// --header-filter leaves out, or outside --line-filter.
SourceLocation ErrlintCheck::citationLocation(SourceManager &SM) {
  FileID Citations = SM.createFileID(
      llvm::MemoryBuffer::getMemBuffer(" ", ""), SrcMgr::C_System);
  return SM.getLocForStartOfFile(Citations);
}

/// Reports bad options and catalogue files as errors (clang-tidy then exits
/// non-zero); true when there was any, and nothing is analyzed.
bool ErrlintCheck::reportConfigurationErrors(const Settings &S,
                                             const LoadedCatalog &L) {
  for (const std::string &Message : S.errors())
    configurationDiag("errlint: %0", DiagnosticIDs::Error) << Message;
  for (const LoadError &E : L.Errors)
    configurationDiag("errlint: %0: %1", DiagnosticIDs::Error)
        << E.where() << E.what();
  return !S.errors().empty() || !L.E;
}

/// Where a note goes: its clang location when the engine kept one, else
/// its file position in this translation unit (the evidence of an inferred
/// protocol or pool comes from facts, which keep positions only). A file
/// the unit does not include has no location: the note is left out.
static SourceLocation noteLocation(SourceManager &SM, const Location &L) {
  SourceLocation Loc = sourceLocationOf(L);
  if (Loc.isValid() || L.File.empty() || L.Line == 0)
    return Loc;
  llvm::Expected<FileEntryRef> File =
      SM.getFileManager().getFileRef(L.File, /*OpenFile=*/false);
  if (!File) {
    llvm::consumeError(File.takeError());
    return {};
  }
  return SM.translateFileLineCol(&File->getFileEntry(), L.Line,
                                 std::max(1u, L.Column));
}

/// Reports a finding under its rule's check name with the CLI's notes: the
/// source notes, then the citation of the records at the rule's Cite level.
/// Findings are warnings whatever the rule's severity: clang-tidy applies
/// NOLINT and --warnings-as-errors to warnings only.
void ErrlintCheck::report(SourceManager &SM, const Catalog &Cat,
                          const Finding &F, CiteLevel Level,
                          SourceLocation CiteLoc) {
  std::string Name = checkName(F.RuleId);
  SourceLocation Loc = sourceLocationOf(F.Loc);
  if (!Context->isCheckEnabled(Name) || Loc.isInvalid())
    return;
  // Messages go in as arguments: a record's text may hold '%'.
  Context->diag(Name, Loc, "%0") << F.Message;
  for (const Note &N : F.Notes)
    if (SourceLocation NoteLoc = noteLocation(SM, N.Loc); NoteLoc.isValid())
      Context->diag(Name, NoteLoc, "%0", DiagnosticIDs::Note) << N.Message;
  for (const std::string &Text : citationNotes(Cat, F, Level))
    Context->diag(Name, CiteLoc, "%0", DiagnosticIDs::Note)
        << plainNoteText(Text);
}

class ErrlintModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    const LoadedCatalog &Builtin = builtinCatalog();
    // Only a broken build gets here: the built-in catalogue is tested.
    for (const LoadError &E : Builtin.Errors)
      llvm::errs() << "errlint: " << E.str() << "\n";
    for (const Rule &R : Builtin.Cat.rules())
      Factories.registerCheck<ErrlintCheck>(checkName(R.Id));
  }
};

/// Registers the module once the host's release is known to match.
bool registerModule() {
  requireMatchingHost();
  static ClangTidyModuleRegistry::Add<ErrlintModule> Module(
      "errlint-module", "errlint: risky call sites, citing real failures.");
  return true;
}

[[maybe_unused]] const bool Registered = registerModule();

} // namespace
} // namespace tidy
} // namespace errlint
