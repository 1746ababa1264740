//===- Runner.cpp - Runs the engine over translation units ---------------===//

#include "Runner.h"
#include "FindingWire.h"
#include "Isolate.h"
#include "Schedule.h"
#include "LLVMCompat.h"
#include "Paths.h"
#include "Selection.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "llvm/Support/FileOutputBuffer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <mutex>
#include <set>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace errlint {

//===----------------------------------------------------------------------===//
// Running the engine on one translation unit
//===----------------------------------------------------------------------===//

namespace {

/// The compile commands of one file, fetched before the threads start so
/// that they never share the real database.
class FileCommands : public CompilationDatabase {
public:
  explicit FileCommands(std::vector<CompileCommand> Commands)
      : Commands(std::move(Commands)) {}
  std::vector<CompileCommand> getCompileCommands(StringRef) const override {
    return Commands;
  }

private:
  std::vector<CompileCommand> Commands;
};

/// Appends every file the source manager of CI read to Out, absolute.
void appendReadFiles(CompilerInstance &CI, std::vector<std::string> &Out) {
  SourceManager &SM = CI.getSourceManager();
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    SmallString<256> Path(It->first.getName());
    CI.getFileManager().makeAbsolutePath(Path);
    Out.push_back(realPathOrAbsolute(Path));
  }
}

/// Test-only failure injection: aborts or hangs the analysis of files whose
/// path contains $ERRLINT_TEST_CRASH_ON or $ERRLINT_TEST_HANG_ON.
void injectTestFailure(StringRef File) {
  const char *Crash = std::getenv("ERRLINT_TEST_CRASH_ON");
  if (Crash && *Crash && File.contains(Crash))
    std::abort();
  const char *Hang = std::getenv("ERRLINT_TEST_HANG_ON");
  if (Hang && *Hang && File.contains(Hang))
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
}

/// Writes the AST Sema built to Path, as `clang -emit-ast` would, so that a
/// second analysis loads it instead of parsing the file again; not when it
/// would take more than Budget bytes.
bool saveAST(Sema &S, const std::string &Path, uint64_t Budget) {
  SmallString<0> Buffer;
  compat::writeAST(S, Buffer);
  if (Buffer.empty() || Buffer.size() > Budget)
    return false;
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return false;
  OS.write(Buffer.data(), Buffer.size());
  OS.close();
  return !OS.has_error();
}

/// How a unit's analysis takes part in protocol inference.
struct InferenceInput {
  /// The facts of the units analyzed before this one started (or cached).
  const ProtocolInference *Known = nullptr;
  /// Where to save the AST of a unit whose protocols depend on other units;
  /// empty: never saved.
  std::string AstDir;
  /// Collect the unit's class facts only: it is not one of the files to
  /// report on, but may define classes they use.
  bool FactsOnly = false;
  /// The stems of the units not analyzed yet (pipe for pipe.cpp): a unit
  /// saves its AST only when a class it uses without the methods' bodies is
  /// declared in a header named like one of them. Any other missing body is
  /// a library's, or lies where the schedule did not guess (the second pass
  /// parses such a unit again).
  const std::set<std::string> *Unfinished = nullptr;
  /// Bytes the saved ASTs may still take on disk; past it, parse again.
  uint64_t AstBudget = 0;
};

