// Functions without parameters that hand out one object of static storage
// (`Registry &registry() { static Registry r; return r; }`, a Meyers
// singleton's `instance()`, `return g_bus;`) name that object at every
// call: a close through one call and a use through another are on the same
// object, also when a helper made the close. The static local's own
// declaration runs once: a later call does not make a new object. Two
// accessors of two objects are apart.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <stdexcept>

class PierLink {
public:
  void send(int v) {
    if (closed_) throw std::runtime_error("pier link closed");
    (void)v;
  }
  void close() { closed_ = true; }
  void reopen() { closed_ = false; }

private:
  bool closed_ = false;
};

class Harbour {
public:
  static Harbour &instance() {
    static Harbour h;
    return h;
  }
  PierLink &pier(int n) { return piers_[n]; }
  PierLink control;

private:
  std::map<int, PierLink> piers_;
};

PierLink &tideLink() {
  static PierLink link;
  return link;
}
PierLink &swellLink() {
  static PierLink link;
  return link;
}

void shutTide() { tideLink().close(); }

void tideAfterHelper() {
  shutTide();
  // CHECK: global-accessor-one-object.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'tideLink()' after it was closed
  tideLink().send(1);
}

void swellStaysOpen() {
  shutTide();
  swellLink().send(2);
}

void tideReopened() {
  tideLink().close();
  tideLink().reopen();
  tideLink().send(3);
}

void releasePier(int n) {
  PierLink &p = Harbour::instance().pier(n);
  p.close();
}

void pierAfterRelease(int n) {
  releasePier(n);
  // CHECK: global-accessor-one-object.cpp:[[@LINE+1]]:31: warning: call to 'send' on 'Harbour::instance().pier(n)' after it was closed
  Harbour::instance().pier(n).send(4);
}

void otherPier(int n) {
  releasePier(n);
  Harbour::instance().pier(n + 1).send(5);
}

void controlClosed() {
  Harbour::instance().control.close();
  // CHECK: global-accessor-one-object.cpp:[[@LINE+1]]:31: warning: call to 'send' on 'Harbour::instance().control' after it was closed
  Harbour::instance().control.send(6);
}
