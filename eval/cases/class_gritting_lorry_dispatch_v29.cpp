// Highways depot, winter service: the dispatcher sends each gritting lorry its route
// segment by segment (spread rate per segment) over the cab link and reports salt usage
// to the highways authority's link. A road found closed aborts the rest of the route.
#include "netconn.h"

#include <string>
#include <utility>
#include <vector>

struct Segment {
  std::string road;
  double km = 0.0;
  int grams_per_m2 = 10;
  bool closed_road = false;
};

struct Route {
  std::string lorry;
  std::vector<Segment> segments;
};

class DepotDispatcher {
public:
  explicit DepotDispatcher(std::string authority_endpoint)
      : authority_endpoint_(std::move(authority_endpoint)), authority_(authority_endpoint_) {}

  double runRoute(const Route &r);
  void reportUsage(const std::string &lorry, double tonnes);
  void linkDropped();
  void endOfShift();

private:
  std::string authority_endpoint_;
  net::Connection authority_;
  double shift_tonnes_ = 0.0;
};

static double tonnes_for(const Segment &s) {
  const double lane_width_m = 3.65;
  return s.km * 1000.0 * lane_width_m * s.grams_per_m2 / 1e6;
}

double DepotDispatcher::runRoute(const Route &r) {
  net::Connection cab("cab/" + r.lorry);
  double tonnes = 0.0;
  auto abort_route = [&](const std::string &why) {
    cab.send("ABORT " + why);
    cab.close();
  };
  cab.send("ROUTE " + std::to_string(r.segments.size()));
  for (const Segment &s : r.segments) {
    if (s.closed_road) {
      abort_route("road closed: " + s.road);
      break;
    }
    cab.send("SPREAD " + s.road + " " + std::to_string(s.grams_per_m2));
    tonnes += tonnes_for(s);
  }
  cab.send("RETURN TO DEPOT"); // BUG: use-after-close
  cab.flush();
  return tonnes;
}

void DepotDispatcher::reportUsage(const std::string &lorry, double tonnes) {
  shift_tonnes_ += tonnes;
  if (authority_.isClosed())
    authority_ = net::Connection(authority_endpoint_);
  authority_.send("USAGE " + lorry + " " + std::to_string(tonnes)); // OK
}

void DepotDispatcher::linkDropped() { authority_.close(); }

void DepotDispatcher::endOfShift() {
  if (!authority_.isClosed()) {
    authority_.send("SHIFT TOTAL " + std::to_string(shift_tonnes_)); // OK
    authority_.flush(); // OK
  }
  authority_.close(); // OK
  shift_tonnes_ = 0.0;
}

void dispatch_night(DepotDispatcher &depot, const std::vector<Route> &routes) {
  for (const Route &r : routes) {
    const double used = depot.runRoute(r);
    depot.reportUsage(r.lorry, used); // OK
  }
  depot.endOfShift();
}
