// Replica synchroniser that guards its sends with state queries on two links
// of its own ReplicaLink class (send() throws once close() has run). Most
// guards are right. Bugs: syncBoth() checks the primary's isClosed() before
// sending on the secondary, which heartbeat() may have closed; flushPending()
// combines the closed test with && instead of ||, so a closed link with
// pending data gets past the early return.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ReplicaLink {
public:
  enum class State { Connecting, Ready, Closed };

  explicit ReplicaLink(std::string Peer) : Peer(std::move(Peer)) {}
  void send(const std::string &Chunk) {
    if (St == State::Closed)
      throw std::logic_error("ReplicaLink::send: link to " + Peer + " is closed");
    St = State::Ready;
    Sent += Chunk.size();
  }
  void close() { St = State::Closed; }
  bool isClosed() const { return St == State::Closed; }
  State state() const { return St; }
  bool missedHeartbeats() const { return Sent % 7 == 3; }

private:
  std::string Peer;
  State St = State::Connecting;
  std::size_t Sent = 0;
};

struct SyncState {
  std::vector<std::string> Pending;
  bool Busy = false;
};

void heartbeat(ReplicaLink &L) {
  if (L.isClosed())
    return;
  if (L.missedHeartbeats())
    L.close();
  else
    L.send("PING"); // OK: the else branch runs only when close() did not
}

void syncBoth(ReplicaLink &Primary, ReplicaLink &Secondary, const std::string &Chunk) {
  if (Primary.isClosed())
    return;
  Primary.send(Chunk);
  heartbeat(Secondary);
  Secondary.send(Chunk); // BUG: use-after-close
}

void flushPending(ReplicaLink &L, SyncState &S) {
  if (L.isClosed() && S.Pending.empty())
    return;
  for (const std::string &Chunk : S.Pending)
    L.send(Chunk); // SAME: flushpending
  S.Pending.clear();
}

void replay(ReplicaLink &L, SyncState &S, const std::vector<std::string> &Log) {
  for (const std::string &Entry : Log) {
    if (L.isClosed() || S.Busy)
      return;
    L.send(Entry); // OK: the || guard returns for a closed link
    heartbeat(L);
  }
}

void catchUp(ReplicaLink &L, const std::vector<std::string> &Log) {
  std::size_t I = 0;
  while (L.state() != ReplicaLink::State::Closed && I < Log.size()) {
    L.send(Log[I++]); // OK: the loop condition re-checks the state after heartbeat()
    heartbeat(L);
  }
}

int main() {
  ReplicaLink Primary("db-1:7000"), Secondary("db-2:7000");
  SyncState S;
  S.Pending = {"wal-0001", "wal-0002"};
  std::vector<std::string> Log = {"wal-0003", "wal-0004", "wal-0005"};
  syncBoth(Primary, Secondary, "wal-0000");
  replay(Primary, S, Log);
  catchUp(Secondary, Log);
  flushPending(Secondary, S); // BUG: use-after-close #flushpending
  return 0;
}
