// A range-for's body runs only when its range holds an element: a close
// made only where the container was empty (`if (rows.empty()) pclose(lp);`)
// is not met inside a loop over it, while the container is not resized.
// After the loop the object may be closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <vector>

int printRows(const std::vector<int> &rows) {
  FILE *lp = ::popen("lpr", "w");
  if (!lp)
    return -1;
  if (rows.empty())
    ::pclose(lp);
  for (int r : rows)
    std::fprintf(lp, "%d\n", r);
  std::fputs("end\n", lp);
  // CHECK: [[@LINE-1]]:3: warning: call to 'fputs' on 'lp' that may have been closed
  return 0;
}

int growing(std::vector<int> &rows) {
  FILE *lp = ::popen("lpr", "w");
  if (!lp)
    return -1;
  if (rows.empty()) {
    ::pclose(lp);
    rows.push_back(0);
  }
  for (int r : rows)
    std::fprintf(lp, "%d\n", r);
  // CHECK: [[@LINE-1]]:5: warning: call to 'fprintf' on 'lp' that may have been closed
  return 0;
}
