//===- ProfileReader.cpp - Reading profiles from rule and profile files --===//
//
// A profile says which calls open, close, use, reopen or query objects of
// which types. It is written in a rule, or in a library's own file under
// rules/profiles/ that rules name.
//
//===----------------------------------------------------------------------===//
#include "ProfileReader.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"
#include <set>

using nlohmann::json;

namespace errlint {
namespace reader {

const char *const ProfileKeys[] = {
    "name",      "types",   "close",       "use",             "reopen",
    "queryClosed", "queryOpen", "records", "consequence", "concurrentClose",
    "submit",    "wait",    "evidence", "errorResult", "closeAlwaysCloses",
    "useFailsWith",
    "useThrows", "closesWhenThrowing", "closesOnlyWhenThrowing", "checks", "adopt",
    "exposes"};

const char *const EvidenceKeys[] = {"kind", "message", "file",
                                    "line", "column",  "text"};

bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || !(llvm::isAlpha(S[0]) || S[0] == '_'))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// Matches ^[a-z0-9][a-z0-9-]*$.
bool isRuleId(llvm::StringRef S) {
  auto IsLowerAlnum = [](char C) {
    return (C >= 'a' && C <= 'z') || llvm::isDigit(C);
  };
  if (S.empty() || !IsLowerAlnum(S[0]))
    return false;
  return llvm::all_of(S, [&](char C) { return IsLowerAlnum(C) || C == '-'; });
}

/// True for a method or function name: an identifier, possibly qualified
/// ("asio::write"), or an operator ("operator<<").
bool isCallableName(llvm::StringRef S) {
  S.consume_front("::");
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.split(Parts, "::");
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::StringRef P = Parts[I];
    bool Last = I + 1 == Parts.size();
    if (Last && P.starts_with("operator") && P.size() > 8 &&
        llvm::all_of(P.drop_front(8).trim(), [](char C) {
          return llvm::StringRef("+-*/%^&|~!=<>,()[]").contains(C);
        }))
      continue;
    if (!isIdentifier(P))
      return false;
  }
  return true;
}

/// Reads a profile list of calls: strings name methods (or member and free
/// operators, applied to their first operand); objects
/// {"function": NAME, "handle": N} name free functions acting on argument N.
bool readCalls(Diagnoser &Diag, ObjectReader &R, const char *Key,
               bool Required, std::vector<std::string> &Methods,
               std::vector<FunctionSpec> &Functions, bool AllowEmpty = false) {
  const json *V = R.get(Key);
  if (!V) {
    if (Required)
      R.missing(Key);
    return !Required;
  }
  if (!V->is_array()) {
    Diag.error(R.ptr(Key), expected("an array of method names or "
                                    "{\"function\", \"handle\"} objects",
                                    *V));
    return false;
  }
  bool Ok = true;
  for (size_t I = 0; I < V->size(); ++I) {
    const json &E = (*V)[I];
    std::string Pointer = child(R.ptr(Key), I);
    if (E.is_string()) {
      std::string Name = E.get<std::string>();
      if (!isCallableName(Name)) {
        Diag.error(Pointer, "method name '" + Name +
                                "' is not a C++ identifier or operator");
        Ok = false;
        continue;
      }
      Methods.push_back(Name);
      continue;
    }
    if (!E.is_object()) {
      Diag.error(Pointer, expected("a method name or a {\"function\", "
                                   "\"handle\"} object",
                                   E));
      Ok = false;
      continue;
    }
    ObjectReader F(Diag, E, Pointer);
    static const char *const FunctionKeys[] = {"function", "handle"};
    FunctionSpec Spec;
    bool FOk = F.rejectUnknownKeys(FunctionKeys);
    FOk &= F.reqString("function", Spec.Name);
    FOk &= F.optUnsigned("handle", Spec.Handle);
    if (FOk && !isCallableName(Spec.Name)) {
      Diag.error(child(Pointer, "function"),
                 "function name '" + Spec.Name + "' is not a C++ name");
      FOk = false;
    }
    if (FOk)
      Functions.push_back(Spec);
    Ok &= FOk;
  }
  if (Ok && Required && !AllowEmpty && Methods.empty() && Functions.empty()) {
    Diag.error(R.ptr(Key), "field '" + std::string(Key) +
                               "' must not be empty");
    return false;
  }
  return Ok;
}

