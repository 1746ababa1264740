// A Timer runs delayed callbacks on its own member thread: schedule(delay,
// fn) files fn under its deadline in a multimap, the thread sleeps on a
// condition variable until the earliest deadline and runs the callback;
// stop() lets every timer already scheduled fire, then joins the thread.
// scheduleKeepalive() schedules a keepalive five seconds out and closes the
// channel at once: the keepalive is sent on the closed channel (bug; the
// close is what makes it fail). finishStream() stops (joins) its timer before
// it closes, so the completion message has gone out by then (correct).
// lingerThenClose() schedules the drain message and, later on the same
// timer thread, the close itself: the timer runs them in deadline order, so
// the send comes first (correct).
#include "messaging.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>

class Timer {
public:
  Timer() : thread_([this] { run(); }) {}
  ~Timer() { stop(); }
  Timer(const Timer &) = delete;
  Timer &operator=(const Timer &) = delete;

  void schedule(std::chrono::milliseconds delay, std::function<void()> fn) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      throw std::runtime_error("timer stopped");
    entries_.emplace(Clock::now() + delay, std::move(fn));
    changed_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_one();
    if (thread_.joinable())
      thread_.join();
  }

private:
  using Clock = std::chrono::steady_clock;

  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [this] { return stopping_ || !entries_.empty(); });
      if (entries_.empty())
        return;
      auto first = entries_.begin();
      if (Clock::now() < first->first) {
        changed_.wait_until(lock, first->first);
        continue; // an earlier entry may have arrived meanwhile
      }
      std::function<void()> fn = std::move(first->second);
      entries_.erase(first);
      lock.unlock();
      fn();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::multimap<Clock::time_point, std::function<void()>> entries_;
  bool stopping_ = false;
  std::thread thread_; // last: started once the rest is constructed
};

void scheduleKeepalive(Timer &timer, cassandra::StreamingMultiplexedChannel &channel) {
  timer.schedule(std::chrono::seconds(5), [&channel] {
    channel.sendControlMessage({"KEEPALIVE", ""}); // BUG: use-after-close #keepalive
  });
  channel.close(); // SAME: keepalive
}

void finishStream(cassandra::StreamingMultiplexedChannel &channel) {
  Timer timer;
  timer.schedule(std::chrono::milliseconds(200), [&channel] {
    channel.sendControlMessage({"COMPLETE", ""}); // OK
  });
  timer.stop();
  channel.close(); // OK
}

void lingerThenClose(Timer &timer, cassandra::StreamingMultiplexedChannel &channel) {
  timer.schedule(std::chrono::milliseconds(100), [&channel] {
    channel.sendControlMessage({"DRAIN", ""}); // OK
  });
  timer.schedule(std::chrono::seconds(1), [&channel] {
    channel.close(); // OK
  });
}
