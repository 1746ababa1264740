//===- FindingJson.cpp - The one JSON encoding of a finding ---------------===//
#include "FindingJson.h"

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

template <class JsonT>
JsonT findingJson(const Finding &F, const FindingPaths &Paths,
                  const FindingExtras &Extra) {
  JsonT Notes = JsonT::array();
  for (const Note &N : F.Notes) {
    JsonT J = {{"kind", noteKindName(N.Kind)}, {"message", N.Message}};
    if (N.Loc.valid()) {
      J["file"] = written(N.Loc.File, Paths);
      J["line"] = N.Loc.Line;
      J["column"] = N.Loc.Column;
      if (Extra.NoteText)
        J["lineText"] = N.Loc.LineText;
    }
    Notes.push_back(std::move(J));
  }
  JsonT J = {{"rule", F.RuleId},
             {"severity", severityName(F.Severity)},
             {"message", F.Message},
             {"file", written(F.Loc.File, Paths)},
             {"line", F.Loc.Line},
             {"column", F.Loc.Column},
             {"function", F.Function},
             {"lineText", F.Loc.LineText}};
  if (!Extra.Fingerprint.empty())
    J["fingerprint"] = Extra.Fingerprint;
  J["notes"] = std::move(Notes);
  J["records"] = F.RecordIds;
  J["consequence"] = F.Consequence;
  return J;
}

template <class JsonT>
Finding findingFromJson(const JsonT &J, const FindingPaths &Paths) {
  Finding F;
  F.RuleId = J.at("rule").template get<std::string>();
  F.Severity = parseSeverity(J.value("severity", "warning"))
                   .value_or(SeverityLevel::Warning);
  F.Message = J.at("message").template get<std::string>();
  F.Loc.File = readBack(J.at("file").template get<std::string>(), Paths);
  F.Loc.Line = J.at("line").template get<unsigned>();
  F.Loc.Column = J.at("column").template get<unsigned>();
  F.Loc.LineText = J.value("lineText", "");
  F.Function = J.value("function", "");
  for (const JsonT &N : J.value("notes", JsonT::array())) {
    Note Out;
    Out.Kind =
        parseNoteKind(N.value("kind", "close")).value_or(NoteKind::Close);
    Out.Message = N.value("message", "");
    if (N.contains("file")) {
      Out.Loc.File = readBack(N.at("file").template get<std::string>(), Paths);
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

template nlohmann::json findingJson<nlohmann::json>(const Finding &,
                                                   const FindingPaths &,
                                                   const FindingExtras &);
template nlohmann::ordered_json
findingJson<nlohmann::ordered_json>(const Finding &, const FindingPaths &,
                                    const FindingExtras &);
template Finding findingFromJson(const nlohmann::json &, const FindingPaths &);
template Finding findingFromJson(const nlohmann::ordered_json &,
                                 const FindingPaths &);

} // namespace errlint
