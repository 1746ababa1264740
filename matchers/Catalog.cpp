//===- Catalog.cpp - Error records and rules, loaded from data ------------===//
//
// Loads records (lenient: datasets evolve, unknown fields are ignored) and
// rules (strict: a misspelt key must not silently disable a check) from
// JSON, reporting every problem with its file, line, column and JSON pointer.
//
//===----------------------------------------------------------------------===//

#include "Catalog.h"
#include "BuiltinData.h"
#include "JsonPositions.h"
#include "JsonReader.h"
#include "ProfileReader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

using nlohmann::json;

namespace errlint {

using namespace reader;

std::string LoadError::where() const {
  std::string Out = File;
  if (Line != 0) {
    Out += ":" + std::to_string(Line);
    if (Column != 0)
      Out += ":" + std::to_string(Column);
  }
  return Out;
}

std::string LoadError::what() const {
  if (Field.empty())
    return Message;
  return Message + " (field '" + Field + "')";
}

std::string LoadError::str() const { return where() + ": error: " + what(); }

namespace {

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

struct RecordStringField {
  const char *Key;
  std::string Record::*Member;
};

const RecordStringField RecordStrings[] = {
    {"repo", &Record::Repo},
    {"slug", &Record::Slug},
    {"messagePattern", &Record::MessagePattern},
    {"errorType", &Record::ErrorType},
    {"errorClass", &Record::ErrorClass},
    {"severity", &Record::Severity},
    {"filePath", &Record::FilePath},
    {"githubUrl", &Record::GithubUrl},
    {"documentation", &Record::Documentation},
    {"triggerScenarios", &Record::TriggerScenarios},
    {"commonSituations", &Record::CommonSituations},
    {"exampleFix", &Record::ExampleFix},
    {"handlingStrategy", &Record::HandlingStrategy},
    {"validationCode", &Record::ValidationCode},
    {"tryCatchPattern", &Record::TryCatchPattern},
    {"backgroundTag", &Record::BackgroundTag},
    {"sourceCode", &Record::SourceCode},
};

struct RecordListField {
  const char *Key;
  std::vector<std::string> Record::*Member;
};

const RecordListField RecordLists[] = {
    {"solutions", &Record::Solutions},
    {"preventionTips", &Record::PreventionTips},
    {"tags", &Record::Tags},
};

/// Reads one bare record object at Pointer; unknown keys are ignored.
std::optional<Record> readRecord(Diagnoser &Diag, const json &V,
                                 const std::string &Pointer) {
  if (!V.is_object()) {
    Diag.error(Pointer, expected("a record object", V));
    return std::nullopt;
  }
  unsigned Before = Diag.count();
  ObjectReader R(Diag, V, Pointer);
  Record Rec;
  R.reqString("id", Rec.Id);
  R.reqString("errorMessage", Rec.ErrorMessage);
  for (const RecordStringField &F : RecordStrings)
    R.optString(F.Key, Rec.*F.Member);
  for (const RecordListField &F : RecordLists)
    R.optStringList(F.Key, Rec.*F.Member);
  R.optUnsigned("lineNumber", Rec.LineNumber);
  if (Diag.count() != Before)
    return std::nullopt;
  return Rec;
}

/// Reads a bare record or one wrapped as {"record": {...},
/// "datasetVersion": "..."} at Pointer.
std::optional<Record> readRecordEntry(Diagnoser &Diag, const json &V,
                                      const std::string &Pointer) {
  bool Wrapped = V.is_object() && V.contains("record") && !V.contains("id");
  if (!Wrapped)
    return readRecord(Diag, V, Pointer);
  ObjectReader W(Diag, V, Pointer);
  std::optional<Record> Rec = readRecord(Diag, V["record"], W.ptr("record"));
  std::string DatasetVersion;
  bool VersionOk = W.optString("datasetVersion", DatasetVersion);
  if (!Rec || !VersionOk)
    return std::nullopt;
  Rec->DatasetVersion = DatasetVersion;
  return Rec;
}

/// Splits Text into lines, dropping the "\r" of "\r\n" line ends.
std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  size_t Start = 0;
  while (Start <= Text.size()) {
    size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Start, End - Start);
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    Lines.push_back(std::move(Line));
    Start = End + 1;
  }
  return Lines;
}

