// TrafficSpots: batches spot confirmations for the traffic department and
// sends them over the traffic event channel.
#pragma once
#include "messaging.h"
#include <mutex>
#include <string>
#include <vector>

class TrafficSpots {
public:
  TrafficSpots() = default;
  ~TrafficSpots();
  void confirm(const std::string &spotId);
  void flush();
  void stop();
  void shutdown();

private:
  std::mutex mu_;
  EventChannel traffic_;
  std::vector<std::string> pending_;
  bool stopped_ = false;
};