bool readGlobs(Diagnoser &Diag, ObjectReader &R, const char *Key,
               std::vector<std::string> &Out) {
  if (!R.reqStringList(Key, Out))
    return false;
  bool Ok = true;
  for (size_t I = 0; I < Out.size(); ++I) {
    llvm::Expected<llvm::GlobPattern> Glob = llvm::GlobPattern::create(Out[I]);
    if (Glob)
      continue;
    Diag.error(child(R.ptr(Key), I), "invalid type pattern '" + Out[I] + "': " +
                                         llvm::toString(Glob.takeError()));
    Ok = false;
  }
  return Ok;
}

/// Reads an array of record ids and remembers where each is cited.
bool readRecordIds(Diagnoser &Diag, ObjectReader &R, bool Required,
                   std::vector<std::string> &Out,
                   std::vector<CitedRecord> &Cited) {
  if (!(Required ? R.reqStringList("records", Out)
                 : R.optStringList("records", Out)))
    return false;
  bool Ok = true;
  for (size_t I = 0; I < Out.size(); ++I) {
    std::string Pointer = child(R.ptr("records"), I);
    if (Out[I].empty()) {
      Diag.error(Pointer, "record id must not be empty");
      Ok = false;
      continue;
    }
    Cited.push_back({Out[I], Diag.site(Pointer)});
  }
  return Ok;
}

/// Reads a profile's optional "evidence": notes every finding carries.
void readEvidence(Diagnoser &Diag, ObjectReader &R,
                  std::vector<Note> &Out) {
  const json *V = R.get("evidence");
  if (!V)
    return;
  if (!V->is_array()) {
    Diag.error(R.ptr("evidence"), expected("an array of notes", *V));
    return;
  }
  for (size_t I = 0; I < V->size(); ++I) {
    std::string Pointer = child(R.ptr("evidence"), I);
    if (!(*V)[I].is_object()) {
      Diag.error(Pointer, expected("a note object", (*V)[I]));
      continue;
    }
    ObjectReader N(Diag, (*V)[I], Pointer);
    N.rejectUnknownKeys(EvidenceKeys);
    Note Evidence;
    std::string Kind;
    if (N.reqString("kind", Kind)) {
      if (std::optional<NoteKind> K = parseNoteKind(Kind))
        Evidence.Kind = *K;
      else
        Diag.error(child(Pointer, "kind"),
                   "unknown note kind '" + Kind + "'");
    }
    N.reqString("message", Evidence.Message);
    N.optString("file", Evidence.Loc.File);
    N.optUnsigned("line", Evidence.Loc.Line);
    N.optUnsigned("column", Evidence.Loc.Column);
    N.optString("text", Evidence.Loc.LineText);
    Out.push_back(std::move(Evidence));
  }
}

/// A profile file's "consequence": one text for every analysis, or an
/// object of texts keyed by analysis.
void readConsequences(Diagnoser &Diag, ObjectReader &R, LibraryProfile &L) {
  const json *C = R.get("consequence");
  if (!C)
    return;
  if (C->is_string()) {
    L.Consequences[""] = C->get<std::string>();
    return;
  }
  if (!C->is_object()) {
    Diag.error(R.ptr("consequence"),
               expected("a string or an object of strings by analysis", *C));
    return;
  }
  for (const auto &[Key, Text] : C->items()) {
    std::string Pointer = child(R.ptr("consequence"), Key);
    std::optional<AnalysisKind> K = analysisNamed(Key);
    if (!K || !analysisInfo(*K).Typestate) {
      Diag.keyError(Pointer, "unknown analysis '" + Key +
                                 "'; expected 'use-after-close', "
                                 "'double-close' or 'close-while-in-use'");
      continue;
    }
    if (!Text.is_string()) {
      Diag.error(Pointer, expected("a string", Text));
      continue;
    }
    L.Consequences[Key] = Text.get<std::string>();
  }
}

