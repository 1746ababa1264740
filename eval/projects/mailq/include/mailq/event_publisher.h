// EventPublisher: publishes queue events to Kafka from a sender thread.
//
// publish() hands the record to the sender thread; once close() has been
// called it throws std::runtime_error("event publisher closed"). reconnect()
// switches to another broker list: it installs a new producer and closes the
// old one (a no-op after close()). close() drains the backlog, joins the
// sender thread and closes the producer; it is idempotent, and the destructor
// calls it.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <messaging.h>

#include "mailq/blocking_queue.h"

namespace mailq {

class EventPublisher {
public:
  explicit EventPublisher(const std::string &brokers);
  ~EventPublisher();
  EventPublisher(const EventPublisher &) = delete;
  EventPublisher &operator=(const EventPublisher &) = delete;

  void start();
  void publish(const std::string &topic, const std::string &value);
  void reconnect(const std::string &brokers);
  void close();
  bool isClosed() const;

private:
  std::shared_ptr<kafka::KafkaProducer> producer() const;
  void senderLoop();

  mutable std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string brokers_;
  BlockingQueue<kafka::ProducerRecord> backlog_;
  std::thread sender_;
  bool closed_ = false;
};

} // namespace mailq
