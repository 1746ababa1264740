// Assigning a new owner to a unique_ptr with a closing deleter (`log =
// FilePtr(std::fopen(next, "a"));`) runs the deleter on the FILE* it held,
// as `log.reset(next)` does: a raw copy of the old pointer taken before is
// closed, the new one the unique_ptr holds is open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>

struct CaseFileCloser {
  void operator()(std::FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using CaseFile = std::unique_ptr<std::FILE, CaseFileCloser>;

void rotateCaseLog(CaseFile &log, const char *next) {
  std::FILE *raw = log.get();
  std::fputs("cycle done\n", raw);
  log = CaseFile(std::fopen(next, "a"));
  std::fputs("continued\n", raw);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'fputs' on 'raw' after it was closed
  if (log)
    std::fputs("continuing\n", log.get());
}
