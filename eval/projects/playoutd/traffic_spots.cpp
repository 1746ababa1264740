// TrafficSpots: batches spot confirmations and sends them to the traffic
// department's channel. shutdown() flushes the batch before stop() closes
// the channel, and is idempotent so the destructor can call it again.
#include "traffic_spots.h"

TrafficSpots::~TrafficSpots() {
  shutdown(); // OK: returns at once after an explicit shutdown()
}

void TrafficSpots::confirm(const std::string &spotId) {
  std::lock_guard<std::mutex> lock(mu_);
  pending_.push_back(spotId);
}

void TrafficSpots::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto &id : pending_)
    traffic_.send("CONFIRM " + id);
  pending_.clear();
}

void TrafficSpots::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  stopped_ = true;
  traffic_.close();
}

void TrafficSpots::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
  }
  flush(); // OK: flushed before stop() closes the channel
  stop();
}
