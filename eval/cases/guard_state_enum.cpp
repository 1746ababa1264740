// A replication link whose class is only declared in replication.h. The
// shipper returns when state() is Closed, and a switch over the state sends
// only in the Open case (correct). Sending after close() without checking is
// the bug.
#include "replication.h"

#include <string>
#include <vector>

class WalShipper {
public:
  explicit WalShipper(repl::ReplicationChannel &link) : link_(link) {}

  void ship(const std::vector<std::string> &frames, bool peerGone) {
    if (peerGone)
      link_.close();
    if (link_.state() == repl::LinkState::Closed)
      return;
    for (const auto &frame : frames)
      link_.send(frame); // OK
  }

  void heartbeat(bool peerGone) {
    if (peerGone)
      link_.close();
    switch (link_.state()) {
    case repl::LinkState::Open:
      link_.send("HB"); // OK
      break;
    case repl::LinkState::Closed:
    case repl::LinkState::Connecting:
    case repl::LinkState::Draining:
      break;
    }
  }

  void goodbye() {
    link_.close();
    link_.send("BYE"); // BUG: use-after-close
  }

private:
  repl::ReplicationChannel &link_;
};
