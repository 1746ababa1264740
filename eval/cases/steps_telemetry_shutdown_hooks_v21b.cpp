// Telemetry agent: components register shutdown hooks (a vector of named
// std::function steps) while they start; ShutdownHooks::runAll() runs them in
// reverse registration order (last started, first stopped), isolates
// failures, and clears the list so a second runAll() does nothing.
// kafka::KafkaProducer send() after close() fails.
// Defect: the "final stats" hook is registered in init() before the producer
// is created, so it runs after the later-registered "close producer" hook and
// sends on the closed producer. The spill-file hooks are ordered correctly.
#include <messaging.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace agent {

class ShutdownHooks {
public:
  void add(std::string name, std::function<void()> fn) { hooks_.emplace_back(std::move(name), std::move(fn)); }

  void runAll() {
    for (auto it = hooks_.rbegin(); it != hooks_.rend(); ++it) {
      try {
        it->second();
      } catch (const std::exception &e) {
        std::fprintf(stderr, "shutdown hook '%s' failed: %s\n", it->first.c_str(), e.what());
      }
    }
    hooks_.clear();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> hooks_;
};

struct Stats {
  long samples = 0, spilled = 0, sent = 0;
  std::string str() const {
    return "samples=" + std::to_string(samples) + " spilled=" + std::to_string(spilled) +
           " sent=" + std::to_string(sent);
  }
};

class Agent {
public:
  Agent(std::string brokers, std::string spillPath)
      : brokers_(std::move(brokers)), spillPath_(std::move(spillPath)) {}
  ~Agent() { hooks_.runAll(); } // OK: the hooks were cleared by the first runAll()

  void init() {
    hooks_.add("final stats", [this] {
      producer_->send({"agent.stats", stats_.str()}); // BUG: use-after-close
    });
    spill_.open(spillPath_, std::ios::app);
    hooks_.add("close spill", [this] {
      spill_ << "# agent stopped, " << stats_.spilled << " samples spilled\n";
      spill_.close();
    });
    hooks_.add("drain spill", [this] {
      spill_.flush(); // OK: registered after "close spill", so it runs before it
    });
    producer_ = kafka::createProducer(brokers_);
    hooks_.add("close producer", [this] {
      producer_->flush();
      producer_->close();
    });
  }

  void onSample(const std::string &metric, double v) {
    ++stats_.samples;
    const std::string line = metric + " " + std::to_string(v);
    if (producer_->pendingCount() > 10000) {
      spill_ << line << "\n";
      ++stats_.spilled;
      return;
    }
    producer_->send({"agent.metrics", line});
    ++stats_.sent;
  }

  void shutdown() { hooks_.runAll(); }

private:
  std::string brokers_, spillPath_;
  ShutdownHooks hooks_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::ofstream spill_;
  Stats stats_;
};

} // namespace agent

int main() {
  agent::Agent a("kafka-telemetry:9092", "/tmp/agent.spill");
  a.init();
  for (int i = 0; i < 1000; ++i)
    a.onSample("fan.rpm", 2400 + i % 37);
  a.shutdown();
  return 0;
}
