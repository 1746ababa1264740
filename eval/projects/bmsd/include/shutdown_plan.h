// The shutdown plan: the ordered list of steps that stop the daemon. Built by
// buildShutdownPlan() and run by Daemon::shutdown().
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace bmsd {

class Daemon;

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

std::vector<ShutdownStep> buildShutdownPlan(Daemon &d);

} // namespace bmsd
