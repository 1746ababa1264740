// The plaza's lane links keyed by lane id. attach/find/lanes live in
// link_table.cpp, detach/replace in link_table_detach.cpp, broadcast and
// closeAll in link_broadcast.cpp. closeAll() closes every link but keeps the
// entries (the shutdown summary still iterates them); the destructor closes
// all links. Links are shared: workers may hold copies of a link.
#pragma once
#include "lane_link.h"
#include "types.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace toll {

class LinkTable {
public:
  LinkTable() = default;
  ~LinkTable();
  LinkTable(const LinkTable &) = delete;
  LinkTable &operator=(const LinkTable &) = delete;

  void attach(LaneId lane, std::shared_ptr<LaneLink> link);
  std::shared_ptr<LaneLink> find(LaneId lane) const;
  std::vector<LaneId> lanes() const;
  std::size_t size() const;

  // Removes the entry and hands the link to the caller, still open.
  std::shared_ptr<LaneLink> detach(LaneId lane);
  // Closes the current link of `lane` and installs `fresh` (already open).
  void replace(LaneId lane, std::shared_ptr<LaneLink> fresh);

  // Sends to every open link; a link whose send fails is closed. Returns the
  // number of lanes reached.
  std::size_t broadcast(const std::string &frame);
  void closeAll();

private:
  mutable std::mutex mu_;
  std::map<LaneId, std::shared_ptr<LaneLink>> links_;
};

std::string helloFrame(LaneId lane, int tariffVersion);

} // namespace toll
