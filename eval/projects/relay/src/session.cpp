// Session: forwards to its connection; heartbeat() and trySend() skip a
// connection that has been closed.
#include "relay/session.h"

#include <utility>

namespace relay {

Session::Session(std::string id, std::unique_ptr<Connection> conn)
    : id_(std::move(id)), conn_(std::move(conn)) {}

void Session::send(const std::string &message) { conn_->send(message); }

bool Session::trySend(const std::string &message) {
  if (conn_->isClosed())
    return false;
  conn_->send(message); // OK
  return true;
}

void Session::heartbeat() {
  if (conn_->isClosed())
    return;
  conn_->send("PING"); // OK
}

void Session::expire() { conn_->close(); }

bool Session::expired() const { return conn_->isClosed(); }

} // namespace relay
