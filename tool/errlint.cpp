//===- errlint.cpp - The errlint command ----------------------------------===//
//
// A thin front end: parses options, loads the catalogue and the compilation
// database, runs the engine over each translation unit and prints findings.
//
//===----------------------------------------------------------------------===//

#include "Catalog.h"
#include "CompileDb.h"
#include "DocsGen.h"
#include "Engine.h"
#include "HtmlReport.h"
#include "Report.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace errlint {
namespace {

/// errlint's documented exit codes.
enum ExitCode {
  ExitClean = 0,      ///< Everything analyzed, nothing found.
  ExitFindings = 1,   ///< Everything analyzed, findings reported.
  ExitUsage = 2,      ///< Usage or configuration error; nothing analyzed.
  ExitIncomplete = 3, ///< Some file could not be read or parsed.
};

cl::OptionCategory Category("errlint options");

cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory holding compile_commands.json (or the file "
                  "itself)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::list<std::string> Sources(cl::Positional,
                              cl::desc("[<source file> ...] [-- <flags>]"),
                              cl::cat(Category));
cl::list<std::string> RulePaths(
    "rules", cl::desc("Load extra rules from a file or directory"),
    cl::value_desc("path"), cl::cat(Category));
cl::list<std::string> RecordPaths(
    "records",
    cl::desc("Load extra error records from a .json, .jsonl or directory"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<CiteLevel> Cite(
    "cite", cl::desc("How much of the records each diagnostic quotes"),
    cl::values(clEnumValN(CiteLevel::Full, "full",
                          "runtime error, prevention tips and example fix"),
               clEnumValN(CiteLevel::Tips, "tips",
                          "runtime error and prevention tips"),
               clEnumValN(CiteLevel::None, "none", "no citation")),
    cl::init(CiteLevel::Full), cl::cat(Category));
/// How findings are written.
enum class OutputFormat { Text, Html };

cl::opt<OutputFormat> Format(
    "format", cl::desc("How findings are written"),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "clang-style diagnostics (the default)"),
               clEnumValN(OutputFormat::Html, "html",
                          "one self-contained HTML page with a summary, the "
                          "code around each finding and filters")),
    cl::init(OutputFormat::Text), cl::cat(Category));
cl::opt<std::string> OutputPath(
    "o", cl::desc("Write the findings to this file (atomically) instead of "
                  "standard output"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> GenerateDocs(
    "generate-docs",
    cl::desc("Write the rule reference (DIR/rules/*.md) for the loaded rules "
             "and exit"),
    cl::value_desc("dir"), cl::Hidden, cl::cat(Category));
cl::opt<std::string> ExtractExamples(
    "extract-examples",
    cl::desc("Write every rule example as DIR/<rule>/*.cpp and exit"),
    cl::value_desc("dir"), cl::Hidden, cl::cat(Category));
cl::opt<bool> ListRulesOpt("list-rules",
                           cl::desc("List the loaded rules and exit"),
                           cl::cat(Category));
cl::opt<std::string> ExplainOpt(
    "explain",
    cl::desc("Print a rule and everything its records say, then exit"),
    cl::value_desc("rule-id"), cl::cat(Category));

const char *const Overview = R"(errlint: flags risky call sites, such as a message sent on a channel
or producer after close(), and cites the real failures they lead to.

  errlint -p build/ [file ...]      analyze files of build/compile_commands.json
  errlint file.cpp -- -std=c++17    analyze with the flags given after '--'
  errlint -p build/ --format=html -o report.html
                                    write a self-contained page to read

Exit codes:
  0  no finding
  1  findings were reported
  2  usage or configuration error (bad option, rule, record, compilation
     database or output file); nothing was analyzed, or the report could
     not be written
  3  analysis incomplete: a file could not be read or parsed; the other files
     were analyzed and their findings reported
)";

void printErrors(const std::vector<LoadError> &Errors) {
  for (const LoadError &E : Errors)
    errs() << E.str() << "\n";
}

void usageError(const Twine &Message) {
  errs() << "errlint: error: " << Message << "\n";
}

/// Collects the findings of each translation unit it parses.
class FindingsConsumer : public ASTConsumer {
public:
  FindingsConsumer(const Engine &E, std::vector<Finding> &Out)
      : E(E), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A translation unit with errors has a partial AST: analyzing it would
    // report guesses. It counts as incomplete instead.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    E.analyze(Ctx, Out);
  }

private:
  const Engine &E;
  std::vector<Finding> &Out;
};

class FindingsAction : public ASTFrontendAction {
public:
  FindingsAction(const Engine &E, std::vector<Finding> &Out)
      : E(E), Out(Out) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<FindingsConsumer>(E, Out);
  }

private:
  const Engine &E;
  std::vector<Finding> &Out;
};

