// DailyRoutine: the site manager's day: rounds, dives, permits, well-boat
// visits and the midnight rollover of the historian.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ais_gateway.h"
#include "alarm_panel.h"
#include "camera_hub.h"
#include "feed_barge.h"
#include "harvest_permit.h"
#include "historian.h"
#include "lice_log.h"
#include "mortality_log.h"
#include "status.h"
#include "temp_buoy.h"
#include "thread_pool.h"

class DailyRoutine {
 public:
  struct Wiring {
    std::shared_ptr<FeedBarge> barge;
    std::shared_ptr<TemperatureBuoy> temperature;
    std::shared_ptr<CameraHub> cameras;
    std::shared_ptr<MortalityLog> mortality;
    std::shared_ptr<LiceLog> lice;
    std::shared_ptr<Historian> historian;
    std::shared_ptr<HarvestPermitWorkflow> permit;
    std::shared_ptr<AisGateway> ais;
    std::shared_ptr<AlarmPanel> alarms;
    std::shared_ptr<ThreadPool> pool;
  };

  explicit DailyRoutine(Wiring wiring);

  // Opens the well-boat sessions of the day, checks the sensors and restarts feeding.
  Status morning_rounds(std::uint32_t harvest_boat, std::uint32_t feed_boat);
  Status inspection_dive(const std::string& diver_cam_host, const std::string& diver_sheet);
  Status harvest_permit(int pen, int fish_count, const std::string& wellboat);
  Status end_wellboat_visit(std::uint32_t mmsi);
  void evening_comms(std::uint32_t harvest_mmsi, const std::string& report_dir);
  Status midnight_rollover();

 private:
  Wiring w_;
};
