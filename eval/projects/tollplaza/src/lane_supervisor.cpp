// LaneSupervisor: owns one LaneAgent per lane. A faulting lane is restarted
// up to kMaxFaults times and then taken out of service; a firmware reflash
// pauses the lane, drops the link while the controller reboots and resumes it.
#include "lane_agent.h"

#include <cstdio>
#include <utility>

namespace toll {

LaneSupervisor::LaneSupervisor(TariffTable tariff) : tariff_(std::move(tariff)) {}

Result LaneSupervisor::add(LaneId lane, const std::string &host, std::uint16_t port) {
  auto agent = std::make_unique<LaneAgent>(lane, host, port);
  Result r = agent->start();
  if (!r.ok())
    return r;
  agent->pushTariff(tariff_);
  agents_[lane] = std::move(agent);
  return Result::success();
}

void LaneSupervisor::onFault(LaneId lane, const std::string &why) {
  auto it = agents_.find(lane);
  if (it == agents_.end())
    return;
  LaneAgent &agent = *it->second;
  std::fprintf(stderr, "lane %d: fault (%s)\n", lane, why.c_str());
  agent.stop();

  if (++faults_[lane] <= kMaxFaults) {
    Result r = agent.restart();
    if (!r.ok()) {
      std::fprintf(stderr, "lane %d: restart failed: %s\n", lane, r.error().c_str());
      return;
    }
    agent.pushTariff(tariff_); // OK: restart() reopened the link, and we returned when it failed
    return;
  }

  std::fprintf(stderr, "lane %d: %d faults, taking the lane out of service\n", lane, faults_[lane]);
  agent.pushTariff(closedLaneTariff(tariff_.version)); // BUG: use-after-close #tariffstop
}

void LaneSupervisor::reflash(LaneId lane, const std::string &image) {
  LaneAgent &agent = *agents_.at(lane);
  agent.pause();
  agent.stop();
  flashController(lane, image);
  agent.resume();
  agent.announce("firmware " + image + " installed"); // BUG: use-after-close #resumeannounce
}

void LaneSupervisor::retire(LaneId lane) {
  auto it = agents_.find(lane);
  if (it == agents_.end())
    return;
  it->second->stop();
  agents_.erase(it); // OK: ~LaneLink calls close(), which is idempotent
  faults_.erase(lane);
}

void LaneSupervisor::publishTariff(const TariffTable &tariff) {
  tariff_ = tariff;
  for (auto &entry : agents_) {
    if (!entry.second->running())
      continue;
    entry.second->pushTariff(tariff_); // OK: stopped agents are skipped
  }
}

} // namespace toll
