// A close in a loop guarded by the counter's equality with a value that
// does not change while the function runs, computed from stable terms
// (`route.size() / 2`, `n * 2 + 1`), runs in one iteration only: the
// counter has moved on by the next. Two tests of the same expression meet
// on one fact. A guard by `>=` runs in every later iteration too.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <vector>

void holdHalfway(std::FILE *f, const std::vector<int> &route) {
  for (size_t i = 0; i < route.size(); ++i) {
    if (i == route.size() / 2)
      std::fclose(f);
    if (i < route.size() / 2)
      std::fprintf(f, "%d\n", route[i]);
  }
}

void closeAtComputed(std::FILE *f, int n) {
  for (int i = 0; i < 100; ++i)
    if (i == n * 2 + 1)
      std::fclose(f);
}

void closeFromHalfway(std::FILE *f, const std::vector<int> &route) {
  for (size_t i = 0; i < route.size(); ++i)
    if (i >= route.size() / 2)
      // CHECK: close-at-computed-index.cpp:[[@LINE+1]]:7: warning: 'fclose' closes 'f' that may already have been closed
      std::fclose(f);
}
