// Peer table of a gossip-protocol node. Outgoing peer connections live in a
// std::map keyed by node name; listening sockets live in a vector; the
// poll loop keeps separate read and write watch lists of descriptors.
// net::Connection::send() throws "connection closed" after close();
// closing a POSIX descriptor twice can close a descriptor that another part
// of the process has just been given the same number for.
#include "netconn.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

class PeerTable {
public:
  ~PeerTable() { closeAll(); }

  void addPeer(const std::string &Name) {
    Peers[Name] = std::make_unique<net::Connection>(Name + ":7946");
  }

  // A peer that missed three heartbeats is suspected. The author closes the
  // connection to stop traffic but keeps the entry so that the failure
  // detector can still find it; broadcast() does not skip suspects.
  void markSuspect(const std::string &Name) {
    auto It = Peers.find(Name);
    if (It != Peers.end())
      It->second->close();
  }

  void broadcast(const std::string &Gossip) {
    for (auto &Entry : Peers)
      Entry.second->send(Gossip); // SAME: suspect
  }

  void broadcastAlive(const std::string &Gossip) {
    for (auto It = Peers.begin(); It != Peers.end();) {
      if (It->second->isClosed()) {
        It = Peers.erase(It);
        continue;
      }
      It->second->send(Gossip); // OK: closed entries were erased above
      ++It;
    }
  }

  void removePeer(const std::string &Name) {
    auto It = Peers.find(Name);
    if (It == Peers.end())
      return;
    It->second->close();
    Peers.erase(It);
  }

  bool sendTo(const std::string &Name, const std::string &Msg) {
    auto It = Peers.find(Name);
    if (It == Peers.end() || It->second->isClosed())
      return false;
    It->second->send(Msg); // OK: removed or closed peers are rejected above
    return true;
  }

  void closeAll() {
    for (auto &Entry : Peers)
      Entry.second->close(); // OK: net::Connection::close() is idempotent; the map is cleared right after
    Peers.clear();
  }

private:
  std::map<std::string, std::unique_ptr<net::Connection>> Peers;
};

class Listeners {
public:
  ~Listeners() { closeAll(); }

  void open(int Count) {
    for (int I = 0; I < Count; ++I) {
      int Fd = ::socket(AF_INET, SOCK_STREAM, 0);
      if (Fd >= 0)
        Fds.push_back(Fd);
    }
  }

  // Drops listeners above Keep after a config change. Defect: erase() with a
  // single iterator removes one element, not the closed tail.
  void shrink(size_t Keep) {
    if (Keep >= Fds.size())
      return;
    for (size_t I = Keep; I < Fds.size(); ++I)
      ::close(Fds[I]); // OK: first close of the tail descriptors
    Fds.erase(Fds.begin() + Keep);
  }

  void closeAll() {
    for (int Fd : Fds)
      ::close(Fd); // SAME: shrink
    Fds.clear();
  }

private:
  std::vector<int> Fds;
};

// Poll bookkeeping: a connection with queued output is in both lists.
struct PollLists {
  std::vector<int> ReadWatch;
  std::vector<int> WriteWatch;

  void watch(int Fd, bool HasOutput) {
    ReadWatch.push_back(Fd);
    if (HasOutput)
      WriteWatch.push_back(Fd);
  }

  void unwatch(int Fd) {
    ReadWatch.erase(std::remove(ReadWatch.begin(), ReadWatch.end(), Fd), ReadWatch.end());
    WriteWatch.erase(std::remove(WriteWatch.begin(), WriteWatch.end(), Fd), WriteWatch.end());
    ::close(Fd); // OK: removed from both lists before the single close
  }

  // Defect: descriptors with pending output appear in both lists and are
  // closed twice.
  void closeEverything() {
    for (int Fd : ReadWatch)
      ::close(Fd); // OK: first close of each watched descriptor
    for (int Fd : WriteWatch)
      ::close(Fd); // BUG: double-close
    ReadWatch.clear();
    WriteWatch.clear();
  }
};

int main() {
  Listeners L;
  L.open(4);
  L.shrink(1);
  L.closeAll(); // BUG: double-close #shrink

  PollLists Poll;
  int A = ::socket(AF_INET, SOCK_STREAM, 0);
  int B = ::socket(AF_INET, SOCK_STREAM, 0);
  Poll.watch(A, /*HasOutput=*/true);
  Poll.watch(B, /*HasOutput=*/false);
  Poll.closeEverything();

  PeerTable Table;
  Table.addPeer("node-a");
  Table.addPeer("node-b");
  Table.addPeer("node-c");
  Table.broadcast("alive node-self 1"); // OK: no peer closed yet
  Table.removePeer("node-c");
  Table.sendTo("node-c", "ping"); // OK: returns false, node-c was erased
  Table.markSuspect("node-b");
  Table.broadcastAlive("alive node-self 2");
  Table.addPeer("node-b");
  Table.markSuspect("node-b");
  Table.broadcast("alive node-self 3"); // BUG: use-after-close #suspect
  return 0;
}
