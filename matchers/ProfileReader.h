//===- ProfileReader.h - Reading profiles from rule and profile files ---===//
//
// What Catalog.cpp's rule reader needs from the profile reader: a profile
// written in a rule, a library's profile file, and a rule's reference to a
// library profile by name. Internal to the catalogue.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_PROFILEREADER_H
#define ERRLINT_PROFILEREADER_H

#include "Catalog.h"
#include "JsonReader.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace errlint {
namespace reader {

/// A record id cited by a rule, with where it is cited.
struct CitedRecord {
  std::string Id;
  LoadError Site;
};

/// A name a C++ program could use: a bound node's, a rule's id.
bool isIdentifier(llvm::StringRef S);
/// A rule or profile id: ^[a-z0-9][a-z0-9-]*$.
bool isRuleId(llvm::StringRef S);

/// Reads an array of record ids and remembers where each is cited.
bool readRecordIds(Diagnoser &Diag, ObjectReader &R, bool Required,
                   std::vector<std::string> &Out,
                   std::vector<CitedRecord> &Cited);

/// Reads one profile written in a rule of this analysis (or, with Lib, a
/// library's profile file, which serves every analysis). A draft rule may
/// leave its close and use lists empty for the reviewer to fill.
bool readProfile(Diagnoser &Diag, const nlohmann::json &V,
                 const std::string &Pointer, AnalysisKind Analysis, bool Draft,
                 Profile &P, std::vector<CitedRecord> &Cited,
                 LibraryProfile *Lib = nullptr);

/// Reads a profile file: `{"profile": {...}}`.
std::optional<LibraryProfile> readProfileFile(Diagnoser &Diag,
                                              const nlohmann::json &Top);

/// Reads a rule's reference to a library profile (a name, or `{"use":
/// NAME, ...}` with the rule's own consequence or records), resolved
/// against this load's own profiles and then the catalogue's.
bool readProfileRef(Diagnoser &Diag, const nlohmann::json &V,
                    const std::string &Pointer, const Rule &Out,
                    const Catalog &Cat,
                    const std::map<std::string, LibraryProfile> &Own,
                    Profile &P, std::string &NamePointer,
                    std::vector<CitedRecord> &Cited);

} // namespace reader
} // namespace errlint

#endif
