// Tracks when each controller was last polled successfully and notifies
// subscribers when a controller goes stale or comes back.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace histd {

class Watchdog {
public:
  using StaleFn = std::function<void(const std::string &controller, int64_t ageMs)>;
  using RecoveredFn = std::function<void(const std::string &controller)>;

  explicit Watchdog(int staleAfterMs);

  void setStaleAfter(int staleAfterMs);
  void watch(const std::string &controller, int64_t nowMicros);
  void unwatch(const std::string &controller);
  /// Called from the poll tasks.
  void notePoll(const std::string &controller, int64_t tsMicros);

  int onStale(StaleFn fn);
  int onRecovered(RecoveredFn fn);
  void unsubscribe(int id);

  /// Fires the callbacks for every controller whose state changed.
  void tick(int64_t nowMicros);
  std::vector<std::string> staleControllers() const;

private:
  struct Entry {
    int64_t lastPoll = 0;
    bool stale = false;
  };

  mutable std::mutex mu_;
  std::map<std::string, Entry> entries_;
  std::map<int, StaleFn> staleSubs_;
  std::map<int, RecoveredFn> recoveredSubs_;
  int nextSub_ = 1;
  int64_t staleAfterMicros_;
};

} // namespace histd