/// Reads one profile. Which lists are required depends on the analysis:
/// use-after-close needs closes and uses, double-close only closes, and
/// close-while-in-use describes executors (submit, wait).
/// A draft rule (one with review points) may leave its close and use lists
/// empty for the reviewer to fill.
/// With Lib, reads a profile file's profile instead: no analysis is known,
/// so only what every profile needs is required (closes, or submits for an
/// executor), and the consequence may be given per analysis.
bool readProfile(Diagnoser &Diag, const json &V, const std::string &Pointer,
                 AnalysisKind Analysis, bool Draft, Profile &P,
                 std::vector<CitedRecord> &Cited, LibraryProfile *Lib) {
  if (!V.is_object()) {
    Diag.error(Pointer, expected("a profile object", V));
    return false;
  }
  bool Executor =
      Lib ? V.contains("submit") : analysisInfo(Analysis).NeedsSubmit;
  bool UseRequired = !Lib && analysisInfo(Analysis).NeedsUse;
  unsigned Before = Diag.count();
  ObjectReader R(Diag, V, Pointer);
  R.rejectUnknownKeys(ProfileKeys);
  R.reqString("name", P.Name);
  readGlobs(Diag, R, "types", P.Types);
  readCalls(Diag, R, "submit", /*Required=*/Executor, P.Submit,
            P.SubmitFunctions);
  readCalls(Diag, R, "wait", /*Required=*/false, P.Wait, P.WaitFunctions);
  if (const json *CA = R.get("closeAlwaysCloses")) {
    if (CA->is_boolean())
      P.CloseAlwaysCloses = CA->get<bool>();
    else
      Diag.error(R.ptr("closeAlwaysCloses"), expected("true or false", *CA));
  }
  if (const json *UT = R.get("useThrows")) {
    if (UT->is_boolean())
      P.UseThrows = UT->get<bool>();
    else
      Diag.error(R.ptr("useThrows"), expected("true or false", *UT));
  }
  if (const json *CC = R.get("concurrentClose")) {
    if (CC->is_boolean())
      P.ConcurrentClose = CC->get<bool>();
    else
      Diag.error(R.ptr("concurrentClose"), expected("true or false", *CC));
  }
  readCalls(Diag, R, "close", /*Required=*/!Executor, P.Close,
            P.CloseFunctions, Draft);
  readCalls(Diag, R, "use", /*Required=*/UseRequired, P.Use, P.UseFunctions,
            Draft);
  std::vector<FunctionSpec> ErrorResultFunctions;
  readCalls(Diag, R, "errorResult", /*Required=*/false, P.ErrorResult,
            ErrorResultFunctions);
  for (const std::string &M : P.ErrorResult)
    if (!llvm::is_contained(P.Use, M))
      Diag.error(R.ptr("errorResult"),
                 "'" + M + "' is not one of the profile's \"use\" methods");
  if (!ErrorResultFunctions.empty())
    Diag.error(R.ptr("errorResult"),
               "expected method names only (a free function's result is "
               "not modelled)");
  if (const json *UF = R.get("useFailsWith")) {
    if (UF->is_number_integer()) {
      P.UseFailsWith = UF->get<int64_t>();
    } else if (UF->is_object()) {
      for (const auto &[Method, Value] : UF->items()) {
        if (!Value.is_number_integer())
          Diag.error(child(R.ptr("useFailsWith"), Method),
                     expected("an integer", Value));
        else if (!llvm::is_contained(P.Use, Method))
          Diag.error(child(R.ptr("useFailsWith"), Method),
                     "'" + Method + "' is not one of the profile's \"use\" "
                     "methods");
        else
          P.UseFailsWithOf[Method] = Value.get<int64_t>();
      }
    } else {
      Diag.error(R.ptr("useFailsWith"),
                 expected("an integer or an object of integers by use", *UF));
    }
  }
  for (auto [Key, List] :
       {std::pair<const char *, std::vector<std::string> *>{
            "closesWhenThrowing", &P.ClosesWhenThrowing},
        {"closesOnlyWhenThrowing", &P.ClosesOnlyWhenThrowing}}) {
    std::vector<FunctionSpec> Functions;
    readCalls(Diag, R, Key, /*Required=*/false, *List, Functions);
    for (const std::string &M : *List)
      if (!llvm::is_contained(P.Close, M))
        Diag.error(R.ptr(Key),
                   "'" + M + "' is not one of the profile's \"close\" methods");
    if (!Functions.empty())
      Diag.error(R.ptr(Key), "expected method names only");
  }
  {
    std::vector<FunctionSpec> Functions;
    readCalls(Diag, R, "checks", /*Required=*/false, P.Checks, Functions);
    for (const std::string &M : P.Checks)
      if (!llvm::is_contained(P.Use, M))
        Diag.error(R.ptr("checks"),
                   "'" + M + "' is not one of the profile's \"use\" methods");
    if (!Functions.empty())
      Diag.error(R.ptr("checks"), "expected method names only");
  }
  readCalls(Diag, R, "reopen", /*Required=*/false, P.Reopen,
            P.ReopenFunctions);
  // A method's result is not modelled: function specs only.
  for (auto [Key, Out] : {std::pair{"adopt", &P.AdoptFunctions},
                          std::pair{"exposes", &P.ExposeFunctions}}) {
    std::vector<std::string> Methods;
    readCalls(Diag, R, Key, /*Required=*/false, Methods, *Out);
    if (!Methods.empty())
      Diag.error(R.ptr(Key), "expected function specs only ({\"function\": "
                             "..., \"handle\": N}): a method's result is "
                             "not modelled");
  }
  readCalls(Diag, R, "queryClosed", /*Required=*/false, P.QueryClosed,
            P.QueryClosedFunctions);
  readCalls(Diag, R, "queryOpen", /*Required=*/false, P.QueryOpen,
            P.QueryOpenFunctions);
  readRecordIds(Diag, R, /*Required=*/false, P.Records, Cited);
  if (Lib)
    readConsequences(Diag, R, *Lib);
  else
    R.optString("consequence", P.Consequence);
  readEvidence(Diag, R, P.Evidence);
  return Diag.count() == Before;
}

