// Metrics exporter that owns its kafka::KafkaProducer (messaging.h: send()
// after close() fails; close() twice is an error) through RAII handles.
// ProducerHandle's destructor closes the producer unconditionally;
// CheckedProducerHandle's destructor skips a producer that is already closed.
// Defects: MetricsExporter::stop() closes the producer explicitly and the
// ProducerHandle member closes it again when the exporter is destroyed;
// sendOneShot() closes its producer through a scope guard and then sends the
// summary record after the guarded block.
#include "messaging.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename F> struct ScopeExit {
  F fn;
  ~ScopeExit() { fn(); }
};
template <typename F> ScopeExit<F> onScopeExit(F fn) { return ScopeExit<F>{std::move(fn)}; }

class ProducerHandle {
public:
  explicit ProducerHandle(const std::string &brokers) : p_(kafka::createProducer(brokers)) {}
  ~ProducerHandle() {
    if (p_)
      p_->close(); // closed again at the end: a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
  }
  kafka::KafkaProducer *operator->() const { return p_.get(); }

private:
  std::unique_ptr<kafka::KafkaProducer> p_;
};

class CheckedProducerHandle {
public:
  explicit CheckedProducerHandle(const std::string &brokers) : p_(kafka::createProducer(brokers)) {}
  ~CheckedProducerHandle() {
    if (p_ && !p_->isClosed())
      p_->close(); // OK: skipped when the owner already closed the producer
  }
  kafka::KafkaProducer *operator->() const { return p_.get(); }

private:
  std::unique_ptr<kafka::KafkaProducer> p_;
};

class MetricsExporter {
public:
  explicit MetricsExporter(const std::string &brokers) : producer_(brokers) {}

  void start() {
    running_ = true;
    worker_ = std::thread([this] { loop(); });
  }

  void record(const std::string &name, long value) {
    std::lock_guard<std::mutex> lock(mu_);
    counters_[name] += value;
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      running_ = false;
    }
    wake_.notify_all();
    if (worker_.joinable())
      worker_.join();
    producer_->flush();
    producer_->close();
  }

private:
  void loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (running_) {
      wake_.wait_for(lock, std::chrono::seconds(10));
      for (const auto &[name, value] : counters_)
        producer_->send({"metrics", name + "=" + std::to_string(value)}); // OK: stop() joins this thread before closing the producer
      counters_.clear();
    }
  }

  ProducerHandle producer_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::map<std::string, long> counters_;
  bool running_ = false;
  std::thread worker_;
};

void sendOneShot(const std::string &brokers, const std::vector<std::string> &lines) {
  auto producer = kafka::createProducer(brokers);
  {
    auto closer = onScopeExit([&producer] { producer->close(); });
    for (const std::string &line : lines)
      producer->send({"batch", line}); // OK: the guard has not run yet
  }
  producer->send({"batch.summary", std::to_string(lines.size()) + " lines"}); // BUG: use-after-close
}

void drainBacklog(const std::string &brokers, const std::vector<std::string> &backlog) {
  CheckedProducerHandle h(brokers);
  for (const std::string &item : backlog)
    h->send({"backlog", item});
  h->flush();
  h->close();
} // OK: the handle's destructor sees isClosed() and does not close again

int main() {
  {
    MetricsExporter exporter("kafka-1:9092");
    exporter.start();
    exporter.record("requests", 12);
    exporter.record("errors", 1);
    exporter.stop();
  } // a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
  sendOneShot("kafka-1:9092", {"a=1", "b=2"});
  drainBacklog("kafka-1:9092", {"late-1", "late-2"});
  std::puts("exporter finished");
  return 0;
}
