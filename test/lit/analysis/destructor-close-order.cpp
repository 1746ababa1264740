// A destructor that closes two members, where both were closed before:
// its first close throws (a pool shut down twice), so the second never
// runs. The finding is the first close, in the destructor's order.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>

class Pool {
public:
  void shutdown() {
    if (down_)
      throw std::logic_error("pool already shut down");
    down_ = true;
  }
  void put(int v) {
    if (down_)
      throw std::logic_error("put on a shut down pool");
    last_ = v;
  }

private:
  bool down_ = false;
  int last_ = 0;
};

class Store {
public:
  ~Store() {
    // CHECK: destructor-close-order.cpp:[[@LINE+1]]:11: warning: 'shutdown' closes 'store.zeta_' a second time [errlint-double-close]
    zeta_.shutdown();
    alpha_.shutdown();
  }
  void stop() {
    zeta_.shutdown();
    alpha_.shutdown();
  }
  void put(int v) { zeta_.put(v); alpha_.put(v); }

private:
  Pool alpha_;
  Pool zeta_;
};

void run() {
  Store store;
  store.put(1);
  store.stop();
}
