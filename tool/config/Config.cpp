//===- Config.cpp - .errlint.json and .errlint.yaml files -----------------===//

#include "Config.h"
#include "CacheLocation.h"
#include "JsonReader.h"
#include "Paths.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using nlohmann::json;

namespace errlint {

const char *const ConfigFileNames[2] = {".errlint.json", ".errlint.yaml"};

namespace {

const char *const ConfigKeys[] = {
    "checks",       "rulePaths", "recordPaths", "severity",
    "headerFilter", "exclude",   "cite",        "inheritParentConfig",
    "cache",        "cacheMode"};

//===----------------------------------------------------------------------===//
// YAML, read into the same positioned JSON document as .json files
//===----------------------------------------------------------------------===//

class YamlReader {
public:
  YamlReader(llvm::SourceMgr &SM, JsonDoc &Doc) : SM(SM), Doc(Doc) {}

  /// Converts N (at Pointer) to JSON; false for what JSON cannot hold.
  bool convert(llvm::yaml::Node *N, const std::string &Pointer, json &Out) {
    if (!N)
      return false;
    Doc.Positions[Pointer] = positionOf(N);
    switch (N->getType()) {
    case llvm::yaml::Node::NK_Null:
      Out = nullptr;
      return true;
    case llvm::yaml::Node::NK_Scalar:
      Out = scalar(*llvm::cast<llvm::yaml::ScalarNode>(N));
      return true;
    case llvm::yaml::Node::NK_BlockScalar:
      Out = llvm::cast<llvm::yaml::BlockScalarNode>(N)->getValue().str();
      return true;
    case llvm::yaml::Node::NK_Sequence:
      return sequence(*llvm::cast<llvm::yaml::SequenceNode>(N), Pointer, Out);
    case llvm::yaml::Node::NK_Mapping:
      return mapping(*llvm::cast<llvm::yaml::MappingNode>(N), Pointer, Out);
    default:
      Unsupported = N;
      return false;
    }
  }

  /// The node that could not be converted (an alias), if any.
  llvm::yaml::Node *Unsupported = nullptr;

  /// Where N starts; {0, 0} when the parser gave it no place in the text
  /// (it does for nodes made after a syntax error, e.g. a control character
  /// inside a flow sequence), which SourceMgr must never be asked about.
  TextPosition positionOf(llvm::yaml::Node *N) const {
    llvm::SMLoc Start = N->getSourceRange().Start;
    if (!Start.isValid() || !SM.FindBufferContainingLoc(Start))
      return {0, 0};
    auto LC = SM.getLineAndColumn(Start);
    return {LC.first, LC.second};
  }

private:
  /// Plain true/false/null are JSON's; everything else is a string.
  static json scalar(llvm::yaml::ScalarNode &S) {
    llvm::SmallString<64> Storage;
    llvm::StringRef V = S.getValue(Storage);
    llvm::StringRef Raw = S.getRawValue();
    bool Plain = !Raw.starts_with("'") && !Raw.starts_with("\"");
    if (Plain && (V == "true" || V == "false"))
      return V == "true";
    if (Plain && (V == "null" || V == "~"))
      return nullptr;
    return V.str();
  }

  bool sequence(llvm::yaml::SequenceNode &Seq, const std::string &Pointer,
                json &Out) {
    Out = json::array();
    for (llvm::yaml::Node &Item : Seq) {
      json V;
      if (!convert(&Item, child(Pointer, Out.size()), V))
        return false;
      Out.push_back(std::move(V));
    }
    return true;
  }

  bool mapping(llvm::yaml::MappingNode &Map, const std::string &Pointer,
               json &Out) {
    Out = json::object();
    for (llvm::yaml::KeyValueNode &KV : Map) {
      auto *Key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
      if (!Key) {
        Unsupported = KV.getKey();
        return false;
      }
      llvm::SmallString<64> Storage;
      std::string Name = Key->getValue(Storage).str();
      std::string P = child(Pointer, Name);
      Doc.KeyPositions[P] = positionOf(Key);
      json V;
      if (!convert(KV.getValue(), P, V))
        return false;
      Out[Name] = std::move(V);
    }
    return true;
  }

