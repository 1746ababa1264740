// Runs the due tag groups every tick: one task per controller on the poll
// pool, so a controller is never used by two threads at once.
#pragma once
#include "link_table.h"
#include "sample.h"
#include "thread_pool.h"
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace histd {

class PollCycle {
public:
  using Sink = std::function<void(const TagGroup &, SampleBatch &&)>;

  PollCycle(LinkTable &table, unsigned threads, int maxFaults);

  void setGroups(std::vector<TagGroup> groups);
  void setMaxFaults(int maxFaults) { maxFaults_ = maxFaults; }
  void onBatch(Sink sink) { sink_ = std::move(sink); }

  /// Polls every group whose period has elapsed and waits for the results.
  void runDue(int64_t nowMicros);
  void resize(unsigned threads);
  void stop();

private:
  void runController(const std::string &id, const std::vector<const TagGroup *> &due);
  bool tryReconnect(const std::string &id);
  bool noteFault(const std::string &id);
  void clearFaults(const std::string &id);
  void quarantine(const std::string &id);
  void deliver(const TagGroup &group, const PollResult &result);

  LinkTable &table_;
  std::unique_ptr<ThreadPool> pool_;
  std::vector<TagGroup> groups_;
  std::map<std::string, int64_t> nextDue_;
  std::mutex faultMu_;
  std::map<std::string, int> faults_;
  int maxFaults_;
  Sink sink_;
};

} // namespace histd
