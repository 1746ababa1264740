// MaintenanceMode: opens the network for technicians (carriers parked, RFID readers
// serviced) and takes single wards offline.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "carrier_tracker.h"
#include "diverter.h"
#include "link_registry.h"

namespace tubed {

class MaintenanceMode {
 public:
  MaintenanceMode(std::shared_ptr<LinkRegistry> links, std::shared_ptr<CarrierTracker> tracker,
                  std::shared_ptr<DiverterController> diverters);

  void enter();
  void exit();
  Status park_all();
  Status take_ward_offline(const std::string& ward);
  bool active() const;

 private:
  static int siding_for(const std::string& tag);

  std::shared_ptr<LinkRegistry> links_;
  std::shared_ptr<CarrierTracker> tracker_;
  std::shared_ptr<DiverterController> diverters_;
  std::atomic<bool> active_{false};
};

}  // namespace tubed
