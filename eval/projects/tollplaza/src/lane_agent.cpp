// LaneAgent: the lane-controller protocol on top of a LaneLink. stop()
// closes the link; restart() reconnects it; pause()/resume() only act on a
// running agent (resume() on a stopped agent returns without reconnecting).
// Correct on its own: restart() opens the link it has just closed.
#include "lane_agent.h"

#include <utility>

namespace toll {

LaneAgent::LaneAgent(LaneId lane, std::string host, std::uint16_t port)
    : link_(lane), host_(std::move(host)), port_(port) {}

Result LaneAgent::start() { return link_.open(host_, port_); }

void LaneAgent::stop() {
  paused_ = false;
  link_.close();
}

Result LaneAgent::restart() {
  link_.close();
  return link_.open(host_, port_); // OK: open() reconnects a closed link
}

void LaneAgent::pause() {
  if (!link_.isOpen())
    return;
  link_.send("PAUSE");
  paused_ = true;
}

void LaneAgent::resume() {
  if (!link_.isOpen())
    return;
  link_.send("RESUME");
  paused_ = false;
}

bool LaneAgent::running() const { return link_.isOpen(); }

void LaneAgent::pushTariff(const TariffTable &tariff) {
  link_.send(encodeTariff(tariff)); // SAME: tariffstop
}

void LaneAgent::announce(const std::string &text) {
  link_.send("DISPLAY " + text); // SAME: resumeannounce
}

TariffTable closedLaneTariff(int version) {
  TariffTable t;
  t.version = version;
  return t;
}

} // namespace toll
