// A flag cleared at the end of an object's use, whatever it is called:
// every guard on it throws only where it is clear (`if (!lit_) throw`)
// and extinguish() clears it. errlint infers the protocol from that code,
// not from the names. A flag some guard also needs clear (`heat()`
// throwing when the kiln is hot already) is a step of a cycle, not its
// end: no protocol.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST --implicit-check-not=Kiln
#include <stdexcept>

class Censer {
public:
  void swing(int arcs) {
    if (!lit_)
      throw std::runtime_error("censer extinguished");
    arcs_ += arcs;
  }
  void extinguish() {
    if (!lit_)
      throw std::runtime_error("censer already extinguished");
    lit_ = false;
  }

private:
  bool lit_ = true;
  int arcs_ = 0;
};

// LIST: Censer: closed when 'lit_' is not set (rule use-after-close)
// LIST-NEXT: close   extinguish()

class Kiln {
public:
  void fire(int pots) {
    if (!hot_)
      throw std::runtime_error("kiln is cold");
    pots_ += pots;
  }
  void heat() {
    if (hot_)
      throw std::logic_error("kiln is hot already");
    hot_ = true;
  }
  void cool() { hot_ = false; }

private:
  bool hot_ = true;
  int pots_ = 0;
};

void vespers(Censer &c) {
  c.swing(3);
  c.extinguish();
  c.swing(1);
  // CHECK: :[[@LINE-1]]:5: warning: call to 'swing' on 'c' after it was closed
}

void batch(Kiln &k) {
  k.cool();
  k.fire(2);
}
