//===- FindingWire.cpp - Findings to and from JSON -----------------------===//

#include "FindingWire.h"
#include "FindingJson.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace errlint {

std::string toWire(const UnitResult &R) {
  json Findings = json::array();
  for (const Finding &F : R.Findings)
    Findings.push_back(findingJson<json>(F, {}, {/*NoteText=*/true, ""}));
  json J = {{"findings", Findings},
            {"failed", R.Failed},
            {"reason", R.Reason},
            {"diagnostics", R.Diagnostics},
            {"files", R.Files},
            {"astFile", R.AstFile}};
  writeInference(J, R.Inference);
  // Invalid UTF-8 in a source line must not stop the report.
  return J.dump(-1, ' ', false, json::error_handler_t::replace);
}

void mapPaths(UnitResult &R,
              const std::function<std::string(const std::string &)> &Map) {
  for (std::string &F : R.Files)
    F = Map(F);
  for (Finding &F : R.Findings) {
    F.Loc.File = Map(F.Loc.File);
    for (Note &N : F.Notes)
      N.Loc.File = Map(N.Loc.File);
  }
  mapPaths(R.Inference, Map);
}

bool fromWire(const std::string &Text, UnitResult &R, std::string &Error) {
  try {
    json J = json::parse(Text);
    R = UnitResult();
    for (const json &F : J.at("findings"))
      R.Findings.push_back(findingFromJson(F));
    R.Failed = J.at("failed").get<bool>();
    R.Reason = J.at("reason").get<std::string>();
    R.Diagnostics = J.at("diagnostics").get<std::string>();
    R.Files = J.at("files").get<std::vector<std::string>>();
    R.Inference = readInference(J);
    R.AstFile = J.at("astFile").get<std::string>();
    return true;
  } catch (const json::exception &E) {
    Error = E.what();
    return false;
  }
}

} // namespace errlint
