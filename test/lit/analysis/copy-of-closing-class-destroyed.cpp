// A class whose destructor closes the handle it holds but keeps the
// compiler's copy constructor (the rule of three broken): a copy holds the
// same FILE* or descriptor, and its destruction closes it under the
// original. A local copy at the end of its scope and a copy passed by
// value at the end of the call both close what the original then uses. A
// class that deletes its copy constructor, or writes its own, is apart.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <unistd.h>
#include <utility>

class HiveLedger {
public:
  explicit HiveLedger(const char *path) : fp_(std::fopen(path, "a")) {}
  ~HiveLedger() {
    if (fp_)
      std::fclose(fp_);
  }
  void line(const char *text) { std::fputs(text, fp_); }

private:
  FILE *fp_;
};

class ExtractorPort {
public:
  explicit ExtractorPort(int fd) : fd_(fd) {}
  // The original's own destructor, after the copy's (weigh() below):
  // CHECK: copy-of-closing-class-destroyed.cpp:[[@LINE+1]]:22: warning: 'close' closes 'port.fd_' a second time
  ~ExtractorPort() { ::close(fd_); }
  void spin(int rpm) { ::write(fd_, &rpm, sizeof rpm); }

private:
  int fd_;
};

class SmokerValve {
public:
  explicit SmokerValve(int fd) : fd_(fd) {}
  SmokerValve(const SmokerValve &) = delete;
  SmokerValve &operator=(const SmokerValve &) = delete;
  ~SmokerValve() { ::close(fd_); }
  void puff() { ::write(fd_, "p", 1); }

private:
  int fd_;
};

class FrameCounter {
public:
  explicit FrameCounter(const char *path) : fp_(std::fopen(path, "a")) {}
  FrameCounter(const FrameCounter &o) : fp_(std::fopen("/dev/null", "a")) { (void)o; }
  ~FrameCounter() {
    if (fp_)
      std::fclose(fp_);
  }
  void count(const char *text) { std::fputs(text, fp_); }

private:
  FILE *fp_;
};

static void noteSwarm(HiveLedger ledger) { ledger.line("swarm\n"); }
static void runBriefly(ExtractorPort port) { port.spin(300); }
static void tally(FrameCounter counter) { counter.count("frame\n"); }

void inspectHive(HiveLedger &ledger) {
  {
    HiveLedger copy = ledger;
    copy.line("opened\n");
  }
  // CHECK: copy-of-closing-class-destroyed.cpp:[[@LINE+1]]:10: warning: call to 'line' uses 'ledger.fp_' that may have been closed
  ledger.line("inspected\n");
}

void swarm(HiveLedger &ledger, ExtractorPort &port) {
  noteSwarm(ledger);
  // CHECK: copy-of-closing-class-destroyed.cpp:[[@LINE+1]]:10: warning: call to 'line' uses 'ledger.fp_' that may have been closed
  ledger.line("after swarm\n");
  runBriefly(port);
  // CHECK: copy-of-closing-class-destroyed.cpp:[[@LINE+1]]:8: warning: call to 'spin' uses 'port.fd_' after it was closed
  port.spin(0);
}

void weigh() {
  ExtractorPort port(::dup(0));
  runBriefly(port);
}

void separate(SmokerValve &valve, FrameCounter &counter) {
  valve.puff();
  tally(counter);
  counter.count("done\n");
  valve.puff();
}
// CHECK-NOT: warning:
