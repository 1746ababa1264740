//===- errlint.cpp - The errlint command ----------------------------------===//
//
// A thin front end: parses options, then hands over to the library for
// configuration, file selection, analysis (Runner), the report and its
// format.
//
//===----------------------------------------------------------------------===//

#include "Baseline.h"
#include "Catalog.h"
#include "Config.h"
#include "DeriveDataset.h"
#include "DocsGen.h"
#include "Formats.h"
#include "HtmlReport.h"
#include "MatcherRules.h"
#include "Merge.h"
#include "Paths.h"
#include "Report.h"
#include "ReportBuilder.h"
#include "Runner.h"
#include "Selection.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <set>

using namespace llvm;

namespace errlint {
namespace {

cl::OptionCategory Category("errlint options");
cl::OptionCategory CiCategory("Reports and CI");
cl::OptionCategory SelectCategory("Which files and findings");

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
cl::opt<std::string> ConfigFileOpt(
    "config-file",
    cl::desc("Use this config file for every file instead of the nearest "
             ".errlint.json/.errlint.yaml"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the effective config for the first source file (or the "
             "current directory) and exit"),
    cl::cat(Category));

cl::opt<Format> FormatOpt(
    "format", cl::desc("Report format"),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::Json, "json",
                          "errlint's versioned JSON (docs/json-format.md)"),
               clEnumValN(Format::Sarif, "sarif",
                          "SARIF 2.1.0, for GitHub code scanning"),
               clEnumValN(Format::Github, "github",
                          "GitHub Actions workflow annotations"),
               clEnumValN(Format::Html, "html",
                          "one self-contained HTML page with a summary, the "
                          "code around each finding and filters")),
    cl::init(Format::Text), cl::cat(CiCategory));
cl::opt<std::string> OutputOpt(
    "o", cl::desc("Write the report to this file (atomically) instead of "
                  "standard output"),
    cl::value_desc("file"), cl::init("-"), cl::cat(CiCategory));
cl::opt<FailOn> FailOnOpt(
    "fail-on", cl::desc("Which findings make errlint exit with 1"),
    cl::values(clEnumValN(FailOn::Warning, "warning", "any finding"),
               clEnumValN(FailOn::Error, "error",
                          "findings of rules with severity error"),
               clEnumValN(FailOn::Never, "never",
                          "none (exit 0 unless the analysis is incomplete)")),
    cl::init(FailOn::Warning), cl::cat(CiCategory));
cl::opt<std::string> BaselineOpt(
    "baseline",
    cl::desc("Report (and fail on) only findings not recorded in this "
             "baseline"),
    cl::value_desc("file"), cl::cat(CiCategory));
cl::opt<std::string> WriteBaselineOpt(
    "write-baseline",
    cl::desc("Record today's findings in this baseline file; they do not "
             "fail this run"),
    cl::value_desc("file"), cl::cat(CiCategory));
cl::opt<std::string> ProjectRootOpt(
    "project-root",
    cl::desc("Directory that report paths are relative to (default: the git "
             "work tree, else the build directory's parent, else the current "
             "directory)"),
    cl::value_desc("dir"), cl::cat(CiCategory));

cl::opt<std::string> ChecksOpt(
    "checks",
    cl::desc("Rules to run, as clang-tidy globs: '-*,errlint-send-*'; "
             "appended to the config files' checks"),
    cl::value_desc("globs"), cl::cat(SelectCategory));
cl::opt<std::string> HeaderFilterOpt(
    "header-filter",
    cl::desc("Report findings in headers only when the header's absolute "
             "path matches this regex (default: every non-system header)"),
    cl::value_desc("regex"), cl::cat(SelectCategory));
cl::list<std::string> ExcludeOpt(
    "exclude",
    cl::desc("Neither analyze nor report files whose path (relative to the "
             "project root, or absolute) matches this glob; '*' also "
             "matches '/'"),
    cl::value_desc("glob"), cl::cat(SelectCategory));
cl::opt<unsigned> JobsOpt(
    "j", cl::desc("Files analyzed at once (default: one per core)"),
    cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(SelectCategory));
cl::opt<std::string> ShardOpt(
    "shard",
    cl::desc("Analyze only shard K of N of the files (1 <= K <= N), split "
             "deterministically by file size; combine with 'errlint merge'"),
    cl::value_desc("K/N"), cl::cat(SelectCategory));
cl::opt<unsigned> TimeoutOpt(
    "timeout",
    cl::desc("Stop analyzing a file after this many seconds and report it as "
             "not analyzed (exit 3); 0: no limit (default: 300)"),
    cl::value_desc("seconds"), cl::init(300), cl::cat(SelectCategory));
cl::opt<unsigned> SavedAstLimitOpt(
    "saved-ast-limit",
    cl::desc("Disk the saved ASTs of units waiting for the protocols of "
             "other files may take; past it such a unit is parsed again "
             "(default: 1024)"),
    cl::value_desc("MiB"), cl::init(1024), cl::cat(SelectCategory));
cl::opt<bool> AllowCompilerPluginsOpt(
    "allow-compiler-plugins",
    cl::desc("Keep and load the compiler plugins the compile commands name "
             "(-fplugin=, -Xclang -load, ...); by default they are dropped "
             "with a warning: trust the compilation database first"),
    cl::cat(SelectCategory));
cl::opt<std::string> ChangedSinceOpt(
    "changed-since",
    cl::desc("Analyze only files that, or whose included headers, changed "
             "since this git revision (committed, staged, modified or new)"),
    cl::value_desc("git-ref"), cl::cat(SelectCategory));

cl::list<std::string> CacheOpt(
    "cache",
    cl::desc("Reuse the findings of files whose compile command, headers, "
             "rules, records, config and errlint build are unchanged, kept "
             "in a directory, redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] or "
             "http(s)://HOST/PATH; repeat it for layers, the first asked "
             "first (default: $ERRLINT_CACHE, then the config file)"),
    cl::value_desc("url"), cl::cat(CiCategory));
cl::opt<std::string> CacheDirOpt(
    "cache-dir",
    cl::desc("A directory cache, in front of --cache's (default: "
             "$ERRLINT_CACHE_DIR)"),
    cl::value_desc("dir"), cl::cat(CiCategory));
cl::opt<std::string> CacheModeOpt(
    "cache-mode",
    cl::desc("read-write (default), read-only (write no cache) or "
             "remote-read-only (write only local directories); default: "
             "$ERRLINT_CACHE_MODE, then the config file"),
    cl::value_desc("mode"), cl::cat(CiCategory));
cl::opt<unsigned> CacheTimeoutOpt(
    "cache-timeout",
    cl::desc("Milliseconds a remote cache may take to connect and to answer "
             "each request (default: 2000); after 3 failures it is not "
             "asked again in the run"),
    cl::value_desc("ms"), cl::init(2000), cl::cat(CiCategory));
cl::opt<std::string> CacheSecretFileOpt(
    "cache-secret-file",
    cl::desc("Sign cache entries with the secret in this file, and use only "
             "entries signed with it (default: $ERRLINT_CACHE_SECRET)"),
    cl::value_desc("file"), cl::cat(CiCategory));
cl::opt<bool> ListProtocolsOpt(
    "list-protocols",
    cl::desc("Print the close protocols errlint inferred from the classes of "
             "the analyzed files (which methods close, use and query them, "
             "and why) instead of the findings"),
    cl::cat(Category));
cl::opt<std::string> WriteProtocolsOpt(
    "write-protocols",
    cl::desc("Write the inferred protocols as a rules file to review and "
             "commit (load it with --rules, or errlint.ExtraRules in "
             "clang-tidy)"),
    cl::value_desc("file"), cl::cat(Category));

cl::opt<bool> StatsOpt(
    "parse-stats",
    cl::desc("Print how many files were parsed and how many were taken from "
             "the cache, and each cache's hits, misses, writes and time"),
    cl::cat(CiCategory));

const char *const Overview = R"(errlint: flags risky call sites, such as a message sent on a channel
or producer after close(), and cites the real failures they lead to.

