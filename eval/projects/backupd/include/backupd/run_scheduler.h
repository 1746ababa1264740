// RunScheduler: a thread that runs the backup job every interval, or right
// away when triggerNow() is called. stop() wakes the thread, waits for the
// job in flight to return, and joins; it is idempotent and the destructor
// calls it. triggerNow() after stop() is ignored. Exceptions thrown by the job
// are logged and the schedule continues.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace backupd {

class RunScheduler {
public:
  RunScheduler(std::chrono::seconds interval, std::function<void()> job);
  ~RunScheduler();
  RunScheduler(const RunScheduler &) = delete;
  RunScheduler &operator=(const RunScheduler &) = delete;

  void start();
  void triggerNow();
  void stop();

private:
  void loop();

  std::chrono::seconds interval_;
  std::function<void()> job_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool triggered_ = false;
  std::thread thread_;
};

} // namespace backupd
