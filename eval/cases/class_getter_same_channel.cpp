// The channel is reached through the session's accessor both times: the same
// channel is closed and then sent on.
#include "messaging.h"
using namespace cassandra;

void failSession(StreamSession &session, const StreamMessage &failed) {
  session.channel().close();
  session.channel().sendControlMessage(failed); // BUG: use-after-close
}
