// Parcel locker bank at a railway station: each column of lockers has its own
// controller reached over a net::Connection; couriers' drop-offs open a door
// by column and slot, and the bank is taken offline for the nightly firmware
// window. Columns that fault are swapped for a spare controller in place.
#include "netconn.h"

#include <cstdio>
#include <exception>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct DropOff {
  std::string parcelId;
  std::size_t column;
  int slot;
};

class LockerBank {
public:
  explicit LockerBank(const std::vector<std::string> &endpoints) {
    for (const std::string &ep : endpoints)
      columns_.emplace_back(ep);
  }

  bool openDoor(const DropOff &d) {
    if (d.column >= columns_.size() || columns_[d.column].isClosed())
      return false;
    columns_[d.column].send("OPEN " + std::to_string(d.slot) + " " + d.parcelId); // OK
    pendingPickups_[d.parcelId] = d.column;
    return true;
  }

  void swapController(std::size_t column, const std::string &spareEndpoint) {
    net::Connection &ctl = columns_.at(column);
    ctl.close();
    columns_[column] = net::Connection(spareEndpoint);
    ctl.send("HELLO spare"); // OK
    ctl.flush();
  }

  void collected(const std::string &parcelId) {
    auto it = pendingPickups_.find(parcelId);
    if (it == pendingPickups_.end())
      return;
    std::size_t column = it->second;
    pendingPickups_.erase(it);
    if (!columns_[column].isClosed())
      columns_[column].send("FREE " + parcelId); // OK
  }

  void firmwareWindow() {
    for (net::Connection &c : columns_) {
      if (c.isClosed())
        continue;
      c.send("FW-UPDATE");
      c.flush();
      c.close();
    }
    columns_.front().send("BANK OFFLINE"); // BUG: use-after-close
  }

  void offlineSummary(std::size_t displayColumn) {
    std::size_t waiting = pendingPickups_.size();
    if (displayColumn < columns_.size())
      columns_[displayColumn].send("WAITING " + std::to_string(waiting)); // SAME: locker-summary
  }

  std::size_t size() const { return columns_.size(); }

private:
  std::vector<net::Connection> columns_;
  std::map<std::string, std::size_t> pendingPickups_;
};

class CourierRoutes {
public:
  void assign(const std::string &courier, net::Connection conn) {
    routes_.erase(courier);
    routes_.emplace(courier, std::move(conn));
  }

  void endShift(const std::string &courier) {
    auto it = routes_.find(courier);
    if (it == routes_.end())
      return;
    it->second.send("SHIFT END");
    it->second.close();
    routes_.erase(it);
  }

  void notify(const std::string &courier, const std::string &msg) {
    auto it = routes_.find(courier);
    if (it != routes_.end())
      it->second.send(msg); // OK
  }

private:
  std::map<std::string, net::Connection> routes_;
};

void nightlyCycle(LockerBank &bank, CourierRoutes &routes, const std::vector<DropOff> &late) {
  for (const DropOff &d : late)
    if (bank.openDoor(d))
      routes.notify("night-courier", "placed " + d.parcelId);
  routes.endShift("night-courier");
  routes.notify("night-courier", "late parcel"); // OK
  routes.assign("night-courier", net::Connection("courier-app:7000"));
  routes.notify("night-courier", "new shift"); // OK
  if (bank.size() == 0)
    return;
  try {
    bank.firmwareWindow();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "firmware window: %s\n", e.what());
  }
  bank.offlineSummary(0); // BUG: use-after-close #locker-summary
}
