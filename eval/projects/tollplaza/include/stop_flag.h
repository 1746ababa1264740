// Async-signal-safe stop and reload requests (SIGTERM/SIGINT, SIGHUP),
// defined in main.cpp.
#pragma once

namespace toll {

void installSignalHandlers();
bool stopRequested();
void requestStop();
// Returns true once per SIGHUP.
bool takeReloadRequest();

} // namespace toll