class FindingsActionFactory : public FrontendActionFactory {
public:
  FindingsActionFactory(const Engine &E, std::vector<Finding> &Out)
      : E(E), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<FindingsAction>(E, Out);
  }

private:
  const Engine &E;
  std::vector<Finding> &Out;
};

bool loadCatalog(Catalog &Cat) {
  std::vector<LoadError> Errors;
  bool Loaded = Cat.loadAll(RecordPaths, RulePaths, Errors);
  printErrors(Errors);
  return Loaded;
}

/// Loads the database named by -p, or the one above the first source file.
std::unique_ptr<CompilationDatabase> loadDatabase() {
  std::string Error;
  if (!BuildPath.empty()) {
    SmallString<256> File(BuildPath);
    if (sys::fs::is_directory(File) || !StringRef(File).ends_with(".json"))
      sys::path::append(File, "compile_commands.json");
    if (!sys::fs::exists(File)) {
      usageError("no compilation database: '" + File + "' does not exist");
      return nullptr;
    }
    std::vector<LoadError> Errors;
    if (!validateCompileDatabase(std::string(File), Errors)) {
      printErrors(Errors);
      return nullptr;
    }
    auto DB = JSONCompilationDatabase::loadFromFile(
        File, Error, JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      usageError("cannot load compilation database '" + File + "': " + Error);
    return DB;
  }
  if (Sources.empty()) {
    usageError("no compilation database: give -p BUILD_DIR, or source files "
               "followed by '--' and their compiler flags");
    return nullptr;
  }
  auto DB = CompilationDatabase::autoDetectFromSource(Sources.front(), Error);
  if (!DB)
    usageError("no compilation database found for '" + Sources.front() +
               "' or its parent directories (give -p BUILD_DIR, or '--' and "
               "compiler flags): " +
               Error);
  return DB;
}

ArgumentsAdjuster analysisAdjuster() {
  // Compiler warnings never stop the analysis, and clang's builtin headers
  // come from the clang errlint was built against.
  ArgumentsAdjuster Adj = getInsertArgumentAdjuster(
      CommandLineArguments{"-resource-dir=" ERRLINT_CLANG_RESOURCE_DIR},
      ArgumentInsertPosition::BEGIN);
  return combineAdjusters(
      Adj, getInsertArgumentAdjuster("-w", ArgumentInsertPosition::END));
}

/// Checks up front that -o can be written, so that a typo does not cost a
/// whole analysis.
bool outputPathUsable() {
  if (OutputPath.empty() || OutputPath == "-")
    return true;
  SmallString<256> Dir(OutputPath);
  sys::fs::make_absolute(Dir);
  sys::path::remove_filename(Dir);
  if (sys::fs::is_directory(OutputPath.getValue())) {
    usageError("cannot write '" + OutputPath + "': it is a directory");
    return false;
  }
  if (!sys::fs::is_directory(Dir)) {
    usageError("cannot write '" + OutputPath + "': directory '" + Dir +
               "' does not exist");
    return false;
  }
  return true;
}

void renderFindings(const Catalog &Cat, const std::vector<Finding> &Findings,
                    raw_ostream &OS) {
  if (Format == OutputFormat::Html) {
    HtmlReportOptions Opts;
    Opts.Generator = "errlint " ERRLINT_VERSION;
    renderHtml(Cat, Findings, Opts, OS);
    return;
  }
  renderText(Cat, Findings, Cite, OS);
}

/// Writes the findings to standard output or, atomically, to -o.
bool writeFindings(const Catalog &Cat, const std::vector<Finding> &Findings) {
  if (OutputPath.empty() || OutputPath == "-") {
    renderFindings(Cat, Findings, outs());
    outs().flush();
    return true;
  }
  Error E = writeToOutput(OutputPath, [&](raw_ostream &OS) {
    renderFindings(Cat, Findings, OS);
    return Error::success();
  });
  if (!E)
    return true;
  usageError("cannot write '" + OutputPath + "': " + toString(std::move(E)));
  return false;
}

int analyze(const Catalog &Cat, CompilationDatabase &DB) {
  std::vector<std::string> Files;
  if (Sources.empty()) {
    Files = DB.getAllFiles();
  } else {
    for (const std::string &S : Sources) {
      SmallString<256> Abs(S);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Files.push_back(std::string(Abs));
    }
  }
  if (Files.empty()) {
    usageError("the compilation database lists no file to analyze");
    return ExitUsage;
  }

  Engine E(Cat);
  std::vector<Finding> Findings;
  std::vector<std::string> Failed;
  for (const std::string &File : Files) {
    if (!sys::fs::exists(File)) {
      errs() << "errlint: error: " << File
             << ": no such file; it was not analyzed\n";
      Failed.push_back(File);
      continue;
    }
    ClangTool Tool(DB, {File});
    Tool.appendArgumentsAdjuster(analysisAdjuster());
    FindingsActionFactory Factory(E, Findings);
    if (Tool.run(&Factory) != 0) {
      errs() << "errlint: error: " << File
             << ": could not be parsed; its findings are not reported\n";
      Failed.push_back(File);
    }
  }

  sortAndDedupe(Findings);
  if (!writeFindings(Cat, Findings))
    return ExitUsage;
  if (!Failed.empty()) {
    errs() << "errlint: analysis incomplete: " << Failed.size() << " of "
           << Files.size() << " file(s) could not be analyzed\n";
    return ExitIncomplete;
  }
  return Findings.empty() ? ExitClean : ExitFindings;
}

int run(int Argc, const char **Argv) {
  std::string Error;
  std::unique_ptr<CompilationDatabase> Fixed =
      FixedCompilationDatabase::loadFromCommandLine(Argc, Argv, Error);
  if (!Error.empty()) {
    usageError(Error);
    return ExitUsage;
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "errlint " ERRLINT_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  std::string ParseErrors;
  raw_string_ostream ParseOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &ParseOS)) {
    errs() << ParseOS.str();
    return ExitUsage;
  }

  Catalog Cat;
  if (!loadCatalog(Cat))
    return ExitUsage;
  if (ListRulesOpt) {
    listRules(Cat, outs());
    return ExitClean;
  }
  if (!GenerateDocs.empty() || !ExtractExamples.empty()) {
    std::string Error;
    bool Ok = GenerateDocs.empty() || generateRuleDocs(Cat, GenerateDocs, Error);
    Ok = Ok && (ExtractExamples.empty() ||
                extractRuleExamples(Cat, ExtractExamples, Error));
    if (!Ok)
      usageError(Error);
    return Ok ? ExitClean : ExitUsage;
  }
  if (!outputPathUsable())
    return ExitUsage;
  if (!ExplainOpt.empty()) {
    StringRef Id = StringRef(ExplainOpt).ltrim().rtrim();
    Id.consume_front("errlint-");
    const Rule *R = Cat.findRule(Id.str());
    if (!R) {
      usageError("unknown rule '" + ExplainOpt + "' (see --list-rules)");
      return ExitUsage;
    }
    explainRule(Cat, *R, outs());
    return ExitClean;
  }

  std::unique_ptr<CompilationDatabase> DB =
      Fixed ? std::move(Fixed) : loadDatabase();
  if (!DB)
    return ExitUsage;
  DB = inferMissingCompileCommands(std::move(DB));
  return analyze(Cat, *DB);
}

} // namespace
} // namespace errlint

int main(int Argc, const char **Argv) { return errlint::run(Argc, Argv); }
