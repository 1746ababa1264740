// Plant: owns and wires every component of the waterworks control software.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "alarm_manager.h"
#include "alarm_pager.h"
#include "audit_log.h"
#include "bounded_queue.h"
#include "chlorine_doser.h"
#include "console_commands.h"
#include "console_server.h"
#include "event_dispatcher.h"
#include "fieldbus_client.h"
#include "historian.h"
#include "plant_config.h"
#include "pump_station.h"
#include "reservoir_telemetry.h"
#include "scada_uplink.h"
#include "session_registry.h"
#include "status.h"
#include "telemetry_poller.h"
#include "thread_pool.h"
#include "valve_actuator.h"
#include "watchdog.h"

namespace ww {

class Plant {
 public:
  explicit Plant(PlantConfig cfg);
  ~Plant();

  Plant(const Plant&) = delete;
  Plant& operator=(const Plant&) = delete;

  Status start();
  // Final shutdown at process exit; runs once.
  void shutdown();
  void emergency_stop(const std::string& reason);
  // Replaces the worker pool (after a hung task) and restarts polling.
  Status restart_workers();
  // Moves the plant onto another field-bus client: stops the poller and the
  // watchdog and rebuilds the stations, valves, doser, telemetry, poller and
  // watchdog on the new client (stations come back offline, nothing is
  // restarted). Components obtained before the call keep the old client.
  void replace_bus(std::shared_ptr<FieldbusClient> bus);

  const PlantConfig& config() const;
  std::shared_ptr<ThreadPool> pool() const;
  std::shared_ptr<FieldbusClient> bus() const;
  std::shared_ptr<EventDispatcher> events() const;
  std::shared_ptr<Historian> historian() const;
  std::shared_ptr<AlarmPager> pager() const;
  std::shared_ptr<AlarmManager> alarms() const;
  std::shared_ptr<ValveActuator> valves() const;
  std::shared_ptr<ChlorineDoser> doser() const;
  std::shared_ptr<ReservoirTelemetry> reservoirs() const;
  std::shared_ptr<TelemetryPoller> poller() const;
  std::shared_ptr<Watchdog> watchdog() const;
  std::shared_ptr<ScadaUplink> uplink() const;
  std::shared_ptr<SessionRegistry> sessions() const;
  std::shared_ptr<AuditLog> audit() const;
  std::shared_ptr<ConsoleServer> console() const;
  const std::vector<std::shared_ptr<PumpStation>>& stations() const;

 private:
  PlantConfig cfg_;
  std::shared_ptr<ThreadPool> pool_;
  std::shared_ptr<FieldbusClient> bus_;
  std::shared_ptr<EventDispatcher> events_;
  std::shared_ptr<BoundedQueue<Sample>> samples_;
  std::shared_ptr<Historian> historian_;
  std::shared_ptr<AlarmPager> pager_;
  std::shared_ptr<AlarmManager> alarms_;
  std::shared_ptr<ValveActuator> valves_;
  std::shared_ptr<ChlorineDoser> doser_;
  std::shared_ptr<ReservoirTelemetry> reservoirs_;
  std::shared_ptr<TelemetryPoller> poller_;
  std::shared_ptr<Watchdog> watchdog_;
  std::shared_ptr<ScadaUplink> uplink_;
  std::shared_ptr<SessionRegistry> sessions_;
  std::shared_ptr<AuditLog> audit_;
  std::shared_ptr<ConsoleCommands> commands_;
  std::shared_ptr<ConsoleServer> console_;
  std::vector<std::shared_ptr<PumpStation>> stations_;
  std::vector<EventDispatcher::SubscriptionId> subscriptions_;
  bool shut_down_ = false;
};

}  // namespace ww
