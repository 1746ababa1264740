// A constructor that hands a callable to a registry it is given leaves it
// there when the object is made: `Watchdog dog(signals, link)` subscribing
// a lambda that sends on the link it binds, then `link.shutdown()`, then
// `signals.fire()` running the lambda is a send after close. So for
// `std::make_unique<Watchdog>(...)`, and for a lambda capturing a
// std::shared_ptr copy of a member. A constructor that keeps the callable
// in its own member, a registry run before the close, and a registry the
// object left (unsubscribed) are quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

class SatLink {
public:
  void send(const std::string &Frame) {
    if (Down)
      throw std::runtime_error("link is down");
    Last = Frame;
  }
  void shutdown() { Down = true; }

private:
  bool Down = false;
  std::string Last;
};

class SignalTable {
public:
  int on(std::function<void(int)> Handler) {
    Handlers[Next] = std::move(Handler);
    return Next++;
  }
  void off(int Id) { Handlers.erase(Id); }
  void fire(int Sig) {
    for (auto &Entry : Handlers)
      Entry.second(Sig);
  }

private:
  std::map<int, std::function<void(int)>> Handlers;
  int Next = 0;
};

class Watchdog {
public:
  Watchdog(SignalTable &Signals, SatLink &L) : L(L) {
    Signals.on([this](int Sig) { this->L.send("signal " + std::to_string(Sig)); });
  }

private:
  SatLink &L;
};

class Reporter {
public:
  Reporter(SignalTable &Signals, std::shared_ptr<SatLink> Out) : Out(std::move(Out)) {
    Signals.on([Copy = this->Out](int) { Copy->send("report"); });
  }
  void stop() { Out->shutdown(); }

private:
  std::shared_ptr<SatLink> Out;
};

/// Leaves the table before its owner closes the link.
class PoliteWatchdog {
public:
  PoliteWatchdog(SignalTable &Signals, SatLink &L) : Signals(Signals), L(L) {
    Id = Signals.on([this](int) { this->L.send("tick"); });
  }
  void detach() { Signals.off(Id); }

private:
  SignalTable &Signals;
  SatLink &L;
  int Id = 0;
};

void reference_member(SignalTable &Signals, SatLink &L) {
  Watchdog Dog(Signals, L);
  Signals.fire(1);
  L.shutdown();
  // CHECK: callbacks-registered-by-constructor.cpp:[[@LINE+1]]:11: warning: call to 'fire' runs a callback that uses 'L' after it was closed [errlint-use-after-close]
  Signals.fire(2);
  // CHECK: callbacks-registered-by-constructor.cpp:50:13: note: the callback is kept here by 'on'
  // CHECK: callbacks-registered-by-constructor.cpp:50:42: note: the callback calls 'send' on it here
}

void made_unique(SignalTable &Signals, SatLink &L) {
  auto Dog = std::make_unique<Watchdog>(Signals, L);
  L.shutdown();
  // CHECK: callbacks-registered-by-constructor.cpp:[[@LINE+1]]:11: warning: call to 'fire' runs a callback that uses 'L' after it was closed [errlint-use-after-close]
  Signals.fire(3);
}

void shared_copy(SignalTable &Signals) {
  auto Out = std::make_shared<SatLink>();
  Reporter R(Signals, Out);
  Signals.fire(1);
  R.stop();
  // CHECK: callbacks-registered-by-constructor.cpp:[[@LINE+1]]:11: warning: call to 'fire' runs a callback that uses 'Out' after it was closed [errlint-use-after-close]
  Signals.fire(2);
}

void fired_before_close(SignalTable &Signals, SatLink &L) {
  Watchdog Dog(Signals, L);
  Signals.fire(1);
  L.shutdown();
}

void detached_first(SignalTable &Signals, SatLink &L) {
  PoliteWatchdog Dog(Signals, L);
  Signals.fire(1);
  Dog.detach();
  L.shutdown();
  Signals.fire(2);
}

void other_table(SignalTable &Signals, SignalTable &Quiet, SatLink &L) {
  Watchdog Dog(Signals, L);
  L.shutdown();
  Quiet.fire(2);
}
