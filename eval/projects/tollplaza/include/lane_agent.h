// LaneAgent wraps the link to one lane controller with the plaza's lane
// protocol (tariff pushes, display messages, pause/resume). stop() closes the
// link; restart() reconnects it; resume() does nothing on a stopped agent.
// LaneSupervisor owns the agents and reacts to lane faults and maintenance.
#pragma once
#include "lane_link.h"
#include "result.h"
#include "types.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace toll {

class LaneAgent {
public:
  LaneAgent(LaneId lane, std::string host, std::uint16_t port);

  Result start();
  void stop();
  Result restart();
  void pause();
  void resume();
  bool running() const;
  bool paused() const { return paused_; }

  void pushTariff(const TariffTable &tariff);
  void announce(const std::string &text);

  LaneId lane() const { return link_.lane(); }

private:
  LaneLink link_;
  std::string host_;
  std::uint16_t port_;
  bool paused_ = false;
};

class LaneSupervisor {
public:
  explicit LaneSupervisor(TariffTable tariff);

  Result add(LaneId lane, const std::string &host, std::uint16_t port);
  void onFault(LaneId lane, const std::string &why);
  void reflash(LaneId lane, const std::string &image);
  void retire(LaneId lane);
  void publishTariff(const TariffTable &tariff);

private:
  static constexpr int kMaxFaults = 3;
  TariffTable tariff_;
  std::map<LaneId, std::unique_ptr<LaneAgent>> agents_;
  std::map<LaneId, int> faults_;
};

// Blocks while the lane controller reboots with a new firmware image.
void flashController(LaneId lane, const std::string &image);
TariffTable closedLaneTariff(int version);

} // namespace toll
