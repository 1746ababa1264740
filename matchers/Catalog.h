//===- Catalog.h - Error records and rules, loaded from data ---*- C++ -*-===//
//
// The catalogue is everything errlint knows before it looks at code: the
// error records (real failures, cited by diagnostics) and the rules (API
// profiles plus the analysis that checks them). Both are data; nothing here
// includes clang headers.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CATALOG_H
#define ERRLINT_CATALOG_H

#include "Analyses.h"
#include "Finding.h"
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace errlint {

/// A problem found while loading a data file, with the position of the
/// offending text (1-based; 0 when unknown) and the JSON field it concerns.
struct LoadError {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Field; ///< JSON pointer of the offending field, e.g. "/id".
  std::string Message;

  /// "file:line:col: error: message (field '/x')" as clang prints errors.
  std::string str() const;
  /// "file:line:col", leaving out what is unknown.
  std::string where() const;
  /// "message (field '/x')".
  std::string what() const;
};

/// One error record: a failure observed in a real code base.
struct Record {
  std::string Id;
  std::string Repo;
  std::string Slug;
  std::string ErrorMessage;
  std::string MessagePattern;
  std::string ErrorType;
  std::string ErrorClass;
  std::string Severity;
  std::string FilePath;
  unsigned LineNumber = 0; ///< 0 when the record has none.
  std::string GithubUrl;
  std::string Documentation;
  std::string TriggerScenarios;
  std::string CommonSituations;
  std::vector<std::string> Solutions;
  std::string ExampleFix;
  std::string HandlingStrategy;
  std::string ValidationCode;
  std::string TryCatchPattern;
  std::vector<std::string> PreventionTips;
  std::vector<std::string> Tags;
  std::string BackgroundTag;
  std::string SourceCode;
  std::string DatasetVersion; ///< From the wrapper, when there is one.
  std::string Origin;         ///< "file" or "file:line" it was loaded from.
};

/// A free function that acts on the object passed as one of its arguments,
/// e.g. fclose(f) (handle 0) or fwrite(buf, size, n, f) (handle 3).
struct FunctionSpec {
  std::string Name; ///< Qualified or simple name, e.g. "fclose", "asio::write".
  unsigned Handle = 0;
};

/// Which calls of an API close, use, reopen or only query an object.
/// Method names (operators too, e.g. "operator<<") apply to objects whose
/// class (or a base) matches Types; function specs apply to the argument at
/// their handle position when its type matches Types.
/// What a result's verdict query returns on the paths a method closes on.
struct VerdictOutcome {
  std::string Query; ///< The query's name (`ok`, `operator bool`).
  bool Value = false;
  /// Where the unit that saw the method could not tell the verdict: the
  /// static factory of the result class the returns call (`failure` of
  /// `Result::failure(m)`, defined in another unit). The verdict is what
  /// the query says of the fields that factory gives, which a unit that
  /// imports its summary knows.
  std::string Factory;
  bool operator==(const VerdictOutcome &O) const {
    return Query == O.Query && Value == O.Value && Factory == O.Factory;
  }
};

struct Profile {
  std::string Name;
  std::vector<std::string> Types; ///< Glob patterns on class names.
  std::vector<std::string> Close;
  std::vector<std::string> Use;
  /// Uses that report a closed object through their result (`false`, `-1`)
  /// instead of failing: a call that tests the result handles the closed
  /// object, and only one that discards it is a use after close.
  std::vector<std::string> ErrorResult;
  std::vector<std::string> Reopen;
  /// A reopen that does nothing after these closes (`reconnect()` returning
  /// early once `shutdown()` made the state final, though it reopens after
  /// `disconnect()`): reopen method -> closes.
  std::map<std::string, std::vector<std::string>> ReopenNotAfter;
  /// Reopens that open the object only when they return true (`connect()`
  /// returning false when the endpoint is unusable): after one returned
  /// false the object is as it was.
  std::vector<std::string> ReopenIfTrue;
  /// Closes that close the object only when they return true (`bool
  /// close()` refusing while frames await acknowledgement): after one
  /// returned false the object is as it was, under every profile of it.
  std::vector<std::string> CloseIfTrue;
  /// Closes that close the object only when they return false (`bool
  /// negotiate()` letting the socket go when the peer refuses): after one
  /// returned true the object is as it was.
  std::vector<std::string> CloseIfFalse;
  /// Closes that close only where the struct they return says so in a
  /// field of it (`CloseResult{true, err}` beside the close, `{false, 0}`
  /// otherwise): the close method and the field.
  std::map<std::string, std::string> CloseIfField;
  /// Closes that close only on the paths returning a result whose verdict
  /// query (the first const bool query of the result's class that tests
  /// its fields, typestate/ResultVerdict.h) has this value: `Status
  /// rotate()` setting the closed state only before `return
  /// Status::ioError(...)`, so a caller past `if (st.failed()) return;`
  /// still has it open.
  /// Each of the method's closing paths has one entry (one verdict, or a
  /// factory left to resolve): it closes only where the result's verdict
  /// is the one they all resolve to.
  std::map<std::string, std::vector<VerdictOutcome>> CloseIfVerdict;
  /// Reopens that open the object only on the paths returning a result
  /// with this verdict (`Status connect()` setting its handle only before
  /// `return Status::Ok();`): a caller past `if (!st.ok()) log(...);` may
  /// still have it closed, and has it closed where the result failed.
  std::map<std::string, std::vector<VerdictOutcome>> ReopenIfVerdict;
  std::vector<std::string> QueryClosed; ///< true means "closed", e.g. isClosed
  std::vector<std::string> QueryOpen;   ///< true means "open", e.g. is_open
  std::vector<std::string> Records;     ///< Cited instead of the rule's.
  std::string Consequence; ///< What goes wrong for this API at run time.
  std::vector<FunctionSpec> CloseFunctions;
  std::vector<FunctionSpec> UseFunctions;
  std::vector<FunctionSpec> ReopenFunctions;
  /// Calls whose result owns the object passed at their handle (fdopen(fd)
  /// makes a stream that owns fd): closing the result closes it too.
  std::vector<FunctionSpec> AdoptFunctions;
  /// Calls whose result is an object the handle owns and lends (fileno(fp)
  /// is the stream's descriptor): closing the handle closes it too, and
  /// closing it first makes the handle's close a second one.
  std::vector<FunctionSpec> ExposeFunctions;
  std::vector<FunctionSpec> QueryClosedFunctions;
  std::vector<FunctionSpec> QueryOpenFunctions;
  /// The API is designed to be closed while other threads still use it
  /// (e.g. a queue that must be drained while closing): no race is reported.
  bool ConcurrentClose = false;
  /// A close that reports failure has still closed (C's fclose(): "whether
  /// or not the call succeeds, the stream is disassociated"): retrying it,
  /// or using the object, is a bug on the failure path too.
  bool CloseAlwaysCloses = false;
  /// Every use throws once the object is closed (a protocol errlint
  /// inferred from the guard that throws): a use that returns normally
  /// found the object open.
  bool UseThrows = false;
  /// The class its uses throw once closed (qualified), when known.
  std::string UseThrowsType;
  /// Every use that returns an integer returns this value on a closed
  /// object (POSIX calls on a closed descriptor: -1 with EBADF): where the
  /// caller finds its result different, the object was open.
  std::optional<int64_t> UseFailsWith;
  /// The same for one use (`status()` returning `Status::Offline` on a
  /// closed object): where its result is another value, it was open.
  std::map<std::string, int64_t> UseFailsWithOf;
  /// Closes that may throw after they closed (an inferred protocol's
  /// `fp_ = nullptr; ... throw IoError(...)`): a handler reached by their
  /// exception sees the object closed.
  std::vector<std::string> ClosesWhenThrowing;
  /// The class each of those throws after closing, when errlint knows it.
  std::map<std::string, std::string> ClosesWhenThrowingTypes;
  /// Closes that open the object again before they return (`rotate()`
  /// closing the old file and opening the next): after one returns the
  /// object is open, and only a handler of its exception sees it closed.
  std::vector<std::string> ClosesOnlyWhenThrowing;
  /// Uses that only check the object and throw (`ensureOpen()`): a call is
  /// the program asking, loudly, whether it is still open; it proves the
  /// object open past it and is never reported itself.
  std::vector<std::string> Checks;
  /// An inferred protocol's state: the member whose value says the object
  /// is closed (StateField == ClosedValue, or != when !ClosedEqual; the
  /// value "true", "false", an enumerator's name, or "@nohandle" for a
  /// null pointer or negative descriptor). The class's own code assigning
  /// it an open value after a close (`close(); fd_ = dial();`) opens the
  /// object again. Empty for a catalogue profile.
  std::string StateField;
  std::string ClosedValue;
  bool ClosedEqual = true;
  /// For close-while-in-use rules, an executor's API: calls that run a
  /// callable on another thread, and calls that wait for all of them.
  std::vector<std::string> Submit;
  std::vector<FunctionSpec> SubmitFunctions;
  std::vector<std::string> Wait;
  std::vector<FunctionSpec> WaitFunctions;
  /// Notes added to every finding under this profile: for a protocol
  /// errlint inferred, where the class throws (ThrowSite) and what its
  /// methods do (Protocol).
  std::vector<Note> Evidence;
  /// The profile file a rule's profile was compiled from (e.g.
  /// "<builtin>/rules/profiles/c-stdio.json"); empty for an inline one.
  std::string Library;
};

/// A library's profile from a profile file (rules/profiles/NAME.json, or a
/// file {"profile": {...}} passed with --rules): the library's whole API,
/// which rules reference by name. A rule compiles its own copy: a
/// double-close rule leaves out the uses (it checks closes and reopens),
/// and each rule takes the consequence written for its analysis.
struct LibraryProfile {
  Profile Api; ///< Consequence empty: it is per analysis.
  /// What goes wrong at run time, by analysis; the key "" (a plain string
  /// in the file) serves every analysis without an entry of its own.
  std::map<std::string, std::string> Consequences;
  std::vector<LoadError> RecordSites; ///< Parallel to Api.Records.
  std::string Origin;                 ///< "file:line" of the profile.
  LoadError Site;                     ///< Where its name is written.
};

/// A code example in a rule's documentation. The test suite compiles each
/// one (after the rule's example prelude) and checks that errlint reports
/// exactly the lines marked "// flagged" and nothing else.
struct RuleExample {
  std::string Title;
  std::string Code;
  bool Flagged = false; ///< Whether errlint reports this example.
};

/// The comment that marks a line errlint reports in a rule example.
inline constexpr const char *FlaggedMarker = "// flagged";

/// Where one line of a matcher rule's text starts in its rules file: the
/// opening quote of the JSON string that holds it, and how the line is
/// escaped there (to place a column of the line in the file).
struct MatcherLine {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Field; ///< JSON pointer of the string.
  std::string Text;
};

/// A rule: data that names an analysis and the profiles it checks.
struct Rule {
  std::string Id;
  std::string Summary;
  std::string Description;
  SeverityLevel Severity = SeverityLevel::Warning;
  AnalysisKind Analysis = AnalysisKind::UseAfterClose;
  std::vector<std::string> Records;
  std::vector<Profile> Profiles;
  /// Declarations every example compiles against, e.g. the API's classes.
  std::string ExamplePrelude;
  std::vector<RuleExample> Examples; ///< Flagged ones first.
  /// What a person should check before trusting the rule (a draft's
  /// undecided points); shown by --explain.
  std::vector<std::string> Review;
  /// For an "ast-matcher" rule: the matcher in clang-query syntax (lines
  /// joined by newlines), the bound node reported, and the diagnostic.
  std::string Matcher;
  std::vector<MatcherLine> MatcherLines;
  std::string Bind;
  std::string Message;
  std::string Origin;
};

/// Records and rules, from the built-in catalogue and from user paths.
class Catalog {
public:
  /// Loads the rules and records compiled into errlint.
  bool loadBuiltins(std::vector<LoadError> &Errors);

  /// Loads the built-in catalogue, then the extra records and rules, and
  /// validates the whole when everything loaded. The CLI and the clang-tidy
  /// plugin build their catalogue this way.
  bool loadAll(const std::vector<std::string> &RecordPaths,
               const std::vector<std::string> &RulePaths,
               std::vector<LoadError> &Errors);

  /// Loads records from a .json file (a bare record or one wrapped as
  /// {"record": {...}}), a .jsonl dataset, or a directory of those.
  bool loadRecords(const std::string &Path, std::vector<LoadError> &Errors);

  /// Loads rules from a .json file (one rule, or {"rules": [...]}) or a
  /// directory of them; profile files ({"profile": {...}}) among them, or
  /// in the directory's profiles/ folder, are loaded before any rule.
  bool loadRules(const std::string &Path, std::vector<LoadError> &Errors);

  /// Parses records from text; Name is used in error messages.
  bool addRecordsFromText(const std::string &Name, const std::string &Text,
                          bool JsonLines, std::vector<LoadError> &Errors);
  /// Parses a profile file ({"profile": {...}}); Name is used in error
  /// messages. Rules parsed afterwards can reference it by name.
  bool addProfileFromText(const std::string &Name, const std::string &Text,
                          std::vector<LoadError> &Errors);
  /// Parses rules from text; Name is used in error messages. A profile a
  /// rule names must be built in or added before.
  bool addRulesFromText(const std::string &Name, const std::string &Text,
                        std::vector<LoadError> &Errors);

  /// Adds everything Other holds after what this one holds, as if Other's
  /// texts had been added here in the order they were added there. A caller
  /// that builds many small catalogues sharing some rules parses those once.
  void addCatalog(const Catalog &Other);

  /// Checks references between rules and records once everything is loaded:
  /// every cited record exists and rule ids are unique.
  bool validate(std::vector<LoadError> &Errors) const;

  const Record *findRecord(const std::string &Id) const;
  const Rule *findRule(const std::string &Id) const;
  /// A profile file's profile by name: one added here, else a built-in one.
  const LibraryProfile *findProfile(const std::string &Name) const;
  /// The built-in profiles (rules/profiles/*.json), by name, parsed once.
  static const std::map<std::string, LibraryProfile> &builtinProfiles();
  const std::vector<Rule> &rules() const { return Rules; }
  const std::map<std::string, Record> &records() const { return Records; }

  /// Every text the catalogue was parsed from, with its name, in load
  /// order: what a result cache hashes to know the rules are unchanged.
  const std::string &loadedText() const { return Loaded; }

private:
  /// Where a rule cites a record id, so validate() can point at it.
  struct Citation {
    size_t RuleIndex;
    std::string RecordId;
    LoadError Site; ///< Position and field of the citing string.
  };

  bool loadRecordFile(const std::string &Path, std::vector<LoadError> &Errors);
  /// Loads the profile files among Paths' files first, then the rules.
  bool loadRulePaths(const std::vector<std::string> &Paths,
                     std::vector<LoadError> &Errors);
  void addRule(Rule R, LoadError Site, std::vector<Citation> Cited);

  std::vector<Rule> Rules;
  std::vector<LoadError> RuleSites; ///< Parallel to Rules: where each starts.
  std::vector<Citation> Citations;
  std::map<std::string, Record> Records;
  std::map<std::string, LibraryProfile> Profiles; ///< From profile files.
  std::string Loaded;
};

} // namespace errlint

#endif
