// A counter stepped once in every iteration of a range-for from 0 (`if
// (++written == latest_.size() && fclose(out) != 0)`) reaches the size in
// the last iteration only: the stream closed there is not written to or
// closed again. A counter compared with a constant the loop passes early
// closes in an iteration the loop goes on from.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <map>
#include <string>

struct Snapshot {
  std::map<std::string, int> latest_;

  int writeAll(const char *path) const {
    FILE *out = std::fopen(path, "w");
    if (!out)
      return -1;
    std::size_t written = 0;
    for (const auto &entry : latest_) {
      std::fprintf(out, "%s %d\n", entry.first.c_str(), entry.second);
      if (++written == latest_.size() && std::fclose(out) != 0)
        return -1;
    }
    return 0;
  }

  int writeFirst(const char *path) const {
    FILE *out = std::fopen(path, "w");
    if (!out)
      return -1;
    std::size_t written = 0;
    for (const auto &entry : latest_) {
      std::fprintf(out, "%s %d\n", entry.first.c_str(), entry.second);
      // CHECK: iteration-counter-last.cpp:[[@LINE-1]]:7: warning: call to 'fprintf' on 'out' that may have been closed
      if (++written == 1)
        std::fclose(out);
    }
    return 0;
  }
};
