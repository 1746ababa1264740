// Process-wide counters.
#include "stats.h"

Counters &counters() {
  static Counters c;
  return c;
}

std::string formatCounters() {
  const Counters &c = counters();
  return "frames=" + std::to_string(c.framesIn.load()) +
         " readings=" + std::to_string(c.readings.load()) +
         " outages=" + std::to_string(c.outages.load()) +
         " tampers=" + std::to_string(c.tampers.load()) +
         " commands=" + std::to_string(c.commands.load()) +
         " rejected=" + std::to_string(c.rejected.load()) +
         " evictions=" + std::to_string(c.evictions.load());
}
