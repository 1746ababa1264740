// A client connection over a Socket, with the peer's name. send() and
// expect() throw "connection closed" after close(); close() is idempotent.
#pragma once
#include "relay/socket.h"

#include <string>

namespace relay {

class Connection {
public:
  Connection(std::string host, int port);
  Connection(std::string peer, Socket socket);

  void send(const std::string &line);
  bool expect(const std::string &token);
  void reconnect();
  void close();
  bool isClosed() const { return closed_; }
  const std::string &peer() const { return peer_; }

private:
  std::string peer_;
  int port_ = 0;
  Socket socket_;
  bool closed_ = false;
};

/// Reads the client's HELLO; on a bad greeting closes the connection and
/// returns false.
bool performHandshake(Connection &conn);

} // namespace relay
