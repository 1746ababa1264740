// Brewery process control: fermenter temperature probes and the CO2 vent
// sensor feed readings through TelemetryQueue instances to logger threads.
// FermenterMonitor stops correctly: it clears the sampling flag, joins the
// sampler, then closes the queue so the logger drains and exits.
// Defect: VentMonitor::stop() closes its queue before it tells the poller to
// stop and joins it, so the poller thread can push into the closed queue
// (push() throws once closed, and the exception kills the process).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

struct Reading {
  std::string sensor;
  double value = 0.0;
};

// Unbounded telemetry queue. push() throws std::logic_error once close() has
// been called; pop() keeps returning queued readings after close() and returns
// false when the queue is closed and empty; close() is idempotent.
class TelemetryQueue {
public:
  void push(Reading r) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::logic_error("telemetry queue closed");
    q_.push_back(std::move(r));
    cv_.notify_one();
  }
  bool pop(Reading &out) {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !q_.empty(); });
    if (q_.empty())
      return false;
    out = std::move(q_.front());
    q_.pop_front();
    return true;
  }
  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      closed_ = true;
    }
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Reading> q_;
  bool closed_ = false;
};

static double readProbe(const std::string &) { return 18.5; }

class FermenterMonitor {
public:
  explicit FermenterMonitor(std::string vessel) : vessel_(std::move(vessel)) {}
  void start() {
    sampling_ = true;
    sampler_ = std::thread([this] {
      while (sampling_.load()) {
        queue_.push({vessel_, readProbe(vessel_)}); // OK: stop() joins the sampler before closing the queue
        std::this_thread::sleep_for(std::chrono::seconds(1));
      }
    });
    logger_ = std::thread([this] {
      Reading r;
      while (queue_.pop(r)) // OK: pop() drains a closed queue by design
        std::printf("%s %.2f C\n", r.sensor.c_str(), r.value);
    });
  }
  void stop() {
    sampling_ = false;
    sampler_.join();
    queue_.close();
    logger_.join();
  }

private:
  std::string vessel_;
  TelemetryQueue queue_;
  std::atomic<bool> sampling_{false};
  std::thread sampler_, logger_;
};

class VentMonitor {
public:
  void start() {
    polling_ = true;
    poller_ = std::thread([this] {
      while (polling_.load()) {
        queue_.push({"co2-vent", readProbe("co2-vent")}); // BUG: use-after-close #vent_race
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
    consumer_ = std::thread([this] {
      Reading r;
      while (queue_.pop(r)) {
        if (r.value > 5000.0)
          std::fprintf(stderr, "CO2 high: %.0f ppm\n", r.value);
      }
    });
  }
  void stop() {
    queue_.close(); // SAME: vent_race
    polling_ = false;
    poller_.join();
    consumer_.join();
  }

private:
  TelemetryQueue queue_;
  std::atomic<bool> polling_{false};
  std::thread poller_, consumer_;
};

int runCellar() {
  FermenterMonitor fv3("FV-3");
  VentMonitor vent;
  fv3.start();
  vent.start();
  std::this_thread::sleep_for(std::chrono::seconds(30));
  vent.stop();
  fv3.stop();
  return 0;
}
