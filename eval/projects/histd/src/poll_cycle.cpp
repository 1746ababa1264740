// PollCycle: schedules the tag groups on the poll pool. All due groups of a
// controller run in one task, in order, so each link has a single user.
#include "poll_cycle.h"

#include "log.h"
#include "modbus.h"

namespace histd {

PollCycle::PollCycle(LinkTable &table, unsigned threads, int maxFaults)
    : table_(table), pool_(std::make_unique<ThreadPool>("poll", threads)),
      maxFaults_(maxFaults) {}

void PollCycle::setGroups(std::vector<TagGroup> groups) {
  groups_ = std::move(groups);
  std::map<std::string, int64_t> keep;
  for (const TagGroup &g : groups_) {
    auto it = nextDue_.find(g.name);
    keep[g.name] = it == nextDue_.end() ? 0 : it->second;
  }
  nextDue_.swap(keep);
}

void PollCycle::runDue(int64_t nowMicros) {
  std::map<std::string, std::vector<const TagGroup *>> byController;
  for (const TagGroup &g : groups_) {
    int64_t &due = nextDue_[g.name];
    if (due > nowMicros)
      continue;
    due = nowMicros + int64_t(g.periodMs) * 1000;
    byController[g.controller].push_back(&g);
  }
  for (auto it = byController.begin(); it != byController.end(); ++it) {
    pool_->submit([this, id = it->first, due = std::move(it->second)] { // OK
      runController(id, due);
    });
  }
  pool_->waitIdle();
}

void PollCycle::resize(unsigned threads) {
  if (threads == pool_->size())
    return;
  pool_->join();
  pool_ = std::make_unique<ThreadPool>("poll", threads);
  log::info("poll pool resized to %u threads", threads);
}

void PollCycle::stop() { pool_->join(); }

bool PollCycle::tryReconnect(const std::string &id) {
  try {
    table_.connect(id);
  } catch (const LinkError &e) {
    log::warn("%s", e.what());
    return false;
  }
  return table_.isUp(id);
}

bool PollCycle::noteFault(const std::string &id) {
  std::lock_guard<std::mutex> lock(faultMu_);
  return ++faults_[id] >= maxFaults_;
}

void PollCycle::clearFaults(const std::string &id) {
  std::lock_guard<std::mutex> lock(faultMu_);
  faults_.erase(id);
}

void PollCycle::quarantine(const std::string &id) {
  log::warn("%s: too many faults, dropping the link for a while", id.c_str());
  table_.drop(id);
  clearFaults(id);
}

void PollCycle::deliver(const TagGroup &group, const PollResult &result) {
  SampleBatch batch = decodeSamples(group, result);
  if (sink_)
    sink_(group, std::move(batch));
}

void PollCycle::runController(const std::string &id, const std::vector<const TagGroup *> &due) {
  for (const TagGroup *group : due) {
    if (!table_.isUp(id) && !tryReconnect(id))
      return;
    try {
      deliver(*group, table_.poll(id, *group)); // OK
      clearFaults(id);
    } catch (const LinkTimeout &e) {
      log::warn("%s: %s", group->name.c_str(), e.what());
      if (noteFault(id))
        quarantine(id);
      // A single timeout is usually one lost frame on a busy PLC.
      deliver(*group, table_.poll(id, *group)); // BUG: use-after-close #quarantine-retry
    } catch (const ProtocolError &e) {
      log::warn("%s: %s", group->name.c_str(), e.what());
      noteFault(id);
    } catch (const LinkError &e) {
      log::warn("%s: %s", group->name.c_str(), e.what());
      if (noteFault(id))
        quarantine(id);
    }
  }
}

} // namespace histd