bool isBlank(const std::string &S) {
  return S.find_first_not_of(" \t\r\f\v") == std::string::npos;
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

const char *const RuleKeys[] = {"id",       "summary",  "description",
                                "severity", "analysis", "records",
                                "profiles", "examples", "review",
                                "matcher",  "bind",     "message"};

const char *const ExamplesKeys[] = {"prelude", "flagged", "notFlagged"};

const char *const ExampleKeys[] = {"title", "code"};

/// An "ast-matcher" rule's matcher (a string, or an array of lines), the
/// node it binds and its message. The matcher is parsed by the engine.
bool readMatcher(Diagnoser &Diag, ObjectReader &R, Rule &Out) {
  unsigned Before = Diag.count();
  R.reqString("message", Out.Message);
  if (R.optString("bind", Out.Bind) && !Out.Bind.empty() &&
      !isIdentifier(Out.Bind))
    Diag.error(R.ptr("bind"), "bind name '" + Out.Bind +
                                  "' is not an identifier");
  const json *V = R.get("matcher");
  if (!V) {
    R.missing("matcher");
    return false;
  }
  std::vector<std::pair<std::string, std::string>> Lines; // pointer, text
  if (V->is_string()) {
    Lines.push_back({R.ptr("matcher"), V->get<std::string>()});
  } else if (V->is_array() && !V->empty() &&
             llvm::all_of(*V, [](const json &L) { return L.is_string(); })) {
    for (size_t I = 0; I < V->size(); ++I)
      Lines.push_back({child(R.ptr("matcher"), I), (*V)[I].get<std::string>()});
  } else {
    Diag.error(R.ptr("matcher"),
               expected("a matcher string or an array of its lines", *V));
    return false;
  }
  for (const auto &[Pointer, Text] : Lines) {
    if (Text.find('\n') != std::string::npos) {
      Diag.error(Pointer, "a matcher line must not contain a newline; use an "
                          "array of lines");
      continue;
    }
    LoadError Site = Diag.site(Pointer);
    Out.MatcherLines.push_back(
        {Site.File, Site.Line, Site.Column, Site.Field, Text});
    Out.Matcher += (Out.Matcher.empty() ? "" : "\n") + Text;
  }
  if (llvm::StringRef(Out.Matcher).trim().empty())
    Diag.error(R.ptr("matcher"), "field 'matcher' must not be empty");
  return Diag.count() == Before;
}

bool readProfiles(Diagnoser &Diag, ObjectReader &R, Rule &Out,
                  const Catalog &Cat,
                  const std::map<std::string, LibraryProfile> &Own,
                  std::vector<CitedRecord> &Cited) {
  if (!analysisInfo(Out.Analysis).Typestate) {
    if (R.get("profiles"))
      Diag.error(R.ptr("profiles"), "an ast-matcher rule has no profiles: it "
                                    "reports what its matcher binds");
    return readMatcher(Diag, R, Out);
  }
  for (const char *Key : {"matcher", "bind", "message"})
    if (R.get(Key))
      Diag.error(R.ptr(Key), std::string("field '") + Key +
                                 "' belongs to ast-matcher rules only");
  const json *V = R.get("profiles");
  if (!V) {
    R.missing("profiles");
    return false;
  }
  if (!V->is_array() || V->empty()) {
    Diag.error(R.ptr("profiles"), V->is_array()
                                      ? "field 'profiles' must not be empty"
                                      : expected("an array of profiles", *V));
    return false;
  }
  bool Ok = true;
  std::set<std::string> Names;
  for (size_t I = 0; I < V->size(); ++I) {
    std::string Pointer = child(R.ptr("profiles"), I);
    Profile P;
    const json &E = (*V)[I];
    // A name (or {"use": NAME, ...}) references a profile file's profile;
    // an object with a name or types is the rule's own, inline.
    bool Inline = !E.is_string() &&
                  !(E.is_object() && !E.contains("name") &&
                    !E.contains("types"));
    std::string NamePointer = child(Pointer, "name");
    if (Inline ? !readProfile(Diag, E, Pointer, Out.Analysis,
                              !Out.Review.empty(), P, Cited)
               : !readProfileRef(Diag, E, Pointer, Out, Cat, Own, P,
                                 NamePointer, Cited)) {
      Ok = false;
      continue;
    }
    if (!Names.insert(P.Name).second) {
      Diag.error(NamePointer, "duplicate profile name '" + P.Name + "'");
      Ok = false;
    }
    Out.Profiles.push_back(std::move(P));
  }
  return Ok;
}

void readRuleHeader(Diagnoser &Diag, ObjectReader &R, Rule &Out) {
  if (R.reqString("id", Out.Id) && !isRuleId(Out.Id))
    Diag.error(R.ptr("id"),
               "rule id '" + Out.Id + "' must match ^[a-z0-9][a-z0-9-]*$");
  R.reqString("summary", Out.Summary);
  R.optString("description", Out.Description);
  R.optStringList("review", Out.Review);
  std::string Severity = severityName(Out.Severity);
  if (R.optString("severity", Severity)) {
    if (std::optional<SeverityLevel> S = parseSeverity(Severity))
      Out.Severity = *S;
    else
      Diag.error(R.ptr("severity"), "severity must be 'warning' or 'error', "
                                    "not '" +
                                        Severity + "'");
  }
  std::string Name;
  if (!R.reqString("analysis", Name))
    return;
  if (std::optional<AnalysisKind> K = analysisNamed(Name)) {
    Out.Analysis = *K;
    return;
  }
  std::string List;
  for (const AnalysisInfo &A : analyses())
    if (A.InRuleFiles)
      List += (List.empty() ? "'" : ", '") + A.Name.str() + "'";
  Diag.error(R.ptr("analysis"),
             "unknown analysis '" + Name + "'; expected " + List);
}

/// Reads one example of a list; a flagged one must mark the lines errlint
/// reports, a not-flagged one must mark none.
bool readExample(Diagnoser &Diag, const json &V, const std::string &Pointer,
                 bool Flagged, RuleExample &Out) {
  if (!V.is_object()) {
    Diag.error(Pointer, expected("an example object", V));
    return false;
  }
  unsigned Before = Diag.count();
  ObjectReader R(Diag, V, Pointer);
  R.rejectUnknownKeys(ExampleKeys);
  R.reqString("title", Out.Title);
  if (!R.get("code"))
    R.missing("code");
  else if (R.optText("code", Out.Code) && Out.Code.empty())
    Diag.error(R.ptr("code"), "field 'code' must not be empty");
  Out.Flagged = Flagged;
  bool Marked = Out.Code.find(FlaggedMarker) != std::string::npos;
  if (Diag.count() == Before && Marked != Flagged)
    Diag.error(R.ptr("code"),
               std::string(Flagged ? "a flagged example must end each line "
                                     "errlint reports with '"
                                   : "a not-flagged example must not contain "
                                     "'") +
                   FlaggedMarker + "'");
  return Diag.count() == Before;
}

bool readExampleList(Diagnoser &Diag, ObjectReader &R, const char *Key,
                     bool Flagged, std::vector<RuleExample> &Out) {
  const json *V = R.get(Key);
  if (!V)
    return true;
  if (!V->is_array()) {
    Diag.error(R.ptr(Key), expected("an array of examples", *V));
    return false;
  }
  bool Ok = true;
  for (size_t I = 0; I < V->size(); ++I) {
    RuleExample E;
    if (readExample(Diag, (*V)[I], child(R.ptr(Key), I), Flagged, E))
      Out.push_back(std::move(E));
    else
      Ok = false;
  }
  return Ok;
}

/// Reads the optional "examples": {"prelude", "flagged", "notFlagged"}.
bool readExamples(Diagnoser &Diag, ObjectReader &RuleReader, Rule &Out) {
  const json *V = RuleReader.get("examples");
  if (!V)
    return true;
  if (!V->is_object()) {
    Diag.error(RuleReader.ptr("examples"), expected("an examples object", *V));
    return false;
  }
  ObjectReader R(Diag, *V, RuleReader.ptr("examples"));
  bool Ok = R.rejectUnknownKeys(ExamplesKeys);
  Ok &= R.optText("prelude", Out.ExamplePrelude);
  Ok &= readExampleList(Diag, R, "flagged", /*Flagged=*/true, Out.Examples);
  Ok &= readExampleList(Diag, R, "notFlagged", /*Flagged=*/false,
                        Out.Examples);
  return Ok;
}

/// Reads one rule object at Pointer. Returns false if it has any error.
bool readRule(Diagnoser &Diag, const json &V, const std::string &Pointer,
              const Catalog &Cat,
              const std::map<std::string, LibraryProfile> &Own, Rule &Out,
              std::vector<CitedRecord> &Cited) {
  if (!V.is_object()) {
    Diag.error(Pointer, expected("a rule object", V));
    return false;
  }
  unsigned Before = Diag.count();
  ObjectReader R(Diag, V, Pointer);
  R.rejectUnknownKeys(RuleKeys);
  readRuleHeader(Diag, R, Out);
  readRecordIds(Diag, R, /*Required=*/true, Out.Records, Cited);
  readProfiles(Diag, R, Out, Cat, Own, Cited);
  readExamples(Diag, R, Out);
  return Diag.count() == Before;
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

bool hasExtension(llvm::StringRef Path, llvm::StringRef Ext) {
  return llvm::sys::path::extension(Path) == Ext;
}

/// The files in Dir (not recursive) with one of Exts, sorted by name.
bool listDataFiles(const std::string &Dir, llvm::ArrayRef<const char *> Exts,
                   std::vector<std::string> &Files,
                   std::vector<LoadError> &Errors) {
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    const std::string &P = It->path();
    bool Wanted = llvm::any_of(
        Exts, [&](const char *Ext) { return hasExtension(P, Ext); });
    if (Wanted && !llvm::sys::fs::is_directory(P))
      Files.push_back(P);
  }
  if (EC) {
    Errors.push_back(fileError(Dir, "cannot read directory: " + EC.message()));
    return false;
  }
  std::sort(Files.begin(), Files.end());
  return true;
}

/// Loads Path, or each data file in it when it is a directory.
template <typename LoadFileFn>
bool loadPath(const std::string &Path, llvm::ArrayRef<const char *> Exts,
              std::vector<LoadError> &Errors, LoadFileFn LoadFile) {
  size_t Before = Errors.size();
  bool IsDir = false;
  if (std::error_code EC = llvm::sys::fs::is_directory(Path, IsDir)) {
    Errors.push_back(fileError(Path, "cannot read: " + EC.message()));
    return false;
  }
  if (!IsDir) {
    LoadFile(Path);
    return Errors.size() == Before;
  }
  std::vector<std::string> Files;
  listDataFiles(Path, Exts, Files, Errors);
  for (const std::string &File : Files)
    LoadFile(File);
  return Errors.size() == Before;
}

const char BuiltinPrefix[] = "<builtin>/";
const char BuiltinProfileDir[] = "rules/profiles/";

/// Parses a profile file's text; Name is used in error messages.
std::optional<LibraryProfile> parseProfileText(const std::string &Name,
                                               const std::string &Text,
                                               std::vector<LoadError> &Errors) {
  JsonDoc Doc;
  if (!parseDocument(Name, Text, 1, Doc, Errors))
    return std::nullopt;
  Diagnoser Diag(Name, Doc, 1, Errors);
  return readProfileFile(Diag, Doc.Value);
}

/// The error for a second profile of the same name.
LoadError duplicateProfile(const LibraryProfile &First,
                           const LibraryProfile &Second) {
  LoadError E = Second.Site;
  E.Message = "duplicate profile name '" + Second.Api.Name +
              "': defined at " + First.Origin + " and at " + Second.Origin;
  return E;
}

/// The built-in profiles and the errors met parsing them (none in a
/// released errlint: the test suite loads them).
struct BuiltinProfileTable {
  std::map<std::string, LibraryProfile> Profiles;
  std::vector<LoadError> Errors;
};

const BuiltinProfileTable &builtinProfileTable() {
  static const BuiltinProfileTable Table = [] {
    BuiltinProfileTable T;
    for (unsigned long I = 0; I < BuiltinFileCount; ++I) {
      const EmbeddedFile &F = BuiltinFiles[I];
      llvm::StringRef Name(F.Name);
      if (!Name.starts_with(BuiltinProfileDir) || !hasExtension(Name, ".json"))
        continue;
      std::string Text(reinterpret_cast<const char *>(F.Data), F.Size);
      std::optional<LibraryProfile> L =
          parseProfileText(BuiltinPrefix + Name.str(), Text, T.Errors);
      if (!L)
        continue;
      auto It = T.Profiles.find(L->Api.Name);
      if (It != T.Profiles.end())
        T.Errors.push_back(duplicateProfile(It->second, *L));
      else
        T.Profiles.emplace(L->Api.Name, std::move(*L));
    }
    return T;
  }();
  return Table;
}

/// True when Text is a profile file: an object with a "profile" member.
/// Anything else (a syntax error too) is read as rules.
bool isProfileFile(const std::string &Text) {
  json V = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  return V.is_object() && V.contains("profile");
}

} // namespace

