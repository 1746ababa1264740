// Shipment notices for an orchid propagation nursery: every box of keiki
// (plantlets) sealed on the packing belt is announced on a Kafka topic, and a
// backlog of unsent notices from an outage is republished in the morning.
// The packing belt calls back for each box it seals, including the boxes
// still on the belt when it is drained at the end of the day.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace keiki {

struct Box {
  std::string label;
  std::string genus;
  int plantlets = 0;
};

class PackingBelt {
public:
  using SealedFn = std::function<void(const Box &)>;

  void on_box_sealed(SealedFn fn) { sealed_ = std::move(fn); }
  void load(Box b) { belt_.push_back(std::move(b)); }

  // Seals up to `n` boxes.
  void run(int n) {
    while (n-- > 0 && !belt_.empty())
      seal_front();
  }
  // Seals whatever is left on the belt.
  void drain() {
    while (!belt_.empty())
      seal_front();
  }

private:
  void seal_front() {
    Box b = std::move(belt_.front());
    belt_.pop_front();
    if (sealed_)
      sealed_(b);
  }
  std::deque<Box> belt_;
  SealedFn sealed_;
};

static std::string encode(const Box &b) {
  return b.label + ";" + b.genus + ";" + std::to_string(b.plantlets);
}

void packing_day(PackingBelt &belt, kafka::KafkaProducer &producer, int quota) {
  belt.on_box_sealed([&producer](const Box &b) {
    producer.send({"keiki.boxes", encode(b)}); // SAME: belt
  });
  belt.run(quota);
  producer.flush();
  producer.close();
  belt.drain(); // BUG: use-after-close #belt
}

void packing_day_detached(PackingBelt &belt, kafka::KafkaProducer &producer, int quota) {
  belt.on_box_sealed([&producer](const Box &b) {
    producer.send({"keiki.boxes", encode(b)});
  });
  belt.run(quota);
  producer.flush();
  producer.close();
  belt.on_box_sealed(nullptr);
  belt.drain(); // OK: the callback was detached before the drain
}

class ShipmentNotifier {
public:
  explicit ShipmentNotifier(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)) {}
  ~ShipmentNotifier() { shutdown(); }

  void notify(const Box &b) {
    if (!producer_ || producer_->isClosed())
      return;
    producer_->send({"keiki.shipments", encode(b)}); // OK: guarded
  }

  void shutdown() {
    if (!producer_ || producer_->isClosed())
      return;
    producer_->flush();
    producer_->close(std::chrono::milliseconds(5000)); // OK: runs at most once
  }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

// Morning republish of the outage backlog; a broker rejection stops it.
void republish_backlog(std::unique_ptr<kafka::KafkaProducer> producer,
                       const std::vector<Box> &backlog) {
  for (const Box &b : backlog) {
    try {
      producer->send({"keiki.backlog", encode(b)});
    } catch (const std::exception &e) {
      std::fprintf(stderr, "backlog stopped at %s: %s\n", b.label.c_str(), e.what());
      producer->close();
      break;
    }
  }
  producer->flush(); // BUG: use-after-close
}

} // namespace keiki
