// Kombucha brewery taproom link. Each fermenter's tap controller is reached
// through a TapLink session; closing a session releases the controller's lease,
// and releasing it twice is rejected (close() throws). negotiate() and
// calibrateFlow() end the session themselves when the controller rejects them
// and return false. The keg-fill routine, the tasting-flight pour and the
// cleaning cycle use these helpers.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kombucha {

std::string readControllerReply(const std::string &fermenter, int timeoutMs);

class TapLink {
public:
  explicit TapLink(std::string fermenter) : fermenter_(std::move(fermenter)) {}

  void send(const std::string &cmd) {
    if (released_)
      throw std::runtime_error("tap link released: " + fermenter_);
    last_ = cmd;
  }
  std::string receive() {
    if (released_)
      throw std::runtime_error("tap link released: " + fermenter_);
    return readControllerReply(fermenter_, 800);
  }
  void close() {
    if (released_)
      throw std::logic_error("tap lease released twice: " + fermenter_);
    released_ = true;
  }
  bool isReleased() const { return released_; }

private:
  std::string fermenter_;
  std::string last_;
  bool released_ = false;
};

static bool negotiate(TapLink &link, int protocolVersion) {
  link.send("HELLO " + std::to_string(protocolVersion));
  if (link.receive() != "OK") {
    link.close();
    return false;
  }
  return true;
}

static bool calibrateFlow(TapLink &link, double mlPerSecond) {
  if (mlPerSecond <= 0.0 || mlPerSecond > 250.0) {
    link.close();
    return false;
  }
  link.send("FLOW " + std::to_string(mlPerSecond));
  return true;
}

bool fillKeg(const std::string &fermenter, double litres, double rate) {
  TapLink link(fermenter);
  if (!negotiate(link, 3))
    return false;
  if (!calibrateFlow(link, rate))
    return false;
  link.send("FILL " + std::to_string(litres)); // OK
  link.send("END"); // OK
  link.close(); // OK
  return true;
}

void pourFlight(const std::vector<std::string> &fermenters, double rate) {
  for (const std::string &f : fermenters) {
    TapLink link(f);
    if (!negotiate(link, 3)) {
      link.close(); // BUG: double-close
      continue;
    }
    calibrateFlow(link, rate);
    link.send("POUR 90"); // BUG: use-after-close
    link.close();
  }
}

void cleaningCycle(const std::string &fermenter, double rinseRate) {
  TapLink link(fermenter);
  if (!negotiate(link, 3))
    return;
  if (!calibrateFlow(link, rinseRate)) {
    if (!link.isReleased()) // OK
      link.close(); // OK
    return;
  }
  link.send("RINSE CAUSTIC");
  link.send("RINSE WATER");
  link.close();
}

} // namespace kombucha
