//===- Analyze.cpp - The analysis command ---------------------------------===//
//
// errlint's main command: resolves the settings, selects the files, opens
// the cache, runs the engine over the units (Runner) and writes the report
// in its format; and the information commands that need no database.
//
//===----------------------------------------------------------------------===//

#include "CliCommon.h"
#include "Commands.h"
#include "Options.h"

#include "Baseline.h"
#include "Catalog.h"
#include "Config.h"
#include "DocsGen.h"
#include "Formats.h"
#include "HtmlReport.h"
#include "MatcherRules.h"
#include "Paths.h"
#include "Report.h"
#include "ReportBuilder.h"
#include "Runner.h"
#include "Selection.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <set>

using namespace llvm;

namespace errlint {
namespace cli {

/// Checks up front that -o can be written, so that a typo does not cost a
/// whole analysis.
bool outputPathUsable() {
  if (OutputOpt.empty() || OutputOpt == "-")
    return true;
  SmallString<256> Dir(OutputOpt);
  sys::fs::make_absolute(Dir);
  sys::path::remove_filename(Dir);
  if (sys::fs::is_directory(OutputOpt.getValue())) {
    usageError("cannot write '" + OutputOpt + "': it is a directory");
    return false;
  }
  if (!sys::fs::is_directory(Dir)) {
    usageError("cannot write '" + OutputOpt + "': directory '" + Dir +
               "' does not exist");
    return false;
  }
  return true;
}

CommandLineConfig commandLineConfig() {
  CommandLineConfig C;
  if (ChecksOpt.getNumOccurrences())
    C.Checks = ChecksOpt;
  if (HeaderFilterOpt.getNumOccurrences())
    C.HeaderFilter = HeaderFilterOpt;
  if (Cite.getNumOccurrences())
    C.Cite = Cite == CiteLevel::None   ? "none"
             : Cite == CiteLevel::Tips ? "tips"
                                       : "full";
  C.Exclude = ExcludeOpt;
  for (const std::string &P : RulePaths)
    C.RulePaths.push_back(absolutePath(P));
  for (const std::string &P : RecordPaths)
    C.RecordPaths.push_back(absolutePath(P));
  if (!ConfigFileOpt.empty())
    C.ConfigFile = absolutePath(ConfigFileOpt);
  return C;
}

/// Report paths are relative to this directory.
std::string projectRoot(const std::string &FirstFile,
                        const std::string &DatabaseDir) {
  if (!ProjectRootOpt.empty())
    return absolutePath(ProjectRootOpt);
  std::string Anchor = !FirstFile.empty()     ? FirstFile
                       : !DatabaseDir.empty() ? DatabaseDir
                                              : absolutePath(".");
  std::string Git = findGitRoot(Anchor);
  if (!Git.empty())
    return Git;
  if (!DatabaseDir.empty())
    return sys::path::parent_path(DatabaseDir).str();
  return absolutePath(".");
}

/// Each path of Lists once, in the order first given.
std::vector<std::string>
uniquePaths(const std::vector<const std::vector<std::string> *> &Lists) {
  std::vector<std::string> Out;
  std::set<std::string> Seen;
  for (const std::vector<std::string> *L : Lists)
    for (const std::string &P : *L)
      if (Seen.insert(P).second)
        Out.push_back(P);
  return Out;
}

/// The catalogue: built-in, then every path the settings name.
bool loadCatalog(Catalog &Cat, const std::vector<const Settings *> &All,
                 ConfigResolver &Configs) {
  std::vector<const std::vector<std::string> *> Records, Rules;
  for (const Settings *S : All) {
    Records.push_back(&S->RecordPaths);
    Rules.push_back(&S->RulePaths);
  }
  std::vector<LoadError> Errors;
  if (Cat.loadAll(uniquePaths(Records), uniquePaths(Rules), Errors) &&
      checkMatcherRules(Cat, Errors))
    Configs.validate(Cat, Errors);
  printErrors(Errors);
  return Errors.empty();
}

int explain(const Catalog &Cat) {
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

/// The files to analyze, before selection.
std::vector<std::string> candidateFiles(const Compilations &DB) {
  if (Sources.empty())
    return DB.allFiles();
  std::vector<std::string> Files;
  for (const std::string &S : Sources)
    Files.push_back(absolutePath(S));
  return Files;
}

/// How files are analyzed: jobs and what compile commands may do.
RunOptions runOptions(const std::string &Root) {
  RunOptions Options;
  Options.Jobs = JobsOpt;
  Options.TimeoutSeconds = TimeoutOpt;
  Options.SavedAstLimit = uint64_t(SavedAstLimitOpt) << 20;
  Options.Policy.ProjectRoot = Root;
  Options.Policy.AllowCompilerPlugins = AllowCompilerPluginsOpt;
  return Options;
}

/// Keeps the files that changed since --changed-since, or include a header
/// that did. Files that do not preprocess are kept (their analysis will say
/// why).
bool selectChanged(const Compilations &DB, const std::string &Root,
                   std::vector<std::string> &Files) {
  std::set<std::string> Changed;
  std::string Error;
  if (!changedFilesSince(ChangedSinceOpt, Root, Changed, Error)) {
    usageError(Error);
    return false;
  }
  RunOptions Options = runOptions(Root);
  using Paths = std::vector<std::string>;
  auto Includes = includedFiles(DB, Files, Options);
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Files.size(); ++I) {
    bool Affected =
        !Includes[I] || Changed.count(realPathOrAbsolute(Files[I]));
    for (const std::string &F : Includes[I].value_or(Paths()))
      Affected = Affected || Changed.count(F);
    if (Affected)
      Kept.push_back(Files[I]);
  }
  Files = std::move(Kept);
  return true;
}

/// What identifies errlint's build: its version and the content of its
/// executable, so that a rebuilt errlint never reuses an older one's
/// findings, and the same build on other machines shares them.
std::string buildIdentity() {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable("errlint", &Anchor);
  std::string Id = "errlint " ERRLINT_VERSION " LLVM " LLVM_VERSION_STRING;
  auto Buf = MemoryBuffer::getFile(Exe, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (Buf)
    Id += " " + utohexstr(xxh3_64bits((*Buf)->getBuffer())) + ":" +
          std::to_string((*Buf)->getBufferSize());
  else
    Id += " " + Exe; // Unreadable: at least never another build's.
  return Id;
}

/// The first of: the flag, the environment variable, the config file.
std::string firstSet(const std::string &Flag, const char *Env,
                     const std::optional<std::string> &Config) {
  if (!Flag.empty())
    return Flag;
  if (const char *V = std::getenv(Env); V && *V)
    return V;
  return Config.value_or("");
}

/// The cache locations, as given: --cache-dir then --cache, else
/// $ERRLINT_CACHE_DIR then $ERRLINT_CACHE (separated by spaces), else the
/// config file's.
std::vector<std::string> cacheLocations(const Settings &S) {
  std::vector<std::string> Out;
  if (!CacheDirOpt.empty() || !CacheOpt.empty()) {
    if (!CacheDirOpt.empty())
      Out.push_back(CacheDirOpt);
    Out.insert(Out.end(), CacheOpt.begin(), CacheOpt.end());
    return Out;
  }
  if (const char *Dir = std::getenv("ERRLINT_CACHE_DIR"); Dir && *Dir)
    Out.push_back(Dir);
  if (const char *Urls = std::getenv("ERRLINT_CACHE")) {
    SmallVector<StringRef, 4> Parts;
    StringRef(Urls).split(Parts, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts)
      Out.push_back(P.trim().str());
  }
  return Out.empty() ? S.Cache : Out;
}

/// The shared secret entries are signed with; false after an error.
bool cacheSecret(std::string &Secret) {
  if (CacheSecretFileOpt.empty()) {
    if (const char *Env = std::getenv("ERRLINT_CACHE_SECRET"))
      Secret = Env;
    return true;
  }
  auto Buf = MemoryBuffer::getFile(CacheSecretFileOpt);
  if (!Buf) {
    usageError("--cache-secret-file: cannot read '" + CacheSecretFileOpt +
               "': " + Buf.getError().message());
    return false;
  }
  Secret = StringRef((*Buf)->getBuffer()).trim().str();
  if (Secret.empty()) {
    usageError("--cache-secret-file: '" + CacheSecretFileOpt +
               "' is empty");
    return false;
  }
  return true;
}

/// --cache-mode, $ERRLINT_CACHE_MODE or the config file's; false after an
/// error.
bool cacheMode(const Settings &S, CacheMode &Mode) {
  std::string Text = firstSet(CacheModeOpt, "ERRLINT_CACHE_MODE", S.CacheMode);
  if (Text.empty() || Text == "read-write")
    Mode = CacheMode::ReadWrite;
  else if (Text == "read-only")
    Mode = CacheMode::ReadOnly;
  else if (Text == "remote-read-only")
    Mode = CacheMode::RemoteReadOnly;
  else {
    usageError("invalid cache mode '" + Text +
               "' (use read-write, read-only or remote-read-only)");
    return false;
  }
  return true;
}

/// The backends of the cache locations; false after a malformed one.
bool cacheBackends(const std::vector<std::string> &Locations,
                   std::vector<std::unique_ptr<CacheBackend>> &Out) {
  BackendLimits Limits;
  Limits.TimeoutMs = CacheTimeoutOpt;
  for (const std::string &Text : Locations) {
    CacheLocation L;
    std::string Error;
    if (!parseCacheLocation(Text, absolutePath("."), L, Error)) {
      usageError("invalid cache location '" + Text + "': " + Error);
      return false;
    }
    Out.push_back(makeBackend(L, Limits));
  }
  return true;
}

/// The result cache (--cache, --cache-dir, their variables or the config
/// file); Out stays empty without one. A backend that cannot be used is
/// said, and costs only time. False after a usage error.
bool openCache(const Catalog &Cat, const Settings &S, const std::string &Root,
               std::unique_ptr<ResultCache> &Out) {
  std::vector<std::unique_ptr<CacheBackend>> Backends;
  CacheOptions Options;
  if (!cacheBackends(cacheLocations(S), Backends) ||
      !cacheMode(S, Options.Mode) || !cacheSecret(Options.Secret))
    return false;
  if (Backends.empty())
    return true;
  Options.Identity = buildIdentity() + '\0' + Cat.loadedText();
  Options.Root = Root;
  static int Anchor;
  Options.ToolDir = sys::path::parent_path(
                        sys::fs::getMainExecutable("errlint", &Anchor))
                        .str();
  Out = std::make_unique<ResultCache>(std::move(Backends), std::move(Options));
  // Without a usable backend the cache is still kept, for its stats: every
  // lookup is a miss that costs nothing.
  Out->open();
  return true;
}

/// What a run did besides analyzing each file once, for --parse-stats.
struct RunStats {
  size_t Companions = 0;
  size_t Reparsed = 0;
  uint64_t SavedAstBytes = 0;
};

/// --parse-stats: how many files were parsed, how many came from the cache,
/// how many were analyzed twice and what that cost.
void printStats(const std::vector<UnitResult> &Results, const RunStats &Stats,
                const ResultCache *Cache) {
  if (!StatsOpt)
    return;
  size_t Cached = 0, Reloaded = 0, Saved = 0;
  for (const UnitResult &R : Results) {
    Cached += R.FromCache;
    Reloaded += R.Reloaded;
    Saved += R.SavedAst;
  }
  errs() << "errlint: stats: " << Results.size() - Cached << " parsed, "
         << Cached << " from the cache";
  if (Reloaded)
    errs() << ", " << Reloaded << " analyzed again from the saved AST";
  if (Stats.Reparsed)
    errs() << ", " << Stats.Reparsed << " parsed again";
  errs() << "\n";
  if (Saved)
    errs() << "errlint: stats: " << Saved
           << " saved their AST for protocols defined in other files ("
           << format("%.1f", Stats.SavedAstBytes / 1048576.0)
           << " MiB of temporary disk at most, limit " << SavedAstLimitOpt
           << " MiB)\n";
  if (Stats.Companions)
    errs() << "errlint: stats: " << Stats.Companions
           << " other file(s) of the database read for the protocols of the "
              "classes they define\n";
  if (Cache)
    for (const CacheLayerStats &L : Cache->stats())
      errs() << "errlint: stats: cache '" << L.Name << "': " << L.Hits
             << " hits, " << L.Misses << " misses (" << L.Rejected
             << " rejected), " << L.Writes << " writes, " << L.Failures
             << " failures" << (L.Disabled ? " (not used after them)" : "")
             << ", " << format("%.3f", L.Seconds) << " s\n";
}

/// Prints what went wrong with the files that could not be analyzed, in
/// file order, and records them in the report.
void reportFailures(const std::vector<std::string> &Files,
                    const std::vector<UnitResult> &Results,
                    ReportBuilder &Builder) {
  for (size_t I = 0; I < Files.size(); ++I) {
    const UnitResult &R = Results[I];
    errs() << R.Diagnostics;
    if (!R.Failed)
      continue;
    errs() << "errlint: error: " << Files[I] << ": " << R.Reason << "\n";
    Builder.addFailure({Files[I], R.Reason});
  }
}

struct Selection {
  std::vector<std::string> Files;
  std::vector<const Settings *> FileSettings;
};

/// Applies exclusions, --changed-since and --shard. False after errors.
bool selectFiles(const Compilations &DB, ConfigResolver &Configs,
                 const std::string &Root,
                 const std::vector<std::string> &Files, Selection &Out) {
  if (Files.empty()) {
    usageError("the compilation database lists no file to analyze");
    return false;
  }
  std::vector<LoadError> Errors;
  std::vector<std::string> Kept;
  for (const std::string &F : Files) {
    const Settings *S = Configs.forPath(F, Errors);
    if (S && !S->excluded(F))
      Kept.push_back(F);
  }
  if (!Errors.empty()) {
    printErrors(Errors);
    return false;
  }
  if (!ChangedSinceOpt.empty() && !selectChanged(DB, Root, Kept))
    return false;
  if (!ShardOpt.empty()) {
    ShardSpec Shard;
    std::string Error;
    if (!parseShard(ShardOpt, Shard, Error)) {
      usageError(Error);
      return false;
    }
    Kept = filesOfShard(Kept, Shard);
  }
  Out.Files = std::move(Kept);
  for (const std::string &F : Out.Files)
    Out.FileSettings.push_back(Configs.forPath(F, Errors));
  return true;
}

/// Records the baseline, drops what the baseline holds, writes the report
/// and returns the exit code.
int writeOutputs(const Catalog &Cat, const Baseline &Base, RunReport &Report) {
  // A baseline without the findings of the files that failed would report
  // them as new once they parse again.
  if (!WriteBaselineOpt.empty() && !Report.Failures.empty()) {
    errs() << "errlint: error: not writing " << WriteBaselineOpt
           << ": the analysis is incomplete\n";
  } else if (!WriteBaselineOpt.empty()) {
    if (!writeFile(WriteBaselineOpt, [&](raw_ostream &OS) {
          writeBaseline(Report.Results, Report.ProjectRoot, OS);
        }))
      return ExitUsage;
    errs() << "errlint: recorded " << Report.Results.size()
           << " finding(s) in " << WriteBaselineOpt << "\n";
  }
  if (!BaselineOpt.empty())
    if (unsigned N = applyBaseline(Report, Base))
      errs() << "errlint: " << N << " finding(s) in the baseline were not "
             << "reported\n";
  if (!writeFile(OutputOpt, [&](raw_ostream &OS) {
        writeReport(FormatOpt, Cat, Report, toolInfo(), OS);
      }))
    return ExitUsage;
  if (!Report.Failures.empty())
    errs() << "errlint: analysis incomplete: " << Report.Failures.size()
           << " of " << Report.FilesAnalyzed
           << " file(s) could not be analyzed\n";
  FailOn Level = WriteBaselineOpt.empty() ? FailOnOpt : FailOn::Never;
  return exitCodeFor(!Report.Failures.empty(),
                     countSeverities(Report.Results), Level);
}

/// --list-protocols and --write-protocols: the protocols every analyzed
/// unit's facts give. Returns the exit code when the run ends here.
std::optional<int> reportProtocols(const Catalog &Cat,
                                   const std::vector<std::string> &Files,
                                   const std::vector<UnitResult> &Results) {
  ProtocolInference Inference(Cat);
  std::vector<ClassFacts> Facts;
  bool Incomplete = false;
  for (size_t I = 0; I < Results.size(); ++I) {
    if (Results[I].Failed) {
      errs() << "errlint: error: " << Files[I] << ": " << Results[I].Reason
             << "\n";
      Incomplete = true;
      continue;
    }
    Facts.insert(Facts.end(), Results[I].Inference.Facts.begin(),
                 Results[I].Inference.Facts.end());
  }
  Inference.addFacts(Facts);
  const std::vector<InferredProtocol> &Protocols = Inference.protocols();
  if (!WriteProtocolsOpt.empty() &&
      !writeFile(WriteProtocolsOpt, [&](raw_ostream &OS) {
        OS << protocolRulesFile(Protocols, Inference.executors(), Cat).dump(2)
           << "\n";
      }))
    return ExitUsage;
  if (!ListProtocolsOpt)
    return std::nullopt;
  outs() << describeProtocols(Protocols, Inference.executors(),
                              Inference.registries());
  return Incomplete ? ExitIncomplete : ExitClean;
}

int analyze(const Compilations &DB) {
  std::vector<std::string> Candidates = candidateFiles(DB);
  std::string Root = projectRoot(
      Candidates.empty() ? std::string() : Candidates.front(),
      DB.databaseDir());
  ConfigResolver Configs(commandLineConfig(), Root);
  std::vector<LoadError> Errors;
  if (!Configs.checkCommandLine(Errors)) {
    printErrors(Errors);
    return ExitUsage;
  }
  Selection Sel;
  if (!selectFiles(DB, Configs, Root, Candidates, Sel))
    return ExitUsage;
  Catalog Cat;
  if (!loadCatalog(Cat, Sel.FileSettings, Configs))
    return ExitUsage;
  Baseline Base;
  if (!BaselineOpt.empty() && !Base.load(BaselineOpt, Errors)) {
    printErrors(Errors);
    return ExitUsage;
  }

  Engine E(Cat);
  RunOptions Options = runOptions(Root);
  Options.Progress = errs().is_displayed();
  Options.DisplayName = [&](const std::string &F) {
    return relativeToRoot(F, Root);
  };
  std::unique_ptr<ResultCache> Cache;
  const Settings *RootSettings = Configs.forPath(Root, Errors);
  if (!RootSettings || !openCache(Cat, *RootSettings, Root, Cache)) {
    printErrors(Errors);
    return ExitUsage;
  }
  Options.Cache = Cache.get();
  Options.CacheKey = [&](size_t I) {
    // Where results are kept does not change them.
    nlohmann::ordered_json J = Sel.FileSettings[I]->toJson();
    J.erase("cache");
    J.erase("cacheMode");
    return J.dump();
  };
  RunStats Stats;
  Options.CompanionsRead = &Stats.Companions;
  Options.Reparsed = &Stats.Reparsed;
  Options.SavedAstBytes = &Stats.SavedAstBytes;
  std::vector<UnitResult> Results = analyzeFiles(E, DB, Sel.Files, Options);
  printStats(Results, Stats, Cache.get());
  if (ListProtocolsOpt || !WriteProtocolsOpt.empty())
    if (std::optional<int> Code = reportProtocols(Cat, Sel.Files, Results))
      return *Code;

  ReportBuilder Builder(Configs, Root);
  reportFailures(Sel.Files, Results, Builder);
  for (size_t I = 0; I < Sel.Files.size(); ++I)
    if (!Results[I].Failed)
      Builder.addTranslationUnit(Sel.Files[I], *Sel.FileSettings[I],
                                 std::move(Results[I].Findings));
  RunReport Report;
  if (!Builder.finish(Sel.Files.size(), Report, Errors)) {
    printErrors(Errors);
    return ExitUsage;
  }
  return writeOutputs(Cat, Base, Report);
}

/// Writes the rule reference and the rule examples (for the docs build).
int generateDocs(const Catalog &Cat) {
  std::string Error;
  bool Ok = GenerateDocs.empty() || generateRuleDocs(Cat, GenerateDocs, Error);
  Ok = Ok && (ExtractExamples.empty() ||
              extractRuleExamples(Cat, ExtractExamples, Error));
  if (!Ok)
    usageError(Error);
  return Ok ? ExitClean : ExitUsage;
}

/// --list-rules, --explain, --dump-config and the docs generators, which
/// need no database.
std::optional<int> runInfoCommands() {
  if (!ListRulesOpt && ExplainOpt.empty() && !DumpConfig &&
      GenerateDocs.empty() && ExtractExamples.empty())
    return std::nullopt;
  std::string Anchor =
      Sources.empty() ? absolutePath(".") : absolutePath(Sources.front());
  std::string DbDir;
  if (!BuildPath.empty())
    DbDir = sys::fs::is_directory(BuildPath)
                ? absolutePath(BuildPath)
                : sys::path::parent_path(absolutePath(BuildPath)).str();
  ConfigResolver Configs(commandLineConfig(),
                         projectRoot(Sources.empty() ? "" : Anchor, DbDir));
  std::vector<LoadError> Errors;
  const Settings *S = Configs.checkCommandLine(Errors)
                          ? Configs.forPath(Anchor, Errors)
                          : nullptr;
  if (!S) {
    printErrors(Errors);
    return ExitUsage;
  }
  if (DumpConfig) {
    outs() << S->toJson().dump(2) << "\n";
    return ExitClean;
  }
  Catalog Cat;
  if (!loadCatalog(Cat, {S}, Configs))
    return ExitUsage;
  if (ListRulesOpt) {
    listRules(Cat, outs());
    return ExitClean;
  }
  if (!GenerateDocs.empty() || !ExtractExamples.empty())
    return generateDocs(Cat);
  return explain(Cat);
}

} // namespace cli
} // namespace errlint
