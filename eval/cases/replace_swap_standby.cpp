// A hot-standby pair: on failover the active connection is closed and the
// two pointers are swapped, so `active_` now points at the standby, which is
// open (correct). `standby_` holds the closed one; pinging it is a use after
// close (bug).
#include "netconn.h"

#include <memory>
#include <utility>

class HotStandby {
public:
  HotStandby()
      : active_(std::make_unique<net::Connection>("tcp://db-a:5432")),
        standby_(std::make_unique<net::Connection>("tcp://db-b:5432")) {}

  void failover() {
    active_->close();
    std::swap(active_, standby_);
    active_->send("PROMOTE"); // OK
    standby_->send("PING"); // BUG: use-after-close
  }

  void failoverAndReplace() {
    active_->close();
    std::swap(active_, standby_);
    standby_ = std::make_unique<net::Connection>("tcp://db-c:5432");
    active_->send("PROMOTE"); // OK
    standby_->send("PING"); // OK
  }

private:
  std::unique_ptr<net::Connection> active_;
  std::unique_ptr<net::Connection> standby_;
};
