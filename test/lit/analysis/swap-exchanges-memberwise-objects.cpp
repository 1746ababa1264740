// std::swap of two objects of a class whose copies and moves are the
// compiler's (member by member) and whose destructor does nothing of its
// own exchanges their states: the name that gets the closed object holds a
// closed one. A class with a destructor of its own may close what the
// swap's temporary held, so its swap is not followed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <utility>

class Hopper {
public:
  void feed(int kg) {
    if (!up_)
      throw std::runtime_error("hopper released");
    kg_ += kg;
  }
  void release() { up_ = false; }

private:
  bool up_ = true;
  int kg_ = 0;
};

void swapDrill() {
  Hopper duty, standby;
  duty.release();
  std::swap(duty, standby);
  duty.feed(3);
  standby.feed(3);
  // CHECK: [[@LINE-1]]:11: warning: call to 'feed' on 'standby' after it was closed
}

class Loud {
public:
  Loud() = default;
  Loud(Loud &&) = default;
  Loud &operator=(Loud &&) = default;
  ~Loud() { ++dropped_; }
  void feed(int kg) {
    if (!up_)
      throw std::runtime_error("loud hopper released");
    kg_ += kg;
  }
  void release() { up_ = false; }

private:
  bool up_ = true;
  int kg_ = 0;
  static int dropped_;
};

void swapLoud() {
  Loud duty, standby;
  duty.release();
  std::swap(duty, standby);
  standby.feed(3);
}
