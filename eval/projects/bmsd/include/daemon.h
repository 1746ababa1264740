// Daemon: owns every component of bmsd, wires them together, runs the main
// loop (controller I/O, signals, housekeeping) and the shutdown plan.
// Members are constructed in declaration order and destroyed in reverse.
#pragma once
#include <chrono>
#include <memory>
#include <string>

#include "alarm_publisher.h"
#include "alarm_rules.h"
#include "bus_sink.h"
#include "command_dispatcher.h"
#include "config.h"
#include "config_reload.h"
#include "controller_listener.h"
#include "door_monitor.h"
#include "elevator_monitor.h"
#include "energy_meter.h"
#include "metrics.h"
#include "override_manager.h"
#include "point_database.h"
#include "publisher_watchdog.h"
#include "report_service.h"
#include "schedule_engine.h"
#include "session_registry.h"
#include "signal_pipe.h"
#include "status.h"
#include "trend_flusher.h"
#include "trend_log.h"
#include "work_queue.h"

namespace bmsd {

class Diagnostics;

class Daemon {
public:
  Daemon(Config cfg, std::string configPath, Diagnostics &diag,
         SignalPipe &signals);
  ~Daemon();
  Daemon(const Daemon &) = delete;
  Daemon &operator=(const Daemon &) = delete;

  Status start();
  void run();
  void shutdown();
  int exitCode() const { return exitCode_; }

  const Config &config() const { return cfg_; }
  Diagnostics &diag() { return diag_; }
  SignalPipe &signals() { return signals_; }
  PointDatabase &db() { return db_; }
  AlarmPublisher &alarms() { return alarms_; }
  BusSink &bus() { return bus_; }
  TrendLog &trend() { return trend_; }
  TrendFlusher &flusher() { return flusher_; }
  SessionRegistry &registry() { return registry_; }
  WorkQueue &pool() { return pool_; }
  CommandDispatcher &dispatcher() { return dispatcher_; }
  AlarmRulesEngine &rules() { return rules_; }
  DoorMonitor &doors() { return doors_; }
  ElevatorMonitor &elevators() { return elevators_; }
  std::unique_ptr<EnergyMeter> &meter() { return meter_; }
  ControllerListener &listener() { return listener_; }

private:
  void routePoint(const PointValue &pv);
  void handleSignals();
  void reload();
  void housekeeping();

  Config cfg_;
  const std::string configPath_;
  Diagnostics &diag_;
  SignalPipe &signals_;
  Metrics metrics_;
  PointDatabase db_;
  AlarmPublisher alarms_;
  BusSink bus_;
  TrendLog trend_;
  TrendFlusher flusher_;
  SessionRegistry registry_;
  WorkQueue pool_;
  CommandDispatcher dispatcher_;
  AlarmRulesEngine rules_;
  DoorMonitor doors_;
  ElevatorMonitor elevators_;
  std::unique_ptr<EnergyMeter> meter_;
  ScheduleEngine schedules_;
  OverrideManager overrides_;
  ReportService reports_;
  ControllerListener listener_;
  PublisherWatchdog watchdog_;
  ConfigReloader reloader_;
  long lastExportedDay_ = -1;
  bool stopRequested_ = false;
  int exitCode_ = 0;
};

} // namespace bmsd
