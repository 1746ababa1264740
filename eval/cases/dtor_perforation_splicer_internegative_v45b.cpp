// Negative-cutting room bookkeeping. Each bench owns its ledger FILE* through
// a unique_ptr with an fclose deleter and a helper object (splice counter,
// perforation checker, internegative reporter) that keeps the raw FILE* and
// writes its totals from its destructor when the bench is torn down at the
// end of the shift. ConformSuite resets its reporter explicitly in its
// destructor body.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

struct FcloseDeleter {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using LedgerPtr = std::unique_ptr<FILE, FcloseDeleter>;

static LedgerPtr openLedger(const std::string &path) {
  LedgerPtr f(std::fopen(path.c_str(), "a"));
  if (!f)
    throw std::runtime_error("cannot open ledger " + path);
  return f;
}

class SpliceCounter {
public:
  explicit SpliceCounter(FILE *ledger) : ledger_(ledger) {}
  ~SpliceCounter() {
    std::fprintf(ledger_, "splices=%d rejected=%d\n", made_, rejected_); // BUG: use-after-close
  }
  void splice(bool cementHeld) { cementHeld ? ++made_ : ++rejected_; }

private:
  FILE *ledger_;
  int made_ = 0;
  int rejected_ = 0;
};

class PerforationCheck {
public:
  explicit PerforationCheck(FILE *ledger) : ledger_(ledger) {}
  ~PerforationCheck() {
    std::fprintf(ledger_, "perforations checked=%d damaged=%d\n", checked_, damaged_); // OK: the ledger outlives it
  }
  void inspect(int damagedPerfs) {
    ++checked_;
    damaged_ += damagedPerfs;
  }

private:
  FILE *ledger_;
  int checked_ = 0;
  int damaged_ = 0;
};

class InternegReport {
public:
  explicit InternegReport(FILE *ledger) : ledger_(ledger) {}
  ~InternegReport() {
    std::fprintf(ledger_, "internegatives ordered=%d\n", ordered_); // OK: reset before the ledger closes
  }
  void order() { ++ordered_; }

private:
  FILE *ledger_;
  int ordered_ = 0;
};

class CuttingBench {
public:
  explicit CuttingBench(const std::string &path) : ledger_(openLedger(path)) {
    counter_ = std::make_unique<SpliceCounter>(ledger_.get());
  }
  SpliceCounter &counter() { return *counter_; }

private:
  std::unique_ptr<SpliceCounter> counter_;
  LedgerPtr ledger_;
};

class SyncBench {
public:
  explicit SyncBench(const std::string &path)
      : ledger_(openLedger(path)), perfs_(std::make_unique<PerforationCheck>(ledger_.get())) {}
  PerforationCheck &perfs() { return *perfs_; }

private:
  LedgerPtr ledger_;
  std::unique_ptr<PerforationCheck> perfs_;
};

class ConformSuite {
public:
  explicit ConformSuite(const std::string &path) : ledger_(openLedger(path)) {
    report_ = std::make_unique<InternegReport>(ledger_.get());
  }
  ~ConformSuite() { report_.reset(); }
  InternegReport &report() { return *report_; }

private:
  std::unique_ptr<InternegReport> report_;
  LedgerPtr ledger_;
};

int main() {
  try {
    CuttingBench bench("cutting-bench.log");
    bench.counter().splice(true);
    bench.counter().splice(false);
    SyncBench sync("sync-bench.log");
    sync.perfs().inspect(2);
    ConformSuite suite("conform.log");
    suite.report().order();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
