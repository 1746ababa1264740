//===- Baseline.cpp - Finding identity and baselines ---------------------===//

#include "Baseline.h"
#include "JsonReader.h"
#include "Paths.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <map>

using nlohmann::json;

namespace errlint {

std::string collapseWhitespace(llvm::StringRef Text) {
  std::string Out;
  bool Space = false;
  for (char C : Text.trim()) {
    if (llvm::isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

void assignFingerprints(std::vector<Result> &Results,
                        const std::string &ProjectRoot) {
  std::map<std::string, unsigned> Seen;
  for (Result &R : Results) {
    const Finding &F = R.F;
    std::string Key = F.RuleId + '\0' +
                      relativeToRoot(F.Loc.File, ProjectRoot) + '\0' +
                      F.Function + '\0' + collapseWhitespace(F.Loc.LineText);
    unsigned Occurrence = Seen[Key]++;
    Key += '\0' + std::to_string(Occurrence);
    R.Fingerprint = llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true,
                                    /*Width=*/16);
  }
}

void writeBaseline(const std::vector<Result> &Results,
                   const std::string &ProjectRoot, llvm::raw_ostream &OS) {
  using ordered = nlohmann::ordered_json;
  ordered Findings = ordered::array();
  for (const Result &R : Results)
    Findings.push_back({{"fingerprint", R.Fingerprint},
                        {"rule", R.F.RuleId},
                        {"file", relativeToRoot(R.F.Loc.File, ProjectRoot)},
                        {"function", R.F.Function},
                        {"message", R.F.Message}});
  ordered Doc = {{"version", BaselineVersion},
              {"tool", "errlint"},
              {"findings", std::move(Findings)}};
  OS << Doc.dump(2) << "\n";
}

bool Baseline::load(const std::string &Path, std::vector<LoadError> &Errors) {
  std::string Text;
  JsonDoc Doc;
  if (!readFile(Path, Text, Errors) ||
      !parseDocument(Path, Text, 1, Doc, Errors))
    return false;
  Diagnoser Diag(Path, Doc, 1, Errors);
  const json &V = Doc.Value;
  if (!V.is_object() || !V.contains("findings") || !V["findings"].is_array()) {
    Diag.error("", "not an errlint baseline: expected an object with a "
                   "\"findings\" array");
    return false;
  }
  unsigned Version = 0;
  ObjectReader Top(Diag, V, "");
  if (!Top.optUnsigned("version", Version))
    return false;
  if (Version != BaselineVersion) {
    Diag.error("/version", "unsupported baseline version " +
                               std::to_string(Version) + "; expected " +
                               std::to_string(BaselineVersion));
    return false;
  }
  const json &List = V["findings"];
  for (size_t I = 0; I < List.size(); ++I) {
    std::string Pointer = child("/findings", I);
    if (!List[I].is_object()) {
      Diag.error(Pointer, expected("an object", List[I]));
      continue;
    }
    ObjectReader R(Diag, List[I], Pointer);
    std::string Fingerprint;
    if (R.reqString("fingerprint", Fingerprint))
      Fingerprints.insert(Fingerprint);
  }
  return Diag.count() == 0;
}

} // namespace errlint
