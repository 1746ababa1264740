// A smart pointer moved from (`Session s(std::move(f))` taking it by value,
// `g = std::move(f)`) holds nothing after: its destructor closes nothing, so
// the owner it was moved into closes the stream once. Where the new owner has
// closed it, a raw copy of the pointer is a use after close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <utility>

struct MohFcloseDeleter {
  void operator()(FILE *F) const { std::fclose(F); }
};
using MohUniqueFile = std::unique_ptr<FILE, MohFcloseDeleter>;

class MohWriter {
public:
  explicit MohWriter(MohUniqueFile F) : File(std::move(F)) {}
  void row(int N) { std::fprintf(File.get(), "%d\n", N); }

private:
  MohUniqueFile File;
};

bool mohExportRows(const char *Path, int N) {
  MohUniqueFile F(std::fopen(Path, "w"));
  if (!F)
    return false;
  MohWriter W(std::move(F));
  for (int I = 0; I < N; ++I)
    W.row(I);
  return true;
}

void mohReassigned(const char *Path) {
  MohUniqueFile F(std::fopen(Path, "w"));
  MohUniqueFile G;
  G = std::move(F);
  std::fputs("header\n", G.get());
}

void mohRawCopyOutlivesOwner(const char *Path) {
  FILE *Raw = std::fopen(Path, "w");
  if (!Raw)
    return;
  {
    MohUniqueFile F(Raw);
    MohUniqueFile G(std::move(F));
  }
  // CHECK: moved-owners-hold-nothing.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Raw' after it was closed
  std::fputs("trailer\n", Raw);
}
