// A close of a class whose protocol is inferred that does nothing unless
// the object was started (`if (!primed_) return;`) closes nothing on an
// object the caller knows was never started (its constructor leaves
// primed_ false): a use after it is no use after close. Started first, or
// given by the caller in an unknown state, the close closes.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <mutex>
#include <stdexcept>

class Extruder {
public:
  void prime(double litres) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_.load())
      throw std::logic_error("extruder closed");
    litres_ = litres;
    primed_ = true;
  }
  void extrude(int cm) {
    if (closed_.load())
      throw std::logic_error("extruder closed");
    litres_ -= cm * 0.004;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!primed_)
      return;
    litres_ = 0;
    primed_ = false;
    closed_.store(true);
  }

private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  bool primed_ = false;
  double litres_ = 0;
};

void closeBeforePriming() {
  Extruder x;
  x.close();
  x.prime(4.0);
  x.extrude(18);
}

void closeAfterPriming() {
  Extruder x;
  x.prime(4.0);
  x.close();
  x.extrude(18);
  // CHECK: :[[@LINE-1]]:5: warning: call to 'extrude' on 'x' after it was closed
}

void closeGiven(Extruder &x) {
  x.close();
  x.extrude(18);
  // CHECK: :[[@LINE-1]]:5: warning: call to 'extrude' on 'x' {{.*}}closed
}
