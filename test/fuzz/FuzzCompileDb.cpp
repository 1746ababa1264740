//===- FuzzCompileDb.cpp - Fuzzes the compilation database checker -------===//
#include "CompileDb.h"
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // The checker reads a file, as errlint does.
  static const std::string Path =
      "/tmp/errlint-fuzz-cdb-" + std::to_string(getpid()) + ".json";
  {
    std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  std::vector<errlint::LoadError> Errors;
  errlint::validateCompileDatabase(Path, Errors);
  for (const errlint::LoadError &E : Errors)
    (void)E.str();
  unlink(Path.c_str());
  return 0;
}
