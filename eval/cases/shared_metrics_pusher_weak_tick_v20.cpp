// Metrics pusher: a Ticker stores periodic callbacks; the MetricsPusher
// registers a gauge callback that captures a weak_ptr to the kafka producer
// owned by the Pipeline and pushes a gauge snapshot through it. Pipeline
// shutdown closes the producer (send() after close() fails), but the gauge
// callback stays registered and weak_ptr::lock() still succeeds because the
// Pipeline keeps the producer alive, so the next tick sends on a closed
// producer. The heartbeat callback checks isClosed() after lock().
#include "messaging.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

class Ticker {
public:
  using Callback = std::function<void()>;
  int every(int periodMs, Callback cb);
  void cancel(int id) { entries_.erase(id); }
  void advance(int ms);

private:
  struct Entry {
    int periodMs;
    int dueMs;
    Callback cb;
  };
  std::map<int, Entry> entries_;
  int nextId_ = 1;
  int nowMs_ = 0;
};

int Ticker::every(int periodMs, Callback cb) {
  entries_[nextId_] = Entry{periodMs, nowMs_ + periodMs, std::move(cb)};
  return nextId_++;
}

void Ticker::advance(int ms) {
  nowMs_ += ms;
  for (auto &entry : entries_) {
    Entry &e = entry.second;
    while (e.dueMs <= nowMs_) {
      e.dueMs += e.periodMs;
      e.cb();
    }
  }
}

class Pipeline {
public:
  explicit Pipeline(const std::string &brokers)
      : producer_(std::make_shared<kafka::KafkaProducer>(brokers)) {}
  std::weak_ptr<kafka::KafkaProducer> producer() const { return producer_; }
  void publish(const std::string &topic, const std::string &value);
  void shutdown();

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

void Pipeline::publish(const std::string &topic, const std::string &value) {
  if (producer_->isClosed())
    return;
  producer_->send({topic, value}); // OK: isClosed() checked just before
}

void Pipeline::shutdown() {
  producer_->flush();
  producer_->close();
}

class MetricsPusher {
public:
  MetricsPusher(Ticker &ticker, std::weak_ptr<kafka::KafkaProducer> producer)
      : ticker_(ticker), producer_(std::move(producer)) {}
  void start();
  void set(const std::string &name, double value) { gauges_[name] = value; }

private:
  std::string render() const;
  Ticker &ticker_;
  std::weak_ptr<kafka::KafkaProducer> producer_;
  std::map<std::string, double> gauges_;
};

std::string MetricsPusher::render() const {
  std::string out;
  for (const auto &g : gauges_)
    out += g.first + "=" + std::to_string(g.second) + ";";
  return out;
}

void MetricsPusher::start() {
  ticker_.every(1000, [this] {
    if (auto p = producer_.lock())
      p->send({"metrics.gauges", render()}); // SAME: staletick
  });
  ticker_.every(5000, [w = producer_] {
    auto p = w.lock();
    if (!p || p->isClosed())
      return;
    p->send({"metrics.heartbeat", "alive"}); // OK: isClosed() checked after lock()
  });
}

int main() {
  Ticker ticker;
  Pipeline pipeline("kafka-1:9092,kafka-2:9092");
  MetricsPusher pusher(ticker, pipeline.producer());
  pusher.start();
  pusher.set("queue_depth", 12);
  pusher.set("inflight", 3);
  ticker.advance(5000); // OK: the producer is still open for every callback fired here
  pipeline.publish("audit", "shutdown requested");
  pipeline.shutdown();
  pipeline.publish("audit", "shutdown complete"); // OK: publish() checks isClosed()
  ticker.advance(1000); // BUG: use-after-close #staletick
  return 0;
}
