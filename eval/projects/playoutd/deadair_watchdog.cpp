// DeadairWatchdog: counts consecutive silence events and pages engineering
// through Kafka when the run exceeds the grace period. close() unsubscribes
// from the annunciator before it closes the producer, so no event reaches a
// closed producer.
#include "deadair_watchdog.h"
#include "timecode.h"

DeadairWatchdog::DeadairWatchdog(Annunciator &bus, const std::string &brokers,
                                 int graceEvents)
    : bus_(bus), alarms_(kafka::createProducer(brokers)), grace_(graceEvents) {
  bus_.subscribe(this);
}

DeadairWatchdog::~DeadairWatchdog() {
  close(); // OK: closed_ makes the second close a no-op
}

void DeadairWatchdog::onEvent(const AirEvent &ev) {
  if (ev.kind != AirEvent::Kind::Silence) {
    silentRun_ = 0;
    return;
  }
  if (++silentRun_ != grace_)
    return;
  alarms_->send({"engineering.pager", // OK: close() unsubscribes before closing
                 nowStamp() + " DEAD AIR after " + ev.item});
}

void DeadairWatchdog::close() {
  if (closed_)
    return;
  closed_ = true;
  bus_.unsubscribe(this);
  alarms_->flush();
  alarms_->close();
}
