//===- FuzzRecords.cpp - Fuzzes the error record loader ------------------===//
#include "Catalog.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<errlint::LoadError> Errors;
  errlint::Catalog Json, Lines;
  Json.addRecordsFromText("fuzz.json", Text, /*JsonLines=*/false, Errors);
  Lines.addRecordsFromText("fuzz.jsonl", Text, /*JsonLines=*/true, Errors);
  for (const errlint::LoadError &E : Errors)
    (void)E.str();
  return 0;
}
