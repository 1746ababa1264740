//===- FuzzConfig.cpp - Fuzzes the config file parser (JSON and YAML) ----===//
#include "Config.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  for (const char *Name : {"/p/.errlint.json", "/p/.errlint.yaml"}) {
    std::vector<errlint::LoadError> Errors;
    errlint::ConfigFile Out;
    errlint::parseConfigFile(Name, Text, Out, Errors);
    for (const errlint::LoadError &E : Errors)
      (void)E.str();
  }
  return 0;
}