const std::map<std::string, LibraryProfile> &Catalog::builtinProfiles() {
  return builtinProfileTable().Profiles;
}

const LibraryProfile *Catalog::findProfile(const std::string &Name) const {
  auto It = Profiles.find(Name);
  if (It != Profiles.end())
    return &It->second;
  const std::map<std::string, LibraryProfile> &Builtin = builtinProfiles();
  auto BI = Builtin.find(Name);
  return BI == Builtin.end() ? nullptr : &BI->second;
}

bool Catalog::addProfileFromText(const std::string &Name,
                                 const std::string &Text,
                                 std::vector<LoadError> &Errors) {
  Loaded += "profile:" + Name + '\0' + Text + '\0';
  std::optional<LibraryProfile> L = parseProfileText(Name, Text, Errors);
  if (!L)
    return false;
  // A built-in profile's name is taken: a user's profile of that name would
  // silently change the built-in rules that reference it.
  if (const LibraryProfile *Prev = findProfile(L->Api.Name)) {
    Errors.push_back(duplicateProfile(*Prev, *L));
    return false;
  }
  std::string Key = L->Api.Name;
  Profiles.emplace(std::move(Key), std::move(*L));
  return true;
}

//===----------------------------------------------------------------------===//
// Catalog
//===----------------------------------------------------------------------===//

