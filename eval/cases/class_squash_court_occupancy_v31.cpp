// Squash club: the court occupancy sensors publish through one Kafka
// producer, a librdkafka consumer reads booking changes, and the front desk's
// display gets events over an EventChannel. At closing time the club's
// monitor closes all three; the cleaner's walk round the courts afterwards
// still trips the occupancy sensors and the light switches.
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>

namespace squash {

class CourtMonitor {
public:
  CourtMonitor(std::unique_ptr<kafka::KafkaProducer> out, RdKafka::KafkaConsumer &bookings,
               EventChannel &desk)
      : out_(std::move(out)), bookings_(bookings), desk_(desk) {}

  ~CourtMonitor() {
    if (!out_->isClosed())
      out_->close(); // OK: closeUp() may have closed it, checked first
  }

  void occupancy(int court, bool occupied) {
    if (out_->isClosed())
      return;
    out_->send({"courts.occupancy", std::to_string(court) + (occupied ? ":in" : ":out")}); // OK
  }

  void lightsOff(int court) {
    out_->send({"courts.lights", std::to_string(court) + ":off"}); // SAME: squash-lights
  }

  void deskNotice(const std::string &text) {
    if (desk_.isOpen())
      desk_.send(text); // OK
  }

  void closeUp() {
    bookings_.commitSync();
    if (bookings_.close() != 0)
      desk_.send("bookings consumer did not close cleanly");
    out_->flush();
    out_->close();
    desk_.send("club closed for the night");
    desk_.close();
  }

private:
  std::unique_ptr<kafka::KafkaProducer> out_;
  RdKafka::KafkaConsumer &bookings_;
  EventChannel &desk_;
};

void eveningShift(RdKafka::KafkaConsumer &bookings, EventChannel &desk) {
  CourtMonitor monitor(kafka::createProducer("club-broker:9092"), bookings, desk);
  monitor.occupancy(2, true);
  monitor.occupancy(2, false);
  monitor.closeUp();
  monitor.occupancy(3, true); // OK: occupancy() returns once the producer is closed
  monitor.deskNotice("cleaner on court 3"); // OK
  monitor.lightsOff(3); // BUG: use-after-close #squash-lights
}

} // namespace squash
