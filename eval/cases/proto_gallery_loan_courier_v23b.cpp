// Art loan courier tracking: while a crate travels from the lending museum to
// the borrowing gallery, the courier's tracker reports waypoints and
// condition checks over a CourierChannel. A customs hold closes the channel
// (the bonded warehouse forbids transmitters) and buffers waypoints until the
// crate is released, when the channel is reopened.
// Protocol: open() -> send()* -> close(), and open() again after close() is
// allowed. send() before open() or after close() throws std::logic_error;
// close() on a channel that is not open throws std::logic_error.
// Defects: reportCondition() sends without looking at the hold, so a
// condition check taken in the bonded warehouse is sent on the closed
// channel; arrive() guards its send but still closes the channel when the
// crate arrives while it is held (already closed by customsHold()).
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Waypoint {
  double lat = 0.0;
  double lon = 0.0;
  double humidityPct = 0.0;
};

class CourierChannel {
public:
  explicit CourierChannel(std::string crateId) : crateId_(std::move(crateId)) {}
  void open(const std::string &endpoint);
  void send(const std::string &frame);
  void close();
  bool isOpen() const { return open_; }
  const std::vector<std::string> &sentFrames() const { return sent_; }

private:
  std::string crateId_;
  std::string endpoint_;
  std::vector<std::string> sent_;
  bool open_ = false;
};

void CourierChannel::open(const std::string &endpoint) {
  if (open_)
    throw std::logic_error("courier channel already open for " + crateId_);
  endpoint_ = endpoint;
  open_ = true;
  sent_.push_back("HELLO " + crateId_);
}

void CourierChannel::send(const std::string &frame) {
  if (!open_)
    throw std::logic_error("courier channel closed for " + crateId_);
  sent_.push_back(frame);
}

void CourierChannel::close() {
  if (!open_)
    throw std::logic_error("courier channel closed twice for " + crateId_);
  sent_.push_back("BYE");
  open_ = false;
}

static std::string encode(const Waypoint &w) {
  return "WP " + std::to_string(w.lat) + "," + std::to_string(w.lon) + " RH " +
         std::to_string(w.humidityPct);
}

class TransitTracker {
public:
  TransitTracker(std::string crateId, std::string endpoint)
      : channel_(std::move(crateId)), endpoint_(std::move(endpoint)) {}

  void depart(const std::string &lender) {
    channel_.open(endpoint_);
    channel_.send("DEPART " + lender);
  }

  void waypoint(const Waypoint &w) {
    if (onHold_) {
      buffered_.push_back(w);
      return;
    }
    channel_.send(encode(w)); // OK: customsHold() sets onHold_ when it closes
  }

  void reportCondition(const std::string &conservatorNote) {
    channel_.send("CONDITION " + conservatorNote); // BUG: use-after-close
  }

  void customsHold(const std::string &reason) {
    channel_.send("HOLD " + reason);
    channel_.close();
    onHold_ = true;
  }

  void customsRelease() {
    channel_.open(endpoint_);
    onHold_ = false;
    for (const Waypoint &w : buffered_)
      channel_.send(encode(w)); // OK: reopened just above
    buffered_.clear();
  }

  void arrive(const std::string &venue) {
    if (!onHold_)
      channel_.send("ARRIVED " + venue); // OK: not on hold, so the channel is open
    else
      pendingArrival_ = venue;
    channel_.close(); // BUG: double-close
  }

private:
  CourierChannel channel_;
  std::string endpoint_;
  std::vector<Waypoint> buffered_;
  std::string pendingArrival_;
  bool onHold_ = false;
};

void trackLoan(const std::vector<Waypoint> &route, bool inspectedInBond, bool heldOnArrival) {
  TransitTracker tracker("CRATE-0417", "tracking.courier.example:8443");
  tracker.depart("Rijksmuseum");
  for (size_t i = 0; i < route.size(); ++i) {
    if (i == route.size() / 2)
      tracker.customsHold("bonded inspection");
    tracker.waypoint(route[i]);
    if (i == route.size() / 2 && inspectedInBond)
      tracker.reportCondition("crate opened by customs, no damage");
    if (i == route.size() / 2 + 1 && !heldOnArrival)
      tracker.customsRelease();
  }
  tracker.arrive("National Gallery");
}
