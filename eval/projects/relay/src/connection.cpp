// Connection: a named peer over a Socket. reconnect() closes the socket and
// moves a freshly connected one into the same member before greeting the peer.
#include "relay/connection.h"

#include <stdexcept>
#include <utility>

namespace relay {

Connection::Connection(std::string host, int port)
    : peer_(std::move(host)), port_(port), socket_(Socket::connectTo(peer_, port_)) {}

Connection::Connection(std::string peer, Socket socket)
    : peer_(std::move(peer)), socket_(std::move(socket)) {}

void Connection::send(const std::string &line) {
  if (closed_)
    throw std::runtime_error("connection closed: " + peer_);
  socket_.send(line + "\r\n");
}

bool Connection::expect(const std::string &token) {
  if (closed_)
    throw std::runtime_error("connection closed: " + peer_);
  return socket_.receive().compare(0, token.size(), token) == 0;
}

void Connection::reconnect() {
  socket_.close();
  socket_ = Socket::connectTo(peer_, port_);
  socket_.send("HELLO relay\r\n"); // OK
  closed_ = false;
}

void Connection::close() {
  if (closed_)
    return;
  socket_.close();
  closed_ = true;
}

bool performHandshake(Connection &conn) {
  if (!conn.expect("HELLO")) {
    conn.close();
    return false;
  }
  conn.send("WELCOME"); // OK
  return true;
}

} // namespace relay
