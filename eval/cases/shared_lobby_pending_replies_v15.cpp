// Game lobby server. Each player's net::Connection is held by a shared_ptr in
// players_; replies queued by the game logic keep their own shared_ptr copy
// until flushReplies(), and the broadcaster tracks every connection it has
// seen through weak_ptr. kick() tells the player why, closes the connection
// and removes the player; reconnect() replaces a player's connection with a
// new one. net::Connection::send() throws std::runtime_error once closed.
#include "netconn.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct PendingReply {
  std::shared_ptr<net::Connection> conn;
  std::string text;
};

class Lobby {
public:
  void join(const std::string &name, std::shared_ptr<net::Connection> conn);
  void queueReply(const std::string &name, const std::string &text);
  void kick(const std::string &name, const std::string &reason);
  void reconnect(const std::string &name, const std::string &endpoint);
  void broadcast(const std::string &text);
  void flushReplies();

private:
  std::map<std::string, std::shared_ptr<net::Connection>> players_;
  std::vector<std::weak_ptr<net::Connection>> watchers_;
  std::vector<PendingReply> pending_;
};

void Lobby::join(const std::string &name,
                 std::shared_ptr<net::Connection> conn) {
  watchers_.push_back(conn);
  players_[name] = std::move(conn);
}

void Lobby::queueReply(const std::string &name, const std::string &text) {
  auto it = players_.find(name);
  if (it != players_.end())
    pending_.push_back({it->second, text});
}

void Lobby::kick(const std::string &name, const std::string &reason) {
  auto it = players_.find(name);
  if (it == players_.end())
    return;
  it->second->send("KICK " + reason);
  it->second->close();
  players_.erase(it);
}

void Lobby::reconnect(const std::string &name, const std::string &endpoint) {
  std::shared_ptr<net::Connection> &slot = players_[name];
  if (slot && !slot->isClosed())
    slot->close();
  slot = std::make_shared<net::Connection>(endpoint);
  watchers_.push_back(slot);
  slot->send("WELCOME BACK " + name); // OK: slot holds the new connection
}

void Lobby::broadcast(const std::string &text) {
  for (const std::weak_ptr<net::Connection> &w : watchers_) {
    std::shared_ptr<net::Connection> c = w.lock();
    if (c && !c->isClosed())
      c->send(text); // OK: closed connections are skipped
  }
}

void Lobby::flushReplies() {
  for (PendingReply &reply : pending_)
    reply.conn->send(reply.text); // SAME: replies
  pending_.clear();
}

void playRound() {
  Lobby lobby;
  lobby.join("ana", std::make_shared<net::Connection>("10.0.4.17:7000"));
  lobby.join("bo", std::make_shared<net::Connection>("10.0.4.23:7000"));
  lobby.queueReply("ana", "MOVE ACCEPTED");
  lobby.queueReply("bo", "MOVE ACCEPTED");
  lobby.kick("bo", "idle timeout");
  lobby.reconnect("bo", "10.0.4.31:7000");
  lobby.broadcast("ROUND 2");
  lobby.flushReplies(); // BUG: use-after-close #replies
}

void playQuickRound() {
  Lobby lobby;
  lobby.join("cy", std::make_shared<net::Connection>("10.0.4.40:7000"));
  lobby.queueReply("cy", "MOVE ACCEPTED");
  lobby.flushReplies();
  lobby.kick("cy", "round over");
  lobby.flushReplies();
}
