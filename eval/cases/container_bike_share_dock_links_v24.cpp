// Bike-share operations backend: one connection per docking station (unlock
// commands, firmware notices, rebalancing alerts). Each neighbourhood has a
// hub station that relays notices to the street kiosk. Stations are closed
// for street works and reinstated when the contractor hands the pavement back.
#include "netconn.h"

#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

class DockNetwork {
public:
  void addStation(int id, const std::string &endpoint) {
    docks_.emplace(id, net::Connection(endpoint));
  }

  void unlock(int id, const std::string &bikeId);
  void broadcast(const std::string &notice);
  void notifyStations(const std::vector<int> &ids, const std::string &notice);
  void closeForWorks(int hubId, const std::vector<int> &stations);
  void decommission(int id);
  void reinstate(int id, const std::string &endpoint);
  size_t suspended() const { return suspended_.size(); }

private:
  std::map<int, net::Connection> docks_;
  std::set<int> suspended_;
};

void DockNetwork::unlock(int id, const std::string &bikeId) {
  auto it = docks_.find(id);
  if (it == docks_.end() || it->second.isClosed())
    return;
  it->second.send("UNLOCK " + bikeId); // OK
}

void DockNetwork::broadcast(const std::string &notice) {
  for (auto &entry : docks_) {
    if (suspended_.count(entry.first))
      continue;
    entry.second.send(notice); // OK
  }
}

void DockNetwork::notifyStations(const std::vector<int> &ids,
                                 const std::string &notice) {
  for (int id : ids) {
    auto it = docks_.find(id);
    if (it != docks_.end())
      it->second.send(notice); // SAME: works_notice
  }
}

void DockNetwork::closeForWorks(int hubId, const std::vector<int> &stations) {
  net::Connection &hub = docks_.at(hubId);
  for (int id : stations) {
    auto it = docks_.find(id);
    if (it == docks_.end() || suspended_.count(id))
      continue;
    it->second.send("OUT_OF_SERVICE street-works"); // OK
    it->second.close();
    suspended_.insert(id);
  }
  hub.send("KIOSK " + std::to_string(stations.size()) + " stations closed"); // BUG: use-after-close
}

void DockNetwork::decommission(int id) {
  auto it = docks_.find(id);
  if (it == docks_.end())
    return;
  if (!it->second.isClosed()) {
    it->second.send("DECOMMISSION");
    it->second.close();
  }
  docks_.erase(it);
  suspended_.erase(id);
}

void DockNetwork::reinstate(int id, const std::string &endpoint) {
  docks_.erase(id);
  suspended_.erase(id);
  auto inserted = docks_.emplace(id, net::Connection(endpoint)).first;
  inserted->second.send("HELLO " + std::to_string(id)); // OK
}

class OpsConsole {
public:
  explicit OpsConsole(DockNetwork &net) : net_(net) {}

  void streetWorks(int hubId, const std::vector<int> &stations,
                   const std::string &contractor) {
    net_.closeForWorks(hubId, stations);
    net_.notifyStations(stations, "WORKS by " + contractor); // BUG: use-after-close #works_notice
  }

  void retireStation(int id) {
    net_.decommission(id);
    net_.broadcast("STATION_RETIRED " + std::to_string(id)); // OK
  }

  void worksFinished(const std::map<int, std::string> &endpoints) {
    for (const auto &e : endpoints)
      net_.reinstate(e.first, e.second);
    if (!endpoints.empty())
      net_.unlock(endpoints.begin()->first, "TEST-BIKE");
  }

private:
  DockNetwork &net_;
};
