//===- StandaloneMain.cpp - Runs a fuzz target over files ----------------===//
//
// Without libFuzzer, each fuzz target is linked with this main: it runs the
// target once on every file given, or every file in the directories given,
// so that ctest replays the seed corpus and the crashes found earlier.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

static void runOn(const std::filesystem::path &File) {
  std::ifstream In(File, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  std::string Data = SS.str();
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(Data.data()),
                         Data.size());
}

int main(int Argc, char **Argv) {
  unsigned Count = 0;
  for (int I = 1; I < Argc; ++I) {
    std::filesystem::path P(Argv[I]);
    if (!std::filesystem::is_directory(P)) {
      runOn(P);
      ++Count;
      continue;
    }
    for (const auto &Entry : std::filesystem::recursive_directory_iterator(P))
      if (Entry.is_regular_file()) {
        runOn(Entry.path());
        ++Count;
      }
  }
  std::printf("ran %u input(s)\n", Count);
  return Count ? 0 : 1;
}
