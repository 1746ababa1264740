// Tidal flood barrier control room: the barrier keeps one PumpLink per
// pumping station, by station name. A station can be isolated (its link
// closed, the entry kept so the operators see it greyed out) or retired (its
// link closed and its entry erased). Operators also hold references to
// individual links while they work a surge.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace floodbarrier {

class PumpLink {
public:
  explicit PumpLink(std::string station) : station_(std::move(station)) {}
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("pump link to " + station_ + " closed");
    sent_.push_back(cmd);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string station_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class Barrier {
public:
  void add(const std::string &name) { stations_.emplace(name, PumpLink(name)); }

  void isolate(const std::string &name) {
    auto it = stations_.find(name);
    if (it == stations_.end())
      return;
    it->second.close();
    for (auto &[other, link] : stations_) {
      if (link.isClosed())
        continue;
      link.send("ISOLATED " + name); // OK: skips the closed link
    }
  }

  void retire(const std::string &name) {
    auto it = stations_.find(name);
    if (it == stations_.end())
      return;
    it->second.close();
    stations_.erase(it);
    for (auto &[other, link] : stations_)
      if (!link.isClosed())
        link.send("RETIRED " + name); // OK: the retired link was erased, isolated ones are skipped
  }

  void surge(const std::string &primary, const std::string &failed) {
    if (primary == failed || stations_.at(primary).isClosed())
      return;
    PumpLink &lead = stations_.at(primary);
    isolate(failed);
    lead.send("MAX_FLOW"); // OK: a different element from the isolated one
  }

  void tidalSurge() {
    PumpLink &tidal = stations_.at("tidal-basin");
    isolate("tidal-basin");
    tidal.send("MAX_FLOW"); // BUG: use-after-close
  }

  void endOfStorm() {
    for (auto &[name, link] : stations_) {
      if (link.isClosed())
        continue;
      link.send("DRAIN_RESIDUAL"); // OK: each link is sent to before it is closed
      link.close();
    }
    stations_.at("river-gate").send("LOCK_OPEN"); // BUG: use-after-close
  }

private:
  std::map<std::string, PumpLink> stations_;
};

} // namespace floodbarrier
