// `for (size_t i = 0; i < n; ++i) { ...; if (i + 1 == n) ::close(fd); }`
// closes in the last iteration, where `i - n == -1` with an unsigned i:
// there n >= 1, so `if (n == 0) ::close(fd);` after the loop closes only
// where the loop did not. A test that holds where the loop closed does
// close a second time.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstddef>
#include <string>
#include <unistd.h>
#include <vector>

void scoreCards(int plotter, const std::vector<std::string> &patterns) {
  const std::size_t n = patterns.size();
  for (std::size_t i = 0; i < n; ++i) {
    ::write(plotter, patterns[i].data(), patterns[i].size());
    if (i + 1 == n)
      ::close(plotter);
  }
  if (n == 0)
    ::close(plotter);
}

void scoreCardsTwice(int plotter, const std::vector<std::string> &patterns) {
  const std::size_t n = patterns.size();
  for (std::size_t i = 0; i < n; ++i) {
    ::write(plotter, patterns[i].data(), patterns[i].size());
    if (i + 1 == n)
      ::close(plotter);
  }
  if (n >= 1)
    ::close(plotter);
  // CHECK: last-iteration-size-bound.cpp:[[@LINE-1]]:5: warning: 'close' closes 'plotter' that may already have been closed
}
