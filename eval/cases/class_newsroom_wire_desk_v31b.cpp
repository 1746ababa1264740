// News agency wire desk: stories go out to subscribers through a Kafka
// producer, syndication partners receive them over a Cassandra-style
// streaming channel, and editors' pagers get alerts through an EventChannel.
// At the end of the editorial day the desk flushes and closes the wire; late
// urgent stories are still sent as flashes afterwards. A correction reopens
// the wire with a fresh producer when it finds it closed.
#include "messaging.h"

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace newsroom {

struct Story {
  std::string slug;
  std::string desk;
  std::string body;
  bool urgent;
};

class WireDesk {
public:
  WireDesk(std::string brokers, EventChannel &pagers)
      : brokers_(std::move(brokers)), wire_(kafka::createProducer(brokers_)), pagers_(pagers) {}

  void file(const Story &s) { wire_->send({"wire." + s.desk, s.body}); }

  void correction(const Story &s) {
    if (wire_->isClosed())
      wire_ = kafka::createProducer(brokers_);
    wire_->send({"wire.corrections", s.slug + ": " + s.body}); // OK: replaced when closed
  }

  void killStory(const Story &s) {
    pagers_.send("KILL " + s.slug);
    wire_->close(std::chrono::milliseconds(500));
    wire_->send({"wire.kill", s.slug}); // BUG: use-after-close
  }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> wire_;
  EventChannel &pagers_;
};

void endOfEditorialDay(kafka::KafkaProducer &wire, EventChannel &pagers, const std::vector<Story> &late) {
  wire.flush();
  wire.close();
  for (const Story &s : late)
    if (s.urgent)
      wire.send({"wire.flash", s.slug}); // BUG: use-after-close
  pagers.send("desk closed, " + std::to_string(late.size()) + " held"); // OK: a different handle
  pagers.close();
}

void syndicate(cassandra::StreamingMultiplexedChannel &partner, const std::vector<Story> &stories,
               bool partnerHungUp) {
  if (partnerHungUp)
    partner.close();
  for (const Story &s : stories) {
    if (partner.isClosed())
      break;
    partner.sendMessage(partner.controlChannel(), {"story", s.body}); // OK: isClosed() checked
  }
  if (!partner.isClosed()) {
    partner.sendControlMessage({"end-of-day", ""}); // OK
    partner.close(); // OK
  }
}

} // namespace newsroom
