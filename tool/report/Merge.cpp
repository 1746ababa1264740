//===- Merge.cpp - errlint merge: combining sharded reports --------------===//

#include "Merge.h"
#include "FindingJson.h"
#include "Formats.h"
#include "JsonReader.h"
#include "Paths.h"

#include <algorithm>
#include <map>
#include <set>

using json = nlohmann::ordered_json;

namespace errlint {

namespace {

enum class Kind { Json, Sarif };

struct Input {
  std::string Path;
  /// The report, keeping its members' order so that merging reproduces it.
  json Value;
  Kind K;
};

const char *kindName(Kind K) {
  return K == Kind::Json ? "an errlint JSON report" : "a SARIF log";
}

/// Reads one input and tells what it is.
bool loadInput(const std::string &Path, Input &In,
               std::vector<LoadError> &Errors) {
  std::string Text;
  JsonDoc Doc;
  In.Path = Path;
  if (!readFile(Path, Text, Errors) ||
      !parseDocument(Path, Text, 1, Doc, Errors))
    return false;
  Diagnoser Diag(Path, Doc, 1, Errors);
  In.Value = json::parse(Text);
  const json &V = In.Value;
  if (V.is_object() && V.value("version", json()) == "2.1.0" &&
      V.contains("runs") && V["runs"].is_array()) {
    In.K = Kind::Sarif;
    return true;
  }
  if (V.is_object() && V.contains("findings") && V["findings"].is_array()) {
    In.K = Kind::Json;
    if (V.value("version", json()) == JsonReportVersion)
      return true;
    Diag.error("/version", "unsupported errlint JSON report version; "
                           "expected " +
                               std::to_string(JsonReportVersion));
    return false;
  }
  Diag.error("", "not an errlint JSON report or SARIF log");
  return false;
}

/// A string member, or "" (inputs were written by errlint).
std::string str(const json &V, const char *Key) {
  auto It = V.find(Key);
  return It != V.end() && It->is_string() ? It->get<std::string>() : "";
}

unsigned num(const json &V, const char *Key) {
  auto It = V.find(Key);
  return It != V.end() && It->is_number_unsigned() ? It->get<unsigned>() : 0;
}

/// Counts a finding of a report by its severity (SARIF's level is spelled
/// the same); anything not an error is a warning, as the exit code takes it.
void count(const std::string &Severity, SeverityCounts &Counts) {
  ++(parseSeverity(Severity) == SeverityLevel::Error ? Counts.Errors
                                                      : Counts.Warnings);
}

/// Keeps the first value for each key, then sorts by KeyOf.
template <typename KeyFn>
json uniqueSorted(std::vector<std::pair<std::string, json>> Items,
                  KeyFn KeyOf) {
  std::set<std::string> Seen;
  std::vector<json> Kept;
  for (auto &[Id, V] : Items)
    if (Seen.insert(Id).second)
      Kept.push_back(std::move(V));
  std::stable_sort(Kept.begin(), Kept.end(), [&](const json &A, const json &B) {
    return KeyOf(A) < KeyOf(B);
  });
  return json(std::move(Kept));
}

ReportKey jsonFindingKey(const json &F) {
  return {str(F, "file"), num(F, "line"), num(F, "column"), str(F, "rule"),
          str(F, "message")};
}

bool mergeJson(std::vector<Input> &Inputs, MergeOutcome &Out,
               std::vector<LoadError> &Errors) {
  std::vector<std::pair<std::string, json>> Findings, Incomplete;
  unsigned Files = 0;
  for (Input &In : Inputs) {
    json &V = In.Value;
    Files += num(V, "filesAnalyzed");
    for (json &F : V["findings"]) {
      if (!F.is_object() || str(F, "fingerprint").empty()) {
        Errors.push_back({In.Path, 0, 0, "/findings",
                          "a finding has no \"fingerprint\""});
        return false;
      }
      Findings.emplace_back(str(F, "fingerprint"), std::move(F));
    }
    if (V.contains("incomplete") && V["incomplete"].is_array())
      for (json &F : V["incomplete"])
        Incomplete.emplace_back(F.dump(), std::move(F));
  }
  json Merged = std::move(Inputs.front().Value);
  Merged["filesAnalyzed"] = Files;
  Merged["findings"] = uniqueSorted(std::move(Findings), jsonFindingKey);
  Merged["incomplete"] = uniqueSorted(
      std::move(Incomplete), [](const json &F) { return str(F, "file"); });
  for (const json &F : Merged["findings"])
    count(str(F, "severity"), Out.Counts);
  Out.Incomplete = !Merged["incomplete"].empty();
  Out.Text = Merged.dump(2) + "\n";
  return true;
}

/// The path a SARIF artifactLocation names, as errlint's reports write it.
std::string sarifPath(const json &ArtifactLocation) {
  std::string Uri = str(ArtifactLocation, "uri");
  llvm::StringRef U = Uri;
  U.consume_front("file://");
  return decodeUriPath(U);
}

ReportKey sarifResultKey(const json &R) {
  json Loc = json::object();
  if (R.contains("locations") && R["locations"].is_array() &&
      !R["locations"].empty())
    Loc = R["locations"][0].value("physicalLocation", json::object());
  json Region = Loc.value("region", json::object());
  return {sarifPath(Loc.value("artifactLocation", json::object())),
          num(Region, "startLine"), num(Region, "startColumn"),
          str(R, "ruleId"), str(R.value("message", json::object()), "text")};
}

std::string notificationPath(const json &N) {
  if (!N.contains("locations") || N["locations"].empty())
    return "";
  return sarifPath(N["locations"][0]
                       .value("physicalLocation", json::object())
                       .value("artifactLocation", json::object()));
}

/// The fingerprint a result is de-duplicated by.
std::string resultId(const json &R) {
  if (R.contains("partialFingerprints"))
    return str(R["partialFingerprints"], SarifFingerprintKey);
  return R.dump();
}

bool mergeSarif(std::vector<Input> &Inputs, MergeOutcome &Out,
                std::vector<LoadError> &Errors) {
  std::vector<std::pair<std::string, json>> Rules, Results, Notifications;
  bool Successful = true;
  unsigned Files = 0;
  for (Input &In : Inputs) {
    for (json &Run : In.Value["runs"]) {
      if (!Run.is_object() || !Run.contains("tool")) {
        Errors.push_back({In.Path, 0, 0, "/runs", "a run has no \"tool\""});
        return false;
      }
      for (json &R : Run["tool"]["driver"]["rules"])
        Rules.emplace_back(str(R, "id"), R);
      for (json &R : Run.value("results", json::array()))
        Results.emplace_back(resultId(R), R);
      for (json &Inv : Run.value("invocations", json::array())) {
        Successful = Successful && Inv.value("executionSuccessful", true);
        for (json &N : Inv.value("toolExecutionNotifications", json::array()))
          Notifications.emplace_back(N.dump(), N);
      }
      Files += num(Run.value("properties", json::object()), "filesAnalyzed");
    }
  }
  json Merged = std::move(Inputs.front().Value);
  json Run = Merged["runs"][0];
  // Rules keep the order they were first listed in.
  std::vector<std::string> RuleIds;
  json RuleList = json::array();
  for (auto &[Id, R] : Rules)
    if (std::find(RuleIds.begin(), RuleIds.end(), Id) == RuleIds.end()) {
      RuleIds.push_back(Id);
      RuleList.push_back(std::move(R));
    }
  Run["tool"]["driver"]["rules"] = std::move(RuleList);
  json Sorted = uniqueSorted(std::move(Results), sarifResultKey);
  for (json &R : Sorted) {
    auto It = std::find(RuleIds.begin(), RuleIds.end(), str(R, "ruleId"));
    R["ruleIndex"] = It - RuleIds.begin();
    count(str(R, "level"), Out.Counts);
  }
  Run["results"] = std::move(Sorted);
  Run["invocations"] = {
      {{"executionSuccessful", Successful},
       {"toolExecutionNotifications",
        uniqueSorted(std::move(Notifications), notificationPath)}}};
  Run["properties"]["filesAnalyzed"] = Files;
  Merged["runs"] = json::array({std::move(Run)});
  Out.Incomplete = !Successful;
  Out.Text = Merged.dump(2) + "\n";
  return true;
}

} // namespace

bool mergeReports(const std::vector<std::string> &Paths, MergeOutcome &Out,
                  std::vector<LoadError> &Errors) {
  std::vector<Input> Inputs(Paths.size());
  for (size_t I = 0; I < Paths.size(); ++I)
    if (!loadInput(Paths[I], Inputs[I], Errors))
      return false;
  for (const Input &In : Inputs)
    if (In.K != Inputs.front().K) {
      Errors.push_back({In.Path, 0, 0, "",
                        std::string("is ") + kindName(In.K) + " but " +
                            Inputs.front().Path + " is " +
                            kindName(Inputs.front().K) +
                            "; merge reports of one format"});
      return false;
    }
  return Inputs.front().K == Kind::Json ? mergeJson(Inputs, Out, Errors)
                                        : mergeSarif(Inputs, Out, Errors);
}

bool findingsFromJsonReport(const std::string &Text,
                            std::vector<Finding> &Findings,
                            std::string &Error) {
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, false);
  if (J.is_discarded() || !J.is_object() || !J.contains("findings") ||
      !J["findings"].is_array()) {
    Error = "an HTML report is made from errlint JSON reports only";
    return false;
  }
  try {
    FindingPaths Paths;
    Paths.Root = J.value("projectRoot", "");
    for (const nlohmann::json &F : J["findings"])
      Findings.push_back(findingFromJson(F, Paths));
  } catch (const nlohmann::json::exception &E) {
    Error = std::string("malformed finding in the merged report: ") + E.what();
    return false;
  }
  return true;
}

} // namespace errlint