  llvm::SourceMgr &SM;
  JsonDoc &Doc;
};

struct YamlDiag {
  unsigned Line = 0, Column = 0;
  std::string Message;
};

bool parseYaml(const std::string &File, const std::string &Text, JsonDoc &Doc,
               std::vector<LoadError> &Errors) {
  llvm::SourceMgr SM;
  YamlDiag Diag;
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        auto *Out = static_cast<YamlDiag *>(Ctx);
        if (!Out->Message.empty())
          return;
        Out->Line = D.getLineNo();
        Out->Column = D.getColumnNo() + 1;
        Out->Message = D.getMessage().str();
      },
      &Diag);
  llvm::yaml::Stream Stream(Text, SM, /*ShowColors=*/false);
  YamlReader Reader(SM, Doc);
  auto It = Stream.begin();
  bool Converted = It == Stream.end() ||
                   Reader.convert(It->getRoot(), "", Doc.Value);
  if (Stream.failed() || !Diag.Message.empty()) {
    Errors.push_back({File, Diag.Line, Diag.Column, "", Diag.Message});
    return false;
  }
  if (!Converted) {
    TextPosition Pos = Reader.Unsupported
                           ? Reader.positionOf(Reader.Unsupported)
                           : TextPosition{0, 0};
    Errors.push_back({File, Pos.first, Pos.second, "",
                      "unsupported YAML: use plain mappings, lists and "
                      "strings (no aliases or complex keys)"});
    return false;
  }
  if (Doc.Value.is_null())
    Doc.Value = json::object();
  return true;
}

bool isYaml(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".yaml" || Ext == ".yml";
}

//===----------------------------------------------------------------------===//
// Fields
//===----------------------------------------------------------------------===//

bool validCite(llvm::StringRef Cite) {
  return Cite == "full" || Cite == "tips" || Cite == "none";
}

/// "checks" may be one comma-separated string or a list of globs.
void readChecks(Diagnoser &Diag, ObjectReader &R, ConfigFile &Out) {
  const json *V = R.get("checks");
  if (!V)
    return;
  if (V->is_string()) {
    Out.Checks = V->get<std::string>();
    return;
  }
  std::vector<std::string> Globs;
  if (!V->is_array()) {
    Diag.error(R.ptr("checks"),
               expected("a string or an array of strings", *V));
    return;
  }
  if (R.optStringList("checks", Globs))
    Out.Checks = llvm::join(Globs, ",");
}

/// Paths in a config file are relative to its directory.
void readPaths(ObjectReader &R, const char *Key, llvm::StringRef Dir,
               std::vector<std::string> &Out) {
  std::vector<std::string> Paths;
  R.optStringList(Key, Paths);
  for (const std::string &P : Paths) {
    llvm::SmallString<256> Abs(P);
    if (!llvm::sys::path::is_absolute(Abs))
      Abs = (Dir + "/" + P).str();
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Out.push_back(std::string(Abs));
  }
}

void readSeverity(Diagnoser &Diag, ObjectReader &R, ConfigFile &Out) {
  const json *V = R.get("severity");
  if (!V)
    return;
  if (!V->is_object()) {
    Diag.error(R.ptr("severity"), expected("an object", *V));
    return;
  }
  for (auto It = V->begin(); It != V->end(); ++It) {
    std::string Pointer = child(R.ptr("severity"), It.key());
    std::optional<SeverityLevel> Level =
        It->is_string() ? parseSeverity(It->get<std::string>()) : std::nullopt;
    if (!Level) {
      Diag.error(Pointer, "severity must be 'warning' or 'error'");
      continue;
    }
    llvm::StringRef Id = It.key();
    Id.consume_front("errlint-");
    Out.Severity[Id.str()] = *Level;
    Out.SeveritySites[Id.str()] = Diag.keySite(Pointer);
  }
}

void readExclude(Diagnoser &Diag, ObjectReader &R, ConfigFile &Out) {
  if (!R.optStringList("exclude", Out.Exclude))
    return;
  for (size_t I = 0; I < Out.Exclude.size(); ++I) {
    auto G = llvm::GlobPattern::create(Out.Exclude[I]);
    if (!G)
      Diag.error(child(R.ptr("exclude"), I),
                 "invalid glob '" + Out.Exclude[I] +
                     "': " + llvm::toString(G.takeError()));
  }
}

