// Runs one named shutdown step: logs it, times it, and keeps going when it
// throws, so one failing component cannot stop the rest of the shutdown.
#pragma once
#include <functional>
#include <string>

namespace kvlog {

void runStep(const std::string &name, const std::function<void()> &step);

} // namespace kvlog
