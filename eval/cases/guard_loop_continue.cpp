// A broadcaster closes sessions whose client went away and, in the same pass
// and in the next, skips closed sessions with `continue` (correct). The
// second loop forgets the check and sends to every session (bug).
#include "netconn.h"

#include <string>
#include <vector>

struct Session {
  net::Connection conn;
  bool clientGone = false;
};

void broadcast(std::vector<Session> &sessions, const std::string &message) {
  for (Session &session : sessions) {
    if (session.clientGone)
      session.conn.close();
    if (session.conn.isClosed())
      continue;
    session.conn.send(message); // OK
  }
  for (Session &session : sessions) {
    if (session.conn.isClosed())
      continue;
    session.conn.flush(); // OK
  }
}

void broadcastCareless(std::vector<Session> &sessions, const std::string &message) {
  for (Session &session : sessions) {
    if (session.clientGone)
      session.conn.close();
    session.conn.send(message); // BUG: use-after-close
  }
}
