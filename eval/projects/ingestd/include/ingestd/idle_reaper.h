// Background thread that aborts sessions whose encoder has sent nothing for
// idleTimeout and removes them from the registry. stop() is idempotent and
// joins the thread.
#pragma once
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace ingestd {

class LogFile;
class SessionRegistry;
class Stats;

class IdleReaper {
public:
  IdleReaper(std::shared_ptr<SessionRegistry> registry, std::chrono::seconds idleTimeout,
             LogFile &log, Stats &stats);
  ~IdleReaper();
  IdleReaper(const IdleReaper &) = delete;
  IdleReaper &operator=(const IdleReaper &) = delete;

  void start();
  void stop();

private:
  void run();
  void sweep();

  std::shared_ptr<SessionRegistry> registry_;
  std::chrono::seconds idleTimeout_;
  LogFile &log_;
  Stats &stats_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
  bool stop_ = false;
};

} // namespace ingestd
