// Circus tour logistics: when the show moves, every truck is announced to the
// current venue's yard office in load-out order, and the same trucks are
// announced to the next venue as inbound once the link is switched. At the
// end of the season the yard link is shut down and oversize trucks going to
// winter quarters need a road permit request.
#include "netconn.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace circus {

constexpr int kOversizeKg = 36000;

struct Truck {
  std::string plate;
  std::string cargo;
  int weightKg = 0;
  int loadOrder = 0;
};

class TourLink {
public:
  explicit TourLink(std::string venueEndpoint)
      : yard_(std::make_unique<net::Connection>(std::move(venueEndpoint))) {}

  void announceTruck(const Truck &t, const char *direction);
  void flushManifest();
  void switchVenue(const std::string &nextEndpoint);
  void closeYard() { yard_->close(); }

  net::Connection &yard() { return *yard_; }
  const std::string &venue() const { return yard_->endpoint(); }

private:
  std::unique_ptr<net::Connection> yard_;
};

void TourLink::announceTruck(const Truck &t, const char *direction) {
  yard_->send(std::string(direction) + " " + t.plate + " " + t.cargo + " " +
              std::to_string(t.weightKg));
}

void TourLink::flushManifest() {
  yard_->flush(); // SAME: manifest
}

void TourLink::switchVenue(const std::string &nextEndpoint) {
  yard_->send("DEPARTED");
  yard_->flush();
  yard_->close();
  yard_ = std::make_unique<net::Connection>(nextEndpoint);
  yard_->send("HELLO " + nextEndpoint); // OK
}

static std::vector<Truck> inLoadOrder(std::vector<Truck> trucks) {
  std::sort(trucks.begin(), trucks.end(),
            [](const Truck &a, const Truck &b) { return a.loadOrder < b.loadOrder; });
  return trucks;
}

void loadOut(TourLink &link, const std::vector<Truck> &trucks, const std::string &nextVenue) {
  std::vector<Truck> ordered = inLoadOrder(trucks);
  for (const Truck &t : ordered)
    link.announceTruck(t, "OUT");
  link.flushManifest();
  link.switchVenue(nextVenue);
  for (const Truck &t : ordered)
    link.announceTruck(t, "INBOUND"); // OK
  link.flushManifest(); // OK
}

void endOfSeason(TourLink &link, const std::vector<Truck> &winterQuarters) {
  link.closeYard();
  for (const Truck &t : winterQuarters) {
    if (t.weightKg > kOversizeKg)
      link.yard().send("PERMIT " + t.plate + " " + std::to_string(t.weightKg)); // BUG: use-after-close
  }
  link.flushManifest(); // BUG: use-after-close #manifest
  link.closeYard(); // OK
}

void moveShow(TourLink &link, const std::vector<Truck> &trucks,
              const std::vector<std::string> &route) {
  for (const std::string &venue : route) {
    if (venue == link.venue())
      continue;
    loadOut(link, trucks, venue);
  }
}

} // namespace circus
