// Network::shutdown(): the ordered teardown of the plant. Each phase runs in run_phase(),
// which logs and swallows a phase's exception so the later phases still run. Phases 1-3
// (stations and transactions, worker jobs, links) are here; the fieldbus and the
// services are stopped in network_teardown.cpp. The last step queues the final telemetry
// upload.
#include <cstdio>
#include <exception>

#include "network.h"

namespace tubed {

void Network::shutdown() {
  if (stopped_.exchange(true)) return;
  intake_open_ = false;
  run_phase("watchdog", [this] { watchdog_->stop(); });
  run_phase("intake", [this] { stop_intake(); });
  run_phase("workers", [this] { stop_workers(); });
  run_phase("links", [this] { stop_links(); });
  run_phase("field", [this] { stop_field(); });
  run_phase("services", [this] { stop_services(); });
  run_phase("telemetry", [this] { telemetry_->schedule_upload(); }); // BUG: use-after-close #telemetry_upload
}

void Network::run_phase(const char* name, const std::function<void()>& phase) {
  try {
    phase();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tubed: shutdown phase %s failed: %s\n", name, e.what());
  }
}

void Network::stop_intake() {
  for (auto& station : stations_) station->stop();
  tx_->abort_all("tube system shutting down");
  tx_->reap();
}

void Network::stop_workers() {
  tracker_->stop();
  workers_->shutdown(); // OK: idempotent; the night drain may have shut the pool down already
  reader_->stop(); // OK: the polling job was joined by workers_->shutdown() just above
  pharmacy_->disconnect(); // OK: the dispense jobs were joined above and the watchdog is stopped
}

void Network::stop_links() {
  for (auto& entry : links_->links()) entry.second->shutdown(); // OK: idempotent; the night drain may have shut every link already
  if (pharmacy_bus_ != nullptr) {
    Status s = pharmacy_bus_->send("EOD orders=" + std::to_string(orders_today_.load())); // BUG: use-after-close
    if (!s.is_ok()) std::fprintf(stderr, "tubed: end-of-day report lost: %s\n", s.to_string().c_str());
  }
}

}  // namespace tubed
