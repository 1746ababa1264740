// A fan-out publisher keeps one producer per region. shutdown() drains each
// producer and closes it in the same loop: every flush reaches a producer
// that is still open, the loop's next iteration is another producer
// (correct). shutdownAndReport() sends a summary on the first region's
// producer after the loop closed them all (bug). Found while probing the
// engine (sixth session), after the suite was written.
#include "messaging.h"

#include <memory>
#include <string>
#include <vector>

class RegionFanout {
public:
  void shutdown() {
    for (auto &producer : producers_) {
      producer->flush(); // OK
      producer->close();
    }
  }

  void shutdownRaw(std::vector<kafka::KafkaProducer *> &borrowed) {
    for (kafka::KafkaProducer *producer : borrowed) {
      producer->send({"audit", "draining"}); // OK
      producer->close();
    }
  }

  void shutdownAndReport() {
    for (auto &producer : producers_)
      producer->close();
    producers_.front()->send({"audit", "fanout closed"}); // BUG: use-after-close
  }

private:
  std::vector<std::unique_ptr<kafka::KafkaProducer>> producers_;
};
