// A close of a class errlint infers the protocol of that takes the
// object's own mutex for its whole body (`std::lock_guard lk(mu_);` as
// its first statement) is serialized with a thread that checks the
// object under that mutex (`std::lock_guard lk(x.mutex()); if
// (x.is_closed()) return;`): no race. A close that does not take it, or a
// thread that checks without it, races.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>

class Extruder {
public:
  void extrude(int cm) {
    if (closed_.load())
      throw std::logic_error("extruder closed");
    ropes_ += cm;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_.store(true);
  }
  void closeFast() { closed_.store(true); }
  bool is_closed() const { return closed_.load(); }
  std::mutex &mutex() { return mu_; }

private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  int ropes_ = 0;
};

void fryerLoop(Extruder &x, int orders) {
  for (int i = 0; i < orders; ++i) {
    std::lock_guard<std::mutex> lk(x.mutex());
    if (x.is_closed())
      return;
    x.extrude(18);
  }
}

void careless(Extruder &x, int orders) {
  for (int i = 0; i < orders; ++i) {
    if (x.is_closed())
      return;
    x.extrude(18);
  }
}

void serialized(int orders) {
  Extruder x;
  std::thread fryer(fryerLoop, std::ref(x), orders);
  x.close();
  fryer.join();
}

void closesWithoutTheMutex(int orders) {
  Extruder x;
  std::thread fryer(fryerLoop, std::ref(x), orders);
  x.closeFast();
  // CHECK: :[[@LINE-1]]:5: warning: 'x' is closed while a thread that uses it may still be running
  fryer.join();
}

void checksWithoutTheMutex(int orders) {
  Extruder x;
  std::thread fryer(careless, std::ref(x), orders);
  x.close();
  // CHECK: :[[@LINE-1]]:5: warning: 'x' is closed while a thread that uses it may still be running
  fryer.join();
}
