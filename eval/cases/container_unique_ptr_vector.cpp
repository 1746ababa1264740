// A broker client keeps its producers as unique_ptrs in a vector. stopAll()
// closes each one and then flushes the first: a use after close (bug).
// restart() closes them all, clears the vector and pushes a fresh producer, so
// the send on back() goes to the new one (correct).
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

class BrokerClient {
public:
  explicit BrokerClient(std::string brokers) : brokers_(std::move(brokers)) {
    producers_.push_back(kafka::createProducer(brokers_));
  }

  void stopAll() {
    for (auto &producer : producers_)
      producer->close();
    producers_.front()->flush(); // BUG: use-after-close
  }

  void restart() {
    for (auto &producer : producers_)
      producer->close();
    producers_.clear();
    producers_.push_back(kafka::createProducer(brokers_));
    producers_.back()->send({"control", "restarted"}); // OK
  }

private:
  std::string brokers_;
  std::vector<std::unique_ptr<kafka::KafkaProducer>> producers_;
};