bool Catalog::addRecordsFromText(const std::string &Name,
                                 const std::string &Text, bool JsonLines,
                                 std::vector<LoadError> &Errors) {
  Loaded += "records:" + Name + '\0' + Text + '\0';
  size_t Before = Errors.size();
  auto Add = [&](Diagnoser &Diag, const json &V, const std::string &Pointer,
                 std::string Origin) {
    if (std::optional<Record> Rec = readRecordEntry(Diag, V, Pointer)) {
      Rec->Origin = std::move(Origin);
      std::string Id = Rec->Id;
      Records[Id] = std::move(*Rec);
    }
  };
  if (JsonLines) {
    std::vector<std::string> Lines = splitLines(Text);
    for (size_t I = 0; I < Lines.size(); ++I) {
      if (isBlank(Lines[I]))
        continue;
      unsigned LineNo = static_cast<unsigned>(I + 1);
      JsonDoc Doc;
      if (!parseDocument(Name, Lines[I], LineNo, Doc, Errors))
        continue;
      Diagnoser Diag(Name, Doc, LineNo, Errors);
      Add(Diag, Doc.Value, "", Name + ":" + std::to_string(LineNo));
    }
    return Errors.size() == Before;
  }
  JsonDoc Doc;
  if (!parseDocument(Name, Text, 1, Doc, Errors))
    return false;
  Diagnoser Diag(Name, Doc, 1, Errors);
  if (Doc.Value.is_array()) {
    for (size_t I = 0; I < Doc.Value.size(); ++I)
      Add(Diag, Doc.Value[I], child("", I), Name);
  } else {
    Add(Diag, Doc.Value, "", Name);
  }
  return Errors.size() == Before;
}

