// Fleet tracking hub: vehicle positions go upstream over a net::Connection
// owned by TrackerHub through a shared_ptr. failover() closes the current
// upstream and installs a new connection object. AlertForwarder copied the
// shared_ptr at construction, PositionBatcher keeps a weak_ptr and locks it on
// flush, LiveFeed asks the hub for the current upstream every time.
// After a failover the forwarder still owns the old, closed connection, which
// also keeps the batcher's weak_ptr lockable: both then send on a closed
// connection (net::Connection::send() throws "connection closed").
#include "netconn.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

struct Position {
  std::string vehicle;
  double lat = 0;
  double lon = 0;
};

static std::string fmt(const Position &p) {
  return p.vehicle + "@" + std::to_string(p.lat) + "," + std::to_string(p.lon);
}

class TrackerHub {
public:
  explicit TrackerHub(const std::string &endpoint) : upstream_(std::make_shared<net::Connection>(endpoint)) {}
  std::shared_ptr<net::Connection> upstream() const { return upstream_; }
  void failover(const std::string &endpoint) {
    upstream_->close();
    upstream_ = std::make_shared<net::Connection>(endpoint);
  }

private:
  std::shared_ptr<net::Connection> upstream_;
};

class AlertForwarder {
public:
  explicit AlertForwarder(std::shared_ptr<net::Connection> conn) : conn_(std::move(conn)) {}
  void geofenceBreach(const Position &p, const std::string &zone) {
    conn_->send("ALERT geofence " + zone + " " + fmt(p)); // SAME: stale_alert
    conn_->flush();
  }

private:
  std::shared_ptr<net::Connection> conn_;
};

class PositionBatcher {
public:
  explicit PositionBatcher(std::weak_ptr<net::Connection> conn) : conn_(std::move(conn)) {}
  void add(const Position &p) { pending_.push_back(p); }
  void flush() {
    if (auto conn = conn_.lock()) {
      for (const Position &p : pending_)
        conn->send("POS " + fmt(p)); // SAME: stale_batch
      conn->flush();
    }
    pending_.clear();
  }

private:
  std::weak_ptr<net::Connection> conn_;
  std::vector<Position> pending_;
};

class LiveFeed {
public:
  explicit LiveFeed(const TrackerHub &hub) : hub_(hub) {}
  void publish(const Position &p) {
    std::shared_ptr<net::Connection> conn = hub_.upstream();
    conn->send("LIVE " + fmt(p)); // OK: always the hub's current connection
  }

private:
  const TrackerHub &hub_;
};

// Each inbound event is processed on its own; a failure is logged and the
// dispatcher moves on to the next event.
static void safely(const char *what, const std::function<void()> &fn) {
  try {
    fn();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s failed: %s\n", what, e.what());
  }
}

int main() {
  TrackerHub hub("gps-a.fleet.internal:7000");
  AlertForwarder alerts(hub.upstream());
  PositionBatcher batcher(hub.upstream());
  LiveFeed feed(hub);

  Position truck{"truck-12", 52.52, 13.40};
  batcher.add(truck);
  safely("batch", [&] { batcher.flush(); });
  safely("alert", [&] { alerts.geofenceBreach(truck, "depot-north"); });

  hub.failover("gps-b.fleet.internal:7000");

  Position van{"van-3", 52.49, 13.38};
  safely("live", [&] { feed.publish(van); });
  batcher.add(van);
  safely("batch", [&] { batcher.flush(); }); // BUG: use-after-close #stale_batch
  safely("alert", [&] { alerts.geofenceBreach(van, "depot-south"); }); // BUG: use-after-close #stale_alert
  return 0;
}
