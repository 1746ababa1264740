// A function that builds a list of steps and returns it (a shutdown plan):
// the steps are meant to run in the order they were added, so what one
// step closes is closed for the ones after it, whoever runs them. The
// builder reports that where the steps are written. A caller that runs the
// returned list in a range-for sees every step's closes after the loop.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class Valve {
public:
  void set(int pct) {
    if (closed_)
      throw std::runtime_error("valve closed");
    pct_ = pct;
  }
  void close() { closed_ = true; }
  bool isOpen() const { return !closed_; }

private:
  int pct_ = 0;
  bool closed_ = false;
};

struct Rig {
  Valve valve;
  int sensorFd = -1;
};

struct PlanStep {
  std::string name;
  std::function<void()> run;
};

std::vector<PlanStep> badPlan(Rig &r) {
  std::vector<PlanStep> plan;
  plan.push_back({"close valve", [&r] { r.valve.close(); }});
  plan.push_back({"vent", [&r] {
                    r.valve.set(100);
                    // CHECK: steps-returned-by-builder.cpp:[[@LINE-1]]:29: warning: call to 'set' on 'r.valve' after it was closed
                  }});
  plan.push_back({"sensor off", [&r] { ::close(r.sensorFd); }});
  plan.push_back({"release", [&r] {
                    ::close(r.sensorFd);
                    // CHECK: steps-returned-by-builder.cpp:[[@LINE-1]]:21: warning: 'close' closes 'r.sensorFd' a second time
                  }});
  return plan;
}

std::vector<PlanStep> goodPlan(Rig &r) {
  std::vector<PlanStep> plan;
  plan.push_back({"vent", [&r] { r.valve.set(100); }});
  plan.push_back({"close valve", [&r] { r.valve.close(); }});
  plan.push_back({"check", [&r] {
                    if (r.valve.isOpen())
                      r.valve.set(0);
                  }});
  plan.push_back({"sensor off", [&r] { ::close(r.sensorFd); }});
  return plan;
}

void shutDown(Rig &rig) {
  for (PlanStep &s : goodPlan(rig))
    s.run();
  rig.valve.set(0);
  // CHECK: steps-returned-by-builder.cpp:[[@LINE-1]]:13: warning: call to 'set' on 'rig.valve' after it was closed
}

void shutDownBadly(Rig &rig) {
  for (PlanStep &s : badPlan(rig))
    s.run();
}
