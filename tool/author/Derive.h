//===- Derive.h - Draft rules from error records ----------------*- C++ -*-===//
//
// `errlint derive RECORD...`: each record is sorted (a lifecycle, a single
// risky call shape, or out of reach for static analysis) and gets a draft
// rule for a person to review when errlint can check it. The protocol comes
// from the record's own sourceCode (DeriveJava.h); the names in exampleFix,
// validationCode and tryCatchPattern confirm or add. What cannot be decided
// is listed in the rule's "review" points instead of being guessed. A draft
// loads as is; DeriveValidate.h checks it against the record's example fix.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVE_H
#define ERRLINT_DERIVE_H

#include "Catalog.h"
#include "DeriveClassify.h"
#include <nlohmann/json.hpp>
#include <set>

namespace errlint {

/// The C++ a draft's object gets in the code generated to check it.
struct DraftApi {
  std::string Class; ///< A class name the draft's types match.
  std::vector<std::string> Types;
  std::vector<std::string> Close, Use, Reopen, QueryClosed, QueryOpen;
  std::string Receiver; ///< The object's name in the record's code.
};

/// What derive made of one record.
struct Derived {
  const Record *Rec = nullptr;
  Sorting Sort;
  /// The draft rule (a rules-file object); null when out of reach.
  nlohmann::json Rule;
  DraftApi Api;

  bool hasDraft() const { return !Rule.is_null(); }
  /// The rule's analysis ("use-after-close", "ast-matcher", ...), or "".
  std::string analysis() const;
};

/// Sorts Rec and drafts its rule.
Derived deriveRecord(const Record &Rec);

/// Gives D's draft an id not in Ids (two records may share a slug), and
/// adds it there.
void uniquifyId(Derived &D, std::set<std::string> &Ids);

} // namespace errlint

#endif
