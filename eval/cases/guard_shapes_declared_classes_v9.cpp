// Negative: each use that follows a possible close sits behind a guard in a
// shape real code uses, on classes whose bodies live elsewhere:
// `isClosed() || busy` with an early return, `while (!conn.closed())`,
// `state() == State::Closed`, an explicit operator bool, and an isOpen()
// result cached in a local. No send can reach a closed object.
#include "messaging.h"
#include <string>

namespace net {
enum class State { Connecting, Open, Closed };

class Connection {
public:
  void write(const std::string &bytes);
  std::string readLine();
  void close();
  bool closed() const;
  State state() const;
  explicit operator bool() const; // true while the connection is open
};
} // namespace net

void pumpControl(cassandra::StreamingMultiplexedChannel &channel,
                 const cassandra::StreamMessage &message, bool peerFailed,
                 bool busy) {
  if (peerFailed)
    channel.close();
  if (channel.isClosed() || busy)
    return;
  channel.sendControlMessage(message); // OK: returned above when closed
}

void echoUntilQuit(net::Connection &conn) {
  while (!conn.closed()) {
    std::string line = conn.readLine(); // OK: loop condition checks closed()
    if (line == "QUIT") {
      conn.close();
      continue;
    }
    conn.write(line + "\n");
  }
}

void sendKeepalive(net::Connection &conn, bool idleTooLong) {
  if (idleTooLong)
    conn.close();
  if (conn.state() == net::State::Closed)
    return;
  conn.write("PING\n"); // OK: state checked
}

void sendGoodbye(net::Connection &conn, bool aborting) {
  if (aborting)
    conn.close();
  if (!conn)
    return;
  conn.write("BYE\n"); // OK: operator bool is false once closed
}

void publishStatus(EventChannel &events, bool maintenance) {
  if (maintenance)
    events.close();
  const bool open = events.isOpen();
  if (!open)
    return;
  events.send("status: up"); // OK: cached isOpen() checked
}
