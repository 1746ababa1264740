// The lockerd daemon: owns every component, runs the poll loop over the
// bank, console and signal descriptors, and stops in an orderly way.
#pragma once
#include "alarm_monitor.h"
#include "bank_session.h"
#include "compartment_store.h"
#include "config.h"
#include "console_commands.h"
#include "console_server.h"
#include "diag_log.h"
#include "event_router.h"
#include "firmware_rollout.h"
#include "health_checker.h"
#include "link_registry.h"
#include "pickup_codes.h"
#include "reconciliation_writer.h"
#include "reminder_timers.h"
#include "service_slots.h"
#include "signal_pipe.h"
#include "tcp_socket.h"
#include "work_pool.h"

#include <ctime>
#include <map>
#include <memory>
#include <string>

class Daemon {
public:
  Daemon(std::string configPath, Config config);
  ~Daemon();
  Daemon(const Daemon &) = delete;
  Daemon &operator=(const Daemon &) = delete;

  int run();

private:
  void drainSignals();
  void acceptBanks();
  void serviceBank(int fd);
  void handleHello(BankSession &session, const DoorEvent &hello);
  void housekeeping(std::time_t now);
  void onDayChange(const std::string &today);
  void reload();
  void shutdown();

  const std::string configPath_;
  Config config_;
  DiagLog diag_;
  SignalPipe signals_;
  WorkPool pool_;
  LinkRegistry registry_;
  CompartmentStore store_;
  ReminderTimers timers_;
  ServiceSlots slots_;
  HealthChecker health_;
  PickupCodeService pickup_;
  AlarmMonitor alarms_;
  ReconciliationWriter recon_;
  FirmwareRollout firmware_;
  EventRouter router_;
  ConsoleCommands commands_;
  ConsoleServer console_;
  TcpSocket bankListener_;
  std::map<int, std::unique_ptr<BankSession>> sessions_;
  std::string day_;
  std::time_t lastSweep_ = 0;
  bool stopRequested_ = false;
};
