// A std::unique_ptr emptied by reset() or release() destroys nothing at the
// end of its scope: its closing deleter ran (or will run) once. One still
// holding the stream after a manual fclose() closes it a second time.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>

struct FileCloser {
  // CHECK: empty-owners.cpp:[[@LINE+1]]:37: warning: 'fclose' closes 'Held' a second time
  void operator()(FILE *Fp) const { std::fclose(Fp); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

void resetFirst(const char *Path) {
  FilePtr Out(std::fopen(Path, "w"));
  if (!Out)
    return;
  std::fputs("x", Out.get());
  Out.reset();
}

void releasedThenClosed(const char *Path) {
  FilePtr Src(std::fopen(Path, "r"));
  if (!Src)
    return;
  FILE *Raw = Src.release();
  std::fgetc(Raw);
  std::fclose(Raw);
}

void resetToNull(const char *Path) {
  FilePtr Out(std::fopen(Path, "w"));
  if (!Out)
    return;
  Out.reset(nullptr);
}

void closedByHand(const char *Path) {
  FilePtr Held(std::fopen(Path, "w"));
  if (!Held)
    return;
  std::fclose(Held.get());
}
