// Pre-show and maintenance probes of the networked controllers.
#pragma once
#include "lineplot.h"
#include <optional>
#include <string>

namespace cued {

/// The controller's identity string, or nullopt if it did not answer.
std::optional<std::string> probeVfd(const LineSpec &spec);
/// Notes every VFD's firmware in the prompt book.
void logVfdFirmware(const LinePlot &plot);
/// The full pre-show check; true if the rig may be used.
bool runSelfTest(const std::string &plotPath);

} // namespace cued
