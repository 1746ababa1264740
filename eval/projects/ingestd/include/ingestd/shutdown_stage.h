// Helper for the daemon's staged shutdown.
#pragma once
#include <functional>

namespace ingestd {

class LogFile;

// Runs one shutdown stage. An exception thrown by the stage is logged and
// swallowed so that the remaining stages still run; returns false then.
bool runShutdownStage(LogFile &log, const char *name, const std::function<void()> &stage);

} // namespace ingestd
