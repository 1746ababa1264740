// Ambulance dispatch: every crew's mobile data terminal is reached through an
// EventChannel. The dispatch board owns the channels by unit id; the incident
// tracker keeps weak_ptrs to the channels of the units assigned to each
// incident so that it can push updates (address corrections, scene hazards)
// without keeping an off-shift unit's channel alive. A unit going off shift
// gets its channel acknowledged and closed, and the channel is kept in the
// retired list until the end-of-shift report has read its counters.
#include "messaging.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace dispatch {

class DispatchBoard {
public:
  bool connectUnit(const std::string &unit) {
    std::shared_ptr<EventChannel> &slot = units_[unit];
    if (slot)
      return false;
    slot = std::make_shared<EventChannel>();
    return true;
  }

  std::weak_ptr<EventChannel> channelFor(const std::string &unit) const {
    auto it = units_.find(unit);
    if (it == units_.end())
      return {};
    return it->second;
  }

  void offShift(const std::string &unit) {
    auto it = units_.find(unit);
    if (it == units_.end())
      return;
    it->second->send("OFF_SHIFT ACK");
    it->second->close();
    retired_.push_back(std::move(it->second));
    units_.erase(it);
  }

  size_t retiredCount() const { return retired_.size(); }
  void endOfShiftReport() { retired_.clear(); }

private:
  std::map<std::string, std::shared_ptr<EventChannel>> units_;
  std::vector<std::shared_ptr<EventChannel>> retired_;
};

class IncidentTracker {
public:
  bool assign(int incident, const std::string &unit, const DispatchBoard &board) {
    std::weak_ptr<EventChannel> ref = board.channelFor(unit);
    std::shared_ptr<EventChannel> ch = ref.lock();
    if (!ch)
      return false;
    ch->send("ASSIGN " + std::to_string(incident)); // OK
    incidents_[incident].push_back({unit, ref});
    return true;
  }

  void updateAddress(int incident, const std::string &address) {
    auto it = incidents_.find(incident);
    if (it == incidents_.end())
      return;
    for (Assignment &a : it->second) {
      if (std::shared_ptr<EventChannel> ch = a.mdt.lock())
        ch->send("ADDR " + std::to_string(incident) + " " + address); // SAME: addr
    }
  }

  void hazard(int incident, const std::string &what) {
    auto it = incidents_.find(incident);
    if (it == incidents_.end())
      return;
    for (Assignment &a : it->second) {
      std::shared_ptr<EventChannel> ch = a.mdt.lock();
      if (ch && ch->isOpen())
        ch->send("HAZARD " + std::to_string(incident) + " " + what); // OK
    }
  }

  void close(int incident) { incidents_.erase(incident); }

private:
  struct Assignment {
    std::string unit;
    std::weak_ptr<EventChannel> mdt;
  };
  std::map<int, std::vector<Assignment>> incidents_;
};

void shiftChange(DispatchBoard &board, IncidentTracker &tracker,
                 const std::vector<std::string> &leaving, int openIncident,
                 const std::string &correctedAddress) {
  for (const std::string &unit : leaving)
    board.offShift(unit);
  tracker.hazard(openIncident, "downed power line reported"); // OK
  tracker.updateAddress(openIncident, correctedAddress); // BUG: use-after-close #addr
  board.endOfShiftReport();
  tracker.updateAddress(openIncident, correctedAddress + " (rear entrance)"); // OK
}

} // namespace dispatch
