// LinkTable: taking a lane out of the table and swapping in a reconnected
// link. replace() closes the old link and greets the lane on the new one.
// Correct: the greeting goes to the fresh link stored in the slot, not to the
// closed one.
#include "link_table.h"

namespace toll {

std::shared_ptr<LaneLink> LinkTable::detach(LaneId lane) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(lane);
  if (it == links_.end())
    return nullptr;
  std::shared_ptr<LaneLink> link = std::move(it->second);
  links_.erase(it);
  return link;
}

void LinkTable::replace(LaneId lane, std::shared_ptr<LaneLink> fresh) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(lane);
  if (it == links_.end()) {
    links_.emplace(lane, std::move(fresh));
    return;
  }
  it->second->close();
  it->second = std::move(fresh);
  it->second->send(helloFrame(lane, 0)); // OK: the slot holds the fresh link now, the closed one was dropped
}

} // namespace toll
