// A loop over every index of a container (`for (size_t i = 0; i <
// v.size(); ++i)`, no break, no other write of i, no index singled out)
// visits every element: closing `v[i]` in it closes each in turn, as a
// range-for's variable does. A use of an element after the loop may be on
// a closed one; inside the body, the element at i is closed for the rest
// of the iteration and the next iteration's is another. `v[i + 1]` is not
// the element at i, and a loop that skips an index or stops early does
// not close every element.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <vector>

struct StationLogs {
  std::vector<FILE *> files;
};

void closeAll(StationLogs &logs, int total) {
  for (std::size_t i = 0; i < logs.files.size(); ++i) {
    std::fprintf(logs.files[i], "shift end\n");
    std::fclose(logs.files[i]);
  }
  std::fprintf(logs.files.front(), "total %d\n", total);
  // CHECK: [[@LINE-1]]:3: warning: call to 'fprintf' on 'logs.files.front()' that may have been closed
}

void closeTwice(std::vector<FILE *> &files) {
  for (std::size_t i = 0; i != files.size(); i++) {
    std::fclose(files[i]);
    std::fclose(files[i]);
    // CHECK: [[@LINE-1]]:5: warning: 'fclose' closes 'files[i]' a second time
  }
}

void closeThenPeekNext(std::vector<FILE *> &files) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::fclose(files[i]);
    if (i + 1 < files.size())
      std::fprintf(files[i + 1], "next\n");
  }
}

void skipFirst(std::vector<FILE *> &files) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (i == 0)
      continue;
    std::fclose(files[i]);
  }
  std::fprintf(files[0], "kept\n");
}

void stopEarly(std::vector<FILE *> &files, std::size_t n) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (i >= n)
      break;
    std::fclose(files[i]);
  }
  std::fprintf(files[0], "first\n");
}

void reopenEach(std::vector<FILE *> &files, const char *path) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::fclose(files[i]);
    files[i] = std::fopen(path, "a");
  }
  std::fprintf(files[0], "fresh\n");
}
