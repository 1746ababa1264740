// Weather network ingest: one StationLink per remote weather station, kept in
// a std::map<std::string, std::shared_ptr<StationLink>>. StationLink::post()
// throws std::runtime_error("station link closed") once the link is closed;
// StationLink::close() is idempotent. Decommissioning a station closes its
// link and erases it in the same step, posting by key looks the station up
// and skips missing ones, pruning erases through the iterator returned by
// erase(), and closeAll() closes every link and clears the map.
// Negative case: no link is reachable by key or iterator after it is closed,
// and the snapshot that keeps shared_ptr copies only reads state.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct Observation {
  std::string station;
  double tempC = 0;
  double windMs = 0;
};

class StationLink {
public:
  explicit StationLink(std::string id) : id_(std::move(id)) {}
  void post(const Observation &obs) {
    if (closed_)
      throw std::runtime_error("station link closed: " + id_);
    buffered_.push_back(obs);
  }
  void close() {
    closed_ = true;
    buffered_.clear();
  }
  bool isClosed() const { return closed_; }
  const std::string &id() const { return id_; }
  size_t buffered() const { return buffered_.size(); }
  int missedHeartbeats = 0;

private:
  std::string id_;
  std::vector<Observation> buffered_;
  bool closed_ = false;
};

struct LinkStatus {
  std::string id;
  bool closed;
  size_t buffered;
};

class StationNetwork {
public:
  void add(const std::string &id) { links_[id] = std::make_shared<StationLink>(id); }

  void decommission(const std::string &id) {
    auto it = links_.find(id);
    if (it == links_.end())
      return;
    it->second->close();
    links_.erase(it);
  }

  bool post(const Observation &obs) {
    auto it = links_.find(obs.station);
    if (it == links_.end())
      return false;
    it->second->post(obs); // OK: closed links are erased together with their close()
    return true;
  }

  void pruneSilent(int maxMissed) {
    for (auto it = links_.begin(); it != links_.end();) {
      if (it->second->missedHeartbeats > maxMissed) {
        it->second->close();
        it = links_.erase(it);
      } else {
        it->second->post({it->first, 0, 0}); // OK: this element was not closed, the iterator moved past closed ones
        ++it;
      }
    }
  }

  std::vector<LinkStatus> snapshot() const {
    std::vector<LinkStatus> out;
    for (const auto &entry : links_)
      out.push_back({entry.first, entry.second->isClosed(), entry.second->buffered()});
    return out;
  }

  std::vector<std::shared_ptr<StationLink>> pinned() const {
    std::vector<std::shared_ptr<StationLink>> out;
    for (const auto &entry : links_)
      out.push_back(entry.second);
    return out;
  }

  void closeAll() {
    for (auto &entry : links_)
      entry.second->close();
    links_.clear();
  }

private:
  std::map<std::string, std::shared_ptr<StationLink>> links_;
};

int main() {
  StationNetwork net;
  net.add("KSEA");
  net.add("KPDX");
  net.add("KBOI");
  net.post({"KSEA", 11.2, 4.1});
  net.decommission("KPDX");
  net.post({"KPDX", 9.8, 2.0}); // OK: KPDX was erased, post() returns false
  net.add("KPDX");
  net.post({"KPDX", 9.9, 2.2}); // OK: a new link under the re-added key

  std::vector<std::shared_ptr<StationLink>> audit = net.pinned();
  net.pruneSilent(3);
  net.closeAll();
  size_t closedCount = 0;
  for (const auto &link : audit)
    closedCount += link->isClosed() ? 1 : 0; // OK: only reads the closed flag
  net.post({"KBOI", 20.0, 7.5}); // OK: the map is empty after closeAll()
  net.closeAll();                // OK: nothing left to close
  return closedCount == audit.size() ? 0 : 1;
}
