// Routes replies from the back office (billing results, plate lookups) to the
// per-lane mailboxes the lane display threads read. All methods hold mu_.
// The display threads only pop from the mailbox laneUp() returned; only
// laneDown() closes a mailbox.
#pragma once
#include "mailbox.h"
#include "types.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace toll {

struct LaneReply {
  LaneId lane = 0;
  std::string text;
};

class ReplyRouter {
public:
  std::shared_ptr<Mailbox<LaneReply>> laneUp(LaneId lane);
  void laneDown(LaneId lane, const std::string &why);
  bool route(const LaneReply &reply);
  std::size_t noticeAll(const std::string &text);

private:
  std::mutex mu_;
  std::map<LaneId, std::shared_ptr<Mailbox<LaneReply>>> boxes_;
  std::size_t dropped_ = 0;
};

} // namespace toll
