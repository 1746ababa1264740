// One call closes the element of a member container found by key and
// leaves it in the container; a later call that uses (or closes) every
// element meets it: `suspect(n)` then `broadcast()` is a use of a closed
// element, `suspect(n)` then `closeAll()` a second close. Erasing the
// closed element in between, or using only the element at another key, is
// fine.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

class GossipPeer {
public:
  void send(const std::string &M) {
    if (closed_)
      throw std::runtime_error("peer closed");
  }
  void close() {
    if (closed_)
      throw std::logic_error("peer closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
};

class GossipTable {
public:
  void add(const std::string &N) { peers_[N] = std::make_unique<GossipPeer>(); }
  void suspect(const std::string &N) {
    auto It = peers_.find(N);
    if (It != peers_.end())
      It->second->close();
  }
  void remove(const std::string &N) {
    auto It = peers_.find(N);
    if (It == peers_.end())
      return;
    It->second->close();
    peers_.erase(It);
  }
  void broadcast(const std::string &M) {
    for (auto &Entry : peers_)
      Entry.second->send(M);
  }
  void closeAll() {
    for (auto &Entry : peers_)
      Entry.second->close();
    peers_.clear();
  }

private:
  std::map<std::string, std::unique_ptr<GossipPeer>> peers_;
};

void suspectedThenBroadcast() {
  GossipTable T;
  T.add("a");
  T.add("b");
  T.suspect("a");
  T.broadcast("alive");
  // CHECK: [[@LINE-1]]:5: warning: call to 'broadcast' uses 'T.peers_[...].second' that may have been closed [errlint-use-after-close]
}

void suspectedThenClosed() {
  GossipTable T;
  T.add("a");
  T.suspect("a");
  T.closeAll();
  // CHECK: [[@LINE-1]]:5: warning: 'closeAll' closes 'T.peers_[...].second' that may already have been closed [errlint-double-close]
}

void removedThenBroadcast() {
  GossipTable T;
  T.add("a");
  T.add("b");
  T.remove("a");
  T.broadcast("alive");
  T.closeAll();
}
