// AlarmPublisher: alarms as JSON records on the alarm topic. Critical and
// major alarms go out at once; minor ones are batched in pending_ and sent
// by publishPending() from the main loop.
#include "alarm_publisher.h"

#include "diagnostics.h"
#include "format.h"

namespace bmsd {

AlarmPublisher::AlarmPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                               std::string topic, Diagnostics &diag)
    : producer_(std::move(producer)), topic_(std::move(topic)), diag_(diag) {}

void AlarmPublisher::publish(const Alarm &alarm) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_ || alarm.severity == Severity::Minor || alarm.severity == Severity::Info) {
    pending_.push_back(alarm);
    return;
  }
  producer_->send(kafka::ProducerRecord{topic_, alarmToJson(alarm)}); // OK: closed_ is set under mu_ by close()
}

void AlarmPublisher::enqueue(const Alarm &alarm) {
  std::lock_guard<std::mutex> lock(mu_);
  pending_.push_back(alarm);
}

std::size_t AlarmPublisher::publishPending() {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t sent = 0;
  while (!pending_.empty()) {
    producer_->send(kafka::ProducerRecord{topic_, alarmToJson(pending_.front())}); // SAME: plan-order
    pending_.pop_front();
    ++sent;
  }
  if (sent > 0)
    producer_->flush();
  return sent;
}

void AlarmPublisher::flushNow() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  producer_->flush(); // OK
}

void AlarmPublisher::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (!pending_.empty())
    diag_.warn("alarm publisher: closing with %zu alarms unsent", pending_.size());
  producer_->flush();
  producer_->close();
}

bool AlarmPublisher::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

std::shared_ptr<kafka::KafkaProducer> AlarmPublisher::producer() const {
  std::lock_guard<std::mutex> lock(mu_);
  return producer_;
}

std::shared_ptr<kafka::KafkaProducer>
AlarmPublisher::replaceProducer(std::shared_ptr<kafka::KafkaProducer> next) {
  std::lock_guard<std::mutex> lock(mu_);
  producer_.swap(next);
  return next;
}

} // namespace bmsd