void readScalars(Diagnoser &Diag, ObjectReader &R, ConfigFile &Out) {
  std::string S;
  if (R.get("headerFilter") && R.optString("headerFilter", S)) {
    std::string Error;
    if (llvm::Regex(S).isValid(Error))
      Out.HeaderFilter = S;
    else
      Diag.error(R.ptr("headerFilter"),
                 "invalid regular expression '" + S + "': " + Error);
  }
  S.clear();
  if (R.get("cite") && R.optString("cite", S)) {
    if (validCite(S))
      Out.Cite = S;
    else
      Diag.error(R.ptr("cite"), "cite must be 'full', 'tips' or 'none'");
  }
  R.optBool("inheritParentConfig", Out.InheritParentConfig);
}

/// "cache": one location or a list (tried in order), each checked here so
/// that a typo is reported at its position; "cacheMode".
void readCache(Diagnoser &Diag, ObjectReader &R, llvm::StringRef Dir,
               ConfigFile &Out) {
  const json *V = R.get("cache");
  std::vector<std::string> Texts;
  if (V && V->is_string())
    Texts.push_back(V->get<std::string>());
  else if (V && !R.optStringList("cache", Texts))
    return;
  if (V) {
    Out.Cache.emplace();
    for (size_t I = 0; I < Texts.size(); ++I) {
      CacheLocation L;
      std::string Error;
      std::string Pointer =
          V->is_string() ? R.ptr("cache") : child(R.ptr("cache"), I);
      if (!parseCacheLocation(Texts[I], Dir, L, Error))
        Diag.error(Pointer, "invalid cache location '" + Texts[I] +
                                "': " + Error);
      else
        Out.Cache->push_back(L.K == CacheLocation::Directory ? L.Path
                                                             : Texts[I]);
    }
  }
  std::string Mode;
  if (R.get("cacheMode") && R.optString("cacheMode", Mode)) {
    if (Mode == "read-write" || Mode == "read-only" ||
        Mode == "remote-read-only")
      Out.CacheMode = Mode;
    else
      Diag.error(R.ptr("cacheMode"), "cacheMode must be 'read-write', "
                                     "'read-only' or 'remote-read-only'");
  }
}

} // namespace

bool parseConfigFile(const std::string &Path, const std::string &Text,
                     ConfigFile &Out, std::vector<LoadError> &Errors) {
  JsonDoc Doc;
  bool Parsed = isYaml(Path) ? parseYaml(Path, Text, Doc, Errors)
                             : parseDocument(Path, Text, 1, Doc, Errors);
  if (!Parsed)
    return false;
  Diagnoser Diag(Path, Doc, 1, Errors);
  if (!Doc.Value.is_object()) {
    Diag.error("", expected("an object", Doc.Value));
    return false;
  }
  Out.Path = Path;
  std::string Dir = llvm::sys::path::parent_path(Path).str();
  ObjectReader R(Diag, Doc.Value, "");
  R.rejectUnknownKeys(ConfigKeys);
  readChecks(Diag, R, Out);
  readPaths(R, "rulePaths", Dir, Out.RulePaths);
  readPaths(R, "recordPaths", Dir, Out.RecordPaths);
  readSeverity(Diag, R, Out);
  readExclude(Diag, R, Out);
  readScalars(Diag, R, Out);
  readCache(Diag, R, Dir, Out);
  return Diag.count() == 0;
}

//===----------------------------------------------------------------------===//
// Settings
//===----------------------------------------------------------------------===//

void Settings::finalize() {
  CheckGlobs = GlobList(Checks);
  if (HeaderFilter)
    HeaderRegex = std::make_shared<llvm::Regex>(*HeaderFilter);
}

bool Settings::ruleEnabled(llvm::StringRef RuleId) const {
  return CheckGlobs.containsRule(RuleId);
}

SeverityLevel Settings::severity(const std::string &RuleId,
                                 SeverityLevel Default) const {
  auto It = Severity.find(RuleId);
  return It == Severity.end() ? Default : It->second;
}

