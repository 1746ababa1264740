//===- FindingJson.cpp - The one JSON encoding of a finding ---------------===//
#include "FindingJson.h"

using nlohmann::json;

namespace errlint {

namespace {

std::string written(const std::string &File, const FindingPaths &Paths) {
  return Paths.Write ? Paths.Write(File) : File;
}

std::string readBack(const std::string &File, const FindingPaths &Paths) {
  if (File.empty() || File.front() == '/' || Paths.Root.empty())
    return File;
  return Paths.Root + "/" + File;
}

} // namespace

json findingJson(const Finding &F, const FindingPaths &Paths,
                 bool WithNoteText) {
  json Notes = json::array();
  for (const Note &N : F.Notes) {
    json J = {{"kind", N.Kind}, {"message", N.Message}};
    if (N.Loc.valid()) {
      J["file"] = written(N.Loc.File, Paths);
      J["line"] = N.Loc.Line;
      J["column"] = N.Loc.Column;
      if (WithNoteText)
        J["lineText"] = N.Loc.LineText;
    }
    Notes.push_back(std::move(J));
  }
  return {{"rule", F.RuleId},
          {"severity", F.Severity},
          {"message", F.Message},
          {"file", written(F.Loc.File, Paths)},
          {"line", F.Loc.Line},
          {"column", F.Loc.Column},
          {"function", F.Function},
          {"lineText", F.Loc.LineText},
          {"notes", std::move(Notes)},
          {"records", F.RecordIds},
          {"consequence", F.Consequence}};
}

Finding findingFromJson(const json &J, const FindingPaths &Paths) {
  Finding F;
  F.RuleId = J.at("rule").get<std::string>();
  F.Severity = J.value("severity", "warning");
  F.Message = J.at("message").get<std::string>();
  F.Loc.File = readBack(J.at("file").get<std::string>(), Paths);
  F.Loc.Line = J.at("line").get<unsigned>();
  F.Loc.Column = J.at("column").get<unsigned>();
  F.Loc.LineText = J.value("lineText", "");
  F.Function = J.value("function", "");
  for (const json &N : J.value("notes", json::array())) {
    Note Out;
    Out.Kind = N.value("kind", "close");
    Out.Message = N.value("message", "");
    if (N.contains("file")) {
      Out.Loc.File = readBack(N.at("file").get<std::string>(), Paths);
      Out.Loc.Line = N.value("line", 0u);
      Out.Loc.Column = N.value("column", 0u);
      Out.Loc.LineText = N.value("lineText", "");
    }
    F.Notes.push_back(std::move(Out));
  }
  F.RecordIds = J.value("records", std::vector<std::string>());
  F.Consequence = J.value("consequence", "");
  return F;
}

} // namespace errlint
