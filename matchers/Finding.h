//===- Finding.h - The finding model ----------------------------*- C++ -*-===//
//
// What the engine reports, as plain data every front end and format shares:
// a finding, its notes, the one position type they (and protocol facts and
// profile evidence) use, and the words a severity and a note's kind are
// written with in rule files, configuration, reports and the HTML page's
// script, each in one table beside its enum. No clang header.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_FINDING_H
#define ERRLINT_FINDING_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace errlint {

/// How bad a finding is; a configuration may change a rule's.
enum class SeverityLevel { Warning, Error };

/// What a finding's note points at.
enum class NoteKind {
  Close,       ///< Where the object was closed.
  CalleeUse,   ///< The use inside a function called at the finding.
  ThreadStart, ///< Where the thread that uses the object starts.
  ThreadUse,   ///< The use on that thread (or in a task it runs).
  ThrowSite,   ///< Where an inferred protocol throws.
  Protocol,    ///< What errlint inferred of a class.
};

namespace detail {
struct KindName {
  int Value;
  const char *Name;
};
inline constexpr KindName SeverityNames[] = {
    {int(SeverityLevel::Warning), "warning"},
    {int(SeverityLevel::Error), "error"},
};
inline constexpr KindName NoteKindNames[] = {
    {int(NoteKind::Close), "close"},
    {int(NoteKind::CalleeUse), "callee-use"},
    {int(NoteKind::ThreadStart), "thread-start"},
    {int(NoteKind::ThreadUse), "thread-use"},
    {int(NoteKind::ThrowSite), "throw-site"},
    {int(NoteKind::Protocol), "protocol"},
};

template <size_t N>
const char *nameIn(const KindName (&Table)[N], int Value) {
  for (const KindName &K : Table)
    if (K.Value == Value)
      return K.Name;
  return Table[0].Name;
}

template <size_t N>
std::optional<int> valueIn(const KindName (&Table)[N], llvm::StringRef Name) {
  for (const KindName &K : Table)
    if (Name == K.Name)
      return K.Value;
  return std::nullopt;
}
} // namespace detail

/// "warning" or "error".
inline const char *severityName(SeverityLevel S) {
  return detail::nameIn(detail::SeverityNames, int(S));
}
inline std::optional<SeverityLevel> parseSeverity(llvm::StringRef Name) {
  if (std::optional<int> V = detail::valueIn(detail::SeverityNames, Name))
    return SeverityLevel(*V);
  return std::nullopt;
}

/// "close", "thread-use", ... as reports and the HTML page's script spell
/// them.
inline const char *noteKindName(NoteKind K) {
  return detail::nameIn(detail::NoteKindNames, int(K));
}
inline std::optional<NoteKind> parseNoteKind(llvm::StringRef Name) {
  if (std::optional<int> V = detail::valueIn(detail::NoteKindNames, Name))
    return NoteKind(*V);
  return std::nullopt;
}

/// A position in a source file, with the text of its line (for snippets
/// and for quoting).
struct Location {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string LineText;
  /// The clang::SourceLocation it was made from, raw-encoded: meaningful
  /// only in the process that parsed the unit while its AST lives (the
  /// clang-tidy plugin reports through it); 0 anywhere else.
  uint64_t Raw = 0;

  bool valid() const { return Line != 0; }
};

/// A note attached to a finding; Loc is invalid for notes about records.
struct Note {
  Location Loc;
  std::string Message;
  NoteKind Kind = NoteKind::Close;
};

/// One risky call site.
struct Finding {
  std::string RuleId;
  SeverityLevel Severity = SeverityLevel::Warning;
  std::string Message; ///< Without the trailing "[errlint-RULE]".
  Location Loc;
  /// Qualified name of the function the finding is in, e.g. "ns::C::stop";
  /// part of a finding's identity in baselines.
  std::string Function;
  std::vector<Note> Notes;            ///< Source notes: where it was closed.
  std::vector<std::string> RecordIds; ///< Records the finding cites.
  std::string Consequence;            ///< The profile's runtime sentence.
};

} // namespace errlint

#endif
