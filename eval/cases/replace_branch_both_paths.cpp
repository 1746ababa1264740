// A dialer closes a failed connection and replaces it on both branches (a
// fallback endpoint or the same one again); either way the send reaches a
// fresh object (correct). The early-out branch that does not replace it must
// return, and does (negative case).
#include "netconn.h"

#include <string>

class Dialer {
public:
  void redial(bool useFallback, bool giveUp) {
    conn_.close();
    if (giveUp)
      return;
    if (useFallback)
      conn_ = net::Connection("tcp://fallback:9000");
    else
      conn_ = net::Connection(conn_.endpoint()); // OK
    conn_.send("HELLO"); // OK
  }

private:
  net::Connection conn_{"tcp://primary:9000"};
};