  errlint -p build/ [file ...]      analyze files of build/compile_commands.json
  errlint file.cpp -- -std=c++17    analyze with the flags given after '--'
  errlint -p build/ --format=html -o report.html
                                    write a self-contained page to read
  errlint derive RECORD-FILE...     draft a rule from each error record
  errlint merge OUT IN...           combine the JSON or SARIF reports of shards
                                    (OUT ending in .html: an HTML report from
                                    the shards' JSON)

Findings are silenced by NOLINT, NOLINT(errlint-RULE), NOLINTNEXTLINE(...)
and NOLINTBEGIN(...)/NOLINTEND(...) comments, as in clang-tidy. Settings come
from the nearest .errlint.json or .errlint.yaml above each file; flags win.
See docs/ci.md.

Exit codes:
  0  no finding (that --fail-on counts)
  1  findings were reported
  2  usage or configuration error (bad option, rule, record, config file,
     baseline, compilation database or output file); nothing was analyzed,
     or the report could not be written
  3  analysis incomplete: a file could not be read or parsed, or its
     analysis crashed or timed out; the other files were analyzed and their
     findings reported
)";

void printErrors(const std::vector<LoadError> &Errors) {
  for (const LoadError &E : Errors)
    errs() << E.str() << "\n";
}

void usageError(const Twine &Message) {
  errs() << "errlint: error: " << Message << "\n";
}

ToolInfo toolInfo() { return {ERRLINT_VERSION, ERRLINT_INFORMATION_URI}; }

/// Writes Path atomically: a failed run never leaves a partial file.
bool writeFile(const std::string &Path,
               std::function<void(raw_ostream &)> Write) {
  Error E = writeToOutput(Path, [&](raw_ostream &OS) {
    Write(OS);
    // Test-only: dies before the write completes, to prove that the
    // previous file survives.
    if (getenv("ERRLINT_TEST_CRASH_IN_WRITE")) {
      OS.flush();
      abort();
    }
    return Error::success();
  });
  if (!E)
    return true;
  usageError("cannot write '" + Path + "': " + toString(std::move(E)));
  return false;
}

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
void printStats(const std::vector<TUResult> &Results, const RunStats &Stats,
                const ResultCache *Cache) {
  if (!StatsOpt)
    return;
  size_t Cached = 0, Reloaded = 0, Saved = 0;
  for (const TUResult &R : Results) {
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
                    const std::vector<TUResult> &Results,
                    ReportBuilder &Builder) {
  for (size_t I = 0; I < Files.size(); ++I) {
    const TUResult &R = Results[I];
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
                                   const std::vector<TUResult> &Results) {
  std::vector<ClassFacts> Facts;
  bool Incomplete = false;
  for (size_t I = 0; I < Results.size(); ++I) {
    if (Results[I].Failed) {
      errs() << "errlint: error: " << Files[I] << ": " << Results[I].Reason
             << "\n";
      Incomplete = true;
      continue;
    }
    Facts.insert(Facts.end(), Results[I].Facts.begin(), Results[I].Facts.end());
  }
  std::vector<InferredProtocol> Protocols =
      deriveProtocols(mergeFacts(std::move(Facts)), Cat);
  if (!WriteProtocolsOpt.empty() &&
      !writeFile(WriteProtocolsOpt, [&](raw_ostream &OS) {
        OS << protocolRulesFile(Protocols, Cat).dump(2) << "\n";
      }))
    return ExitUsage;
  if (!ListProtocolsOpt)
    return std::nullopt;
  outs() << describeProtocols(Protocols);
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
  std::vector<TUResult> Results = analyzeFiles(E, DB, Sel.Files, Options);
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

/// errlint merge [--fail-on=LEVEL] OUT IN...
int runMerge(int Argc, const char **Argv) {
  std::vector<std::string> Paths;
  FailOn Level = FailOn::Warning;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (A == "--fail-on" && I + 1 < Argc)
      A = Argv[++I];
    else if (!A.consume_front("--fail-on=")) {
      if (A.starts_with("-") && A != "-") {
        usageError("merge: unknown option '" + A +
                   "'; usage: errlint merge [--fail-on=warning|error|never] "
                   "OUT IN...");
        return ExitUsage;
      }
      Paths.push_back(A.str());
      continue;
    }
    if (A != "warning" && A != "error" && A != "never") {
      usageError("merge: --fail-on must be warning, error or never");
      return ExitUsage;
    }
    Level = A == "never" ? FailOn::Never
                         : A == "error" ? FailOn::Error : FailOn::Warning;
  }
  if (Paths.size() < 2) {
    usageError("usage: errlint merge [--fail-on=warning|error|never] OUT "
               "IN...");
    return ExitUsage;
  }
  std::vector<std::string> Inputs(Paths.begin() + 1, Paths.end());
  MergeOutcome Out;
  std::vector<LoadError> Errors;
  if (!mergeReports(Inputs, Out, Errors)) {
    printErrors(Errors);
    return ExitUsage;
  }
  if (StringRef(Paths.front()).ends_with(".html")) {
    // The report people read, from the shards' JSON.
    std::vector<Finding> Findings;
    std::string Error;
    Catalog Cat;
    std::vector<LoadError> CatErrors;
    if (!findingsFromJsonReport(Out.Text, Findings, Error) ||
        !Cat.loadBuiltins(CatErrors)) {
      usageError("merge: " + (Error.empty() ? std::string("catalogue") : Error));
      return ExitUsage;
    }
    HtmlReportOptions Opts;
    Opts.Generator = "errlint " ERRLINT_VERSION;
    if (!writeFile(Paths.front(), [&](raw_ostream &OS) {
          renderHtml(Cat, Findings, Opts, OS);
        }))
      return ExitUsage;
    return exitCodeFor(Out.Incomplete, Out.Counts, Level);
  }
  if (!writeFile(Paths.front(), [&](raw_ostream &OS) { OS << Out.Text; }))
    return ExitUsage;
  return exitCodeFor(Out.Incomplete, Out.Counts, Level);
}

/// What `errlint derive` was asked for.
struct DeriveOptions {
  std::string Output = "-";
  bool Summary = false;
  bool Explain = false;
  unsigned Jobs = 0; ///< 0: one per hardware thread, as for analysis.
  std::vector<std::string> Inputs;
};

/// Parses derive's arguments; false (after a usage error) when they are bad.
bool parseDeriveOptions(int Argc, const char **Argv, DeriveOptions &O) {
  const char *Usage =
      "usage: errlint derive [-o FILE] [--summary] [--explain] [-j N] "
      "RECORD-FILE...";
  bool OutputGiven = false;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (A.starts_with("-j")) {
      // -j N, -jN or -j=N, as the analysis command takes it.
      StringRef N = A.drop_front(2);
      if (N.empty() && I + 1 < Argc)
        N = Argv[++I];
      N.consume_front("=");
      if (N.getAsInteger(10, O.Jobs)) {
        usageError("derive: -j takes a number of threads, not '" + N + "'; " +
                   Usage);
        return false;
      }
    } else if ((A == "-o" || A == "--output") && I + 1 < Argc) {
      O.Output = Argv[++I];
      OutputGiven = true;
    } else if (A.consume_front("--output=")) {
      O.Output = A.str();
      OutputGiven = true;
    } else if (A == "--summary") {
      O.Summary = true;
    } else if (A == "--explain") {
      O.Explain = true;
    } else if (A.starts_with("-")) {
      usageError("derive: unknown option '" + A + "'; " + Usage);
      return false;
    } else {
      O.Inputs.push_back(A.str());
    }
  }
  if (O.Inputs.empty()) {
    usageError(std::string("derive: no record file; ") + Usage);
    return false;
  }
  // The summary and the explanations go to stdout: drafts only to -o.
  if ((O.Summary || O.Explain) && !OutputGiven)
    O.Output.clear();
  return true;
}

/// errlint derive: sorts each record, drafts a rule for those errlint can
/// check and validates each draft against its record's example fix. A
/// malformed record (or JSON Lines line) is reported and the others are
/// derived: exit 3 then, 2 when nothing could be read.
int runDerive(int Argc, const char **Argv) {
  DeriveOptions O;
  if (!parseDeriveOptions(Argc, Argv, O))
    return ExitUsage;
  // Each file in its own catalogue keeps the records in the order given.
  std::vector<Catalog> Loaded(O.Inputs.size());
  std::vector<const Record *> Records;
  std::vector<LoadError> Errors;
  for (size_t I = 0; I < O.Inputs.size(); ++I) {
    Loaded[I].loadRecords(O.Inputs[I], Errors);
    std::vector<const Record *> FromFile;
    for (const auto &[Id, R] : Loaded[I].records())
      FromFile.push_back(&R);
    inFileOrder(FromFile);
    Records.insert(Records.end(), FromFile.begin(), FromFile.end());
  }
  printErrors(Errors);
  if (Records.empty() && !Errors.empty())
    return ExitUsage;
  std::vector<DeriveEntry> Entries =
      deriveAll(Records, sys::Process::StandardErrIsDisplayed(), O.Jobs);
  printWarnings(errs(), Entries);
  size_t Drafts = 0;
  if (!O.Output.empty() && !writeFile(O.Output, [&](raw_ostream &OS) {
        Drafts = writeDrafts(OS, Entries, /*ValidatedOnly=*/O.Summary);
      }))
    return ExitUsage;
  if (O.Explain)
    printExplanations(outs(), Entries);
  if (O.Summary)
    printSummary(outs(), Entries, O.Output);
  else
    printOutOfReach(errs(), Entries);
  if (!O.Output.empty() && O.Output != "-" && !O.Summary)
    errs() << "errlint: wrote " << Drafts
           << " draft rule(s) to " << O.Output
           << "; review each rule's \"review\" points\n";
  return Errors.empty() ? ExitClean : ExitIncomplete;
}

int run(int Argc, const char **Argv) {
  if (Argc >= 2 && StringRef(Argv[1]) == "merge")
    return runMerge(Argc - 1, Argv + 1);
  if (Argc >= 2 && StringRef(Argv[1]) == "derive")
    return runDerive(Argc - 1, Argv + 1);
  std::string Error;
  std::unique_ptr<Compilations> Fixed =
      Compilations::fromCommandLine(Argc, Argv, Error);
  if (!Error.empty()) {
    usageError(Error);
    return ExitUsage;
  }
  cl::HideUnrelatedOptions({&Category, &CiCategory, &SelectCategory});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "errlint " ERRLINT_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  std::string ParseErrors;
  raw_string_ostream ParseOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &ParseOS)) {
    errs() << ParseOS.str();
    return ExitUsage;
  }
  if (std::optional<int> Code = runInfoCommands())
    return *Code;
  if (!outputPathUsable())
    return ExitUsage;

  std::vector<LoadError> Errors;
  std::unique_ptr<Compilations> DB =
      Fixed ? std::move(Fixed)
            : Compilations::load(BuildPath,
                                 Sources.empty() ? "" : Sources.front(), Error,
                                 Errors);
  if (!DB) {
    if (!Error.empty())
      usageError(Error);
    printErrors(Errors);
    return ExitUsage;
  }
  return analyze(*DB);
}

} // namespace
} // namespace errlint

int main(int Argc, const char **Argv) { return errlint::run(Argc, Argv); }
