// A market-data controller negotiates the protocol version through a helper
// that terminates the control link when the peer offers an older version than
// wanted (any peer below v3) and returns false.
// start() handles the failure by sending a "BYE" on the link the helper has
// just terminated ("control link terminated"). requireEntitlement() also
// terminates on its error path, but it throws afterwards, so the subscribe
// that follows it runs only on the success path.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ControlLink {
public:
  ControlLink(std::string venue, int peerVersion)
      : venue_(std::move(venue)), peerVersion_(peerVersion) {}

  int exchange(const std::string &request) {
    if (terminated_)
      throw std::runtime_error("control link terminated: " + venue_);
    sent_.push_back(request);
    if (request.rfind("VERSION", 0) == 0)
      return peerVersion_;
    return static_cast<int>(request.size() % 2);
  }

  void transmit(const std::string &message) {
    if (terminated_)
      throw std::runtime_error("control link terminated: " + venue_);
    sent_.push_back(message);
  }

  void terminate() { terminated_ = true; }
  bool terminated() const { return terminated_; }

private:
  std::string venue_;
  std::vector<std::string> sent_;
  int peerVersion_;
  bool terminated_ = false;
};

struct EntitlementError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool negotiateVersion(ControlLink &link, int wanted) {
  int offered = link.exchange("VERSION " + std::to_string(wanted));
  if (offered < wanted) {
    link.terminate();
    return false;
  }
  return true;
}

void requireEntitlement(ControlLink &link, const std::string &feed) {
  if (link.exchange("ENTITLED " + feed) == 0) {
    link.terminate();
    throw EntitlementError("not entitled to " + feed);
  }
}

class MarketDataController {
public:
  MarketDataController(std::string venue, int peerVersion)
      : link_(std::move(venue), peerVersion) {}

  bool start(const std::vector<std::string> &feeds) {
    if (!negotiateVersion(link_, 3)) {
      errors_.push_back("version mismatch");
      link_.transmit("BYE reason=version"); // BUG: use-after-close
      return false;
    }
    link_.transmit("HELLO v3"); // OK: negotiateVersion() terminates only when it returns false
    for (const std::string &feed : feeds) {
      requireEntitlement(link_, feed);
      link_.transmit("SUBSCRIBE " + feed); // OK: requireEntitlement() throws after terminating
    }
    return true;
  }

private:
  ControlLink link_;
  std::vector<std::string> errors_;
};
