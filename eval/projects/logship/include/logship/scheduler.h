// Timer thread that fires one-shot and periodic callbacks.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace logship {

class Scheduler {
public:
  using Callback = std::function<void()>;
  using Clock = std::chrono::steady_clock;

  Scheduler() = default;
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  void start();
  /// Both return false, and drop the callback, once stop() was called.
  bool every(std::chrono::milliseconds period, Callback cb);
  bool after(std::chrono::milliseconds delay, Callback cb);
  /// Idempotent. When it returns no callback is running and none will run.
  void stop();
  bool stopped() const;

private:
  struct Entry {
    Clock::time_point due;
    std::chrono::milliseconds period; // zero for one-shot
    Callback cb;
    std::uint64_t seq;
  };
  struct Later {
    bool operator()(const Entry &a, const Entry &b) const {
      return a.due > b.due || (a.due == b.due && a.seq > b.seq);
    }
  };
  bool addLocked(Entry e);
  void run();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Entry> heap_;
  std::uint64_t nextSeq_ = 0;
  bool stopped_ = false;
  std::thread thread_;
};

} // namespace logship
