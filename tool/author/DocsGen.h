//===- DocsGen.h - The rule reference, generated from the catalogue -*- C++ -*-//
//
// One Markdown page per rule (what it flags, its examples, its profiles, the
// records it cites with their tips and fixes) and an index, generated from
// the rule and record files so the docs never drift from the data. The rule
// examples are also written out as source files for the test suite to check.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DOCSGEN_H
#define ERRLINT_DOCSGEN_H

#include "Catalog.h"
#include <string>

namespace errlint {

/// The Markdown reference page of one rule.
std::string ruleReferencePage(const Catalog &Cat, const Rule &R);

/// The Markdown index of every rule, linking their pages.
std::string ruleIndexPage(const Catalog &Cat);

/// Writes Dir/rules/README.md and Dir/rules/<id>.md for every rule, removing
/// pages of rules that no longer exist. Returns false with Error set when a
/// file cannot be written.
bool generateRuleDocs(const Catalog &Cat, const std::string &Dir,
                      std::string &Error);

/// The source file of one rule example: a header naming the rule, the rule's
/// example prelude, then the example's code.
std::string exampleSource(const Rule &R, const RuleExample &E);

/// Writes every rule example as Dir/<rule-id>/<flagged|not-flagged>-<n>.cpp.
/// Returns false with Error set when a file cannot be written.
bool extractRuleExamples(const Catalog &Cat, const std::string &Dir,
                         std::string &Error);

} // namespace errlint

#endif
