// Controller for a churro stand's batter extruder. The extruder pipes star-
// shaped ropes of choux batter into the fryer; close() purges the nozzle and
// marks it closed, after which extrude() throws. The code is correct: the
// fryer thread checks is_closed() under the same mutex that close() takes;
// closing before the extruder was primed is documented as a no-op (there is
// nothing to purge) and leaves it usable; after a close the stand calls
// reopen() before extruding again; and the cleanup path only extrudes when
// is_closed() says it may.
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class BatterExtruder {
 public:
  void prime(double batter_litres) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_.load()) throw std::logic_error("extruder closed: prime");
    litres_ = batter_litres;
    primed_ = true;
  }

  // Pipes one rope of `cm` centimetres. Throws once the extruder is closed.
  void extrude(int cm) {
    if (closed_.load()) throw std::logic_error("extruder closed");
    litres_ -= cm * 0.004;
    ++ropes_;
  }

  // Purges the nozzle and closes. Closing an unprimed extruder does nothing.
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!primed_) return;
    litres_ = 0;
    primed_ = false;
    closed_.store(true);
  }

  void reopen() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_.store(false);
  }

  bool is_closed() const { return closed_.load(); }
  std::mutex& mutex() { return mu_; }
  int ropes() const { return ropes_; }

 private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  bool primed_ = false;
  double litres_ = 0;
  int ropes_ = 0;
};

void fryer_loop(BatterExtruder& x, int orders) {
  for (int i = 0; i < orders; ++i) {
    std::lock_guard<std::mutex> lk(x.mutex());
    if (x.is_closed()) return;
    x.extrude(18);  // OK: checked under the mutex close() takes
  }
}

void morning_shift(int orders) {
  BatterExtruder x;
  x.close();
  x.prime(4.0);  // OK: close() on an unprimed extruder is a no-op
  std::thread fryer(fryer_loop, std::ref(x), orders);
  x.close();
  fryer.join();
  x.reopen();
  x.prime(2.5);
  x.extrude(25);  // OK: reopened and primed again
}

void end_of_day(BatterExtruder& x, const std::vector<int>& leftovers) {
  for (int cm : leftovers) {
    if (x.is_closed()) break;
    x.extrude(cm);  // OK: loop breaks once closed
  }
  x.close();
  if (!x.is_closed()) x.extrude(10);  // OK: guarded by is_closed()
}

std::string rush_hour(BatterExtruder& x, int orders) {
  try {
    x.prime(3.0);
    for (int i = 0; i < orders; ++i) x.extrude(20);
    x.close();
  } catch (const std::logic_error& e) {
    return e.what();
  }
  x.reopen();
  x.prime(1.0);
  x.extrude(15);  // OK: reopened after the close in the try block
  return "ok " + std::to_string(x.ropes());
}
