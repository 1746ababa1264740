// Lane intake: one reader thread per lane link turns passage frames into
// Passage records and queues them in a Mailbox the plaza's control loop pops.
#pragma once
#include "lane_link.h"
#include "mailbox.h"
#include "types.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace toll {

class LinkTable;

class LaneIntake {
public:
  LaneIntake() = default;
  ~LaneIntake();
  LaneIntake(const LaneIntake &) = delete;
  LaneIntake &operator=(const LaneIntake &) = delete;

  void start(const LinkTable &links);
  void stop();
  // stop(), then move every passage still queued into `out`.
  std::size_t stopAndDrain(std::vector<Passage> &out);
  Mailbox<Passage> &inbox() { return inbox_; }

private:
  void readLoop(std::shared_ptr<LaneLink> link);

  Mailbox<Passage> inbox_;
  std::atomic<bool> running_{false};
  bool stopped_ = false;
  std::vector<std::thread> readers_;
};

std::optional<Passage> parsePassage(LaneId lane, const std::string &frame);

} // namespace toll
