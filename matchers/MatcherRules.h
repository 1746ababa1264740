//===- MatcherRules.h - Rules that are AST matchers ------------*- C++ -*-===//
//
// An "ast-matcher" rule reports every node its matcher binds, the matcher
// written in clang-query syntax in the rule's data and parsed at run time by
// clang's dynamic matcher parser: a risky call shape needs no lifecycle, and
// no recompile. All the catalogue's matcher rules run in one AST traversal.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_MATCHERRULES_H
#define ERRLINT_MATCHERRULES_H

#include "Catalog.h"
#include "Engine.h"
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
}

namespace errlint {

class MatcherRules {
public:
  /// Parses the matcher of every ast-matcher rule of Cat. A matcher that
  /// does not parse, binds no node of that name or matches nothing errlint
  /// can report is an error at its position in the rules file.
  MatcherRules(const Catalog &Cat, std::vector<LoadError> &Errors);
  ~MatcherRules();
  MatcherRules(const MatcherRules &) = delete;
  MatcherRules &operator=(const MatcherRules &) = delete;

  bool empty() const;

  /// Appends a finding for each node a matcher binds outside system headers.
  void run(clang::ASTContext &Ctx, std::vector<Finding> &Out) const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

/// Parses the ast-matcher rules of Cat and reports their errors; what the
/// front ends call once the catalogue is loaded.
bool checkMatcherRules(const Catalog &Cat, std::vector<LoadError> &Errors);

} // namespace errlint

#endif
