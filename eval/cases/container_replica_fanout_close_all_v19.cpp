// Replica fan-out of a configuration-distribution service. Distributor keeps
// one net::Connection per replica in a vector. closeAll() closes every
// connection but keeps them in the vector so that shutdown logging can still
// print their endpoints; net::Connection::send()/flush() throw
// std::runtime_error once closed, endpoint() and isClosed() are plain
// accessors. reload() closes everything, clears the vector and reconnects.
#include "netconn.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

class Distributor {
public:
  explicit Distributor(const std::vector<std::string> &endpoints) { connect(endpoints); }
  void broadcast(const std::string &configBlob);
  void enqueue(const std::string &configBlob) { pending_.push_back(configBlob); }
  void onTimer() { flushPending(); }
  void reload(const std::vector<std::string> &endpoints, int version);
  void shutdown(const std::string &reason);

private:
  void connect(const std::vector<std::string> &endpoints);
  void closeAll();
  void flushPending();
  std::vector<std::unique_ptr<net::Connection>> peers_;
  std::vector<std::string> pending_;
};

void Distributor::connect(const std::vector<std::string> &endpoints) {
  for (const std::string &ep : endpoints)
    peers_.push_back(std::make_unique<net::Connection>(ep));
}

void Distributor::closeAll() {
  for (auto &peer : peers_)
    peer->close();
}

void Distributor::flushPending() {
  for (const std::string &blob : pending_)
    for (auto &peer : peers_)
      peer->send(blob); // SAME: lateblobs
  pending_.clear();
}

void Distributor::broadcast(const std::string &configBlob) {
  for (auto &peer : peers_) {
    if (peer->isClosed())
      continue;
    peer->send(configBlob); // OK: closed peers are skipped
  }
}

void Distributor::reload(const std::vector<std::string> &endpoints, int version) {
  closeAll();
  peers_.clear();
  connect(endpoints);
  if (!peers_.empty())
    peers_.front()->send("HELLO v" + std::to_string(version)); // OK: the vector holds new connections
  flushPending(); // OK: every peer in the vector is freshly connected
}

void Distributor::shutdown(const std::string &reason) {
  closeAll();
  for (const auto &peer : peers_)
    std::fprintf(stderr, "closed %s\n", peer->endpoint().c_str());
  flushPending(); // BUG: use-after-close #lateblobs
  if (!peers_.empty())
    peers_.front()->send("GOODBYE " + reason); // BUG: use-after-close
}

int main() {
  Distributor d({"replica-a:7000", "replica-b:7000"});
  d.broadcast("{\"ttl\":30}");
  d.reload({"replica-a:7000", "replica-c:7000"}, 2);
  d.broadcast("{\"ttl\":60}");
  d.enqueue("{\"ttl\":90}");
  d.onTimer();
  d.shutdown("maintenance");
  return 0;
}
