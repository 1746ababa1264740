//===- Suppressions.h - NOLINT comments ------------------------*- C++ -*-===//
//
// Reads NOLINT, NOLINT(checks), NOLINTNEXTLINE(checks) and
// NOLINTBEGIN(checks)/NOLINTEND(checks) comments the way clang-tidy does, so
// that one comment silences a finding in errlint and in the clang-tidy
// plugin alike.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_SUPPRESSIONS_H
#define ERRLINT_SUPPRESSIONS_H

#include "Catalog.h"
#include "GlobList.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace errlint {

/// The rule unmatched NOLINTBEGIN/NOLINTEND comments are reported under
/// ("errlint-nolint"); it cannot be disabled or suppressed.
extern const char NolintRuleId[];

/// That rule's description, for reports that list rules (SARIF).
const Rule &nolintRule();

/// The NOLINT comments of one file.
class Suppressions {
public:
  enum class Kind { NoLint, NextLine, Begin, End };

  /// A NOLINT comment: its kind, where its "NOLINT" starts and the check
  /// list in its parentheses (none: every check).
  struct Directive {
    Kind K;
    size_t Offset;
    unsigned Line;
    unsigned Column;
    std::optional<std::string> Checks;
  };

  explicit Suppressions(llvm::StringRef Text);

  /// Whether a diagnostic named Check ("errlint-RULE") at Line:Column is
  /// silenced by a comment on its line, the line before, or a block.
  bool suppresses(llvm::StringRef Check, unsigned Line, unsigned Column) const;

  /// NOLINTBEGIN comments without their NOLINTEND, and NOLINTEND comments
  /// without their NOLINTBEGIN, in file order.
  const std::vector<Directive> &unmatched() const { return Unmatched; }

  /// The text of a line (1-based), without its line break.
  llvm::StringRef lineText(unsigned Line) const;

private:
  struct Block {
    size_t Begin;
    size_t End;
    GlobList Checks;
  };

  size_t offsetOf(unsigned Line, unsigned Column) const;
  bool lineHas(Kind K, unsigned Line, llvm::StringRef Check) const;

  std::string Text;
  std::vector<size_t> LineStarts;
  std::vector<Directive> Directives;
  std::vector<Block> Blocks;
  std::vector<Directive> Unmatched;
};

/// The message for an unmatched NOLINTBEGIN or NOLINTEND.
std::string unmatchedMessage(const Suppressions::Directive &D);

} // namespace errlint

#endif
