// ProgressPublisher: forwards progress events to Kafka from its own sender
// thread, through a BlockingQueue<ProgressEvent>.
//
// Semantics:
//   - publish() throws std::runtime_error once stop() or abort() ran;
//   - stop() closes the queue, lets the sender thread drain it, joins it, then
//     flushes and closes the producer; stop() and abort() are idempotent
//     (whichever runs first does the work);
//   - abort() is the fast path for a second shutdown signal: it does not wait
//     for the queue to drain;
//   - the destructor calls stop().
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "backupd/blocking_queue.h"
#include "backupd/events.h"
#include "messaging.h"

namespace backupd {

class ProgressPublisher {
public:
  ProgressPublisher(std::unique_ptr<kafka::KafkaProducer> producer, std::string topic);
  ~ProgressPublisher();
  ProgressPublisher(const ProgressPublisher &) = delete;
  ProgressPublisher &operator=(const ProgressPublisher &) = delete;

  void start();
  void publish(ProgressEvent event);
  void stop();
  void abort();

private:
  void loop();

  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  BlockingQueue<ProgressEvent> queue_;
  std::thread sender_;
  std::atomic<bool> stopped_{false};
};

} // namespace backupd
