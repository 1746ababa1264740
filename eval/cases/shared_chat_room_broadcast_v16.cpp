// Chat server: every client connection is a ChatLink shared (shared_ptr) by
// the room it joined, the moderator tools, idle timers, and notifiers that
// only hold weak_ptr copies.
// ChatLink semantics: send() throws std::runtime_error once the link is
// closed; close() on an already closed link throws std::logic_error (it would
// give the client's slot back to the server twice).
// weak_ptr::lock() only tells whether the ChatLink object is still alive, not
// whether it is still open: the room and main() keep closed links alive.
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ChatLink {
public:
  explicit ChatLink(std::string user) : user_(std::move(user)) {}
  void send(const std::string &text) {
    if (closed_)
      throw std::runtime_error("link closed: " + user_);
    outbox_.push_back(text);
  }
  void close() {
    if (closed_)
      throw std::logic_error("link closed twice: " + user_);
    closed_ = true;
  }
  bool isClosed() const { return closed_; }
  const std::string &user() const { return user_; }

private:
  std::string user_;
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

using LinkPtr = std::shared_ptr<ChatLink>;

class Room {
public:
  void join(LinkPtr link) { members_.push_back(std::move(link)); }
  void leave(const LinkPtr &link) {
    members_.erase(std::remove(members_.begin(), members_.end(), link), members_.end());
  }
  void broadcast(const std::string &text) {
    for (const LinkPtr &m : members_)
      m->send(text); // SAME: kicked
  }

private:
  std::vector<LinkPtr> members_;
};

class Moderator {
public:
  void watch(LinkPtr link) { watched_.push_back(std::move(link)); }
  void kick(const std::string &user) {
    for (const LinkPtr &l : watched_)
      if (l->user() == user && !l->isClosed())
        l->close();
  }

private:
  std::vector<LinkPtr> watched_;
};

class TypingNotifier {
public:
  void subscribe(std::weak_ptr<ChatLink> w) { subs_.push_back(std::move(w)); }
  void notify(const std::string &who) {
    for (const auto &w : subs_) {
      LinkPtr l = w.lock();
      if (l && !l->isClosed())
        l->send(who + " is typing"); // OK: closed links are skipped
    }
  }

private:
  std::vector<std::weak_ptr<ChatLink>> subs_;
};

class ReadReceipts {
public:
  void subscribe(std::weak_ptr<ChatLink> w) { subs_.push_back(std::move(w)); }
  void markRead(const std::string &who) {
    for (const auto &w : subs_)
      if (LinkPtr l = w.lock())
        l->send(who + " read the message"); // SAME: receipt
  }

private:
  std::vector<std::weak_ptr<ChatLink>> subs_;
};

void logout(Room &room, const LinkPtr &link) {
  room.leave(link);
  link->close(); // SAME: idle
}

int main() {
  Room room;
  Moderator mod;
  TypingNotifier typing;
  ReadReceipts receipts;
  std::vector<std::function<void()>> idleTimers;

  LinkPtr alice = std::make_shared<ChatLink>("alice");
  LinkPtr bob = std::make_shared<ChatLink>("bob");
  LinkPtr carol = std::make_shared<ChatLink>("carol");
  LinkPtr mallory = std::make_shared<ChatLink>("mallory");
  for (const LinkPtr &l : {alice, bob, carol, mallory}) {
    room.join(l);
    mod.watch(l);
    typing.subscribe(l);
    receipts.subscribe(l);
  }
  idleTimers.push_back([&room, bob] {
    room.leave(bob);
    bob->close();
  });

  room.broadcast("welcome to #general");
  logout(room, carol); // OK: carol's link was still open
  room.broadcast("carol left"); // OK: carol was removed before her link was closed
  typing.notify("alice"); // OK: the notifier skips carol's closed link

  for (auto &fire : idleTimers)
    fire(); // bob has been idle for too long
  mod.kick("mallory");

  try {
    room.broadcast("mallory was kicked"); // BUG: use-after-close #kicked
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  try {
    receipts.markRead("alice"); // BUG: use-after-close #receipt
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  try {
    logout(room, bob); // BUG: double-close #idle
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  return 0;
}
