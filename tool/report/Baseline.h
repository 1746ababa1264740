//===- Baseline.h - Finding identity and baselines -------------*- C++ -*-===//
//
// A finding's fingerprint identifies it across edits: it hashes the rule,
// the file (relative to the project root), the enclosing function, the
// whitespace-collapsed text of the flagged line and how many identical
// findings come before it in that function. Line numbers are left out, so
// adding or removing unrelated lines above a finding keeps its identity.
//
// A baseline records the fingerprints of today's findings; a run given a
// baseline reports (and fails on) only the findings not in it.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_BASELINE_H
#define ERRLINT_BASELINE_H

#include "Results.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>
#include <vector>

namespace errlint {

/// The version of the baseline file format (its "version" field).
constexpr unsigned BaselineVersion = 1;

/// Text with every run of whitespace turned into one space, trimmed.
std::string collapseWhitespace(llvm::StringRef Text);

/// Sets the fingerprint of every result. Results must be in report order
/// (sortResults), which numbers identical findings by their position.
void assignFingerprints(std::vector<Result> &Results,
                        const std::string &ProjectRoot);

/// Writes a baseline holding Results.
void writeBaseline(const std::vector<Result> &Results,
                   const std::string &ProjectRoot, llvm::raw_ostream &OS);

/// The fingerprints of a baseline file.
class Baseline {
public:
  bool load(const std::string &Path, std::vector<LoadError> &Errors);
  bool contains(const std::string &Fingerprint) const {
    return Fingerprints.count(Fingerprint) != 0;
  }

private:
  std::set<std::string> Fingerprints;
};

} // namespace errlint

#endif