bool Settings::excluded(llvm::StringRef AbsPath) const {
  for (const Exclusion &E : Exclude) {
    std::string Rel = relativeToRoot(AbsPath, E.Base);
    if ((isRelative(Rel) && E.Glob.match(Rel)) || E.Glob.match(AbsPath))
      return true;
  }
  return false;
}

bool Settings::showsHeader(llvm::StringRef AbsPath) const {
  return !HeaderRegex || HeaderRegex->match(AbsPath);
}

nlohmann::ordered_json Settings::toJson() const {
  using json = nlohmann::ordered_json;
  json Out = json::object();
  Out["configFiles"] = ConfigFiles;
  Out["checks"] = Checks;
  json Levels = json::object();
  for (const auto &[Rule, Level] : Severity)
    Levels[Rule] = severityName(Level);
  Out["severity"] = std::move(Levels);
  Out["headerFilter"] = HeaderFilter ? json(*HeaderFilter) : json(nullptr);
  json Ex = json::array();
  for (const Exclusion &E : Exclude)
    Ex.push_back({{"pattern", E.Pattern}, {"base", E.Base}});
  Out["exclude"] = Ex;
  Out["cite"] = Cite;
  Out["rulePaths"] = RulePaths;
  Out["recordPaths"] = RecordPaths;
  Out["cache"] = Cache;
  Out["cacheMode"] = CacheMode ? json(*CacheMode) : json(nullptr);
  return Out;
}

//===----------------------------------------------------------------------===//
// ConfigResolver
//===----------------------------------------------------------------------===//

/// Adds Pattern (validated before) relative to Base.
static void addExclusion(Settings &S, const std::string &Pattern,
                         const std::string &Base) {
  auto G = llvm::GlobPattern::create(Pattern);
  if (!G) {
    llvm::consumeError(G.takeError());
    return;
  }
  S.Exclude.push_back({Pattern, Base, std::move(*G)});
}

ConfigResolver::ConfigResolver(CommandLineConfig CommandLine,
                               std::string ProjectRoot)
    : CommandLine(std::move(CommandLine)), ProjectRoot(std::move(ProjectRoot)) {
}

bool ConfigResolver::checkCommandLine(std::vector<LoadError> &Errors) const {
  size_t Before = Errors.size();
  std::string Error;
  if (CommandLine.HeaderFilter &&
      !llvm::Regex(*CommandLine.HeaderFilter).isValid(Error))
    Errors.push_back({"--header-filter", 0, 0, "",
                      "invalid regular expression '" +
                          *CommandLine.HeaderFilter + "': " + Error});
  for (const std::string &P : CommandLine.Exclude)
    if (auto G = llvm::GlobPattern::create(P); !G)
      Errors.push_back({"--exclude", 0, 0, "",
                        "invalid glob '" + P +
                            "': " + llvm::toString(G.takeError())});
  return Errors.size() == Before;
}

const ConfigFile *ConfigResolver::load(const std::string &Path,
                                       std::vector<LoadError> &Errors,
                                       bool &Failed) {
  if (FailedFiles.count(Path)) {
    Failed = true;
    return nullptr;
  }
  auto It = Files.find(Path);
  if (It != Files.end())
    return It->second.get();
  std::string Text;
  auto File = std::make_unique<ConfigFile>();
  if (!readFile(Path, Text, Errors) ||
      !parseConfigFile(Path, Text, *File, Errors)) {
    FailedFiles.insert(Path);
    Failed = true;
    return nullptr;
  }
  return (Files[Path] = std::move(File)).get();
}

const ConfigFile *ConfigResolver::fileIn(const std::string &Dir,
                                         std::vector<LoadError> &Errors,
                                         bool &Failed) {
  std::vector<std::string> Found;
  for (const char *Name : ConfigFileNames) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    if (llvm::sys::fs::exists(P))
      Found.push_back(std::string(P));
  }
  if (Found.empty())
    return nullptr;
  if (Found.size() > 1) {
    if (!FailedFiles.count(Found[1]))
      Errors.push_back({Found[1], 0, 0, "",
                        "both " + Found[0] + " and this file exist; keep one"});
    FailedFiles.insert(Found[1]);
    Failed = true;
    return nullptr;
  }
  return load(Found[0], Errors, Failed);
}

