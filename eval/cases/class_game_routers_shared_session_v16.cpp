// Game server front end. Every connected player has one PeerSession, shared
// (std::shared_ptr) by two routers: ChatRouter relays lobby chat, and
// GameplayRouter broadcasts world-state snapshots. GameplayRouter also keeps a
// copy of each session's descriptor as a plain int for its socket tuning.
// PeerSession semantics: send() throws std::runtime_error once closed; close()
// on a closed session throws std::logic_error; the destructor closes the
// descriptor unless close() already did.
#include <cstdio>
#include <map>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class PeerSession {
public:
  PeerSession(std::string player, int fd) : player_(std::move(player)), fd_(fd) {}
  ~PeerSession() {
    if (!closed_)
      ::close(fd_); // SAME: rawcopy
  }
  const std::string &player() const { return player_; }
  int fd() const { return fd_; }
  bool isOpen() const { return !closed_; }
  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("session of " + player_ + " closed");
    ::send(fd_, msg.data(), msg.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  }
  void close() {
    if (closed_)
      throw std::logic_error("session of " + player_ + " closed twice");
    ::close(fd_);
    closed_ = true;
  }

private:
  std::string player_;
  int fd_;
  bool closed_ = false;
};

using SessionPtr = std::shared_ptr<PeerSession>;

class ChatRouter {
public:
  void join(const SessionPtr &s) { peers_[s->player()] = s; }
  void leave(const std::string &player) { peers_.erase(player); }
  void say(const std::string &from, const std::string &text) {
    for (auto &entry : peers_)
      if (entry.second->isOpen())
        entry.second->send("<" + from + "> " + text); // OK: closed sessions are skipped
  }
  // Moderation: a banned player is disconnected at once.
  void ban(const std::string &player) {
    auto it = peers_.find(player);
    if (it == peers_.end())
      return;
    it->second->close();
    peers_.erase(it);
  }

private:
  std::map<std::string, SessionPtr> peers_;
};

class GameplayRouter {
public:
  void join(const SessionPtr &s) {
    peers_[s->player()] = s;
    int fd = s->fd();
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); // OK: the session was just accepted
    fds_[s->player()] = fd;
  }
  void broadcast(const std::string &snapshot) {
    for (auto &entry : peers_)
      entry.second->send(snapshot); // SAME: banned
  }
  // A player that fell too far behind is dropped from the match.
  void dropLagging(const std::string &player) {
    ::close(fds_[player]);
    fds_.erase(player);
    peers_.erase(player);
  }
  // Kick through the session itself, so every owner sees it closed.
  void kick(const std::string &player) {
    auto it = peers_.find(player);
    if (it == peers_.end())
      return;
    if (it->second->isOpen())
      it->second->close(); // OK: guarded, and the destructor skips a closed session
    fds_.erase(player);
    peers_.erase(it);
  }

private:
  std::map<std::string, SessionPtr> peers_;
  std::map<std::string, int> fds_;
};

static SessionPtr acceptPlayer(const std::string &name) {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
    return nullptr;
  ::close(sv[1]); // the test harness plays no client side
  return std::make_shared<PeerSession>(name, sv[0]);
}

int main() {
  ChatRouter chat;
  GameplayRouter game;
  for (const char *name : {"alice", "bob", "carol", "dave"}) {
    SessionPtr s = acceptPlayer(name);
    if (!s)
      return 1;
    chat.join(s);
    game.join(s);
  }
  game.broadcast("tick 1 pos=...");  // OK: nobody has been disconnected yet
  game.kick("carol");
  chat.say("alice", "gg carol"); // OK: chat skips the session the kick closed
  chat.leave("carol"); // OK: the last owner releases a closed session, the destructor skips it

  game.dropLagging("dave");
  chat.leave("dave"); // BUG: double-close #rawcopy

  chat.ban("bob");
  chat.say("alice", "bye bob"); // OK: bob was closed and removed from chat
  try {
    game.broadcast("tick 2 pos=..."); // BUG: use-after-close #banned
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gameplay: %s\n", e.what());
  }
  return 0;
}
