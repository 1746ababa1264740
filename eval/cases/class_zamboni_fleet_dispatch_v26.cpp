// Resurfacing dispatch for a multi-sheet ice arena: each Zamboni cut is
// queued as a Kafka record for the facilities dashboard and announced on the
// arena's LED board over a plain TCP connection. During maintenance the LED
// board link is dropped and announcements are skipped; at closing time the
// dispatcher is stopped and the arena is marked closed.
#include "messaging.h"
#include "netconn.h"

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <utility>

struct IceCut {
  int sheet = 0;
  std::string machine;
  int waterLitres = 0;
  bool edging = false;
};

class ResurfaceDispatcher {
public:
  ResurfaceDispatcher(std::unique_ptr<kafka::KafkaProducer> producer,
                      net::Connection &board)
      : producer_(std::move(producer)), board_(board) {}

  void scheduleCut(const IceCut &cut);
  void publishPending();
  void enterMaintenance();
  void stop();
  void closeArena();
  bool hasPending() const { return !pending_.empty(); }

private:
  void announce(const std::string &text);
  static std::string encode(const IceCut &cut);

  std::unique_ptr<kafka::KafkaProducer> producer_;
  net::Connection &board_;
  std::deque<kafka::ProducerRecord> pending_;
};

std::string ResurfaceDispatcher::encode(const IceCut &cut) {
  return "{\"sheet\":" + std::to_string(cut.sheet) + ",\"machine\":\"" +
         cut.machine + "\",\"water\":" + std::to_string(cut.waterLitres) +
         ",\"edging\":" + (cut.edging ? "true" : "false") + "}";
}

void ResurfaceDispatcher::scheduleCut(const IceCut &cut) {
  pending_.push_back(kafka::ProducerRecord{"arena.resurface", encode(cut)});
  announce("Sheet " + std::to_string(cut.sheet) + " resurfacing");
}

void ResurfaceDispatcher::announce(const std::string &text) {
  if (board_.isClosed())
    return;
  board_.send(text); // OK
  board_.flush();
}

void ResurfaceDispatcher::publishPending() {
  while (!pending_.empty()) {
    producer_->send(pending_.front()); // SAME: pending
    pending_.pop_front();
  }
}

void ResurfaceDispatcher::enterMaintenance() {
  board_.close();
}

void ResurfaceDispatcher::stop() {
  board_.close(); // OK
  producer_->close(std::chrono::milliseconds(5000));
}

void ResurfaceDispatcher::closeArena() {
  stop();
  if (hasPending())
    publishPending(); // BUG: use-after-close #pending
  producer_->send(kafka::ProducerRecord{"arena.status", "closed"}); // BUG: use-after-close
}

void runEveningSession(ResurfaceDispatcher &dispatcher, bool maintenanceNight) {
  dispatcher.scheduleCut(IceCut{1, "zam-520", 450, false});
  dispatcher.scheduleCut(IceCut{2, "zam-552", 470, true});
  dispatcher.publishPending();
  if (maintenanceNight)
    dispatcher.enterMaintenance();
  dispatcher.scheduleCut(IceCut{1, "zam-520", 430, false}); // OK
  dispatcher.closeArena();
}
