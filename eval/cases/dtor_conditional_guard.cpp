// A connection handler closes its channel through a guard only when the peer
// said goodbye; the guard lives in the if-block. After the block the handler
// sends a heartbeat: on the goodbye path that goes to a closed channel (bug).
// The fixed handler returns from inside the goodbye block (correct).
#include "messaging.h"

#include <string>

struct CloseOnExit {
  EventChannel &channel;
  ~CloseOnExit() { channel.close(); }
};

void onMessage(EventChannel &peer, const std::string &message) {
  if (message == "BYE") {
    CloseOnExit closer{peer};
    peer.send("BYE-ACK"); // OK
  }
  peer.send("HEARTBEAT"); // BUG: use-after-close
}

void onMessageFixed(EventChannel &peer, const std::string &message) {
  if (message == "BYE") {
    CloseOnExit closer{peer};
    peer.send("BYE-ACK"); // OK
    return;
  }
  peer.send("HEARTBEAT"); // OK
}