/// Collects the findings of each translation unit it parses.
class FindingsConsumer : public ASTConsumer {
public:
  FindingsConsumer(const Engine &E, UnitResult &R, CompilerInstance &CI,
                   const InferenceInput &In)
      : E(E), R(R), CI(CI), In(In) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A translation unit with errors has a partial AST: analyzing it would
    // report guesses. It counts as incomplete instead.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      injectTestFailure(Main->getName());
    TUAnalysis A;
    if (In.FactsOnly) {
      E.collectFacts(Ctx, A);
      R.Inference.Facts = std::move(A.Inference.Facts);
      return;
    }
    ProtocolInference None(E.catalog());
    E.analyzeUnit(Ctx, In.Known ? *In.Known : None, A);
    R.Findings = std::move(A.Findings);
    R.Inference = std::move(A.Inference);
    if (In.AstDir.empty() || !CI.hasSema() ||
        !needsOtherUnits(A.PendingMethods) ||
        !awaitsDefiner(R.Inference.PendingHeaders))
      return;
    SmallString<256> Model(In.AstDir);
    sys::path::append(Model, "unit-%%%%%%%%.ast");
    SmallString<256> Path;
    sys::fs::createUniquePath(Model, Path, /*MakeAbsolute=*/true);
    if (saveAST(CI.getSema(), std::string(Path), In.AstBudget))
      R.AstFile = std::string(Path);
  }

private:
  /// True when a header declaring a pending class is named like a unit not
  /// analyzed yet, which will most likely define its methods.
  bool awaitsDefiner(const std::vector<std::string> &Headers) const {
    if (!In.Unfinished)
      return true;
    return llvm::any_of(Headers, [&](const std::string &H) {
      return In.Unfinished->count(unitStem(H)) != 0;
    });
  }

  /// True when a method called here has no body in the facts known so far:
  /// a unit yet to be analyzed may define it.
  bool needsOtherUnits(const std::vector<std::string> &Methods) const {
    return llvm::any_of(Methods, [&](const std::string &M) {
      return !In.Known || !In.Known->defines(M);
    });
  }

  const Engine &E;
  UnitResult &R;
  CompilerInstance &CI;
  const InferenceInput &In;
};

class FindingsAction : public ASTFrontendAction {
public:
  FindingsAction(const Engine &E, UnitResult &R, raw_ostream &Log,
                 bool LoadPlugins, const InferenceInput &In)
      : E(E), R(R), Log(Log), LoadPlugins(LoadPlugins), In(In) {}

  /// "1 error generated." goes with the file's other diagnostics. With
  /// --allow-compiler-plugins, the plugins the command names are loaded as
  /// the compiler would load them.
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.setVerboseOutputStream(Log);
    if (LoadPlugins)
      CI.LoadRequestedPlugins();
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<FindingsConsumer>(E, R, CI, In);
  }

  void EndSourceFileAction() override {
    appendReadFiles(getCompilerInstance(), R.Files);
  }

private:
  const Engine &E;
  UnitResult &R;
  raw_ostream &Log;
  bool LoadPlugins;
  const InferenceInput &In;
};

/// Records every file the preprocessor reads.
class IncludesAction : public PreprocessOnlyAction {
public:
  explicit IncludesAction(std::vector<std::string> &Out) : Out(Out) {}

  bool BeginInvocation(CompilerInstance &CI) override {
    CI.setVerboseOutputStream(nulls());
    return PreprocessOnlyAction::BeginInvocation(CI);
  }

  void EndSourceFileAction() override {
    appendReadFiles(getCompilerInstance(), Out);
  }

private:
  std::vector<std::string> &Out;
};

/// Makes a fresh action for each compile command of a file.
class LambdaFactory : public FrontendActionFactory {
public:
  explicit LambdaFactory(std::function<std::unique_ptr<FrontendAction>()> Make)
      : Make(std::move(Make)) {}
  std::unique_ptr<FrontendAction> create() override { return Make(); }

private:
  std::function<std::unique_ptr<FrontendAction>()> Make;
};

ArgumentsAdjuster analysisAdjuster() {
  // Compiler warnings never stop the analysis, and clang's builtin headers
  // come from the clang errlint was built against.
  ArgumentsAdjuster Adj = getInsertArgumentAdjuster(
      CommandLineArguments{"-resource-dir=" ERRLINT_CLANG_RESOURCE_DIR},
      ArgumentInsertPosition::BEGIN);
  return combineAdjusters(
      Adj, getInsertArgumentAdjuster(warningDowngrades(),
                                     ArgumentInsertPosition::END));
}

