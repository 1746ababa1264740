//===- DeriveDataset.h - errlint derive over many records -------*- C++ -*-===//
//
// Drives `errlint derive`: each record is sorted, drafted and checked
// against its example fix; the results are summarized by family and by
// repository, explained one by one (--explain), and the drafts written.
// The command line (tool/cli/DeriveCommand.cpp) parses the options and loads
// the records; everything it prints about derivation comes from here.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVEDATASET_H
#define ERRLINT_DERIVEDATASET_H

#include "Derive.h"
#include "DeriveValidate.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <vector>

namespace errlint {

/// One record's outcome.
struct DeriveEntry {
  Derived D;
  std::optional<Validation> Check; ///< For every draft.

  bool validated() const { return Check && Check->V == Verdict::Validated; }
  /// "use-after-close", "double-close", "close-while-in-use" (a draft the
  /// race rule validates), "ast-matcher" or "out-of-reach".
  std::string family() const;
};

/// Sorts the records of one file in the order they appear in it (their
/// Origin's line).
void inFileOrder(std::vector<const Record *> &Records);

/// Writes {"rules": [...]} as nlohmann::json's dump(2) does, and a newline:
/// the drafts of Es, in order; only the validated ones when ValidatedOnly.
/// Rule by rule: a dataset's drafts are not copied into one document first.
/// Returns how many were written.
size_t writeDrafts(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es,
                   bool ValidatedOnly);

/// Derives every record on Jobs threads (0: one per hardware thread); the
/// entries are in the records' order and the same for any Jobs. With
/// Progress, a progress line on stderr that the end erases.
std::vector<DeriveEntry> deriveAll(const std::vector<const Record *> &Records,
                                   bool Progress, unsigned Jobs = 0);

/// The warnings worth a line on stderr: an exampleFix without markers.
void printWarnings(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es);

/// One line per record without a draft: "file:line: record ID: out of
/// reach (reason): why".
void printOutOfReach(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es);

/// The counts by outcome, family and repository, then a line for each
/// record that gave no validated draft. Written names where the validated
/// drafts went (empty: not written).
void printSummary(llvm::raw_ostream &OS, const std::vector<DeriveEntry> &Es,
                  const std::string &Written);

/// Everything about each record: its sorting, the draft, the review, the
/// validation and the C++ that was checked.
void printExplanations(llvm::raw_ostream &OS,
                       const std::vector<DeriveEntry> &Es);

} // namespace errlint

#endif
