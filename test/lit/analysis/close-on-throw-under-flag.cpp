// A helper that closes only while its own flag is clear (`if (closed_)
// return; closed_ = true; ledger_.close();`) and whose close may throw
// after closing closes, on that exception too, only while the flag is
// clear. Its callers' summaries keep that condition: after one call set
// the flag, a second call that throws has not closed the ledger again.
// Without the flag, the second close is a double close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>

class Ledger {
public:
  explicit Ledger(const char *path) : out_(std::fopen(path, "a")) {}
  void close() {
    if (!out_)
      throw std::logic_error("ledger closed twice");
    std::FILE *f = out_;
    out_ = nullptr;
    if (std::fclose(f) != 0)
      throw std::runtime_error("ledger: final write failed");
  }

private:
  std::FILE *out_;
};

class Day {
public:
  explicit Day(Ledger &ledger) : ledger_(ledger) {}
  void closeLedger() {
    if (closed_)
      return;
    closed_ = true;
    ledger_.close();
  }
  void shutters() { closeLedger(); }
  void nightWatch() { closeLedger(); }
  void forceClose() { ledger_.close(); }

private:
  Ledger &ledger_;
  bool closed_ = false;
};

// Negative: the flag set by shutters() keeps nightWatch() from closing.
void run(Ledger &ledger) {
  Day day(ledger);
  day.shutters();
  day.nightWatch();
}

// Positive: forceClose() has no flag.
void runForced(Ledger &ledger) {
  Day day(ledger);
  day.shutters();
  // CHECK: :[[@LINE+1]]:7: warning: 'forceClose' closes 'ledger' a second time
  day.forceClose();
}
