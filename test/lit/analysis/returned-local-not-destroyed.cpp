// A local smart pointer or RAII handle a function returns by name (`return
// fp;`, moved or built in place) is handed to the caller: its destruction
// at the return destroys nothing, so the caller's copy is open. A local
// the function returns a copy of the raw handle of is destroyed: that
// handle is closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <string>

struct FileCloser {
  void operator()(std::FILE *fp) const noexcept {
    if (fp)
      std::fclose(fp);
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

FilePtr openFile(const std::string &path) {
  FilePtr fp(std::fopen(path.c_str(), "a"));
  if (!fp)
    std::fputs("cannot open\n", stderr);
  return fp;
}

std::FILE *leakyOpen(const std::string &path) {
  FilePtr fp(std::fopen(path.c_str(), "a"));
  return fp.get();
}

// Negative: the caller owns the open file.
void appendLine(const std::string &path) {
  FilePtr out = openFile(path);
  if (!out)
    return;
  std::setvbuf(out.get(), nullptr, _IOLBF, BUFSIZ);
  std::fputs("line\n", out.get());
}

// Positive: the FilePtr inside closed what it returned.
void appendLeaky(const std::string &path) {
  std::FILE *out = leakyOpen(path);
  std::fputs("line\n", out);
  // CHECK: returned-local-not-destroyed.cpp:[[@LINE-1]]:3: warning: call to 'fputs' on 'out' after it was closed
}
