// `if (tail.empty()) fclose(out);` then a loop over every index of tail:
// closed only where the loop's body is not entered, so its writes are on
// an open stream. The size of a container the function does not resize is
// a value facts are learned of (`empty()`, `size() == 0`), and the loop's
// counter starts at 0. A close where the container may hold elements
// (`size() < 2`, `!empty()`) is before the writes.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <string>
#include <vector>

void emptyThenLoop(FILE *out, const std::vector<std::string> &tail) {
  if (tail.empty())
    std::fclose(out);
  for (std::size_t i = 0; i < tail.size(); ++i)
    std::fputs(tail[i].c_str(), out);
}

void sizeZeroThenLoop(FILE *out, const std::vector<std::string> &tail) {
  if (tail.size() == 0)
    std::fclose(out);
  for (std::size_t i = 0; i < tail.size(); ++i)
    std::fputs(tail[i].c_str(), out);
}

void fewThenLoop(FILE *out, const std::vector<std::string> &tail) {
  if (tail.size() < 2)
    std::fclose(out);
  for (std::size_t i = 0; i < tail.size(); ++i)
    std::fputs(tail[i].c_str(), out);
  // CHECK: [[@LINE-1]]:5: warning: call to 'fputs' on 'out' that may have been closed
}

void someThenLoop(FILE *out, const std::vector<std::string> &tail) {
  if (!tail.empty())
    std::fclose(out);
  for (std::size_t i = 0; i < tail.size(); ++i)
    std::fputs(tail[i].c_str(), out);
  // CHECK: [[@LINE-1]]:5: warning: call to 'fputs' on 'out' that may have been closed
}
