// Concert hall ticket scanning: each door gate runs a scanner thread that
// publishes every scanned ticket to the box office topic through a Kafka
// producer shared by all gates. For a double bill the producer is swapped
// during the intermission (the second show's promoter uses its own cluster),
// and the attendance reporter holds only a weak reference. Correct: the gate
// threads are joined and the gates (with their shared_ptr copies) destroyed
// before the old producer is closed, the new producer is the one used
// afterwards, and the reporter checks isClosed() on the producer it locks.
#include "messaging.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace hall {

using ScanSource = std::function<bool(std::string &ticket)>;

class GateScanner {
public:
  GateScanner(int gate, std::shared_ptr<kafka::KafkaProducer> producer)
      : gate_(gate), producer_(std::move(producer)) {}
  ~GateScanner() { join(); }

  void start(ScanSource source) {
    thread_ = std::thread([this, source = std::move(source)] {
      std::string ticket;
      while (source(ticket)) {
        producer_->send({"boxoffice.scans", std::to_string(gate_) + "|" + ticket}); // OK
        scanned_.fetch_add(1);
      }
    });
  }
  void join() {
    if (thread_.joinable())
      thread_.join();
  }
  int scanned() const { return scanned_.load(); }

private:
  int gate_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::atomic<int> scanned_{0};
  std::thread thread_;
};

class ConcertHall {
public:
  explicit ConcertHall(const std::string &brokers)
      : producer_(std::make_shared<kafka::KafkaProducer>(brokers)) {}

  void openDoors(std::vector<ScanSource> sources) {
    for (size_t i = 0; i < sources.size(); ++i) {
      gates_.push_back(std::make_unique<GateScanner>(static_cast<int>(i + 1), producer_));
      gates_.back()->start(std::move(sources[i]));
    }
  }

  int closeDoors() {
    int total = 0;
    for (auto &g : gates_) {
      g->join();
      total += g->scanned();
    }
    gates_.clear();
    return total;
  }

  void intermission(const std::string &nextBrokers) {
    int admitted = closeDoors();
    std::shared_ptr<kafka::KafkaProducer> old =
        std::exchange(producer_, std::make_shared<kafka::KafkaProducer>(nextBrokers));
    old->send({"boxoffice.events", "show1 admitted " + std::to_string(admitted)});
    old->flush();
    old->close();
    producer_->send({"boxoffice.events", "show2 doors"}); // OK
  }

  void endOfNight() {
    int admitted = closeDoors();
    producer_->send({"boxoffice.events", "show2 admitted " + std::to_string(admitted)});
    producer_->flush();
    producer_->close();
  }

  std::weak_ptr<kafka::KafkaProducer> producerRef() const { return producer_; }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::vector<std::unique_ptr<GateScanner>> gates_;
};

void reportAttendance(const std::weak_ptr<kafka::KafkaProducer> &ref, int seated) {
  std::shared_ptr<kafka::KafkaProducer> p = ref.lock();
  if (!p || p->isClosed())
    return;
  p->send({"boxoffice.attendance", std::to_string(seated)}); // OK
}

void doubleBill(ConcertHall &hall, std::vector<ScanSource> show1, std::vector<ScanSource> show2,
                const std::string &show2Brokers) {
  hall.openDoors(std::move(show1));
  std::weak_ptr<kafka::KafkaProducer> ref = hall.producerRef();
  hall.intermission(show2Brokers);
  reportAttendance(ref, 1800); // OK
  hall.openDoors(std::move(show2));
  reportAttendance(hall.producerRef(), 2100); // OK
  hall.endOfNight();
}

} // namespace hall