void Catalog::addRule(Rule R, LoadError Site, std::vector<Citation> Cited) {
  for (Citation &C : Cited)
    Citations.push_back(std::move(C));
  Rules.push_back(std::move(R));
  RuleSites.push_back(std::move(Site));
}

void Catalog::addCatalog(const Catalog &Other) {
  Loaded += Other.Loaded;
  for (Citation C : Other.Citations) {
    C.RuleIndex += Rules.size();
    Citations.push_back(std::move(C));
  }
  Rules.insert(Rules.end(), Other.Rules.begin(), Other.Rules.end());
  RuleSites.insert(RuleSites.end(), Other.RuleSites.begin(),
                   Other.RuleSites.end());
  for (const auto &[Id, R] : Other.Records)
    Records[Id] = R;
  Profiles.insert(Other.Profiles.begin(), Other.Profiles.end());
}

bool Catalog::addRulesFromText(const std::string &Name, const std::string &Text,
                               std::vector<LoadError> &Errors) {
  Loaded += "rules:" + Name + '\0' + Text + '\0';
  JsonDoc Doc;
  if (!parseDocument(Name, Text, 1, Doc, Errors))
    return false;
  Diagnoser Diag(Name, Doc, 1, Errors);
  const json *List = &Doc.Value;
  std::string ListPointer;
  if (Doc.Value.is_object() && Doc.Value.contains("rules")) {
    ObjectReader Top(Diag, Doc.Value, "");
    if (!Top.rejectUnknownKeys({"rules"}))
      return false;
    List = &Doc.Value["rules"];
    ListPointer = "/rules";
    if (!List->is_array()) {
      Diag.error(ListPointer, expected("an array of rules", *List));
      return false;
    }
  }
  auto ReadOne = [&](const json &V, const std::string &Pointer) {
    Rule R;
    std::vector<CitedRecord> Cited;
    if (!readRule(Diag, V, Pointer, *this, Profiles, R, Cited))
      return;
    R.Origin = Diag.origin(Pointer, /*WithLine=*/true);
    std::vector<Citation> Citing;
    for (CitedRecord &C : Cited)
      Citing.push_back({Rules.size(), C.Id, std::move(C.Site)});
    addRule(std::move(R), Diag.site(child(Pointer, "id")), std::move(Citing));
  };
  if (List->is_array()) {
    for (size_t I = 0; I < List->size(); ++I)
      ReadOne((*List)[I], child(ListPointer, I));
  } else {
    ReadOne(*List, ListPointer);
  }
  return Diag.count() == 0;
}

