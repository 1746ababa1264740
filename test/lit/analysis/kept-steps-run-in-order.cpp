// A plan that keeps its steps in a vector and runs every one in the order
// they were added runs them one after another: what an earlier step
// closes is closed for the steps after it. So does a function that runs
// every step of a list it is given (`runNamedSteps({{"a", [&] {...}},
// ...})`), reported inside the step. A step that uses the producer before
// the step that closes it, a runner that runs only the first step, and a
// runner that stops at the first step returning false after a step that
// closes only when it returns false, are not reported.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "streaming.h"

class TeardownPlan {
public:
  TeardownPlan &then(std::string name, std::function<void()> step) {
    steps_.push_back({std::move(name), std::move(step)});
    return *this;
  }
  void run() {
    for (Step &step : steps_) {
      std::fprintf(stderr, "teardown: %s\n", step.name.c_str());
      step.fn();
    }
  }

private:
  struct Step {
    std::string name;
    std::function<void()> fn;
  };
  std::vector<Step> steps_;
};

void closeThenReport(kafka::KafkaProducer &events) {
  TeardownPlan plan;
  plan.then("close", [&] {
        events.flush();
        events.close();
      })
      .then("report", [&] { events.send({"ops", "DONE"}); });
  // CHECK: kept-steps-run-in-order.cpp:[[@LINE+3]]:8: warning: call to 'run' runs a callback that uses 'events' after it was closed [errlint-send-after-close]
  // CHECK: kept-steps-run-in-order.cpp:[[@LINE-4]]:16: note: 'events' is closed here
  // CHECK: kept-steps-run-in-order.cpp:[[@LINE-3]]:36: note: the callback calls 'send' on it here
  plan.run();
}

void reportThenClose(kafka::KafkaProducer &events) {
  TeardownPlan plan;
  plan.then("report", [&] { events.send({"ops", "DONE"}); })
      .then("close", [&] {
        events.flush();
        events.close();
      });
  plan.run();
}

using NamedTeardownStep = std::pair<const char *, std::function<void()>>;

void runNamedSteps(const std::vector<NamedTeardownStep> &steps) {
  for (const NamedTeardownStep &step : steps) {
    std::fprintf(stderr, "step: %s\n", step.first);
    step.second();
  }
}

void runFirstStep(const std::vector<NamedTeardownStep> &steps) {
  if (!steps.empty())
    steps.front().second();
}

void listedCloseThenReport(kafka::KafkaProducer &events) {
  runNamedSteps({
      {"close", [&] { events.close(); }},
      // CHECK: kept-steps-run-in-order.cpp:[[@LINE+1]]:31: warning: call to 'send' on 'events' after it was closed [errlint-send-after-close]
      {"report", [&] { events.send({"ops", "DONE"}); }},
  });
}

void listedReportThenClose(kafka::KafkaProducer &events) {
  runNamedSteps({
      {"report", [&] { events.send({"ops", "DONE"}); }},
      {"close", [&] { events.close(); }},
  });
}

void firstOnly(kafka::KafkaProducer &events) {
  runFirstStep({
      {"close", [&] { events.close(); }},
      {"report", [&] { events.send({"ops", "DONE"}); }},
  });
}

struct CheckedTeardownStep {
  const char *name;
  std::function<bool()> fn;
};

bool runUntilFailed(const std::vector<CheckedTeardownStep> &steps) {
  for (const CheckedTeardownStep &step : steps)
    if (!step.fn())
      return false;
  return true;
}

int runEveryChecked(const std::vector<CheckedTeardownStep> &steps) {
  int failed = 0;
  for (const CheckedTeardownStep &step : steps)
    if (!step.fn())
      ++failed;
  return failed;
}

bool drainOrClose(kafka::KafkaProducer &events, int pending) {
  if (pending > 0) {
    events.close();
    return false;
  }
  return true;
}

bool stopsAtFailure(kafka::KafkaProducer &events, int pending) {
  return runUntilFailed({
      {"drain", [&] { return drainOrClose(events, pending); }},
      {"report", [&] {
         events.send({"ops", "DONE"});
         return true;
       }},
  });
}

int goesOnAfterFailure(kafka::KafkaProducer &events, int pending) {
  return runEveryChecked({
      {"drain", [&] { return drainOrClose(events, pending); }},
      {"report", [&] {
         // CHECK: kept-steps-run-in-order.cpp:[[@LINE+1]]:17: warning: call to 'send' on 'events' that may have been closed [errlint-send-after-close]
         events.send({"ops", "DONE"});
         return true;
       }},
  });
}