/// Reads a profile file: {"profile": {...}}, the profile named by its
/// "name" (which must look like a rule id, as rules name it).
std::optional<LibraryProfile> readProfileFile(Diagnoser &Diag,
                                              const json &Top) {
  if (!Top.is_object()) {
    Diag.error("", expected("a profile file {\"profile\": {...}}", Top));
    return std::nullopt;
  }
  ObjectReader TopReader(Diag, Top, "");
  if (!TopReader.rejectUnknownKeys({"profile"}))
    return std::nullopt;
  const json *V = TopReader.get("profile");
  if (!V) {
    TopReader.missing("profile");
    return std::nullopt;
  }
  LibraryProfile L;
  std::vector<CitedRecord> Cited;
  // A library's profile serves every analysis: with Lib, what it must list
  // does not depend on the analysis given.
  if (!readProfile(Diag, *V, "/profile", AnalysisKind::UseAfterClose,
                   /*Draft=*/false, L.Api, Cited, &L))
    return std::nullopt;
  if (!isRuleId(L.Api.Name)) {
    Diag.error("/profile/name", "profile name '" + L.Api.Name +
                                    "' must match ^[a-z0-9][a-z0-9-]*$");
    return std::nullopt;
  }
  for (CitedRecord &C : Cited)
    L.RecordSites.push_back(std::move(C.Site));
  L.Site = Diag.site("/profile/name");
  L.Origin = Diag.origin("/profile/name", /*WithLine=*/true);
  return L;
}

const char *const ProfileRefKeys[] = {"use", "consequence", "records"};

