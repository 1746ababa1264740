// StreamSession::channel() returns the session's multiplexed channel by
// reference. abortTransfer() closes the failing session's channel and then
// sends the ABORT notice through the same accessor on the same session (bug).
// Telling the peer session goes through the peer's own channel (fine), and
// finishTransfer() sends its COMPLETE only while the channel is not closed.
#include "messaging.h"
#include <string>

void abortTransfer(cassandra::StreamSession &session,
                   cassandra::StreamSession &peer, const std::string &why) {
  session.channel().close();
  peer.channel().sendControlMessage({"PEER_ABORTED", why}); // OK: a different session
  session.channel().sendControlMessage({"ABORT", why}); // BUG: use-after-close
  session.onError(why);
}

void finishTransfer(cassandra::StreamSession &session, int filesSent,
                    bool receiverGone) {
  if (receiverGone)
    session.channel().close();
  if (!session.channel().isClosed())
    session.channel().sendControlMessage( // OK: guarded by isClosed()
        {"COMPLETE", std::to_string(filesSent)});
}
