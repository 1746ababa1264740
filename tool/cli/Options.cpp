//===- Options.cpp - The errlint command's options ------------------------===//

#include "Options.h"

using namespace llvm;

namespace errlint {
namespace cli {

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
    "rules",
    cl::desc("Load extra rules, and the library profiles they name, from a "
             "file or directory (a directory's profiles/ too)"),
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

} // namespace cli
} // namespace errlint
