// A guard written as a statement of its own (`FileGuard{f};`, the
// unnamed-guard mistake) is a temporary destroyed where that statement
// ends: its destructor closes the stream at once, and the reads after it
// read a closed stream. A named guard closes at the end of its scope; a
// temporary whose destructor closes nothing changes nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <chrono>
#include <cstdio>

struct FileGuard {
  std::FILE *f;
  ~FileGuard() {
    if (f)
      std::fclose(f);
  }
};

class StreamCloser {
public:
  explicit StreamCloser(std::FILE *f) : f_(f) {}
  ~StreamCloser() { std::fclose(f_); }

private:
  std::FILE *f_;
};

struct Stopwatch {
  const char *what;
  ~Stopwatch() { std::printf("%s done\n", what); }
};

void unnamedGuard(const char *path) {
  std::FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  FileGuard{f};
  char line[64];
  std::fgets(line, sizeof line, f);
  // CHECK: discarded-temporary-destructor.cpp:[[@LINE-1]]:3: warning: call to 'fgets' on 'f' after it was closed
}

void unnamedConstructed(const char *path) {
  std::FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  StreamCloser{f};
  std::fputs("header\n", f);
  // CHECK: discarded-temporary-destructor.cpp:[[@LINE-1]]:3: warning: call to 'fputs' on 'f' after it was closed
}

void namedGuard(const char *path) {
  std::FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  FileGuard g{f};
  char line[64];
  std::fgets(line, sizeof line, f);
}

void timedRead(const char *path) {
  std::FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  Stopwatch{"open"};
  char line[64];
  std::fgets(line, sizeof line, f);
  std::fclose(f);
}
