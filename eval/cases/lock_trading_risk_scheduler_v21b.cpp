// Risk engine: every market quote schedules a greeks computation on a
// Scheduler (scheduler.h: submit() after shutdown() throws; shutdown() drains
// the queued tasks, joins the workers and is idempotent); each task publishes
// its result to a kafka::KafkaProducer (send() after close() fails). A ticker
// thread publishes a heartbeat every second.
// Negative case: onQuote() checks accepting_ under intakeMu_, which close()
// takes to clear it before shutdown(), so no submit() reaches a shut-down
// scheduler; tasks and the ticker send under producerMu_ after checking
// isClosed(), and close() holds producerMu_ while it closes the producer; the
// ticker is joined before the close; a second close() returns early.
#include <messaging.h>
#include <scheduler.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace risk {

struct Quote {
  std::string symbol;
  double bid = 0, ask = 0;
};

static std::string computeGreeks(const Quote &q) {
  double mid = (q.bid + q.ask) / 2;
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s delta=%.4f gamma=%.6f", q.symbol.c_str(), mid * 0.0012, mid * 1e-6);
  return buf;
}

class RiskPublisher {
public:
  explicit RiskPublisher(const std::string &brokers) : producer_(brokers) {
    ticker_ = std::thread([this] { tickLoop(); });
  }
  ~RiskPublisher() { close(); }

  void onQuote(const Quote &q) {
    std::lock_guard<std::mutex> g(intakeMu_);
    if (!accepting_) {
      ++dropped_;
      return;
    }
    pool_.submit([this, q] { publish(q); }); // OK: accepting_ is cleared under intakeMu_ before shutdown()
  }

  void close() {
    {
      std::lock_guard<std::mutex> g(intakeMu_);
      if (!accepting_)
        return;
      accepting_ = false;
    }
    pool_.shutdown(); // runs what is queued, then joins the workers
    {
      std::lock_guard<std::mutex> g(tickMu_);
      stopTicker_ = true;
    }
    tickCv_.notify_all();
    ticker_.join();
    std::lock_guard<std::mutex> g(producerMu_);
    producer_.flush();
    producer_.close();
  }

  int dropped() const { return dropped_; }

private:
  void publish(const Quote &q) {
    std::string greeks = computeGreeks(q);
    std::lock_guard<std::mutex> g(producerMu_);
    if (producer_.isClosed())
      return;
    producer_.send({"risk.greeks", greeks}); // OK: checked under producerMu_, which close() holds
  }

  void tickLoop() {
    std::unique_lock<std::mutex> lk(tickMu_);
    while (!tickCv_.wait_for(lk, std::chrono::seconds(1), [this] { return stopTicker_; })) {
      std::lock_guard<std::mutex> g(producerMu_);
      producer_.send({"risk.heartbeat", "alive"}); // OK: the ticker is joined before the producer is closed
    }
  }

  kafka::KafkaProducer producer_;
  std::mutex producerMu_;
  std::mutex intakeMu_;
  bool accepting_ = true;
  int dropped_ = 0;
  std::mutex tickMu_;
  std::condition_variable tickCv_;
  bool stopTicker_ = false;
  std::thread ticker_;
  Scheduler pool_{2};
};

} // namespace risk

int main() {
  risk::RiskPublisher pub("kafka-risk:9092");
  for (int i = 0; i < 100; ++i)
    pub.onQuote({"SPX 4500C", 12.1 + i * 0.01, 12.3 + i * 0.01});
  pub.close();
  pub.onQuote({"SPX 4500P", 9.8, 10.0}); // OK: dropped, intake was closed
  std::printf("dropped %d quotes after close\n", pub.dropped());
  return 0;
}
