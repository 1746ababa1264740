// The shutdown plan: buildShutdownPlan() (shutdown_plan.cpp) returns the
// ordered steps; runShutdownPlan() (shutdown_runner.cpp) executes them.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace ferry {

class Terminal;
using ShutdownPlan = std::vector<std::function<void()>>;

ShutdownPlan buildShutdownPlan(Terminal &t);
int runShutdownPlan(const ShutdownPlan &steps, const std::string &logPath);

} // namespace ferry
