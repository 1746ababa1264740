// Presence hub of a chat service: connected peers live in a vector of
// unique_ptr<PeerSocket>, peers waiting for a reconnect slot in a deque.
// PeerSocket wraps a socket descriptor: sendLine() throws once the socket is
// closed, close() releases the descriptor and sets it to -1 (idempotent).
//
// Bug: tick() first reaps idle peers (reapIdle() closes them but leaves them
// in Peers; compact() erases them later) and then broadcasts the presence
// line to every element, including the ones it just closed: sendLine() throws.
// Correct: broadcastOpen() skips closed peers; dropIdle() closes and erases in one
// remove_if pass, so the broadcast after it only sees open peers;
// expireLobbyHead() closes and pops the front of the waiting deque before it
// greets the new front.
#include <algorithm>
#include <chrono>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using Clock = std::chrono::steady_clock;

class PeerSocket {
public:
  explicit PeerSocket(int Fd) : Fd(Fd), LastSeen(Clock::now()) {}
  ~PeerSocket() { close(); }
  PeerSocket(const PeerSocket &) = delete;
  PeerSocket &operator=(const PeerSocket &) = delete;

  void sendLine(const std::string &Line) {
    if (Fd < 0)
      throw std::runtime_error("peer socket closed");
    std::string Framed = Line + "\n";
    if (::write(Fd, Framed.data(), Framed.size()) < 0)
      throw std::runtime_error("peer write failed");
  }
  void close() {
    if (Fd < 0)
      return;
    ::close(Fd);
    Fd = -1;
  }
  bool isOpen() const { return Fd >= 0; }
  Clock::time_point lastSeen() const { return LastSeen; }
  void touch() { LastSeen = Clock::now(); }

private:
  int Fd;
  Clock::time_point LastSeen;
};

class ChatHub {
public:
  static constexpr std::chrono::seconds IdleTimeout{90};
  static constexpr std::chrono::seconds LobbyTimeout{300};

  void add(int Fd) { Peers.push_back(std::make_unique<PeerSocket>(Fd)); }
  void queue(int Fd) { Waiting.push_back(std::make_unique<PeerSocket>(Fd)); }

  void tick(Clock::time_point Now) {
    reapIdle(Now);
    broadcast("* " + std::to_string(Peers.size()) + " online"); // BUG: use-after-close #tick
  }

  void tickCompacting(Clock::time_point Now) {
    dropIdle(Now);
    broadcast("* " + std::to_string(Peers.size()) + " online"); // OK: dropIdle() erased what it closed
  }

  void broadcastOpen(const std::string &Line) {
    for (const auto &P : Peers) {
      if (!P->isOpen())
        continue;
      P->sendLine(Line);
    }
  }

  void compact() {
    Peers.erase(std::remove_if(Peers.begin(), Peers.end(),
                               [](const auto &P) { return !P->isOpen(); }),
                Peers.end());
  }

  void admitNext() {
    if (Waiting.empty())
      return;
    Peers.push_back(std::move(Waiting.front()));
    Waiting.pop_front();
    Peers.back()->touch();
    Peers.back()->sendLine("* welcome to the room");
  }

  void expireLobbyHead(Clock::time_point Now) {
    if (Waiting.empty() || Now - Waiting.front()->lastSeen() <= LobbyTimeout)
      return;
    Waiting.front()->sendLine("* lobby timeout, bye");
    Waiting.front()->close();
    Waiting.pop_front();
    if (!Waiting.empty())
      Waiting.front()->sendLine("* you are next"); // OK: the new front, not the closed one
  }

private:
  void broadcast(const std::string &Line) {
    for (const auto &P : Peers)
      P->sendLine(Line); // SAME: tick
  }

  void reapIdle(Clock::time_point Now) {
    for (const auto &P : Peers)
      if (P->isOpen() && Now - P->lastSeen() > IdleTimeout) {
        P->sendLine("* idle timeout, bye");
        P->close();
      }
  }

  void dropIdle(Clock::time_point Now) {
    auto Idle = [&](const std::unique_ptr<PeerSocket> &P) {
      if (!P->isOpen())
        return true;
      if (Now - P->lastSeen() <= IdleTimeout)
        return false;
      P->sendLine("* idle timeout, bye");
      P->close();
      return true;
    };
    Peers.erase(std::remove_if(Peers.begin(), Peers.end(), Idle), Peers.end());
  }

  std::vector<std::unique_ptr<PeerSocket>> Peers;
  std::deque<std::unique_ptr<PeerSocket>> Waiting;
};

int main() {
  ChatHub Hub;
  int Room[2], Lobby[2]; // the far ends stand in for the remote clients
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, Room) != 0 ||
      ::socketpair(AF_UNIX, SOCK_STREAM, 0, Lobby) != 0)
    return 1;
  Hub.add(Room[0]);
  Hub.queue(Lobby[0]);
  Hub.broadcastOpen("* welcome");
  Hub.tickCompacting(Clock::now() + std::chrono::seconds(30));
  Hub.expireLobbyHead(Clock::now() + std::chrono::minutes(6));
  Hub.admitNext();
  Hub.tick(Clock::now() + std::chrono::minutes(5));
  Hub.compact();
  ::close(Room[1]);
  ::close(Lobby[1]);
  return 0;
}
