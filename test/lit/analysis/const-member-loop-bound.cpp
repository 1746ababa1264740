// `i == run.emptyAfter` of a `const BatchRun &run` holds on one iteration
// only: run's members do not change while the loop runs, so a close made
// there is not met again by the loop's later iterations' close. A use
// after it in the same iteration is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstddef>
#include <fstream>
#include <vector>

struct BatchRun {
  std::vector<int> passes;
  std::size_t emptyAfter = 0;
};

class BatchLog {
public:
  void finish() {
    out_ << "end\n";
    out_.close();
  }
  void record(int p) { out_ << p << '\n'; }

private:
  std::ofstream out_;
};

void runBatch(BatchLog &log, const BatchRun &run) {
  for (std::size_t i = 0; i < run.passes.size(); ++i) {
    if (i == run.emptyAfter)
      log.finish();
    log.record(run.passes[i]);
    // CHECK: const-member-loop-bound.cpp:[[@LINE-1]]:9: warning: call to 'record' uses 'log.out_' that may have been closed
  }
}
