// Health probing of the bus producer. The checker only holds a weak reference: it must
// not keep a replaced producer alive.
#include "health_checker.h"
#include "diagnostics.h"

#include <utility>

namespace farecol {
namespace {
constexpr int kBacklogLimit = 10000;
constexpr unsigned kFailuresBeforeDown = 3;
} // namespace

const char *healthName(HealthState state) {
  switch (state) {
  case HealthState::Up:
    return "up";
  case HealthState::Degraded:
    return "degraded";
  case HealthState::Down:
    return "down";
  }
  return "unknown";
}

HealthChecker::HealthChecker(std::string topicPrefix, Diagnostics &diag)
    : topicPrefix_(std::move(topicPrefix)), diag_(diag) {}

void HealthChecker::watch(std::weak_ptr<kafka::KafkaProducer> producer) {
  producer_ = std::move(producer);
  failures_ = 0;
}

HealthState HealthChecker::probe() {
  HealthState state = HealthState::Down;
  std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock();
  if (!producer || producer->isClosed()) {
    ++failures_;
  } else {
    const int backlog = producer->pendingCount();
    producer->send(kafka::ProducerRecord{topicPrefix_ + ".health", "ping backlog=" + std::to_string(backlog)}); // OK
    failures_ = 0;
    state = backlog > kBacklogLimit ? HealthState::Degraded : HealthState::Up;
  }
  if (state == HealthState::Down && failures_ < kFailuresBeforeDown)
    state = HealthState::Degraded;
  if (state != last_)
    diag_.info("health: %s -> %s", healthName(last_), healthName(state));
  last_ = state;
  return state;
}

void HealthChecker::reportFinal(const std::string &summary) {
  if (std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock())
    producer->send(kafka::ProducerRecord{topicPrefix_ + ".health", "final " + summary}); // SAME: finalhealth
}

} // namespace farecol
