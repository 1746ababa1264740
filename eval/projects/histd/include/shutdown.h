// Orderly shutdown as a list of named steps.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace histd {

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

class Historian;

std::vector<ShutdownStep> buildShutdownSteps(Historian &historian);
/// Runs every step in order; a failing step is logged and the next one runs.
void runShutdown(const std::vector<ShutdownStep> &steps);

} // namespace histd