/// A ClangTool for one file. Each has its own file system object, so that
/// changing to the compile command's directory does not change the
/// process's working directory under the other threads.
std::unique_ptr<ClangTool> makeTool(const CompilationDatabase &DB,
                                    const std::string &File) {
  IntrusiveRefCntPtr<vfs::FileSystem> FS(
      vfs::createPhysicalFileSystem().release());
  auto Tool = std::make_unique<ClangTool>(
      DB, ArrayRef<std::string>(File),
      std::make_shared<PCHContainerOperations>(), FS);
  Tool->appendArgumentsAdjuster(analysisAdjuster());
  Tool->setPrintErrorMessage(false);
  return Tool;
}

/// Analyzes one translation unit: everything it needs comes in and all it
/// learns goes out, so that it can move to a child process (for isolation
/// and time limits) without changing its callers.
UnitResult analyzeTranslationUnit(const Engine &E, const std::string &File,
                                std::vector<CompileCommand> Commands,
                                bool LoadPlugins, const InferenceInput &In) {
  UnitResult R;
  if (!sys::fs::exists(File)) {
    R.Failed = true;
    R.Reason = "no such file; it was not analyzed";
    return R;
  }
  FileCommands DB(std::move(Commands));
  std::unique_ptr<ClangTool> Tool = makeTool(DB, File);
  raw_string_ostream DiagOS(R.Diagnostics);
  compat::TextDiagnostics Printer(DiagOS);
  Tool->setDiagnosticConsumer(&Printer.printer());
  LambdaFactory F([&] {
    return std::make_unique<FindingsAction>(E, R, DiagOS, LoadPlugins, In);
  });
  if (Tool->run(&F) != 0) {
    R.Failed = true;
    R.Reason = "could not be parsed; its findings are not reported";
    R.Findings.clear();
    R.Inference = UnitInference();
  }
  DiagOS.flush();
  return R;
}

/// Analyzes a unit again from the AST its first analysis saved, now that
/// the facts of every unit are known. Its class facts and files stay those
/// of the first analysis; what its functions do is exported anew.
UnitResult reanalyzeSavedUnit(const Engine &E, UnitResult R,
                              const ProtocolInference &AllFacts) {
  std::unique_ptr<ASTUnit> Unit = compat::loadAST(R.AstFile);
  if (!Unit) {
    R.Failed = true;
    R.Reason = "its saved AST could not be loaded; its findings are not "
               "reported";
    R.Findings.clear();
    return R;
  }
  TUAnalysis A;
  E.analyzeUnit(Unit->getASTContext(), AllFacts, A, /*CollectFacts=*/false);
  R.Findings = std::move(A.Findings);
  R.Inference.PendingDigest = std::move(A.Inference.PendingDigest);
  // Its classes are the same; what its functions do may not be.
  llvm::erase_if(R.Inference.Facts, [](const ClassFacts &C) {
    return C.Name == FunctionSummaries;
  });
  for (ClassFacts &C : A.Inference.Facts)
    if (C.Name == FunctionSummaries)
      R.Inference.Facts.push_back(std::move(C));
  return R;
}

/// The cache key of a file's compile commands: the directory, file and
/// arguments of each (the adjusters are part of errlint's build).
std::string commandsKey(const std::vector<CompileCommand> &Commands) {
  std::string Key;
  for (const CompileCommand &C : Commands) {
    Key += C.Directory + '\0' + C.Filename + '\0';
    for (const std::string &Arg : C.CommandLine)
      Key += Arg + '\0';
    Key += '\n';
  }
  return Key;
}

/// Analyzes a file, or takes its findings from Options.Cache when nothing
/// that decides them changed, and stores what a parse found.
/// The cache key of file Index: its compile commands and its settings.
std::string cacheKeyOf(const std::vector<CompileCommand> &Commands,
                       size_t Index, const RunOptions &Options) {
  std::string Key = commandsKey(Commands);
  if (Options.CacheKey)
    Key += Options.CacheKey(Index);
  return Key;
}

