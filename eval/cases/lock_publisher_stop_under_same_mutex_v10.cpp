// Negative. An event publisher wraps a Kafka producer: publish() takes the
// publisher's mutex, returns if stopped_ is set, and sends while still holding
// the mutex; stop() takes the same mutex, sets stopped_ and closes the
// producer. A feeder thread publishes while the main thread stops the
// publisher, but the check-and-send and the set-and-close are each atomic
// under one mutex, so no send can follow the close.
#include "messaging.h"
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class EventPublisher {
public:
  explicit EventPublisher(kafka::KafkaProducer &producer) : producer_(producer) {}

  bool publish(const std::string &topic, const std::string &payload) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_)
      return false;
    producer_.send({topic, payload}); // OK: stopped_ checked under the mutex stop() closes under
    ++published_;
    return true;
  }

  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_)
      return;
    stopped_ = true;
    producer_.flush();
    producer_.close(); // OK: no publish() can be between its check and its send here
  }

  int published() {
    std::lock_guard<std::mutex> lock(mutex_);
    return published_;
  }

private:
  kafka::KafkaProducer &producer_;
  std::mutex mutex_;
  int published_ = 0;
  bool stopped_ = false;
};

int streamClicks(kafka::KafkaProducer &producer, const std::vector<std::string> &clicks) {
  EventPublisher publisher(producer);
  std::thread feeder([&] {
    for (const std::string &click : clicks) {
      if (!publisher.publish("clicks", click))
        break;
    }
  });
  publisher.publish("clicks", "session-start"); // OK: not stopped yet
  publisher.stop();
  feeder.join();
  publisher.publish("clicks", "session-end"); // OK: publish() returns false after stop()
  publisher.stop(); // OK: stop() returns early the second time
  return publisher.published();
}
