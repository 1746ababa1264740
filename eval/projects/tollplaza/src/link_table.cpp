// LinkTable: attaching lane links and looking them up by lane id.
#include "link_table.h"

namespace toll {

LinkTable::~LinkTable() { closeAll(); }

void LinkTable::attach(LaneId lane, std::shared_ptr<LaneLink> link) {
  std::lock_guard<std::mutex> lock(mu_);
  std::shared_ptr<LaneLink> &slot = links_[lane];
  if (slot && slot != link)
    slot->close();
  slot = std::move(link);
}

std::shared_ptr<LaneLink> LinkTable::find(LaneId lane) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(lane);
  return it == links_.end() ? nullptr : it->second;
}

std::vector<LaneId> LinkTable::lanes() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<LaneId> out;
  out.reserve(links_.size());
  for (const auto &entry : links_)
    out.push_back(entry.first);
  return out;
}

std::size_t LinkTable::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return links_.size();
}

std::string helloFrame(LaneId lane, int tariffVersion) {
  return "HELLO lane=" + std::to_string(lane) + " tariff=" + std::to_string(tariffVersion);
}

} // namespace toll
