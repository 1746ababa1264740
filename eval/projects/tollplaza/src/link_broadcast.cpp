// LinkTable: messages to every lane, and closing every lane at shutdown.
// broadcast() skips closed links and closes a lane whose send fails; the other
// lanes of the same broadcast are unaffected: the close in the catch handler
// is for that one lane only.
#include "link_table.h"

#include <cstdio>
#include <exception>

namespace toll {

std::size_t LinkTable::broadcast(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t reached = 0;
  for (auto &entry : links_) {
    LaneLink &link = *entry.second;
    if (!link.isOpen())
      continue;
    try {
      link.send(frame); // OK: closed links are skipped just above
      ++reached;
    } catch (const std::exception &e) {
      std::fprintf(stderr, "lane %d: broadcast failed (%s), closing\n", entry.first, e.what());
      link.close();
    }
  }
  return reached;
}

void LinkTable::closeAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &entry : links_)
    entry.second->close(); // SAME: dispatchorder
}

} // namespace toll
