// Health helper for replication links.
#pragma once

namespace repl {
class ReplicationChannel;
}

namespace ingestd {

// Returns true while the link is usable (Connecting or Open). When the
// standby has asked us to drain, the channel is flushed and closed and false
// is returned; false is also returned for a channel that is already closed.
bool retireIfDraining(repl::ReplicationChannel &channel);

} // namespace ingestd
