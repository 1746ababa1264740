// Health of the daemon for the console and the housekeeping tick: banks
// online, journal state and a round trip to the message bus.
#pragma once
#include "messaging.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

class LinkRegistry;
struct ServiceSlots;

struct HealthReport {
  std::size_t banksOnline = 0;
  std::size_t banksOffline = 0;
  bool journalOpen = false;
  bool busReachable = false;
  int busPending = 0;
  std::chrono::milliseconds busFlush{0};
};

class HealthChecker {
public:
  HealthChecker(ServiceSlots &slots, LinkRegistry &registry);

  void watchProducer(std::weak_ptr<kafka::KafkaProducer> producer);
  HealthReport probe();
  void nudge();
  static std::string render(const HealthReport &report);

private:
  ServiceSlots &slots_;
  LinkRegistry &registry_;
  std::weak_ptr<kafka::KafkaProducer> producer_;
};