bool Catalog::loadRecordFile(const std::string &Path,
                             std::vector<LoadError> &Errors) {
  std::string Text;
  if (!readFile(Path, Text, Errors))
    return false;
  return addRecordsFromText(Path, Text, hasExtension(Path, ".jsonl"), Errors);
}

bool Catalog::loadRecords(const std::string &Path,
                          std::vector<LoadError> &Errors) {
  return loadPath(
      Path, {".json", ".jsonl"}, Errors,
      [&](const std::string &File) { return loadRecordFile(File, Errors); });
}

bool Catalog::loadRules(const std::string &Path,
                        std::vector<LoadError> &Errors) {
  return loadRulePaths({Path}, Errors);
}

bool Catalog::loadRulePaths(const std::vector<std::string> &Paths,
                            std::vector<LoadError> &Errors) {
  size_t Before = Errors.size();
  std::vector<std::string> Files;
  for (const std::string &Path : Paths) {
    bool IsDir = false;
    if (std::error_code EC = llvm::sys::fs::is_directory(Path, IsDir)) {
      Errors.push_back(fileError(Path, "cannot read: " + EC.message()));
      continue;
    }
    if (!IsDir) {
      Files.push_back(Path);
      continue;
    }
    // A directory is laid out like rules/: rule files, and profile files
    // in it or in its profiles/ folder.
    listDataFiles(Path, {".json"}, Files, Errors);
    llvm::SmallString<128> Sub(Path);
    llvm::sys::path::append(Sub, "profiles");
    if (llvm::sys::fs::is_directory(Sub))
      listDataFiles(std::string(Sub), {".json"}, Files, Errors);
  }
  // Every profile file first, so a rule may reference a profile whatever
  // the order of the files.
  std::vector<std::pair<std::string, std::string>> RuleTexts;
  for (const std::string &File : Files) {
    std::string Text;
    if (!readFile(File, Text, Errors))
      continue;
    if (isProfileFile(Text))
      addProfileFromText(File, Text, Errors);
    else
      RuleTexts.push_back({File, std::move(Text)});
  }
  for (const auto &[File, Text] : RuleTexts)
    addRulesFromText(File, Text, Errors);
  return Errors.size() == Before;
}

