//===- GlobList.h - clang-tidy style lists of check globs ------*- C++ -*-===//
//
// "-*,errlint-send-*" as clang-tidy reads its Checks option and the check
// lists of NOLINT comments: comma-separated globs where '*' matches any run
// of characters, a leading '-' excludes, and the last glob that matches a
// name decides.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_GLOBLIST_H
#define ERRLINT_GLOBLIST_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace errlint {

/// Whether Text matches Pattern, in which only '*' is special.
bool wildcardMatch(llvm::StringRef Pattern, llvm::StringRef Text);

class GlobList {
public:
  /// Parses Text; with KeepNegative false, '-' globs are dropped (NOLINT
  /// comments ignore them, as clang-tidy does).
  explicit GlobList(llvm::StringRef Text = "", bool KeepNegative = true);

  /// Whether the last glob that matches Name is positive.
  bool contains(llvm::StringRef Name) const;

  /// contains() for a rule, where each glob may name it with or without
  /// the "errlint-" prefix: "send-after-close" or "errlint-send-*".
  bool containsRule(llvm::StringRef RuleId) const;

private:
  struct Glob {
    bool Positive;
    std::string Pattern;
  };
  std::vector<Glob> Globs;
};

/// The name a rule's diagnostics carry: "errlint-" + RuleId.
std::string checkName(llvm::StringRef RuleId);

} // namespace errlint

#endif
