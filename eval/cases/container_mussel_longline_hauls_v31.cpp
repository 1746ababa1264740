// Mussel farm: every longline in the bay hangs from a buoy with a strain
// gauge that the farm boat talks to over a radio link (net::Connection). The
// bay keeps its longlines in a map by line id. Hauling a line releases its
// buoy and closes that line's link; at the end of the day the boat closes
// the links of the lines still in the water and switches off the beacon on
// the first buoy of the bay.
#include "netconn.h"

#include <map>
#include <string>
#include <vector>

namespace musselfarm {

struct Longline {
  std::string id;
  net::Connection link;
  int droppers = 0;
  bool lifted = false;
};

class Bay {
public:
  void add(const std::string &id, int droppers) {
    lines_.emplace(id, Longline{id, net::Connection("buoy-" + id), droppers, false});
  }

  void haul(const std::string &id) {
    auto it = lines_.find(id);
    if (it == lines_.end())
      return;
    it->second.link.send("RELEASE");
    it->second.link.close();
    it->second.lifted = true;
  }

  void ping(const std::string &id) {
    auto it = lines_.find(id);
    if (it != lines_.end())
      it->second.link.send("PING"); // SAME: mussel-ping
  }

  void pollStrain() {
    for (auto &entry : lines_) {
      if (entry.second.lifted)
        continue;
      entry.second.link.send("STRAIN?"); // OK: lifted lines are skipped
    }
  }

  void endOfDay() {
    if (lines_.empty())
      return;
    net::Connection &beacon = lines_.begin()->second.link;
    for (auto &entry : lines_) {
      if (!entry.second.lifted) {
        entry.second.link.flush(); // OK: this line's link is still open
        entry.second.link.close();
      }
    }
    beacon.send("BEACON OFF"); // BUG: use-after-close
  }

private:
  std::map<std::string, Longline> lines_;
};

void morningHaul(Bay &bay, const std::vector<std::string> &order) {
  for (const std::string &id : order)
    bay.haul(id);
  bay.pollStrain(); // OK
}

void stormWatch(Bay &bay) {
  bay.haul("L3");
  bay.ping("L7"); // OK: a different longline
  bay.ping("L3"); // BUG: use-after-close #mussel-ping
}

void season(Bay &bay) {
  bay.add("L3", 120);
  bay.add("L7", 95);
  bay.add("L9", 140);
  morningHaul(bay, {"L9"});
  stormWatch(bay);
  bay.endOfDay();
}

} // namespace musselfarm
