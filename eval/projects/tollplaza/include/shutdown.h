// The plaza's shutdown sequence: a list of named steps built by
// buildShutdownPlan() (shutdown_plan.cpp) and run in order by runShutdown()
// (shutdown_runner.cpp), which logs and continues when a step throws.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace toll {

class Plaza;

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

std::vector<ShutdownStep> buildShutdownPlan(Plaza &plaza);
void runShutdown(const std::vector<ShutdownStep> &steps);

} // namespace toll
