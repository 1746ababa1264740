// Chat room fan-out over net::Connection (netconn.h: send() throws
// "connection closed" once close() was called). The room owns one
// shared_ptr<net::Connection> per member; delayed deliveries are queued as
// callbacks that capture a shared_ptr copy or a weak_ptr and run in tick().
// Defects: kick() closes and erases the member, but the sendLater() callback
// still owns the connection and sends on it; because that callback keeps the
// object alive, the typing callback's weak_ptr::lock() succeeds too and sends
// on the closed connection without checking isClosed().
#include "netconn.h"

#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class ChatRoom {
public:
  void join(const std::string &user, const std::string &endpoint) {
    members_[user] = std::make_shared<net::Connection>(endpoint);
  }

  void kick(const std::string &user) {
    auto it = members_.find(user);
    if (it == members_.end())
      return;
    it->second->close();
    members_.erase(it);
  }

  void reconnect(const std::string &user, const std::string &endpoint) {
    std::shared_ptr<net::Connection> &slot = members_[user];
    if (slot)
      slot->close();
    slot = std::make_shared<net::Connection>(endpoint);
    slot->send("welcome back " + user); // OK: slot now owns a new connection
  }

  void broadcast(const std::string &text) {
    for (auto &[user, conn] : members_)
      conn->send(text); // OK: kick() erases the members it closes, reconnect() replaces them
  }

  void notifyTyping(const std::string &user, const std::string &who) {
    std::weak_ptr<net::Connection> weak = members_.at(user);
    pending_.push_back([weak, who] {
      if (auto conn = weak.lock())
        conn->send(who + " is typing"); // BUG: use-after-close
    });
  }

  void sendLater(const std::string &user, std::string text) {
    std::shared_ptr<net::Connection> conn = members_.at(user);
    pending_.push_back([conn, text = std::move(text)] {
      conn->send(text); // BUG: use-after-close
    });
  }

  void notifyPresence(const std::string &user, const std::string &who) {
    std::weak_ptr<net::Connection> weak = members_.at(user);
    pending_.push_back([weak, who] {
      auto conn = weak.lock();
      if (!conn || conn->isClosed())
        return;
      conn->send(who + " is online"); // OK: lock() succeeded and isClosed() was checked
    });
  }

  void tick() {
    std::vector<std::function<void()>> work;
    work.swap(pending_);
    for (auto &fn : work) {
      try {
        fn();
      } catch (const std::exception &e) {
        std::cerr << "delivery failed: " << e.what() << '\n';
      }
    }
  }

private:
  std::map<std::string, std::shared_ptr<net::Connection>> members_;
  std::vector<std::function<void()>> pending_;
};

int main() {
  ChatRoom room;
  room.join("alice", "10.0.0.5:7001");
  room.join("bob", "10.0.0.6:7001");
  room.notifyTyping("bob", "alice");
  room.sendLater("bob", "see you at 3");
  room.notifyPresence("bob", "carol");
  room.kick("bob");
  room.broadcast("bob was removed");
  room.reconnect("alice", "10.0.0.5:7002");
  room.tick();
  return 0;
}
