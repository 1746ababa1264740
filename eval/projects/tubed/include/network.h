// Network: the whole pneumatic tube plant. The constructor wires every component; all
// public methods run on the control thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "alarm_bus.h"
#include "alarm_log.h"
#include "audit_archive.h"
#include "audit_writer.h"
#include "blower.h"
#include "carrier_tracker.h"
#include "diverter.h"
#include "dispatcher.h"
#include "fieldbus_pool.h"
#include "fire_interlock.h"
#include "link_registry.h"
#include "maintenance.h"
#include "night_shutdown.h"
#include "nurse_call.h"
#include "nurse_call_relay.h"
#include "pharmacy_dispenser.h"
#include "pharmacy_link.h"
#include "rfid_reader.h"
#include "route_planner.h"
#include "station.h"
#include "telemetry.h"
#include "thread_pool.h"
#include "transaction_manager.h"
#include "watchdog.h"

namespace tubed {

struct NetworkConfig {
  std::string audit_path;
  std::size_t audit_max_bytes = 8u << 20;
  std::size_t alarm_rotate_bytes = 4u << 20;
  std::string archive_dir;
  std::size_t worker_threads = 4;
  std::string fieldbus_endpoint;
  std::size_t fieldbus_connections = 4;
  int blowers = 6;
  std::string rfid_device;
  std::string nurse_call_host;
  int nurse_call_port = 0;
  std::string pharmacy_host;
  int pharmacy_port = 0;
  std::string telemetry_path;
  std::chrono::milliseconds watchdog_period{1000};
  std::chrono::milliseconds stale_after{15000};
  std::chrono::seconds carrier_overdue{180};
  LinkConfig links;
};

NetworkConfig default_config(const std::string& etc_dir);

class Network {
 public:
  explicit Network(NetworkConfig cfg);
  ~Network();
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  Status start();
  void tick();
  Status handle_order(const DispenseOrder& order);
  Result<std::uint64_t> send_carrier(const std::string& from, const std::string& to);
  void on_fire_alarm(const std::string& zone);
  void enter_maintenance();
  void leave_maintenance();
  void night_mode();
  void reconfigure(const LinkConfig& cfg);
  void shutdown();  // idempotent
  std::shared_ptr<AuditWriter> audit() const;

 private:
  void build_stations();
  Station* station_for(const std::string& ward);
  void notify_wards(const std::string& text);
  void run_phase(const char* name, const std::function<void()>& phase);
  void stop_intake();
  void stop_workers();
  void stop_links();
  void stop_field();
  void stop_services();

  NetworkConfig cfg_;
  std::shared_ptr<AuditWriter> audit_;
  std::shared_ptr<AuditArchiver> archiver_;
  std::shared_ptr<ThreadPool> workers_;
  std::shared_ptr<FieldbusPool> bus_;
  std::shared_ptr<BlowerController> blowers_;
  std::shared_ptr<DiverterController> diverters_;
  std::shared_ptr<RoutePlanner> planner_;
  std::shared_ptr<LinkRegistry> links_;
  std::shared_ptr<RfidReader> reader_;
  std::shared_ptr<CarrierTracker> tracker_;
  std::shared_ptr<NurseCallGateway> gateway_;
  std::shared_ptr<PharmacyLink> pharmacy_;
  std::shared_ptr<PharmacyDispenser> dispenser_;
  std::shared_ptr<AlarmBus> alarms_;
  std::unique_ptr<NurseCallRelay> relay_;
  std::unique_ptr<AuditAlarmLog> alarm_log_;
  std::shared_ptr<EventDispatcher> dispatcher_;
  std::vector<EventDispatcher::Token> tokens_;
  std::shared_ptr<TransactionManager> tx_;
  std::shared_ptr<MaintenanceMode> maintenance_;
  std::shared_ptr<FireInterlock> interlock_;
  std::shared_ptr<Watchdog> watchdog_;
  std::shared_ptr<Telemetry> telemetry_;
  std::shared_ptr<NightShutdown> night_;
  std::vector<std::unique_ptr<Station>> stations_;
  Link* pharmacy_bus_ = nullptr;  // aliases the registry's pharmacy-bus link
  int archived_generation_ = 0;
  std::atomic<bool> intake_open_{false};
  std::atomic<bool> stopped_{false};
  std::atomic<long> orders_today_{0};
};

}  // namespace tubed
