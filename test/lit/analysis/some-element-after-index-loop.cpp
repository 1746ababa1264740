// An index loop that closes the element at its counter in some iterations
// (`if (flagged[s]) fclose(files[s]);`) leaves some element closed once the
// counter moves on: no single element's access can say which, but an
// operation on every element meets it (a range-for closing or writing
// each), whether the container is a parameter or the function's own. The
// result of a close compared with a number (`fclose(f) != 0`) does not
// tell the elements apart. An element replaced in the same iteration, an
// element at another index, and an index loop over the elements are not
// reported.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <vector>

bool closeFlaggedThenAll(int sites, const std::vector<bool> &flagged) {
  std::vector<FILE *> files(static_cast<size_t>(sites), nullptr);
  for (int s = 0; s < sites; ++s) {
    if (!flagged[s])
      continue;
    std::fclose(files[s]);
  }
  bool ok = true;
  for (FILE *f : files)
    // CHECK: some-element-after-index-loop.cpp:[[@LINE+1]]:9: warning: 'fclose' closes 'f' that may already have been closed [errlint-double-close]
    if (std::fclose(f) != 0)
      ok = false;
  return ok;
}

void closeOddThenWrite(std::vector<FILE *> &logs) {
  for (size_t i = 0; i < logs.size(); ++i)
    if (i % 2 == 1)
      std::fclose(logs[i]);
  for (FILE *f : logs)
    // CHECK: some-element-after-index-loop.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'f' that may have been closed [errlint-use-after-close]
    std::fputs("trailer\n", f);
}

void replaceFlagged(std::vector<FILE *> &logs,
                    const std::vector<bool> &stale) {
  for (size_t i = 0; i < logs.size(); ++i)
    if (stale[i]) {
      std::fclose(logs[i]);
      logs[i] = std::fopen("fresh.log", "a");
    }
  for (FILE *f : logs)
    std::fputs("rotated\n", f);
}

void closeOddThenIndex(std::vector<FILE *> &logs) {
  for (size_t i = 0; i < logs.size(); ++i)
    if (i % 2 == 1)
      std::fclose(logs[i]);
  for (size_t i = 0; i < logs.size(); i += 2)
    std::fputs("even\n", logs[i]);
  std::fputs("first\n", logs[0]);
}
