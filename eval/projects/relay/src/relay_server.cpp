// RelayServer: greets each client (performHandshake() closes the connection
// and returns false on a bad greeting), keeps its session and routes its
// messages. stop() expires the sessions and stops the publisher, and then
// says goodbye on both (bugs); a second stop() returns at once.
#include "relay/relay_server.h"

#include <utility>

namespace relay {

RelayServer::RelayServer(const RelayConfig &config)
    : config_(config), log_(config.logPath), publisher_(config.brokers), router_(publisher_),
      scheduler_(config.workers) {}

RelayServer::~RelayServer() { stop(); }

void RelayServer::handleClient(std::unique_ptr<Connection> conn) {
  if (!performHandshake(*conn)) {
    log_.write("handshake failed");
    return;
  }
  conn->send("READY"); // OK
  const std::string peer = conn->peer();
  Session &session = sessions_.add(std::make_unique<Session>(peer, std::move(conn)));
  scheduler_.submit([this, &session] {
    session.heartbeat();
    router_.route("relay.sessions", session.id());
  });
}

void RelayServer::stop() {
  if (!running_)
    return;
  running_ = false;
  scheduler_.shutdown();
  sessions_.closeAll();
  sessions_.broadcast("BYE"); // BUG: use-after-close #bye
  publisher_.stop();
  publisher_.publish("relay.events", "server stopped"); // BUG: use-after-close #stopnote
  log_.write("stopped");
  log_.close();
}

} // namespace relay
