// HealthChecker: a background thread that pings every backend through its own
// probe connection once per interval and reports state changes.
//  - start(backends) opens the probes and starts the thread.
//  - stop() stops the thread and closes the probe connections. Idempotent; the
//    destructor calls it.
//  - updateBackends(backends) replaces the probe list after a config reload.
//  - onStateChange(cb) is called with (backend, up) on every transition,
//    onRecovered(name, cb) when that backend goes from down to up, and
//    onRoundComplete(cb) after every round. Callbacks run on the checker's
//    thread; an exception thrown by a callback is logged and swallowed.
// Callbacks stay registered for the checker's whole life.
#pragma once
#include "sqlproxy/BackendConn.h"
#include "sqlproxy/ProxyConfig.h"
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace sqlproxy {

struct HealthReport {
  std::size_t up = 0;
  std::size_t down = 0;
  std::vector<std::string> downNames;
};

class HealthChecker {
public:
  using StateCallback = std::function<void(const std::string &backend, bool up)>;
  using RecoveredCallback = std::function<void()>;
  using RoundCallback = std::function<void(const HealthReport &)>;

  HealthChecker(BackendAuth auth, std::chrono::milliseconds interval,
                std::chrono::milliseconds connectTimeout);
  ~HealthChecker();
  HealthChecker(const HealthChecker &) = delete;
  HealthChecker &operator=(const HealthChecker &) = delete;

  void start(const std::vector<BackendAddr> &backends);
  void stop();
  void updateBackends(const std::vector<BackendAddr> &backends);
  void onStateChange(StateCallback cb);
  void onRecovered(const std::string &backend, RecoveredCallback cb);
  void onRoundComplete(RoundCallback cb);
  bool isUp(const std::string &backend) const;

private:
  struct Probe {
    BackendAddr addr;
    std::shared_ptr<BackendConn> conn;
    bool up = true;
  };

  void run();
  std::shared_ptr<BackendConn> openProbe(const BackendAddr &addr) const;
  void fire(const std::vector<std::pair<std::string, bool>> &transitions,
            const HealthReport &report);

  const BackendAuth auth_;
  const std::chrono::milliseconds interval_;
  const std::chrono::milliseconds connectTimeout_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool running_ = false;
  std::vector<Probe> probes_;
  std::vector<StateCallback> stateCallbacks_;
  std::map<std::string, std::vector<RecoveredCallback>> recoveredCallbacks_;
  std::vector<RoundCallback> roundCallbacks_;
  std::thread thread_;
};

} // namespace sqlproxy
