// Telemetry agent. MetricSink batches samples and ships them from its own
// flusher thread; Agent runs one reporter thread per CPU that records samples
// into the sink, and a replay mode feeds recorded samples from a file.
// MetricSink semantics (implemented below): record() throws
// std::runtime_error once the sink is closed; close() flushes, stops and joins
// the flusher, and is idempotent (a second close() returns immediately).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct Sample {
  std::string name;
  double value;
};

class MetricSink {
public:
  using Shipper = std::function<void(const std::vector<Sample> &)>;

  explicit MetricSink(Shipper ship)
      : ship_(std::move(ship)), flusher_([this] { flushLoop(); }) {}
  ~MetricSink() { close(); } // OK: close() is idempotent

  void record(const std::string &name, double value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("metric sink closed, dropping " + name);
    batch_.push_back({name, value});
    if (batch_.size() >= kBatch)
      cv_.notify_one();
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      closed_ = true;
    }
    cv_.notify_one();
    if (flusher_.joinable())
      flusher_.join();
  }

  bool isClosed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  static constexpr std::size_t kBatch = 64;

  void flushLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait_for(lock, std::chrono::milliseconds(200),
                   [this] { return closed_ || batch_.size() >= kBatch; });
      std::vector<Sample> out;
      out.swap(batch_);
      const bool done = closed_;
      lock.unlock();
      if (!out.empty())
        ship_(out);
      if (done)
        return;
      lock.lock();
    }
  }

  Shipper ship_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Sample> batch_;
  bool closed_ = false;
  std::thread flusher_; // last: starts after every other member is ready
};

static void printBatch(const std::vector<Sample> &batch) {
  for (const Sample &s : batch)
    std::printf("%s %.3f\n", s.name.c_str(), s.value);
}

static double sampleCpu(unsigned cpu) { return 0.01 * static_cast<double>(cpu); }

class Agent {
public:
  explicit Agent(unsigned cpus) : cpus_(cpus), sink_(printBatch) {}
  ~Agent() {
    if (!reporters_.empty())
      stop();
  }

  void start() {
    running_ = true;
    for (unsigned i = 0; i < cpus_; ++i)
      reporters_.emplace_back([this, i] {
        while (running_.load()) {
          sink_.record("cpu." + std::to_string(i), sampleCpu(i)); // BUG: use-after-close #reporters
          ++samples_;
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
      });
  }

  // Called from the control thread only.
  void checkpoint() {
    if (sink_.isClosed())
      return;
    publishSummary(); // OK: stop() runs on this same control thread
  }

  void stop() {
    sink_.close(); // SAME: reporters
    running_ = false;
    for (std::thread &t : reporters_)
      t.join();
    reporters_.clear();
    publishSummary(); // BUG: use-after-close #summary
  }

private:
  void publishSummary() {
    sink_.record("agent.samples", static_cast<double>(samples_.load())); // SAME: summary
  }

  unsigned cpus_;
  MetricSink sink_;
  std::atomic<bool> running_{false};
  std::atomic<unsigned long> samples_{0};
  std::vector<std::thread> reporters_;
};

// Replay mode: feeds a recorded sample stream; "control.shutdown" marks the
// point where the original agent was stopped.
void replay(const std::vector<Sample> &recorded) {
  MetricSink sink(printBatch);
  for (const Sample &s : recorded) {
    if (s.name == "control.shutdown") {
      sink.close();
      continue;
    }
    sink.record(s.name, s.value); // BUG: use-after-close
  }
  sink.close(); // OK: idempotent close
}

int main() {
  Agent agent(2);
  agent.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  agent.checkpoint();
  agent.stop();
  replay({{"mem.used", 1.0}, {"control.shutdown", 0.0}, {"mem.used", 2.0}});
  return 0;
}
