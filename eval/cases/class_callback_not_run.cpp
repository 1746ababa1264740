// Negative: the close hook is registered for later and never run here.
#include "messaging.h"
#include <functional>
#include <vector>

void registerShutdown(std::vector<std::function<void()>> &hooks, EventChannel &events) {
  hooks.push_back([&events] { events.close(); });
  events.send("registered");
}
