// Flags kept in std::atomic members are flags: `closed_` read through its
// conversion or load(), and set by assignment, store() or exchange(), say
// what a plain bool would. A helper that closes only while the flag is
// clear, called twice, closes once; a flush that checks it after the close
// uses nothing; one that does not check it uses the closed producer.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <atomic>
using namespace kafka;

struct Sink {
  KafkaProducer *producer_;
  std::atomic<bool> closed_{false};
  std::atomic<int> state_{0};

  void shutdown() {
    if (closed_.load())
      return;
    closed_.store(true);
    producer_->close();
  }
  void shutdownByAssignment() {
    if (closed_)
      return;
    closed_ = true;
    producer_->close();
  }
  void halt() {
    if (state_.load() == 2)
      return;
    state_.exchange(2);
    producer_->close();
  }
  void flushChecked() {
    if (!closed_)
      producer_->flush();
  }
  void flushUnchecked() { producer_->flush(); }
};

void twice(Sink &s) {
  s.shutdown();
  s.shutdown();
  s.shutdownByAssignment();
  s.flushChecked();
}

void halted(Sink &s) {
  s.halt();
  s.halt();
}

void unchecked(Sink &s) {
  s.shutdown();
  // CHECK: atomic-flags.cpp:[[@LINE+1]]:5: warning: call to 'flushUnchecked' uses 's.producer_' that may have been closed [errlint-send-after-close]
  s.flushUnchecked();
}
