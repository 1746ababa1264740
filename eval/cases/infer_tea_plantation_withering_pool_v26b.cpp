// Tea plantation withering-shed controller. Tray readings are pushed to the
// factory floor by the shed's own worker crew (it queues callables, runs them
// on its threads, and drain() blocks until every queued job has finished).
// Negative case: the uplink is closed only after drain() has returned, the
// scale link is re-dialled by reopen() before it is used again, and the dryer
// feed's close() ignores a second call.
#include "netconn.h"

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tea {

class WitheringCrew {
public:
  explicit WitheringCrew(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~WitheringCrew() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    more_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }

  void enqueue(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(std::move(job));
    ++pending_;
    more_.notify_one();
  }

  void drain() {
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait(lock, [this] { return pending_ == 0; });
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        more_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mu_);
      if (--pending_ == 0)
        idle_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable more_, idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  int pending_ = 0;
  bool stop_ = false;
};

class ScaleLink {
public:
  double weigh(int tray) {
    if (closed_)
      throw std::runtime_error("scale link closed");
    return 10.0 + tray * 0.25;
  }
  void close() { closed_ = true; }
  void reopen() {
    if (!closed_)
      return;
    ++dials_;
    closed_ = false;
  }

private:
  bool closed_ = false;
  int dials_ = 0;
};

class DryerFeed {
public:
  void setTemperature(int celsius) {
    if (!open_)
      throw std::runtime_error("dryer feed closed");
    target_ = celsius;
  }
  void close() {
    if (!open_)
      return;
    open_ = false;
    std::printf("dryer feed closed at %d C\n", target_);
  }

private:
  bool open_ = true;
  int target_ = 0;
};

void witherShed(const std::vector<int> &trays) {
  net::Connection uplink("factory-floor:7000");
  std::mutex uplinkMu;
  ScaleLink scale;
  {
    WitheringCrew crew(2);
    for (int tray : trays) {
      double kg = scale.weigh(tray);
      crew.enqueue([&uplink, &uplinkMu, tray, kg] {
        std::lock_guard<std::mutex> lock(uplinkMu);
        uplink.send("tray " + std::to_string(tray) + " " + std::to_string(kg)); // OK
      });
    }
    crew.drain();
    uplink.flush();
    uplink.close(); // OK
  }
  scale.close();
  scale.reopen();
  std::printf("recheck %.2f\n", scale.weigh(0)); // OK
}

void endOfFlush(DryerFeed &dryer, ScaleLink &scale) {
  dryer.setTemperature(30);
  dryer.close();
  scale.close();
  dryer.close(); // OK
  scale.reopen();
  scale.weigh(1); // OK
}

} // namespace tea
