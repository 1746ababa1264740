// MaintenanceMode: while technicians work on the network the RFID polling is stopped
// (readers are serviced) and every carrier is parked on a siding; exit() restarts the
// tracker. take_ward_offline() drops one ward's link from the configuration.
#include "maintenance.h"

#include <cstdio>
#include <functional>

namespace tubed {

MaintenanceMode::MaintenanceMode(std::shared_ptr<LinkRegistry> links, std::shared_ptr<CarrierTracker> tracker,
                                 std::shared_ptr<DiverterController> diverters)
    : links_(std::move(links)), tracker_(std::move(tracker)), diverters_(std::move(diverters)) {}

void MaintenanceMode::enter() {
  if (active_.exchange(true)) return;
  tracker_->stop();  // the readers are serviced while the network is open
  for (const std::string& tag : tracker_->carriers_on("*")) { // OK: carriers_on() reads the position table, which stop() leaves intact
    Status s = diverters_->park(siding_for(tag));
    if (!s.is_ok()) {
      std::fprintf(stderr, "tubed: cannot park %s: %s\n", tag.c_str(), s.to_string().c_str());
      continue;
    }
    tracker_->record(TagEvent{tag, "siding", "parked for maintenance"}); // BUG: use-after-close #park_record
  }
}

void MaintenanceMode::exit() {
  if (!active_.exchange(false)) return;
  tracker_->start();
  tracker_->record(TagEvent{"", "network", "maintenance finished"}); // OK: start() reopened the event queue
}

Status MaintenanceMode::park_all() {
  Status worst = Status::ok();
  for (const std::string& tag : tracker_->carriers_on("*")) {
    Status s = diverters_->park(siding_for(tag));
    if (!s.is_ok()) {
      worst = s;
      continue;
    }
    if (tracker_->running()) tracker_->record(TagEvent{tag, "siding", "parked"}); // OK: guarded by running(); stop() runs on this same thread
  }
  return worst;
}

Status MaintenanceMode::take_ward_offline(const std::string& ward) {
  Link* link = links_->find(ward);
  if (link == nullptr) return Status::error(Code::NotFound, "no link for ward " + ward);
  LinkConfig cfg = links_->config();
  cfg.erase(ward);
  links_->rebuild(cfg);
  return link->send("PARK ALL; station offline for maintenance"); // BUG: use-after-close
}

bool MaintenanceMode::active() const { return active_.load(); }

int MaintenanceMode::siding_for(const std::string& tag) { return 100 + static_cast<int>(std::hash<std::string>{}(tag) % 4); }

}  // namespace tubed
