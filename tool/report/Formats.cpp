//===- Formats.cpp - Machine-readable reports ----------------------------===//

#include "Formats.h"
#include "FindingJson.h"
#include "HtmlReport.h"
#include "Paths.h"
#include "Report.h"
#include "Suppressions.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using json = nlohmann::ordered_json;

namespace errlint {

const char SarifFingerprintKey[] = "errlintFingerprint/v1";

namespace {

const char SarifSchema[] = "https://json.schemastore.org/sarif-2.1.0.json";
const char SrcRoot[] = "%SRCROOT%";

std::string reportPath(const std::string &File, const RunReport &Report) {
  return relativeToRoot(File, Report.ProjectRoot);
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

json findingJson(const Catalog &Cat, const Result &R,
                 const RunReport &Report) {
  FindingPaths Paths;
  Paths.Write = [&](const std::string &File) {
    return reportPath(File, Report);
  };
  FindingExtras Extra;
  Extra.Fingerprint = R.Fingerprint;
  json J = errlint::findingJson<json>(R.F, Paths, Extra);
  J["citations"] = citationNotes(Cat, R.F, R.Cite);
  return J;
}

json failuresJson(const RunReport &Report) {
  json List = json::array();
  for (const Failure &F : Report.Failures)
    List.push_back(
        {{"file", reportPath(F.File, Report)}, {"reason", F.Reason}});
  return List;
}

//===----------------------------------------------------------------------===//
// SARIF
//===----------------------------------------------------------------------===//

/// "send-after-close" -> "SendAfterClose", the friendly name SARIF wants.
std::string pascalCase(llvm::StringRef Id) {
  std::string Out;
  bool Upper = true;
  for (char C : Id) {
    if (!llvm::isAlnum(C)) {
      Upper = true;
      continue;
    }
    Out += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

/// A fence longer than any run of backticks in Text.
std::string fenceFor(llvm::StringRef Text) {
  size_t Longest = 0, Run = 0;
  for (char C : Text) {
    Run = C == '`' ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
  }
  return std::string(std::max<size_t>(3, Longest + 1), '`');
}

/// Escapes the brackets of text placed in a SARIF message, where
/// "[text](id)" links to a related location.
std::string escapeMessage(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '[' || C == ']' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

json artifactLocation(const std::string &File, const RunReport &Report) {
  std::string Rel = reportPath(File, Report);
  if (isRelative(Rel))
    return {{"uri", encodeUriPath(Rel)}, {"uriBaseId", SrcRoot}};
  return {{"uri", fileUri(File)}};
}

json physicalLocation(const Location &L, const RunReport &Report) {
  json Region = {{"startLine", L.Line}, {"startColumn", L.Column}};
  if (!L.LineText.empty())
    Region["snippet"] = {{"text", L.LineText}};
  return {{"artifactLocation", artifactLocation(L.File, Report)},
          {"region", std::move(Region)}};
}

std::string sarifLevel(SeverityLevel Severity) {
  return severityName(Severity);
}

json sarifResult(const Result &R, unsigned RuleIndex, const RunReport &Report) {
  const Finding &F = R.F;
  json Related = json::array();
  std::string Text = escapeMessage(F.Message);
  for (const Note &N : F.Notes) {
    if (!N.Loc.valid())
      continue;
    unsigned Id = Related.size() + 1;
    Text += (Id == 1 ? ". See " : ", ") + std::string("[") +
            escapeMessage(N.Message) + "](" + std::to_string(Id) + ")";
    Related.push_back({{"id", Id},
                       {"message", {{"text", N.Message}}},
                       {"physicalLocation", physicalLocation(N.Loc, Report)},
                       {"properties", {{"kind", noteKindName(N.Kind)}}}});
  }
  if (!Related.empty())
    Text += ".";
  json Location = {{"physicalLocation", physicalLocation(F.Loc, Report)}};
  if (!F.Function.empty())
    Location["logicalLocations"] = {
        {{"fullyQualifiedName", F.Function}, {"kind", "function"}}};
  json Result = {{"ruleId", checkName(F.RuleId)},
                 {"ruleIndex", RuleIndex},
                 {"level", sarifLevel(F.Severity)},
                 {"message", {{"text", Text}}},
                 {"locations", {std::move(Location)}},
                 {"partialFingerprints",
                  {{SarifFingerprintKey, R.Fingerprint}}},
                 {"properties", {{"records", F.RecordIds}}}};
  if (!Related.empty())
    Result["relatedLocations"] = std::move(Related);
  if (!F.Consequence.empty())
    Result["properties"]["consequence"] = F.Consequence;
  return Result;
}

json sarifNotification(const Failure &F, const RunReport &Report) {
  return {{"level", "error"},
          {"message", {{"text", F.Reason}}},
          {"locations",
           {{{"physicalLocation",
              {{"artifactLocation", artifactLocation(F.File, Report)}}}}}}};
}

/// The rules of the catalogue, then errlint-nolint.
std::vector<const Rule *> reportedRules(const Catalog &Cat) {
  std::vector<const Rule *> Rules;
  for (const Rule &R : Cat.rules())
    Rules.push_back(&R);
  Rules.push_back(&nolintRule());
  return Rules;
}

json sarifRun(const Catalog &Cat, const RunReport &Report,
              const ToolInfo &Tool) {
  std::vector<const Rule *> Rules = reportedRules(Cat);
  json RuleList = json::array();
  for (const Rule *R : Rules)
    RuleList.push_back(sarifRule(Cat, *R));
  json Driver = {{"name", "errlint"},
                 {"version", Tool.Version},
                 {"semanticVersion", Tool.Version},
                 {"rules", std::move(RuleList)}};
  if (!Tool.InformationUri.empty())
    Driver["informationUri"] = Tool.InformationUri;

  json Results = json::array();
  for (const Result &R : Report.Results) {
    auto It = std::find_if(Rules.begin(), Rules.end(), [&](const Rule *Rule) {
      return Rule->Id == R.F.RuleId;
    });
    Results.push_back(sarifResult(R, It - Rules.begin(), Report));
  }
  json Notifications = json::array();
  for (const Failure &F : Report.Failures)
    Notifications.push_back(sarifNotification(F, Report));

  std::string Root = fileUri(Report.ProjectRoot);
  if (!llvm::StringRef(Root).ends_with("/"))
    Root += "/";
  return {{"tool", {{"driver", std::move(Driver)}}},
          {"originalUriBaseIds", {{SrcRoot, {{"uri", Root}}}}},
          {"invocations",
           {{{"executionSuccessful", Report.Failures.empty()},
             {"toolExecutionNotifications", std::move(Notifications)}}}},
          {"results", std::move(Results)},
          {"properties", {{"filesAnalyzed", Report.FilesAnalyzed}}}};
}

//===----------------------------------------------------------------------===//
// GitHub workflow annotations
//===----------------------------------------------------------------------===//

/// Escapes an annotation's message ("%", CR and LF).
std::string escapeData(llvm::StringRef Text) {
  return percentEncode(
      Text, [](char C) { return !llvm::StringRef("%\r\n").contains(C); });
}

/// Escapes an annotation property (the message's escapes, ':' and ',').
std::string escapeProperty(llvm::StringRef Text) {
  return percentEncode(Text, [](char C) {
    return !llvm::StringRef("%\r\n:,").contains(C);
  });
}

void writeGithub(const Catalog &Cat, const RunReport &Report,
                 llvm::raw_ostream &OS) {
  for (const Result &R : Report.Results) {
    const Finding &F = R.F;
    std::string Message = F.Message;
    for (const Note &N : F.Notes) {
      Message += "\n" + N.Message;
      if (N.Loc.valid())
        Message += " (" + reportPath(N.Loc.File, Report) + ":" +
                   std::to_string(N.Loc.Line) + ":" +
                   std::to_string(N.Loc.Column) + ")";
    }
    for (const std::string &Text : citationNotes(Cat, F, R.Cite))
      Message += "\n" + Text;
    OS << "::" << sarifLevel(F.Severity)
       << " file=" << escapeProperty(reportPath(F.Loc.File, Report))
       << ",line=" << F.Loc.Line << ",col=" << F.Loc.Column
       << ",title=" << escapeProperty(checkName(F.RuleId))
       << "::" << escapeData(Message) << "\n";
  }
  for (const Failure &F : Report.Failures)
    OS << "::error file=" << escapeProperty(reportPath(F.File, Report))
       << ",title=errlint::" << escapeData(F.Reason) << "\n";
}

void writeText(const Catalog &Cat, const RunReport &Report,
               llvm::raw_ostream &OS) {
  for (const Result &R : Report.Results)
    renderText(Cat, {R.F}, R.Cite, OS);
}

void writeHtml(const Catalog &Cat, const RunReport &Report,
               const ToolInfo &Tool, llvm::raw_ostream &OS) {
  std::vector<Finding> Findings;
  for (const Result &R : Report.Results)
    Findings.push_back(R.F);
  HtmlReportOptions Opts;
  Opts.Generator = "errlint " + Tool.Version;
  renderHtml(Cat, Findings, Opts, OS);
}

} // namespace

std::string ruleHelpMarkdown(const Catalog &Cat, const Rule &R) {
  std::string Md = "**" + R.Summary + "**\n";
  if (!R.Description.empty())
    Md += "\n" + R.Description + "\n";
  bool Consequences = false;
  for (const Profile &P : R.Profiles) {
    if (P.Consequence.empty())
      continue;
    if (!Consequences)
      Md += "\n### What goes wrong at run time\n\n";
    Consequences = true;
    Md += "- `" + llvm::join(P.Types, "`, `") + "`: " + P.Consequence + "\n";
  }
  for (const std::string &Id : R.Records) {
    const Record *Rec = Cat.findRecord(Id);
    if (!Rec)
      continue;
    Md += "\n### Record " + Rec->Id + ": " + recordSource(*Rec) + "\n\n";
    Md += "Fails with `" + recordError(*Rec) + "`";
    if (!Rec->GithubUrl.empty())
      Md += " ([source](" + Rec->GithubUrl + "))";
    Md += ".\n";
    if (!Rec->PreventionTips.empty()) {
      Md += "\n**Prevention tips**\n\n";
      for (const std::string &Tip : Rec->PreventionTips)
        Md += "- " + Tip + "\n";
    }
    if (!Rec->ExampleFix.empty()) {
      std::string Fence = fenceFor(Rec->ExampleFix);
      Md += "\n**Example fix**\n\n" + Fence + "\n" + Rec->ExampleFix;
      if (!llvm::StringRef(Rec->ExampleFix).ends_with("\n"))
        Md += "\n";
      Md += Fence + "\n";
    }
  }
  return Md;
}

json sarifRule(const Catalog &Cat, const Rule &R) {
  std::string Text;
  if (R.Profiles.empty()) {
    Text = R.Summary + "\n\n" + R.Description + "\n";
  } else {
    llvm::raw_string_ostream OS(Text);
    explainRule(Cat, R, OS);
  }
  std::string Full = R.Description.empty() ? R.Summary : R.Description;
  return {{"id", checkName(R.Id)},
          {"name", pascalCase(R.Id)},
          {"shortDescription", {{"text", R.Summary}}},
          {"fullDescription", {{"text", Full}}},
          {"defaultConfiguration", {{"level", sarifLevel(R.Severity)}}},
          {"help", {{"text", Text}, {"markdown", ruleHelpMarkdown(Cat, R)}}},
          {"properties",
           {{"tags", {"reliability", analysisName(R.Analysis).str()}},
            {"problem.severity", sarifLevel(R.Severity)}}}};
}

json jsonReport(const Catalog &Cat, const RunReport &Report,
                const ToolInfo &Tool) {
  json Findings = json::array();
  for (const Result &R : Report.Results)
    Findings.push_back(findingJson(Cat, R, Report));
  return {{"version", JsonReportVersion},
          {"tool", {{"name", "errlint"}, {"version", Tool.Version}}},
          {"projectRoot", Report.ProjectRoot},
          {"filesAnalyzed", Report.FilesAnalyzed},
          {"findings", std::move(Findings)},
          {"incomplete", failuresJson(Report)}};
}

json sarifLog(const Catalog &Cat, const RunReport &Report,
              const ToolInfo &Tool) {
  return {{"$schema", SarifSchema},
          {"version", "2.1.0"},
          {"runs", {sarifRun(Cat, Report, Tool)}}};
}

void writeReport(Format F, const Catalog &Cat, const RunReport &Report,
                 const ToolInfo &Tool, llvm::raw_ostream &OS) {
  switch (F) {
  case Format::Text:
    writeText(Cat, Report, OS);
    return;
  case Format::Html:
    writeHtml(Cat, Report, Tool, OS);
    return;
  case Format::Json:
    OS << jsonReport(Cat, Report, Tool).dump(2) << "\n";
    return;
  case Format::Sarif:
    OS << sarifLog(Cat, Report, Tool).dump(2) << "\n";
    return;
  case Format::Github:
    writeGithub(Cat, Report, OS);
    return;
  }
}

} // namespace errlint
