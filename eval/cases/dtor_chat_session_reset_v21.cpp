// Chat server session table. Each ChatSession owns its net::Connection through
// a unique_ptr; the destructor closes the connection only if it is still open.
// Sessions are kicked (notice sent, connection closed) and then erased or
// reset, broadcasts skip closed connections, and a reconnecting user gets a
// fresh connection object.
// Negative case: every use happens on an open connection (checked or freshly
// created), and each destructor looks at isClosed() before closing, so no
// connection is used after close. net::Connection::close() is idempotent in
// any case, so a second close would not be an error either.
#include "netconn.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

class ChatSession {
public:
  ChatSession(std::string user, std::unique_ptr<net::Connection> conn)
      : user_(std::move(user)), conn_(std::move(conn)) {}
  ~ChatSession() {
    if (conn_ && !conn_->isClosed())
      conn_->close();
  }
  ChatSession(const ChatSession &) = delete;
  ChatSession &operator=(const ChatSession &) = delete;

  const std::string &user() const { return user_; }
  bool online() const { return conn_ && !conn_->isClosed(); }

  void deliver(const std::string &line) {
    if (!online())
      return;
    conn_->send(line); // OK: online() checked the connection is open
    conn_->flush();    // OK
  }

  void kick(const std::string &reason) {
    conn_->send("* you were removed: " + reason);
    conn_->flush();
    conn_->close();
  }

  void replaceConnection(std::unique_ptr<net::Connection> fresh) {
    if (conn_ && !conn_->isClosed())
      conn_->close();
    conn_ = std::move(fresh);
    conn_->send("* welcome back " + user_); // OK: conn_ is the fresh connection
  }

private:
  std::string user_;
  std::unique_ptr<net::Connection> conn_;
};

class ChatRoom {
public:
  void join(const std::string &user, const std::string &endpoint) {
    auto it = sessions_.find(user);
    if (it != sessions_.end()) {
      it->second->replaceConnection(std::make_unique<net::Connection>(endpoint));
      return;
    }
    sessions_.emplace(user, std::make_unique<ChatSession>(user, std::make_unique<net::Connection>(endpoint)));
  }

  void broadcast(const std::string &from, const std::string &text) {
    for (auto &entry : sessions_)
      entry.second->deliver(from + ": " + text); // OK: deliver() skips closed sessions
  }

  void kick(const std::string &user, const std::string &reason) {
    auto it = sessions_.find(user);
    if (it == sessions_.end())
      return;
    it->second->kick(reason);
    sessions_.erase(it); // OK: the destructor sees isClosed() and does not close again
  }

  void mute(const std::string &user) {
    auto it = sessions_.find(user);
    if (it != sessions_.end())
      muted_.push_back(user);
  }

  void shutdown() {
    for (auto &entry : sessions_)
      entry.second->deliver("* server restarting");
    sessions_.clear();
  }

private:
  std::map<std::string, std::unique_ptr<ChatSession>> sessions_;
  std::vector<std::string> muted_;
};

int main() {
  ChatRoom room;
  room.join("ana", "10.1.0.4:5222");
  room.join("ben", "10.1.0.9:5222");
  room.broadcast("ana", "gg");
  room.kick("ben", "spam");
  room.broadcast("ana", "bye ben"); // OK: ben's session was erased after the kick
  room.join("ana", "10.1.0.4:5223");

  auto lobbyBot = std::make_unique<ChatSession>("bot", std::make_unique<net::Connection>("127.0.0.1:5222"));
  lobbyBot->kick("maintenance");
  lobbyBot->deliver("still there?"); // OK: deliver() returns early on a closed connection
  lobbyBot.reset();                  // OK: the destructor checks isClosed() first

  room.shutdown();
  return 0;
}
