//===- FuzzRules.cpp - Fuzzes the rule loader ----------------------------===//
#include "Catalog.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<errlint::LoadError> Errors;
  errlint::Catalog Cat;
  if (Cat.addRulesFromText("fuzz.json", Text, Errors))
    Cat.validate(Errors);
  for (const errlint::LoadError &E : Errors)
    (void)E.str();
  return 0;
}
