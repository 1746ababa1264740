//===- FindingWire.cpp - Findings to and from JSON -----------------------===//

#include "FindingWire.h"
#include "FindingJson.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace errlint {

std::string toWire(const WireResult &R) {
  json Findings = json::array();
  for (const Finding &F : R.Findings)
    Findings.push_back(findingJson<json>(F, {}, {/*NoteText=*/true, ""}));
  json J = {{"findings", Findings},
            {"failed", R.Failed},
            {"reason", R.Reason},
            {"diagnostics", R.Diagnostics},
            {"files", R.Files},
            {"facts", factsToJson(R.Facts)},
            {"pending", R.Pending},
            {"pendingDigest", R.PendingDigest},
            {"pendingHeaders", R.PendingHeaders},
            {"astFile", R.AstFile}};
  // Invalid UTF-8 in a source line must not stop the report.
  return J.dump(-1, ' ', false, json::error_handler_t::replace);
}

void mapPaths(WireResult &R,
              const std::function<std::string(const std::string &)> &Map) {
  auto Spot = [&](SourceSpot &S) { S.File = Map(S.File); };
  for (std::string &F : R.Files)
    F = Map(F);
  for (std::string &H : R.PendingHeaders)
    H = Map(H);
  for (Finding &F : R.Findings) {
    F.Loc.File = Map(F.Loc.File);
    for (Note &N : F.Notes)
      N.Loc.File = Map(N.Loc.File);
  }
  for (ClassFacts &C : R.Facts) {
    Spot(C.Site);
    for (MethodFacts &M : C.Methods) {
      Spot(M.Site);
      for (Guard &G : M.Guards)
        Spot(G.Site);
      for (StateSet &S : M.Sets)
        Spot(S.Site);
      for (EffectFacts &E : M.Effects)
        Spot(E.Site);
    }
  }
}

bool fromWire(const std::string &Text, WireResult &R, std::string &Error) {
  try {
    json J = json::parse(Text);
    R = WireResult();
    for (const json &F : J.at("findings"))
      R.Findings.push_back(findingFromJson(F));
    R.Failed = J.at("failed").get<bool>();
    R.Reason = J.at("reason").get<std::string>();
    R.Diagnostics = J.at("diagnostics").get<std::string>();
    R.Files = J.at("files").get<std::vector<std::string>>();
    R.Facts = factsFromJson(J.at("facts"));
    R.Pending = J.at("pending").get<std::vector<std::string>>();
    R.PendingDigest = J.at("pendingDigest").get<std::string>();
    R.PendingHeaders = J.at("pendingHeaders").get<std::vector<std::string>>();
    R.AstFile = J.at("astFile").get<std::string>();
    return true;
  } catch (const json::exception &E) {
    Error = E.what();
    return false;
  }
}

} // namespace errlint
