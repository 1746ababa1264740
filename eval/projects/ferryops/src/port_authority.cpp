// Port-authority feeds. makePortAuthorityNotifier() returns the callback the
// terminal calls for every boarding; it captures its own copy of the producer.
// makeHarbourMasterAlert() holds only a weak_ptr and skips a producer that is
// gone or closed.
#include "boarding.h"

#include <utility>

namespace ferry {

PaNotifier makePortAuthorityNotifier(std::shared_ptr<kafka::KafkaProducer> producer,
                                     std::string topic, std::string portCode) {
  return [producer = std::move(producer), topic = std::move(topic),
          portCode = std::move(portCode)](const BoardingEvent &e) {
    if (e.ticket.empty())
      return;
    producer->send(kafka::ProducerRecord{topic, portCode + "|" + encodeEvent(e)}); // SAME: panotify
  };
}

PaNotifier makeHarbourMasterAlert(std::weak_ptr<kafka::KafkaProducer> producer, std::string topic) {
  return [producer = std::move(producer), topic = std::move(topic)](const BoardingEvent &e) {
    std::shared_ptr<kafka::KafkaProducer> p = producer.lock();
    const bool usable = p && !p->isClosed();
    if (!usable)
      return;
    p->send(kafka::ProducerRecord{topic, "LATE " + encodeEvent(e)}); // OK: stored query checked above
  };
}

} // namespace ferry
