// Peer table and frame bridge of a gossip service. Each peer owns a
// net::Connection (netconn.h: send()/flush() throw "connection closed" once
// close() was called; close() is idempotent). A peer that collects too many
// strikes is dropped by closing its connection; the entry stays in the table
// until compact() runs. The Bridge relays frames from an upstream to a
// downstream connection; an "eos" frame ends the downstream stream.
#include "netconn.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gossip {

struct Peer {
  std::string Id;
  std::unique_ptr<net::Connection> Conn;
  unsigned Strikes = 0;
};

class PeerTable {
public:
  explicit PeerTable(std::string SelfId) : SelfId(std::move(SelfId)) {}
  void add(std::string Id, std::string Endpoint);
  void recordFailure(const std::string &Id);
  void broadcast(const std::string &Msg);
  void pingAll();
  void announceRing(const std::string &Ring);
  void sendGoodbyes();
  void compact();

private:
  bool unusable(const Peer &P) const;
  std::string SelfId;
  std::vector<Peer> Peers;
  static constexpr unsigned MaxStrikes = 3;
};

class Bridge {
public:
  Bridge(net::Connection &Up, net::Connection &Down) : Upstream(Up), Downstream(Down) {}
  void relay(const std::vector<std::string> &Batch);
  void heartbeat();

private:
  net::Connection &Upstream;
  net::Connection &Downstream;
};

void PeerTable::add(std::string Id, std::string Endpoint) {
  Peers.push_back({std::move(Id), std::make_unique<net::Connection>(std::move(Endpoint)), 0});
}

bool PeerTable::unusable(const Peer &P) const {
  return P.Conn->isClosed() || P.Strikes >= MaxStrikes;
}

void PeerTable::recordFailure(const std::string &Id) {
  for (Peer &P : Peers)
    if (P.Id == Id && ++P.Strikes >= MaxStrikes)
      P.Conn->close();
}

void PeerTable::broadcast(const std::string &Msg) {
  for (Peer &P : Peers) {
    if (P.Strikes >= MaxStrikes)
      P.Conn->close();
    if (unusable(P))
      continue;
    P.Conn->send(Msg); // OK: unusable() checks isClosed()
  }
}

void PeerTable::pingAll() {
  for (Peer &P : Peers) {
    const bool Closed = P.Conn->isClosed();
    if (Closed)
      continue;
    P.Conn->send("ping " + SelfId); // OK: stored isClosed() result
  }
}

// Sends the new ring layout. A peer that has not acknowledged the previous
// layout (Strikes > 0) collects another strike first.
void PeerTable::announceRing(const std::string &Ring) {
  for (Peer &P : Peers) {
    const bool Alive = !P.Conn->isClosed();
    if (Alive && P.Strikes > 0)
      recordFailure(P.Id);
    if (Alive)
      P.Conn->send("ring " + Ring); // BUG: use-after-close
  }
}

// Tells every peer that is still reachable that this node leaves the
// cluster, then closes the connection.
void PeerTable::sendGoodbyes() {
  for (Peer &P : Peers) {
    if (!unusable(P))
      continue;
    P.Conn->send("leave " + SelfId); // BUG: use-after-close
    P.Conn->close();
  }
}

void PeerTable::compact() {
  Peers.erase(std::remove_if(Peers.begin(), Peers.end(),
                             [](const Peer &P) { return P.Conn->isClosed(); }),
              Peers.end());
}

void Bridge::relay(const std::vector<std::string> &Batch) {
  for (const std::string &Frame : Batch) {
    if (Frame == "eos") {
      Downstream.close();
      continue;
    }
    if (Upstream.isClosed())
      break;
    Downstream.send(Frame); // BUG: use-after-close
  }
}

void Bridge::heartbeat() {
  if (Upstream.isClosed() || Downstream.isClosed())
    return;
  Upstream.send("hb");
  Downstream.send("hb");
}

} // namespace gossip
