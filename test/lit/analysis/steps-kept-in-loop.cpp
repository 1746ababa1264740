// Steps kept in a loop, then one more after it, run in the order they were
// kept: the relief steps run before the step that closes the radio, so
// none of them sends on a closed radio. A step kept after the closing one
// does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -I%S/../Inputs | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <functional>
#include <string>
#include <utility>
#include <vector>

class Wrapup {
public:
  void add(std::string name, std::function<void()> step) {
    steps_.push_back({std::move(name), std::move(step)});
  }
  void run() {
    for (auto &step : steps_)
      step.second();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

void handover(AuditChannel &radio, const std::vector<std::string> &posts) {
  Wrapup w;
  for (const std::string &post : posts)
    w.add("relieve " + post, [&radio, post] { radio.send(post + " relieved"); });
  w.add("radio off", [&radio] { radio.close(); });
  w.run();
}

void handoverLateCheck(AuditChannel &radio, const std::vector<std::string> &posts) {
  Wrapup w;
  for (const std::string &post : posts)
    w.add("relieve " + post, [&radio, post] { radio.send(post + " relieved"); });
  w.add("radio off", [&radio] { radio.close(); });
  w.add("radio check", [&radio] { radio.send("check"); });
  w.run();
  // CHECK: steps-kept-in-loop.cpp:[[@LINE-1]]:5: warning: call to 'run' runs a callback that uses 'radio' after it was closed
}