std::optional<std::vector<std::string>>
includesOf(const std::string &File, std::vector<CompileCommand> Commands) {
  FileCommands DB(std::move(Commands));
  std::unique_ptr<ClangTool> Tool = makeTool(DB, File);
  // Counts errors (so that a failure shows) without printing them.
  DiagnosticConsumer Quiet;
  Tool->setDiagnosticConsumer(&Quiet);
  std::vector<std::string> Out;
  LambdaFactory F([&] { return std::make_unique<IncludesAction>(Out); });
  if (!sys::fs::exists(File) || Tool->run(&F) != 0)
    return std::nullopt;
  return Out;
}

//===----------------------------------------------------------------------===//
// Threads and progress
//===----------------------------------------------------------------------===//

/// "[12/340] src/foo.cpp" on stderr, rewritten in place as files finish.
class Progress {
public:
  Progress(size_t Total, const RunOptions &Options)
      : Total(Total), Options(Options) {}
  ~Progress() {
    if (Options.Progress && Done)
      errs() << "\r\x1b[K";
  }

  void done(const std::string &File) {
    if (!Options.Progress)
      return;
    std::lock_guard<std::mutex> Lock(M);
    ++Done;
    std::string Name =
        Options.DisplayName ? Options.DisplayName(File) : File;
    errs() << "\r[" << Done << "/" << Total << "] " << Name << "\x1b[K";
    errs().flush();
  }

private:
  std::mutex M;
  size_t Done = 0;
  size_t Total;
  const RunOptions &Options;
};

/// Runs Fn(I) for every file index on Options.Jobs threads.
void forEachFile(const std::vector<std::string> &Files,
                 const RunOptions &Options,
                 std::function<void(size_t)> Fn) {
  Progress P(Files.size(), Options);
  unsigned Jobs = Options.Jobs ? Options.Jobs
                               : hardware_concurrency().compute_thread_count();
  if (Jobs <= 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I) {
      Fn(I);
      P.done(Files[I]);
    }
    return;
  }
  DefaultThreadPool Pool(hardware_concurrency(Jobs));
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&, I] {
      Fn(I);
      P.done(Files[I]);
    });
  Pool.wait();
}

