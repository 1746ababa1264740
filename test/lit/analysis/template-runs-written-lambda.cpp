// A function template that calls the lambda it is given (`stage("x", [&]
// { ::close(fd); })` timing each stage) has what the lambda does in its
// instantiation's summary: a second close or a use after close made by
// the lambda is reported where the lambda makes it, once.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <chrono>
#include <cstdio>
#include <unistd.h>
#include <utility>

template <typename F> void stage(const char *name, F &&fn) {
  auto t0 = std::chrono::steady_clock::now();
  std::forward<F>(fn)();
  auto dt = std::chrono::steady_clock::now() - t0;
  std::printf("%s %lld\n", name, static_cast<long long>(dt.count()));
}

struct Line {
  int heaterFd = -1;
  int dryerFd = -1;
};

void shutdownLine(Line &line) {
  stage("mixer", [&] { ::close(line.heaterFd); });
  stage("release", [&] {
    ::close(line.dryerFd);
    ::close(line.heaterFd);
    // CHECK: [[@LINE-1]]:5: warning: 'close' closes 'line.heaterFd' a second time
  });
}

void logAfterClose(Line &line) {
  stage("mixer", [&] { ::close(line.heaterFd); });
  stage("note", [&] {
    ::write(line.heaterFd, "x", 1);
    // CHECK: [[@LINE-1]]:5: warning: call to 'write' on 'line.heaterFd' after it was closed
  });
}

void releasedOnce(Line &line) {
  stage("mixer", [&] {
    ::close(line.heaterFd);
    line.heaterFd = -1;
  });
  stage("release", [&] {
    if (line.heaterFd >= 0)
      ::close(line.heaterFd);
    ::close(line.dryerFd);
  });
}
