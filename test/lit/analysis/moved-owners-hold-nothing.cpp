// A smart pointer moved from (`Session s(std::move(f))` taking it by value,
// `g = std::move(f)`) holds nothing after: its destructor closes nothing, so
// the owner it was moved into closes the stream once. Where the new owner has
// closed it, a raw copy of the pointer is a use after close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <utility>

struct FcloseDeleter {
  void operator()(FILE *F) const { std::fclose(F); }
};
using UniqueFile = std::unique_ptr<FILE, FcloseDeleter>;

class Writer {
public:
  explicit Writer(UniqueFile F) : File(std::move(F)) {}
  void row(int N) { std::fprintf(File.get(), "%d\n", N); }

private:
  UniqueFile File;
};

bool exportRows(const char *Path, int N) {
  UniqueFile F(std::fopen(Path, "w"));
  if (!F)
    return false;
  Writer W(std::move(F));
  for (int I = 0; I < N; ++I)
    W.row(I);
  return true;
}

void reassigned(const char *Path) {
  UniqueFile F(std::fopen(Path, "w"));
  UniqueFile G;
  G = std::move(F);
  std::fputs("header\n", G.get());
}

void rawCopyOutlivesOwner(const char *Path) {
  FILE *Raw = std::fopen(Path, "w");
  if (!Raw)
    return;
  {
    UniqueFile F(Raw);
    UniqueFile G(std::move(F));
  }
  // CHECK: moved-owners-hold-nothing.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Raw' after it was closed
  std::fputs("trailer\n", Raw);
}