/// "'a', 'b'": the names of the profiles a rule can reference.
std::string profileNames(const std::map<std::string, LibraryProfile> &Own) {
  std::set<std::string> Names;
  for (const auto &[Name, L] : Catalog::builtinProfiles())
    Names.insert(Name);
  for (const auto &[Name, L] : Own)
    Names.insert(Name);
  std::string List;
  for (const std::string &N : Names)
    List += (List.empty() ? "'" : ", '") + N + "'";
  return List;
}

/// Reads a reference to a profile file's profile: its name, or
/// {"use": NAME, "consequence": TEXT, "records": [...]} to give this rule
/// its own consequence or records. Compiles the rule's copy of the
/// profile: a double-close rule leaves out the uses, and the consequence
/// is the one written for the rule's analysis.
bool readProfileRef(Diagnoser &Diag, const json &V, const std::string &Pointer,
                    const Rule &Out, const Catalog &Cat,
                    const std::map<std::string, LibraryProfile> &Own,
                    Profile &P, std::string &NamePointer,
                    std::vector<CitedRecord> &Cited) {
  std::string Name;
  std::optional<std::string> Consequence;
  std::optional<std::vector<std::string>> Records;
  std::vector<CitedRecord> RefCited;
  NamePointer = Pointer;
  if (V.is_string()) {
    Name = V.get<std::string>();
  } else {
    unsigned Before = Diag.count();
    ObjectReader R(Diag, V, Pointer);
    R.rejectUnknownKeys(ProfileRefKeys);
    R.reqString("use", Name);
    NamePointer = R.ptr("use");
    std::string C;
    if (R.get("consequence") && R.optString("consequence", C))
      Consequence = C;
    if (R.get("records")) {
      Records.emplace();
      readRecordIds(Diag, R, /*Required=*/false, *Records, RefCited);
    }
    if (Diag.count() != Before)
      return false;
  }
  const LibraryProfile *L = Cat.findProfile(Name);
  if (!L) {
    Diag.error(NamePointer, "unknown profile '" + Name +
                                "'; the profiles loaded are " +
                                profileNames(Own));
    return false;
  }
  P = L->Api;
  P.Library = L->Site.File;
  bool Executor = !P.Submit.empty() || !P.SubmitFunctions.empty();
  auto Needs = [&](bool Has, const char *Field) {
    if (Has)
      return true;
    Diag.error(NamePointer, "profile '" + Name + "' (" + L->Origin +
                                ") has no '" + Field + "' calls, which a " +
                                analysisName(Out.Analysis).str() +
                                " rule needs");
    return false;
  };
  bool Ok = true;
  if (analysisInfo(Out.Analysis).NeedsSubmit) {
    Ok = Needs(Executor, "submit");
  } else {
    Ok = Needs(!Executor && !(P.Close.empty() && P.CloseFunctions.empty()),
               "close");
    if (Ok && analysisInfo(Out.Analysis).NeedsUse && Out.Review.empty())
      Ok = Needs(!(P.Use.empty() && P.UseFunctions.empty()), "use");
  }
  if (!Ok)
    return false;
  // A double-close rule tracks closes and reopens only; the engine ignores
  // its uses, and the docs and --explain show what the rule checks.
  if (Out.Analysis == AnalysisKind::DoubleClose) {
    P.Use.clear();
    P.UseFunctions.clear();
  }
  if (Consequence) {
    P.Consequence = *Consequence;
  } else {
    auto It = L->Consequences.find(analysisName(Out.Analysis).str());
    if (It == L->Consequences.end())
      It = L->Consequences.find("");
    if (It != L->Consequences.end())
      P.Consequence = It->second;
  }
  if (Records) {
    P.Records = *Records;
    Cited.insert(Cited.end(), RefCited.begin(), RefCited.end());
  } else {
    for (size_t I = 0; I < P.Records.size(); ++I)
      Cited.push_back({P.Records[I], L->RecordSites[I]});
  }
  return true;
}

} // namespace reader
} // namespace errlint
