//===- Derive.h - Draft rules from error records ----------------*- C++ -*-===//
//
// `errlint derive RECORD...`: a draft rule for each record, for a person to
// review. The analysis comes from the record's tags, the close, use and
// query methods from the code it quotes (sourceCode, exampleFix,
// validationCode, tryCatchPattern), and what cannot be decided is listed in
// the rule's "review" points instead of being guessed. A draft loads as is.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVE_H
#define ERRLINT_DERIVE_H

#include "Catalog.h"
#include <nlohmann/json.hpp>

namespace errlint {

/// One draft rule (a rules-file object) for Rec.
nlohmann::json draftRule(const Record &Rec);

/// {"rules": [...]}: a draft for each record, in order.
nlohmann::json draftRules(const std::vector<const Record *> &Records);

} // namespace errlint

#endif
