// Enforcement: EnforcementNotifier fans a violation out to the handlers
// registered with subscribe() (stored std::function objects).
// ViolationForwarder sends violations to the enforcement agency's Kafka
// cluster from its own thread through a producer it owns; stop() sets
// stopping_ and closes the producer while holding the same mutex the worker
// holds when it checks stopping_ and sends.
#pragma once
#include "result.h"
#include "types.h"

#include <messaging.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace toll {

using ViolationHandler = std::function<void(const Violation &)>;

class EnforcementNotifier {
public:
  void subscribe(ViolationHandler handler);
  void clear();
  void notify(const Violation &v);

private:
  std::mutex mu_;
  std::vector<ViolationHandler> handlers_;
};

class ViolationForwarder {
public:
  ViolationForwarder(const std::string &brokers, std::string topic);
  ~ViolationForwarder();
  ViolationForwarder(const ViolationForwarder &) = delete;
  ViolationForwarder &operator=(const ViolationForwarder &) = delete;

  void start();
  void forward(const Violation &v);
  void stop();

private:
  void run();
  kafka::ProducerRecord toRecord(const Violation &v) const;

  std::string topic_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Violation> pending_;
  bool stopping_ = false;
  std::thread worker_;
};

Result exportViolations(const std::vector<Violation> &violations, const std::string &path);
Result exportDailyPlates(const std::vector<Violation> &violations, const std::string &path);

} // namespace toll
