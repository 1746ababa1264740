// Town drawbridge: the bridge master's console keeps a connection to the
// bascule leaf's drive cabinet and streams every opening to the harbour
// authority. A high-wind hold or the end of the navigation season closes the
// drive connection (the console nulls it); the console is busy while the
// drive re-seats the leaf locks. Negative case: each use checks the
// console's closed/busy state, the null connection or the stream's
// isClosed() first.
#include "messaging.h"
#include "netconn.h"

#include <memory>
#include <string>
#include <vector>

namespace drawbridge {

class BridgeConsole {
public:
  explicit BridgeConsole(const std::string &driveCabinet)
      : drive_(std::make_unique<net::Connection>(driveCabinet)) {}

  void reportWind(double kmh) {
    if (closed_ || busy_)
      return;
    drive_->send("WIND " + std::to_string(kmh)); // OK: closed_ checked
  }

  void reseatLocks() {
    if (closed_ || busy_)
      return;
    busy_ = true;
    drive_->send("RESEAT LOCKS"); // OK
    busy_ = false;
  }

  void syncDrive() {
    if (!drive_)
      return;
    drive_->flush(); // OK: connection nulled on close
  }

  void windHold() {
    if (closed_)
      return;
    closed_ = true;
    drive_->send("HOLD LEAF DOWN");
    drive_->close(); // OK: only once, closed_ set first
    drive_.reset();
  }

private:
  std::unique_ptr<net::Connection> drive_;
  bool closed_ = false;
  bool busy_ = false;
};

void streamOpenings(cassandra::StreamingMultiplexedChannel &harbour, const std::vector<std::string> &vessels) {
  for (const std::string &vessel : vessels) {
    if (harbour.isClosed())
      break;
    harbour.sendControlMessage({"opening", vessel}); // OK: checked each round
  }
  if (!harbour.isClosed())
    harbour.close(); // OK
}

void galeWarning(BridgeConsole &console, double kmh) {
  console.reportWind(kmh);
  console.windHold();
  console.reportWind(kmh + 10.0);
  console.syncDrive();
  console.windHold();
}

} // namespace drawbridge
