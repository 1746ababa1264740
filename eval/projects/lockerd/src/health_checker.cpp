// HealthChecker: counts online and offline banks, looks at the journal and
// measures a flush round trip on the bus producer it was pointed at.
#include "health_checker.h"

#include "link_registry.h"
#include "service_slots.h"

#include <cstdio>

HealthChecker::HealthChecker(ServiceSlots &slots, LinkRegistry &registry)
    : slots_(slots), registry_(registry) {}

void HealthChecker::watchProducer(std::weak_ptr<kafka::KafkaProducer> producer) {
  producer_ = std::move(producer);
}

HealthReport HealthChecker::probe() {
  HealthReport report;
  report.banksOnline = registry_.onlineBanks().size();
  report.banksOffline = registry_.offlineBanks().size();
  {
    std::lock_guard<std::mutex> lock(slots_.mutex);
    report.journalOpen = slots_.journal && slots_.journal->isOpen();
  }

  std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock();
  if (!producer)
    return report;
  report.busPending = producer->pendingCount();
  const auto started = std::chrono::steady_clock::now();
  producer->flush(); // BUG: use-after-close
  report.busFlush = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  report.busReachable = true;
  return report;
}

void HealthChecker::nudge() {
  std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock();
  if (!producer || producer->isClosed())
    return;
  if (producer->pendingCount() > 0)
    producer->flush(); // OK
}

std::string HealthChecker::render(const HealthReport &report) {
  char text[256];
  std::snprintf(text, sizeof text,
                "banks online %zu, offline %zu\njournal %s\nbus %s, %d pending, flush %lld ms\n",
                report.banksOnline, report.banksOffline, report.journalOpen ? "open" : "CLOSED",
                report.busReachable ? "reachable" : "UNREACHABLE", report.busPending,
                static_cast<long long>(report.busFlush.count()));
  return text;
}
