//===- Report.h - Printing findings -----------------------------*- C++ -*-===//
#ifndef ERRLINT_REPORT_H
#define ERRLINT_REPORT_H

#include "Engine.h"
#include "llvm/Support/raw_ostream.h"

namespace errlint {

/// Prints findings as clang does: "file:line:col: warning: message [id]",
/// the source line with a caret, then the notes.
void renderText(const Catalog &Cat, const std::vector<Finding> &Findings,
                CiteLevel Level, llvm::raw_ostream &OS);

/// Where a record's failure happened:
/// "apache/kafka (clients/.../ChunkedRecordAccumulator.java:322)".
std::string recordSource(const Record &R);

/// A record's error: "KafkaException: "Producer closed while send in
/// progress"".
std::string recordError(const Record &R);

/// The text of a note without a location, as printed after "note: ": lines
/// after the first are indented by four spaces (empty ones stay empty) so that
/// an example fix stands apart from the diagnostics around it.
std::string plainNoteText(llvm::StringRef Text);

/// Prints a rule and everything its records say (for --explain).
void explainRule(const Catalog &Cat, const Rule &R, llvm::raw_ostream &OS);

/// Prints one line per rule (for --list-rules).
void listRules(const Catalog &Cat, llvm::raw_ostream &OS);

} // namespace errlint

#endif