bool Catalog::loadBuiltins(std::vector<LoadError> &Errors) {
  size_t Before = Errors.size();
  const std::vector<LoadError> &ProfileErrors = builtinProfileTable().Errors;
  Errors.insert(Errors.end(), ProfileErrors.begin(), ProfileErrors.end());
  for (unsigned long I = 0; I < BuiltinFileCount; ++I) {
    const EmbeddedFile &F = BuiltinFiles[I];
    llvm::StringRef Name(F.Name);
    std::string Text(reinterpret_cast<const char *>(F.Data), F.Size);
    std::string Shown = BuiltinPrefix + Name.str();
    if (Name.starts_with(BuiltinProfileDir)) {
      // Parsed once for every catalogue (see builtinProfiles()); the text
      // still goes into what a result cache hashes.
      Loaded += "profile:" + Shown + '\0' + Text + '\0';
    } else if (Name.starts_with("rules/records/")) {
      addRecordsFromText(Shown, Text, hasExtension(Name, ".jsonl"), Errors);
    } else if (Name.starts_with("rules/") && hasExtension(Name, ".json")) {
      addRulesFromText(Shown, Text, Errors);
    }
  }
  return Errors.size() == Before;
}

bool Catalog::loadAll(const std::vector<std::string> &RecordPaths,
                      const std::vector<std::string> &RulePaths,
                      std::vector<LoadError> &Errors) {
  size_t Before = Errors.size();
  loadBuiltins(Errors);
  for (const std::string &P : RecordPaths)
    loadRecords(P, Errors);
  loadRulePaths(RulePaths, Errors);
  if (Errors.size() == Before)
    validate(Errors);
  return Errors.size() == Before;
}

bool Catalog::validate(std::vector<LoadError> &Errors) const {
  size_t Before = Errors.size();
  for (const Citation &C : Citations) {
    if (findRecord(C.RecordId))
      continue;
    LoadError E = C.Site;
    E.Message = "rule '" + Rules[C.RuleIndex].Id + "' (" +
                Rules[C.RuleIndex].Origin + ") cites record '" + C.RecordId +
                "', which is not loaded";
    Errors.push_back(std::move(E));
  }
  std::map<std::string, size_t> FirstById;
  for (size_t I = 0; I < Rules.size(); ++I) {
    auto [It, Inserted] = FirstById.insert({Rules[I].Id, I});
    if (Inserted)
      continue;
    LoadError E = RuleSites[I];
    E.Message = "duplicate rule id '" + Rules[I].Id + "': defined at " +
                Rules[It->second].Origin + " and at " + Rules[I].Origin;
    Errors.push_back(std::move(E));
  }
  return Errors.size() == Before;
}

const Record *Catalog::findRecord(const std::string &Id) const {
  auto It = Records.find(Id);
  return It == Records.end() ? nullptr : &It->second;
}

const Rule *Catalog::findRule(const std::string &Id) const {
  for (const Rule &R : Rules)
    if (R.Id == Id)
      return &R;
  return nullptr;
}

} // namespace errlint
