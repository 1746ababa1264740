// Factories for the periodic jobs on the control loop's timer wheel: feeder
// heartbeats, the keep-alive ping of the oversize belt, the fieldbus
// watchdog and the DCS keep-alive. Each returns the closure to schedule.
#include "heartbeat.h"

#include "dcs_feed.h"
#include "event_bus.h"
#include "feeder_link.h"
#include "fieldbus.h"
#include "sorter.h"

#include <stdexcept>

std::function<void()> makeFeederHeartbeat(std::weak_ptr<FeederLink> weak) {
  return [weak] {
    auto link = weak.lock();
    if (!link || !link->isOpen()) return;
    try {
      link->sendTelegram("HB"); // OK: isOpen() checked on the locked link
    } catch (const std::runtime_error&) {
      link->reconnect();
    }
  };
}

std::function<void()> makeLinkPinger(std::shared_ptr<FeederLink> link) {
  return [link] {
    link->sendTelegram("PING"); // SAME: hb_drain
  };
}

std::function<void()> makeBusWatchdog(std::shared_ptr<Fieldbus> bus, std::shared_ptr<Sorter> sorter,
                                      std::weak_ptr<EventBus> events) {
  return [bus, sorter, events] {
    if (sorter->state() != Sorter::State::Running) return;
    Status st = bus->sendChecked("WD"); // OK: LinkBase::sendChecked() refuses a closed bus
    if (st.ok()) return;
    if (auto bus_events = events.lock()) bus_events->publish(Event{Topic::SorterFault, "", "", 1});
  };
}

std::function<void()> makeDcsKeepalive(std::weak_ptr<DcsFeed> weak) {
  return [weak] {
    if (auto feed = weak.lock()) feed->sendChecked("KEEPALIVE");
  };
}
