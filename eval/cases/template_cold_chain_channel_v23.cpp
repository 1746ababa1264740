// Vaccine cold chain: data loggers in refrigerated trucks push temperature
// readings into a BoundedChannel<Reading>; an ExcursionMonitor thread turns
// out-of-range readings into alerts on a BoundedChannel<Alert> and closes
// the alert channel when its input is exhausted.
// BoundedChannel<T>: push() throws std::runtime_error("channel closed") once
// close() was called; pop() keeps returning buffered items after close() and
// returns std::nullopt once closed and empty; a second close() throws
// std::logic_error.  Defects: runRoute() closes the alert channel that the
// monitor already closed, and runDockUpload() closes the reading channel
// while upload threads are still pushing into it.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

template <typename T>
class BoundedChannel {
public:
  explicit BoundedChannel(size_t capacity) : capacity_(capacity) {}

  void push(T value) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [this] { return closed_ || queue_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("channel closed");
    queue_.push_back(std::move(value));
    notEmpty_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [this] { return closed_ || !queue_.empty(); });
    if (queue_.empty())
      return std::nullopt;
    T value = std::move(queue_.front());
    queue_.pop_front();
    notFull_.notify_one();
    return value;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::logic_error("channel closed twice");
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

private:
  size_t capacity_;
  std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> queue_;
  bool closed_ = false;
};

struct Reading {
  std::string truck;
  double celsius;
  long seq;
};

struct Alert {
  std::string truck;
  std::string text;
};

class ExcursionMonitor {
public:
  ExcursionMonitor(BoundedChannel<Reading> &in, BoundedChannel<Alert> &out)
      : in_(in), out_(out) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void join() { worker_.join(); }

private:
  void run() {
    while (auto r = in_.pop()) { // OK: pop() drains buffered readings after close
      if (r->celsius < 2.0 || r->celsius > 8.0)
        out_.push({r->truck, "excursion " + std::to_string(r->celsius) + " C"});
    }
    out_.close();
  }
  BoundedChannel<Reading> &in_;
  BoundedChannel<Alert> &out_;
  std::thread worker_;
};

void replayLogger(BoundedChannel<Reading> &readings, const std::string &truck) {
  for (long i = 0; i < 50; ++i)
    readings.push({truck, 4.0 + static_cast<double>(i % 7), i});
}

// One route: every logger is joined before the input is closed.
void runRoute(const std::vector<std::string> &trucks) {
  BoundedChannel<Reading> readings(256);
  BoundedChannel<Alert> alerts(256);
  ExcursionMonitor monitor(readings, alerts);
  monitor.start();
  std::vector<std::thread> loggers;
  for (const auto &truck : trucks)
    loggers.emplace_back([&readings, truck] { replayLogger(readings, truck); });
  for (auto &t : loggers)
    t.join();
  readings.close(); // OK: every logger has been joined
  monitor.join();
  while (auto a = alerts.pop()) // OK: the monitor closed alerts; pop() still drains them
    std::printf("%s: %s\n", a->truck.c_str(), a->text.c_str());
  alerts.close(); // BUG: double-close
}

// Depot dock: intake stops when the dock doors close, without waiting for
// the trucks that are still uploading.
void runDockUpload(const std::vector<std::string> &trucks, std::chrono::milliseconds window) {
  BoundedChannel<Reading> readings(256);
  BoundedChannel<Alert> alerts(256);
  ExcursionMonitor monitor(readings, alerts);
  monitor.start();
  std::vector<std::thread> uploads;
  for (const auto &truck : trucks)
    uploads.emplace_back([&readings, truck] {
      for (long i = 0; i < 2000; ++i)
        readings.push({truck, 5.0, i}); // BUG: use-after-close #dock_race
    });
  std::this_thread::sleep_for(window);
  readings.close(); // SAME: dock_race
  for (auto &t : uploads)
    t.join();
  monitor.join();
}

int main() {
  try {
    runRoute({"TRK-401", "TRK-402"});
  } catch (const std::exception &e) {
    std::fprintf(stderr, "route: %s\n", e.what());
  }
  runDockUpload({"TRK-403", "TRK-404", "TRK-405"}, std::chrono::milliseconds(5));
  return 0;
}
