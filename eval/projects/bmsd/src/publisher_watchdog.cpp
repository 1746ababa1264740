// PublisherWatchdog: every interval, on the main loop, checks the alarm
// producer, flushes a growing backlog and sends a heartbeat record that the
// monitoring side uses to tell a quiet building from a dead publisher.
// Producers are closed only on the main loop (reload, shutdown), the same
// thread that runs tick().
#include "publisher_watchdog.h"

#include "diagnostics.h"

namespace bmsd {

PublisherWatchdog::PublisherWatchdog(Diagnostics &diag, std::chrono::seconds interval,
                                     int backlogLimit)
    : diag_(diag), interval_(interval), backlogLimit_(backlogLimit) {}

void PublisherWatchdog::watch(std::weak_ptr<kafka::KafkaProducer> producer) {
  producer_ = std::move(producer);
  staleTicks_ = 0;
}

void PublisherWatchdog::tick(Clock::time_point now) {
  if (now < next_)
    return;
  next_ = now + interval_;

  std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock();
  if (!producer) {
    ++staleTicks_;
    diag_.warn("watchdog: the alarm producer is gone");
    return;
  }
  if (producer->isClosed()) {
    ++staleTicks_;
    diag_.warn("watchdog: the alarm producer is closed");
    return;
  }
  if (producer->pendingCount() > backlogLimit_) {
    diag_.warn("watchdog: %d alarm records waiting, flushing", producer->pendingCount());
    producer->flush(); // OK
  }
  const kafka::ProducerRecord beat{"bms.heartbeat",
                                  "{\"beat\":" + std::to_string(++beats_) + "}"};
  producer->send(beat); // OK
  staleTicks_ = 0;
}

} // namespace bmsd
