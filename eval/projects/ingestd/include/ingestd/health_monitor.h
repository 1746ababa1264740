// Runs named health checks every interval on its own thread and keeps the
// latest results for the admin socket. addCheck() is only valid before
// start(). A check that throws counts as failed. stop() is idempotent and
// joins the thread.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ingestd {

class LogFile;

class HealthMonitor {
public:
  using Check = std::function<bool()>;

  HealthMonitor(std::chrono::seconds interval, LogFile &log);
  ~HealthMonitor();
  HealthMonitor(const HealthMonitor &) = delete;
  HealthMonitor &operator=(const HealthMonitor &) = delete;

  void addCheck(std::string name, Check check);
  void start();
  void stop();
  std::string summary() const;

private:
  void run();
  void runChecksOnce();

  std::chrono::seconds interval_;
  LogFile &log_;
  std::vector<std::pair<std::string, Check>> checks_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, bool> results_;
  std::thread thread_;
  bool running_ = false;
  bool stop_ = false;
};

} // namespace ingestd
