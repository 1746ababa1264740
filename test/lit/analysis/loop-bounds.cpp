// A close in the iteration a loop's bound makes its last: compared with a
// constant, with a value the function does not change (`n`), or with the
// size of a const container, the counter stepped past it leaves the loop.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

// Negative: the last chunk's iteration closes, then the loop ends.
void lastChunk(int fd, const std::vector<std::string> &chunks) {
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    ::write(fd, chunks[i].data(), chunks[i].size()); // OK
    if (i + 1 == chunks.size())
      ::close(fd); // OK
  }
}
void lastOfN(int fd, const char *buf, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    ::write(fd, buf + i, 1); // OK
    if (i == n - 1)
      ::close(fd); // OK
  }
}
void lastOfThree(std::FILE *f) {
  for (int i = 0; i < 3; ++i) {
    std::fputs("line\n", f); // OK
    if (i >= 2)
      std::fclose(f); // OK
  }
}

// Positive: `<=` runs one more iteration after the one that closes (the
// close itself still runs once: `i == n - 1` holds in one iteration).
void oneTooMany(int fd, const char *buf, std::size_t n) {
  for (std::size_t i = 0; i <= n; ++i) {
    // CHECK: loop-bounds.cpp:[[@LINE+1]]:5: warning: call to 'write' on 'fd' that may have been closed
    ::write(fd, buf + i, 1);
    if (i == n - 1)
      ::close(fd);
  }
}

// Positive: the bound moves with the counter, so the closing iteration is
// not the last, and the next one closes again.
void boundGrows(int fd, const char *buf, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    // CHECK: loop-bounds.cpp:[[@LINE+1]]:5: warning: call to 'write' on 'fd' that may have been closed
    ::write(fd, buf + i, 1);
    if (i + 1 == n) {
      // CHECK: loop-bounds.cpp:[[@LINE+1]]:7: warning: 'close' closes 'fd' that may already have been closed
      ::close(fd);
      ++n;
    }
  }
}
void containerGrows(std::FILE *f, std::vector<std::string> &lines) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    // CHECK: loop-bounds.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'f' that may have been closed
    std::fputs(lines[i].c_str(), f);
    if (i + 1 == lines.size()) {
      // CHECK: loop-bounds.cpp:[[@LINE+1]]:7: warning: 'fclose' closes 'f' that may already have been closed
      std::fclose(f);
      lines.push_back("again");
    }
  }
}

// Positive: the counter is reset after the close.
void counterReset(std::FILE *f, const std::vector<std::string> &lines) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    // CHECK: loop-bounds.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'f' that may have been closed
    std::fputs(lines[i].c_str(), f);
    if (i + 1 == lines.size()) {
      // CHECK: loop-bounds.cpp:[[@LINE+1]]:7: warning: 'fclose' closes 'f' that may already have been closed
      std::fclose(f);
      i = 0;
    }
  }
}
