// NightShutdown: drains the network at night. The watchdog stops first; then the
// remaining carriers finish (or are aborted), are parked, RFID tracking stops, the worker
// pool and the fieldbus pool are shut, every link is shut down, the central station shows
// the night notice and the day's audit file is finalized.
#include "night_shutdown.h"

#include <cstdio>
#include <thread>

namespace tubed {

NightShutdown::NightShutdown(Parts parts) : p_(std::move(parts)) {}

void NightShutdown::drain() {
  if (drained_.exchange(true)) return;
  p_.watchdog->stop();
  if (!wait_for_idle(p_.idle_timeout)) p_.tx->abort_all("night shutdown: carrier still in transit");
  Status parked = p_.maintenance->park_all();
  if (!parked.is_ok()) std::fprintf(stderr, "tubed: night parking incomplete: %s\n", parked.to_string().c_str());
  p_.tracker->stop();
  p_.reader->stop(); // SAME: rfid_race
  p_.workers->shutdown();
  p_.bus->shutdown();
  for (auto& entry : p_.links->links()) entry.second->shutdown(); // OK: Link::shutdown() is idempotent
  if (Link* central = p_.links->find(kCentralStation)) announce(*central, "night mode: network drained"); // BUG: use-after-close #night_announce
  p_.audit->write("night drain complete");
  p_.audit->close();
}

bool NightShutdown::drained() const { return drained_.load(); }

bool NightShutdown::wait_for_idle(std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!p_.tx->idle()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return true;
}

}  // namespace tubed