/// Args without the options clang's driver does not know, such as gcc's
/// -fconserve-stack: clang would reject the whole command.
std::vector<std::string> dropUnknownOptions(std::vector<std::string> Args) {
  if (Args.size() < 2)
    return Args;
  std::vector<const char *> Ptrs;
  for (size_t I = 1; I < Args.size(); ++I)
    Ptrs.push_back(Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Parsed = compat::driverOptTable().ParseArgs(
      Ptrs, MissingIndex, MissingCount,
      llvm::opt::Visibility(compat::driver_options::ClangOption));
  std::set<unsigned> Unknown;
  for (const opt::Arg *A :
       Parsed.filtered(compat::driver_options::OPT_UNKNOWN))
    Unknown.insert(A->getIndex());
  std::vector<std::string> Out{Args.front()};
  for (size_t I = 1; I < Args.size(); ++I)
    if (!Unknown.count(I - 1))
      Out.push_back(std::move(Args[I]));
  return Out;
}

/// The commands of File, made safe by Policy; what was dropped is reported
/// once per file and argument.
std::vector<CompileCommand> safeCommands(const Compilations &DB,
                                         const std::string &File,
                                         const CommandPolicy &Policy) {
  static std::set<std::string> Reported;
  std::vector<CompileCommand> Commands =
      DB.database().getCompileCommands(File);
  for (CompileCommand &C : Commands) {
    std::vector<std::string> Dropped;
    C.CommandLine = dropUnknownOptions(
        sanitizeCommand(C.CommandLine, C.Directory, Policy, Dropped));
    for (const std::string &D : Dropped) {
      std::string Message = "errlint: warning: compile command of '" + File +
                            "': dropped " + D;
      if (Reported.insert(Message).second)
        errs() << Message << "\n";
    }
  }
  return Commands;
}

std::vector<std::vector<CompileCommand>>
commandsOf(const Compilations &DB, const std::vector<std::string> &Files,
           const RunOptions &Options) {
  std::vector<std::vector<CompileCommand>> Commands;
  for (const std::string &File : Files)
    Commands.push_back(safeCommands(DB, File, Options.Policy));
  return Commands;
}

/// Deep expressions (a + b + ... with tens of thousands of terms) recurse
/// deeply in clang's parser, AST visitors and CFG builder: the analysis runs
/// on a thread with this much stack (reserved, not committed).
constexpr unsigned AnalysisStackSize = 1u << 30;

/// What one child process does with one unit.
struct UnitJob {
  const std::string *File = nullptr;
  const std::vector<CompileCommand> *Commands = nullptr;
  const InferenceInput *In = nullptr;
  /// When set, the unit is analyzed again from the AST this first result
  /// saved, with In->Known.
  const UnitResult *First = nullptr;
};

/// The result of a child process, or its failure.
UnitResult resultOf(ChildOutcome Outcome) {
  UnitResult R;
  std::string Error;
  if (Outcome.Ok && !fromWire(Outcome.Output, R, Error)) {
    Outcome.Ok = false;
    Outcome.Failure = "the analysis process sent an unreadable result: " +
                      Error;
  }
  if (Outcome.Ok)
    return R;
  R = UnitResult();
  R.Failed = true;
  R.Reason = Outcome.Failure + "; its findings are not reported";
  return R;
}


/// Runs one pass over Count units, each in a child process (Isolate.h) and
/// there on a thread with a large stack, and hands each unit's result to
/// Done as it ends. Ready, when set, says which units may start.
void runPass(const Engine &E, size_t Count, const IsolateOptions &Isolation,
             const RunOptions &Options,
             const std::function<UnitJob(size_t)> &Job,
             const std::function<void(size_t, UnitResult)> &Done,
             const std::function<bool(size_t)> &Ready = nullptr) {
  bool LoadPlugins = Options.Policy.AllowCompilerPlugins;
  runIsolated(
      Count, Isolation,
      [&](size_t N) {
        UnitJob J = Job(N);
        UnitResult R;
        llvm::thread T(std::optional<unsigned>(AnalysisStackSize), [&] {
          R = J.First ? reanalyzeSavedUnit(E, *J.First, *J.In->Known)
                      : analyzeTranslationUnit(E, *J.File, *J.Commands,
                                               LoadPlugins, *J.In);
        });
        T.join();
        return toWire(R);
      },
      [&](size_t N, ChildOutcome Outcome) {
        Done(N, resultOf(std::move(Outcome)));
      },
      Ready);
}


/// The stems of the headers that declare the classes the analyzed units use
/// without their methods' bodies.
std::set<std::string> pendingHeaderStems(const std::vector<UnitResult> &Results) {
  std::set<std::string> Stems;
  for (const UnitResult &R : Results)
    if (!R.Failed)
      for (const std::string &H : R.Inference.PendingHeaders)
        Stems.insert(unitStem(H));
  return Stems;
}

/// The files of the database, outside Files and Done, named like a header
/// the analyzed files include (pipe.cpp for pipe.h): where the methods of
/// the classes they use are most likely defined.
std::vector<std::string> companionFiles(const Compilations &DB,
                                        const std::vector<std::string> &Files,
                                        const std::set<std::string> &Stems,
                                        const std::set<std::string> &Done) {
  if (Stems.empty())
    return {};
  std::set<std::string> Selected(Files.begin(), Files.end());
  std::vector<std::string> Out;
  for (const std::string &F : DB.allFiles())
    if (!Selected.count(F) && !Done.count(F) && Stems.count(unitStem(F)))
      Out.push_back(F);
  return Out;
}

/// Adds to Known the facts of the companion files of a run on part of the
/// database: the protocols of the classes the analyzed files use are
/// inferred over the whole database, without analyzing every file. A
/// companion's facts are cached apart from full results; one that does not
/// parse is left out silently (it was not asked for).
void readCompanionFacts(const Engine &E, const Compilations &DB,
                        const std::vector<std::string> &Files,
                        const std::set<std::string> &Stems,
                        const RunOptions &Options,
                        const IsolateOptions &Isolation,
                        std::set<std::string> &Done,
                        ProtocolInference &Known) {
  std::vector<std::string> Companions = companionFiles(DB, Files, Stems, Done);
  Done.insert(Companions.begin(), Companions.end());
  if (Options.CompanionsRead)
    *Options.CompanionsRead += Companions.size();
  std::vector<std::vector<CompileCommand>> Commands =
      commandsOf(DB, Companions, Options);
  std::vector<std::string> Keys(Companions.size());
  std::vector<size_t> ToParse;
  for (size_t I = 0; I < Companions.size(); ++I) {
    Keys[I] = commandsKey(Commands[I]) + '\0' + "facts-only";
    std::optional<UnitResult> Hit =
        Options.Cache ? Options.Cache->lookup(Keys[I]) : std::nullopt;
    if (Hit)
      Known.addUnit(Hit->Inference);
    else
      ToParse.push_back(I);
  }
  InferenceInput FactsOnly{nullptr, "", /*FactsOnly=*/true};
  runPass(
      E, ToParse.size(), Isolation, Options,
      [&](size_t N) {
        size_t I = ToParse[N];
        return UnitJob{&Companions[I], &Commands[I], &FactsOnly};
      },
      [&](size_t N, UnitResult R) {
        if (R.Failed)
          return;
        Known.addUnit(R.Inference);
        if (Options.Cache)
          Options.Cache->store(Keys[ToParse[N]], R);
      });
}

/// The size of each file in bytes (0 when it cannot be read).
std::vector<uint64_t> sizesOf(const std::vector<std::string> &Files) {
  std::vector<uint64_t> Size(Files.size(), 0);
  for (size_t I = 0; I < Files.size(); ++I) {
    sys::fs::file_status St;
    if (!sys::fs::status(Files[I], St))
      Size[I] = St.getSize();
  }
  return Size;
}

/// The stems of the headers each file reaches through its project's
/// includes, read lexically (Schedule.h says why).
std::vector<std::set<std::string>>
headerStemsOf(const std::vector<std::string> &Files,
              const std::vector<std::vector<CompileCommand>> &Commands,
              const std::vector<size_t> &Which) {
  IncludeScanner Scanner;
  std::vector<std::set<std::string>> Out(Files.size());
  for (size_t I : Which) {
    std::vector<std::string> Dirs;
    for (const CompileCommand &C : Commands[I])
      for (std::string &D : quotedIncludeDirs(C.CommandLine, C.Directory))
        Dirs.push_back(std::move(D));
    Out[I] = Scanner.headerStems(Files[I], Dirs);
  }
  return Out;
}

/// The size of a file, 0 when it is gone.
uint64_t fileSize(const std::string &Path) {
  sys::fs::file_status St;
  return sys::fs::status(Path, St) ? 0 : St.getSize();
}

/// A directory for the saved ASTs of one run, removed with everything in it
/// when the run ends.
class AstDirectory {
public:
  AstDirectory() {
    SmallString<256> P;
    if (!sys::fs::createUniqueDirectory("errlint-ast", P))
      Path = std::string(P);
  }
  ~AstDirectory() {
    if (!Path.empty())
      sys::fs::remove_directories(Path);
  }
  const std::string &path() const { return Path; }

private:
  std::string Path;
};

} // namespace

