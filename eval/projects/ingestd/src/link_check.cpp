// Replication link helpers.
#include "ingestd/link_check.h"

#include "replication.h"

namespace ingestd {

bool retireIfDraining(repl::ReplicationChannel &channel) {
  switch (channel.state()) {
  case repl::LinkState::Connecting:
  case repl::LinkState::Open:
    return true;
  case repl::LinkState::Draining:
    // The standby is going away: push out what we have and let it go.
    channel.flush();
    channel.close();
    return false;
  case repl::LinkState::Closed:
    return false;
  }
  return false;
}

} // namespace ingestd
