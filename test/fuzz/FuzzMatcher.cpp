//===- FuzzMatcher.cpp - Fuzzes the matcher-rule parser -------------------===//
//
// The input is the text of an ast-matcher rule's matcher, one line per line,
// loaded as a rule and parsed with clang's dynamic matcher parser; every
// error must name a position inside the rules file.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"
#include "MatcherRules.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  nlohmann::json Lines = nlohmann::json::array();
  llvm::StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Lines.push_back(Line.str());
    Rest = Next;
  }
  if (Lines.empty())
    Lines.push_back("");
  nlohmann::json Rule = {{"id", "fuzz"},         {"summary", "s"},
                         {"analysis", "ast-matcher"}, {"records", {"r"}},
                         {"message", "m"},       {"matcher", Lines}};
  std::string RuleText =
      Rule.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::vector<errlint::LoadError> Errors;
  errlint::Catalog Cat;
  if (!Cat.addRulesFromText("fuzz.json", RuleText, Errors))
    return 0;
  errlint::checkMatcherRules(Cat, Errors);
  for (const errlint::LoadError &E : Errors) {
    // A position outside the one-line rules file is a bug.
    if (E.Line > 1 || E.Column > RuleText.size() + 1)
      std::abort();
    (void)E.str();
  }
  return 0;
}