const ConfigFile *ConfigResolver::nearest(std::string Dir,
                                          std::vector<LoadError> &Errors,
                                          bool &Failed) {
  std::vector<std::string> Visited;
  const ConfigFile *Result = nullptr;
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    auto It = InDir.find(D.str());
    if (It != InDir.end()) {
      Result = It->second;
      break;
    }
    Visited.push_back(D.str());
    if ((Result = fileIn(D.str(), Errors, Failed)) || Failed)
      break;
    if (D == llvm::sys::path::parent_path(D))
      break;
  }
  if (!Failed)
    for (const std::string &V : Visited)
      InDir[V] = Result;
  return Result;
}

std::unique_ptr<Settings>
ConfigResolver::merge(std::vector<const ConfigFile *> Chain) const {
  auto S = std::make_unique<Settings>();
  std::vector<std::string> Checks = {"*"};
  for (const ConfigFile *F : Chain) {
    S->ConfigFiles.push_back(F->Path);
    if (F->Checks)
      Checks.push_back(*F->Checks);
    for (const auto &[Rule, Level] : F->Severity)
      S->Severity[Rule] = Level;
    if (F->HeaderFilter)
      S->HeaderFilter = F->HeaderFilter;
    std::string Dir = llvm::sys::path::parent_path(F->Path).str();
    for (const std::string &P : F->Exclude)
      addExclusion(*S, P, Dir);
    if (F->Cite)
      S->Cite = *F->Cite;
    if (F->Cache)
      S->Cache = *F->Cache;
    if (F->CacheMode)
      S->CacheMode = F->CacheMode;
    S->RulePaths.insert(S->RulePaths.end(), F->RulePaths.begin(),
                        F->RulePaths.end());
    S->RecordPaths.insert(S->RecordPaths.end(), F->RecordPaths.begin(),
                          F->RecordPaths.end());
  }
  if (CommandLine.Checks)
    Checks.push_back(*CommandLine.Checks);
  S->Checks = llvm::join(Checks, ",");
  if (CommandLine.HeaderFilter)
    S->HeaderFilter = CommandLine.HeaderFilter;
  for (const std::string &P : CommandLine.Exclude)
    addExclusion(*S, P, ProjectRoot);
  if (CommandLine.Cite)
    S->Cite = *CommandLine.Cite;
  for (const std::string &P : CommandLine.RulePaths)
    S->RulePaths.push_back(P);
  for (const std::string &P : CommandLine.RecordPaths)
    S->RecordPaths.push_back(P);
  S->finalize();
  return S;
}

const Settings *ConfigResolver::forPath(llvm::StringRef AbsPath,
                                        std::vector<LoadError> &Errors) {
  bool Failed = false;
  std::vector<const ConfigFile *> Chain;
  if (!CommandLine.ConfigFile.empty()) {
    if (const ConfigFile *F = load(CommandLine.ConfigFile, Errors, Failed))
      Chain.push_back(F);
  } else {
    std::string Dir = llvm::sys::fs::is_directory(AbsPath)
                          ? AbsPath.str()
                          : llvm::sys::path::parent_path(AbsPath).str();
    const ConfigFile *F = nearest(Dir, Errors, Failed);
    while (F && !Failed) {
      Chain.insert(Chain.begin(), F);
      if (!F->InheritParentConfig)
        break;
      llvm::StringRef Parent =
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(F->Path));
      F = Parent.empty() ? nullptr : nearest(Parent.str(), Errors, Failed);
    }
  }
  if (Failed)
    return nullptr;
  std::string Key = Chain.empty() ? "" : Chain.back()->Path;
  auto It = ByConfig.find(Key);
  if (It != ByConfig.end())
    return It->second.get();
  return (ByConfig[Key] = merge(std::move(Chain))).get();
}

bool ConfigResolver::validate(const Catalog &Cat,
                              std::vector<LoadError> &Errors) const {
  size_t Before = Errors.size();
  for (const auto &[Path, File] : Files)
    for (const auto &[Rule, Site] : File->SeveritySites)
      if (!Cat.findRule(Rule)) {
        LoadError E = Site;
        E.Message = "severity override for unknown rule '" + Rule +
                    "' (see --list-rules)";
        Errors.push_back(std::move(E));
      }
  return Errors.size() == Before;
}

} // namespace errlint
