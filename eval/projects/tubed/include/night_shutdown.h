// NightShutdown: drains the network for the night (no new carriers, carriers parked,
// readers, workers, fieldbus and links stopped, the day's audit file finalized).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>

#include "audit_writer.h"
#include "carrier_tracker.h"
#include "fieldbus_pool.h"
#include "link_registry.h"
#include "maintenance.h"
#include "rfid_reader.h"
#include "thread_pool.h"
#include "transaction_manager.h"
#include "watchdog.h"

namespace tubed {

class NightShutdown {
 public:
  struct Parts {
    std::shared_ptr<Watchdog> watchdog;
    std::shared_ptr<TransactionManager> tx;
    std::shared_ptr<MaintenanceMode> maintenance;
    std::shared_ptr<CarrierTracker> tracker;
    std::shared_ptr<RfidReader> reader;
    std::shared_ptr<ThreadPool> workers;
    std::shared_ptr<FieldbusPool> bus;
    std::shared_ptr<LinkRegistry> links;
    std::shared_ptr<AuditWriter> audit;
    std::chrono::seconds idle_timeout;
  };

  explicit NightShutdown(Parts parts);
  void drain();  // runs once
  bool drained() const;

 private:
  bool wait_for_idle(std::chrono::seconds limit);

  Parts p_;
  std::atomic<bool> drained_{false};
};

}  // namespace tubed
