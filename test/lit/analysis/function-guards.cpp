// A scope guard that keeps its cleanup in a std::function member, given a
// lambda where the guard is constructed: its destructor (and a method that
// calls the member) runs that lambda, so what the lambda closes is closed
// when the guard's scope ends. A dismissed guard closes nothing; a guard
// that keeps the function without calling it closes nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <string>
#include <utility>

class EventChannel {
public:
  void send(const std::string &E);
  void close();
};

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> Cleanup)
      : Cleanup(std::move(Cleanup)) {}
  ~ScopeGuard() {
    if (Active)
      Cleanup();
  }
  void dismiss() { Active = false; }
  void fireNow() {
    if (Active)
      Cleanup();
    Active = false;
  }

private:
  std::function<void()> Cleanup;
  bool Active = true;
};

/// Keeps a callback for someone else to call: its destructor does not.
class Hook {
public:
  explicit Hook(std::function<void()> Fn) : Fn(std::move(Fn)) {}
  ~Hook() {}

private:
  std::function<void()> Fn;
};

// Positive: after the guard's scope, a guard given a local lambda, a guard
// fired by hand.
void afterScope(EventChannel &Events) {
  {
    ScopeGuard Guard([&Events] { Events.close(); });
    Events.send("inside");
  }
  // A guard built armed and never dismissed has closed.
  // CHECK: function-guards.cpp:[[@LINE+2]]:10: warning: call to 'send' on 'Events' after it was closed
  // CHECK: function-guards.cpp:[[@LINE-3]]:3: note: 'Events' is closed when 'Guard' is destroyed here
  Events.send("after");
}
void localLambda(EventChannel &Events) {
  auto CloseIt = [&] { Events.close(); };
  { ScopeGuard Guard(CloseIt); }
  // CHECK: function-guards.cpp:[[@LINE+1]]:10: warning: call to 'send' on 'Events' after it was closed
  Events.send("after");
}
void firedByHand(EventChannel &Events) {
  ScopeGuard Guard([&Events] { Events.close(); });
  Guard.fireNow();
  // Built armed: fireNow() runs the cleanup.
  // CHECK: function-guards.cpp:[[@LINE+1]]:10: warning: call to 'send' on 'Events' after it was closed
  Events.send("after");
}

// Negative: inside the scope, dismissed, a lambda closing another object,
// a hook that never calls what it keeps.
void insideScope(EventChannel &Events) {
  ScopeGuard Guard([&Events] { Events.close(); });
  Events.send("inside");
}
void dismissed(EventChannel &Events, bool Ok) {
  {
    ScopeGuard Guard([&Events] { Events.close(); });
    if (!Ok)
      return;
    Guard.dismiss();
  }
  Events.send("kept open");
}
void otherObject(EventChannel &Events, EventChannel &Audit) {
  { ScopeGuard Guard([&Audit] { Audit.close(); }); }
  Events.send("still open");
}
void hookOnly(EventChannel &Events) {
  { Hook H([&Events] { Events.close(); }); }
  Events.send("still open");
}
