// A shutdown hook stored in a std::function closes the channel; the caller
// runs it and then sends a final event.
#include "messaging.h"
#include <functional>

void stopService(EventChannel &events) {
  std::function<void()> onShutdown = [&events] { events.close(); };
  events.send("stopping");
  onShutdown();
  events.send("stopped"); // BUG: use-after-close
}
