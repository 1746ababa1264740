// PowerController: watches the generator and the battery bank from a monitor
// thread, switches to battery on a brownout and sheds load when the bank runs low.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "battery_bank.h"
#include "event_dispatcher.h"
#include "generator_link.h"
#include "plc_link.h"
#include "power_source.h"
#include "satellite_uplink.h"

class PowerController {
 public:
  enum class Mode { Generator, Battery, Off };

  // `blower_plc` is dropped on a brownout (the blower is the biggest load);
  // `uplink` is dropped when the bank runs low.
  PowerController(std::unique_ptr<GeneratorLink> generator, std::unique_ptr<BatteryBank> bank,
                  std::shared_ptr<PlcLink> blower_plc, std::shared_ptr<SatelliteUplink> uplink,
                  std::shared_ptr<EventDispatcher> events);
  ~PowerController();

  // Stops the monitor, announces "off" and closes every source. Runs once.
  void shutdown();
  PowerSource* source(const std::string& name);  // nullptr when unknown
  Mode mode() const;
  std::size_t source_count() const;

 private:
  void monitor_loop();
  void on_brownout();
  void shed_load();

  std::vector<std::unique_ptr<PowerSource>> sources_;
  GeneratorLink* generator_;
  BatteryBank* bank_;
  std::shared_ptr<PlcLink> blower_plc_;
  std::shared_ptr<SatelliteUplink> uplink_;
  std::shared_ptr<EventDispatcher> events_;
  std::atomic<Mode> mode_;
  std::atomic<bool> monitoring_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool shut_;
  std::thread monitor_;
};
