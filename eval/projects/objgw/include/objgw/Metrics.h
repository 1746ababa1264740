// Counters plus a reporter thread.
//
// Every interval the reporter appends a snapshot line to the stats file (a FILE*
// opened by the constructor, when it can be opened) and forwards the line to the
// sink, if one is set. The sink is the gateway's access log; AccessLog::write()
// throws once the log is closed, so the sink must stay open while the reporter
// runs, or be detached with setSink(nullptr).
// start() launches the reporter. stop() joins it, appends a final snapshot and
// closes the stats file; stop() is idempotent. The destructor stops the reporter
// and closes the stats file if that has not happened yet.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace objgw {

class AccessLog;

class Metrics {
public:
  Metrics(const std::string &statsPath, std::chrono::milliseconds interval);
  ~Metrics();
  Metrics(const Metrics &) = delete;
  Metrics &operator=(const Metrics &) = delete;

  void setSink(AccessLog *sink);
  void increment(const std::string &name, long by = 1);
  std::string snapshot() const;

  void start();
  void stop();

private:
  void run();

  std::chrono::milliseconds interval_;
  std::FILE *statsFile_ = nullptr;

  mutable std::mutex countersMu_;
  std::map<std::string, long> counters_;

  std::mutex mu_;
  std::condition_variable cv_;
  AccessLog *sink_ = nullptr;
  bool running_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace objgw
