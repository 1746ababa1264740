// A unique_ptr with a closing deleter reset on some iterations only: where
// it was reset it holds nothing, and unique_ptr runs no deleter on nothing,
// so a later reset() (or its destructor) closes nothing twice. A use through
// get() after such a reset is still a use of the closed stream, and a
// reset() after a close made through get() still closes twice.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct TallyCloser {
  void operator()(FILE *f) const noexcept { std::fclose(f); }
  // CHECK: [[@LINE-1]]:45: warning: 'fclose' closes 'sheet' a second time
};
using TallySheet = std::unique_ptr<FILE, TallyCloser>;

size_t writePens(const std::vector<std::string> &pile, const char *path) {
  TallySheet sheet(std::fopen(path, "w"));
  if (!sheet)
    return 0;
  size_t written = 0;
  for (const std::string &tag : pile) {
    if (tag.empty()) {
      sheet.reset();
      continue;
    }
    std::fprintf(sheet.get(), "%s\n", tag.c_str());
    // CHECK: [[@LINE-1]]:5: warning: call to 'fprintf' on 'sheet.get()' that may have been closed
    ++written;
  }
  return written;
}

void closeEveryPen(const std::vector<std::string> &pens, const char *path) {
  TallySheet sheet(std::fopen(path, "w"));
  if (!sheet)
    return;
  for (const std::string &pen : pens)
    if (pen == "last")
      sheet.reset();
  sheet.reset();
}

void closedThroughGet(const char *path) {
  TallySheet sheet(std::fopen(path, "w"));
  if (!sheet)
    return;
  std::fclose(sheet.get());
  sheet.reset();
}
