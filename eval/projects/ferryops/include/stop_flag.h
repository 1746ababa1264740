// Process-wide stop and reload requests, set from signal handlers
// (stop_flag.cpp) and polled by the main loop and the watchdog.
#pragma once

namespace ferry {

void installSignalHandlers();
bool stopRequested();
bool takeReloadRequest();
void requestStop();

} // namespace ferry
