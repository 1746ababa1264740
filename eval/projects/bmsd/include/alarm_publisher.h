// AlarmPublisher: publishes alarms to the message bus through a Kafka
// producer that it shares (std::shared_ptr) with the door monitor's access
// log and, weakly, with the publisher watchdog. A configuration reload swaps
// the producer with replaceProducer().
#pragma once
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>

#include "alarm.h"
#include "messaging.h"

namespace bmsd {

class Diagnostics;

class AlarmPublisher {
public:
  AlarmPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                 std::string topic, Diagnostics &diag);

  // Sends at once; after close() the alarm is kept in the pending queue.
  void publish(const Alarm &alarm);
  // Queues a low-severity alarm for the next batch.
  void enqueue(const Alarm &alarm);
  std::size_t publishPending();
  void flushNow();
  void close();
  bool isClosed() const;

  std::shared_ptr<kafka::KafkaProducer> producer() const;
  // Installs next and returns the producer it replaces.
  std::shared_ptr<kafka::KafkaProducer>
  replaceProducer(std::shared_ptr<kafka::KafkaProducer> next);

private:
  mutable std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topic_;
  Diagnostics &diag_;
  std::deque<Alarm> pending_;
  bool closed_ = false;
};

} // namespace bmsd
