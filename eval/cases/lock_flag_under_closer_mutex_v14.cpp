// Telemetry publisher shared by request threads. close() takes mu_, sets the
// publisher's own closed_ flag and closes the Kafka producer (send() after
// close() fails; close() twice is an error). publish() and flush() check the
// flag under the same mutex and use the producer while holding it, so they
// cannot interleave with close(); close() checks the flag too, so the
// destructor's close() after an explicit close() does nothing.
// Defect: publishHot(), added later "to avoid lock contention", reads the flag
// without the mutex and sends without it: a request thread can pass the check,
// then close() runs on the main thread, then the send hits a closed producer.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class TelemetryPublisher {
public:
  explicit TelemetryPublisher(std::unique_ptr<kafka::KafkaProducer> p)
      : producer_(std::move(p)) {}
  ~TelemetryPublisher() { close(); }

  bool publish(const kafka::ProducerRecord &r) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return false;
    producer_->send(r); // OK: flag checked under the closer's mutex
    return true;
  }

  void publishHot(const kafka::ProducerRecord &r) {
    if (closed_.load(std::memory_order_acquire))
      return;
    producer_->send(r); // BUG: use-after-close #hotpath
  }

  void flush() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!closed_)
      producer_->flush(); // OK: under mu_, close() cannot run in between
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    producer_->close(); // SAME: hotpath
  }

private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

static void handleRequests(TelemetryPublisher &pub, int worker, bool hot) {
  for (int i = 0; i < 1000; ++i) {
    kafka::ProducerRecord rec{"telemetry", "w" + std::to_string(worker) + " req " +
                                               std::to_string(i)};
    if (hot)
      pub.publishHot(rec);
    else if (!pub.publish(rec))
      return;
  }
}

int main() {
  TelemetryPublisher pub(kafka::createProducer("kafka-telemetry:9092"));
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w)
    workers.emplace_back(handleRequests, std::ref(pub), w, w % 2 == 0);

  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  pub.flush();
  pub.close();
  for (std::thread &t : workers)
    t.join();
  pub.flush(); // OK: flush() checks the flag, nothing is used after close
  return 0;
} // OK: ~TelemetryPublisher calls close() again, which returns early
