// Farm: the whole site. The constructor builds and wires every component; the
// order of the members below is the order they are built in.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ais_gateway.h"
#include "alarm_panel.h"
#include "blower.h"
#include "buoy_poller.h"
#include "camera_hub.h"
#include "daily_routine.h"
#include "doser.h"
#include "event_dispatcher.h"
#include "feed_barge.h"
#include "harvest_permit.h"
#include "historian.h"
#include "lice_log.h"
#include "mortality_log.h"
#include "oxygen_buoy.h"
#include "plc_link.h"
#include "power_controller.h"
#include "rs485_bus.h"
#include "satellite_uplink.h"
#include "shutdown_sequence.h"
#include "storm_lockdown.h"
#include "temp_buoy.h"
#include "thread_pool.h"
#include "vet_client.h"

class Farm {
 public:
  struct Config {
    std::string site = "Skarvøy North";
    std::string barge_host = "10.20.0.10";
    std::string doser_host = "10.20.0.11";
    std::string generator_host = "10.20.0.30";
    std::string can_iface = "can0";
    std::string rs485_device = "/dev/ttyRS485";
    std::string radio_device = "/dev/ttyVHF";
    std::string modem_device = "/dev/ttySAT";
    std::string historian_dir = "/var/lib/pensd";
    std::string vet_host = "permits.vetauthority.example";
    int pen_cam_id = 1;
    std::string pen_cam_host = "10.20.1.21";
  };

  explicit Farm(const Config& config);
  ~Farm();

  Farm(const Farm&) = delete;
  Farm& operator=(const Farm&) = delete;

  Status night_lockdown(const std::string& reason);
  void report_secured();  // tells shore and the boats around that the site is locked down
  DailyRoutine& routine();
  std::shared_ptr<ThreadPool> pool() const;
  std::shared_ptr<EventDispatcher> events() const;

 private:
  Config config_;
  std::shared_ptr<ShutdownSequence> sequence_;
  std::shared_ptr<EventDispatcher> events_;
  std::shared_ptr<ThreadPool> pool_;
  std::shared_ptr<Historian> historian_;
  std::shared_ptr<SatelliteUplink> uplink_;
  std::shared_ptr<PlcLink> blower_plc_;
  std::shared_ptr<PlcLink> doser_plc_;
  std::shared_ptr<BlowerController> blower_;
  std::shared_ptr<RotaryDoser> doser_;
  std::shared_ptr<FeedBarge> barge_;
  std::shared_ptr<Rs485Bus> bus_;
  std::shared_ptr<TemperatureBuoy> temperature_;
  std::shared_ptr<OxygenBuoy> oxygen_;
  std::shared_ptr<BuoyPoller> poller_;
  std::shared_ptr<CameraHub> cameras_;
  std::shared_ptr<MortalityLog> mortality_;
  std::shared_ptr<LiceLog> lice_;
  std::shared_ptr<AlarmPanel> alarms_;
  std::shared_ptr<AisGateway> ais_;
  std::shared_ptr<VetAuthorityClient> vet_;
  std::shared_ptr<HarvestPermitWorkflow> permit_;
  std::shared_ptr<PowerController> power_;
  std::unique_ptr<StormLockdown> lockdown_;
  std::unique_ptr<DailyRoutine> routine_;
  std::vector<EventDispatcher::Token> tokens_;
};