std::vector<UnitResult> analyzeFiles(const Engine &E, const Compilations &DB,
                                   const std::vector<std::string> &Files,
                                   const RunOptions &Options) {
  std::vector<std::vector<CompileCommand>> Commands =
      commandsOf(DB, Files, Options);
  std::vector<UnitResult> Results(Files.size());
  Progress P(Files.size(), Options);
  // Files whose results the cache holds are not parsed at all.
  std::vector<size_t> ToAnalyze;
  std::vector<std::string> Keys(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    if (Options.Cache) {
      Keys[I] = cacheKeyOf(Commands[I], I, Options);
      if (std::optional<UnitResult> Hit = Options.Cache->lookup(Keys[I])) {
        Results[I] = std::move(*Hit);
        P.done(Files[I]);
        continue;
      }
    }
    ToAnalyze.push_back(I);
  }
  IsolateOptions Isolation;
  Isolation.Jobs = Options.Jobs ? Options.Jobs
                                : hardware_concurrency().compute_thread_count();
  Isolation.TimeoutSeconds = Options.TimeoutSeconds;
  // Definers first: a unit starts once the units that define the classes
  // of the headers it includes are done, so that it sees their protocols.
  // With several jobs, the largest ready unit starts first, so that the
  // last to finish is a short one.
  std::vector<std::set<std::string>> HeaderStems =
      headerStemsOf(Files, Commands, ToAnalyze);
  Schedule Plan = definersFirst(Files, ToAnalyze, HeaderStems, sizesOf(Files),
                                /*LargestFirst=*/Isolation.Jobs > 1);
  ToAnalyze = Plan.Order;
  std::vector<bool> Finished(Files.size(), true);
  std::multiset<std::string> UnfinishedCount;
  for (size_t I : ToAnalyze) {
    Finished[I] = false;
    UnfinishedCount.insert(unitStem(Files[I]));
  }
  std::set<std::string> Unfinished(UnfinishedCount.begin(),
                                   UnfinishedCount.end());

  // First pass: each unit is parsed once, with the protocols its own
  // classes show and those of the units analyzed before it started (or
  // cached). A unit that calls methods defined in none of those, of a class
  // whose header is named like a unit yet to finish, keeps its AST for the
  // second pass, within Options.SavedAstLimit.
  AstDirectory Asts;
  ProtocolInference KnownSoFar(E.catalog());
  std::vector<ClassFacts> Cached;
  for (const UnitResult &R : Results)
    if (!R.Failed)
      Cached.insert(Cached.end(), R.Inference.Facts.begin(),
                    R.Inference.Facts.end());
  KnownSoFar.addFacts(Cached); // Merged once, not once per unit.
  // On part of the database, the other files named like the headers the
  // analyzed ones include are read for their facts first.
  std::set<std::string> CompanionsDone;
  if (Options.CompanionsRead)
    *Options.CompanionsRead = 0;
  std::set<std::string> Included;
  for (const std::set<std::string> &H : HeaderStems)
    Included.insert(H.begin(), H.end());
  readCompanionFacts(E, DB, Files, Included, Options, Isolation,
                     CompanionsDone, KnownSoFar);
  InferenceInput In{&KnownSoFar, Asts.path()};
  In.Unfinished = &Unfinished;
  uint64_t AstBytes = 0, PeakAstBytes = 0;
  In.AstBudget = Options.SavedAstLimit;
  runPass(
      E, ToAnalyze.size(), Isolation, Options,
      [&](size_t N) {
        size_t I = ToAnalyze[N];
        // The child's own stem is not something it waits for.
        Unfinished.erase(unitStem(Files[I]));
        return UnitJob{&Files[I], &Commands[I], &In};
      },
      [&](size_t N, UnitResult R) {
        size_t I = ToAnalyze[N];
        Results[I] = std::move(R);
        // Children forked from now on start with these facts.
        if (!Results[I].Failed)
          KnownSoFar.addUnit(Results[I].Inference);
        if (!Results[I].AstFile.empty()) {
          AstBytes += fileSize(Results[I].AstFile);
          PeakAstBytes = std::max(PeakAstBytes, AstBytes);
          In.AstBudget = Options.SavedAstLimit > AstBytes
                             ? Options.SavedAstLimit - AstBytes
                             : 0;
        }
        Finished[I] = true;
        std::string Stem = unitStem(Files[I]);
        UnfinishedCount.erase(UnfinishedCount.find(Stem));
        if (!UnfinishedCount.count(Stem))
          Unfinished.erase(Stem);
        P.done(Files[I]);
      },
      [&](size_t N) {
        return llvm::all_of(Plan.Definers[ToAnalyze[N]],
                            [&](size_t D) { return Finished[D]; });
      });

  // Classes whose headers the lexical reading missed (an include through a
  // macro, a header named unlike its .cpp).
  readCompanionFacts(E, DB, Files, pendingHeaderStems(Results), Options,
                     Isolation, CompanionsDone, KnownSoFar);

  // Second pass: the units whose pending classes' protocols changed once
  // every unit's facts are known. A unit analyzed in the first pass loads
  // its saved AST; one the cache held is parsed (its only parse this run).
  // A unit analyzed again exports what its functions do with what it now
  // knows (`recall_all()` closing the links `CarrierLink::disconnect()`, in
  // a third unit, closes): the units calling those functions may need a
  // further pass. Chains of helpers across units settle in a few passes;
  // the last one's results stand.
  InferenceInput All{&KnownSoFar, ""};
  constexpr unsigned MaxLaterPasses = 3;
  for (unsigned Pass = 0; Pass < MaxLaterPasses; ++Pass) {
    std::vector<size_t> Again;
    for (size_t I = 0; I < Files.size(); ++I)
      if (!Results[I].Failed && KnownSoFar.needsSecondPass(Results[I].Inference))
        Again.push_back(I);
    if (Again.empty())
      break;
    runPass(
        E, Again.size(), Isolation, Options,
        [&](size_t N) {
          size_t I = Again[N];
          UnitJob J{&Files[I], &Commands[I], &All};
          if (!Results[I].AstFile.empty())
            J.First = &Results[I];
          return J;
        },
        [&](size_t N, UnitResult R) {
          size_t I = Again[N];
          std::string Saved = Results[I].AstFile;
          if (Saved.empty() && !Results[I].FromCache && Options.Reparsed)
            ++*Options.Reparsed;
          // Children forked from now on see what it exports now.
          if (!R.Failed)
            KnownSoFar.updateUnit(Results[I].Inference, R.Inference);
          Results[I] = std::move(R);
          Results[I].Reloaded = !Saved.empty() && !Results[I].Failed;
          Results[I].AstFile = Saved;
        });
  }

  if (Options.SavedAstBytes)
    *Options.SavedAstBytes = PeakAstBytes;
  for (size_t I = 0; I < Files.size(); ++I) {
    Results[I].SavedAst = !Results[I].AstFile.empty();
    Results[I].AstFile.clear();
    if (Options.Cache && !Results[I].Failed && !Results[I].FromCache)
      Options.Cache->store(Keys[I], Results[I]);
  }
  return Results;
}

std::vector<std::optional<std::vector<std::string>>>
includedFiles(const Compilations &DB, const std::vector<std::string> &Files,
              const RunOptions &Options) {
  std::vector<std::vector<CompileCommand>> Commands =
      commandsOf(DB, Files, Options);
  std::vector<std::optional<std::vector<std::string>>> Out(Files.size());
  forEachFile(Files, Options, [&](size_t I) {
    Out[I] = includesOf(Files[I], std::move(Commands[I]));
  });
  return Out;
}

} // namespace errlint
