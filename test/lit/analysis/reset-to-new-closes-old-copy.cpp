// A unique_ptr with a closing deleter reset to a new object destroys the
// old one: a raw copy of the old pointer taken before (`FILE *day =
// in.get(); in.reset(fopen(late))`) names a closed stream, while the
// pointer itself holds the new, open one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
struct FileCloser { void operator()(std::FILE *f) const { if (f) std::fclose(f); } };
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;
long merge(const char *a, const char *b) {
  FilePtr in(std::fopen(a, "rb"));
  if (!in)
    return -1;
  std::FILE *const day = in.get();
  in.reset(std::fopen(b, "rb"));
  if (in)
    std::fgetc(in.get());
  return std::ftell(day);
  // CHECK: [[@LINE-1]]:10: warning: call to 'ftell' on 'day' after it was closed
}
long fine(const char *a, const char *b) {
  FilePtr in(std::fopen(a, "rb"));
  if (!in)
    return -1;
  long n = std::ftell(in.get());
  in.reset(std::fopen(b, "rb"));
  if (in)
    n += std::ftell(in.get());
  return n;
}
