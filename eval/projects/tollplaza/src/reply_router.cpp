// ReplyRouter: per-lane mailboxes for replies to the lane displays. Every
// method holds mu_, and only laneDown() closes a mailbox.
#include "reply_router.h"

namespace toll {

std::shared_ptr<Mailbox<LaneReply>> ReplyRouter::laneUp(LaneId lane) {
  std::lock_guard<std::mutex> lock(mu_);
  std::shared_ptr<Mailbox<LaneReply>> &box = boxes_[lane];
  if (box && !box->closed())
    return box;
  box = std::make_shared<Mailbox<LaneReply>>();
  box->push(LaneReply{lane, "READY"}); // OK: a fresh mailbox replaced the closed one
  return box;
}

void ReplyRouter::laneDown(LaneId lane, const std::string &why) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = boxes_.find(lane);
  if (it == boxes_.end())
    return;
  it->second->close();
  it->second->push(LaneReply{lane, "DOWN " + why}); // BUG: use-after-close
}

bool ReplyRouter::route(const LaneReply &reply) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = boxes_.find(reply.lane);
  if (it == boxes_.end() || it->second->closed()) {
    ++dropped_;
    return false;
  }
  it->second->push(reply); // OK: closed() was checked under mu_, and laneDown() closes only under mu_
  return true;
}

std::size_t ReplyRouter::noticeAll(const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t delivered = 0;
  for (auto &entry : boxes_) {
    if (entry.second->tryPush(LaneReply{entry.first, text})) // OK: tryPush() returns false on a closed mailbox
      ++delivered;
    else
      ++dropped_;
  }
  return delivered;
}

} // namespace toll
