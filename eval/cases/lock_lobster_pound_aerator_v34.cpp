// Lobster pound: holding tanks are aerated by blowers on a controller link,
// and a sampler thread reports dissolved oxygen to the harbour office.
// PoundMonitor's pump thread checks its stopped_ flag and sends while holding
// mu_, the mutex stop() holds while it sets the flag and closes the link, so
// the two never overlap. TankSampler's thread reads an atomic flag without
// taking the lock that stop() closes under: stop() can run between the flag
// check and the send. DockLogger joins its thread before it closes, so its
// unlocked send cannot overlap the close.
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

class BlowerLink {
 public:
  void send(const std::string& frame) {
    if (closed_.load()) throw std::runtime_error("blower link closed");
    frames_.fetch_add(frame.empty() ? 0 : 1);
  }
  void close() {
    if (closed_.exchange(true)) throw std::runtime_error("blower link closed twice");
  }

 private:
  std::atomic<bool> closed_{false};
  std::atomic<long> frames_{0};
};

class PoundMonitor {
 public:
  PoundMonitor() : pump_([this] { pump(); }) {}
  ~PoundMonitor() { stop(); }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopped_) return;
      stopped_ = true;
      link_.close();  // OK: the pump thread sends only under mu_ with stopped_ false
    }
    if (pump_.joinable()) pump_.join();
  }

 private:
  void pump() {
    for (;;) {
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopped_) return;
        link_.send("blower:on");  // OK: checked and sent under the closer's mutex
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  std::mutex mu_;
  bool stopped_ = false;
  BlowerLink link_;
  std::thread pump_;
};

class TankSampler {
 public:
  TankSampler() : worker_([this] { run(); }) {}
  ~TankSampler() {
    stop();
    if (worker_.joinable()) worker_.join();
  }

  void stop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_.exchange(true)) return;
    link_.close();  // SAME: sampler_race
  }

 private:
  void run() {
    while (!stopping_.load()) {
      link_.send("o2:7.9mg/l");  // BUG: use-after-close #sampler_race
      std::this_thread::sleep_for(std::chrono::seconds(5));
    }
  }

  std::mutex mu_;
  std::atomic<bool> stopping_{false};
  BlowerLink link_;
  std::thread worker_;
};

class DockLogger {
 public:
  DockLogger() : worker_([this] { run(); }) {}
  ~DockLogger() { shutdown(); }

  void shutdown() {
    if (!running_.exchange(false)) return;
    worker_.join();
    link_.close();  // OK: the worker has exited before the close
  }

 private:
  void run() {
    while (running_.load()) {
      link_.send("catch landed");  // OK: shutdown() joins this thread before closing
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }

  std::atomic<bool> running_{true};
  BlowerLink link_;
  std::thread worker_;
};

void night_shift() {
  PoundMonitor monitor;
  TankSampler sampler;
  DockLogger logger;
  std::this_thread::sleep_for(std::chrono::seconds(1));
  monitor.stop();
  sampler.stop();
  logger.shutdown();
}
