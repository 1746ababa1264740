// Negative. The session directory is the only owner of each ClientSession
// (created with make_shared in open(), kept only in its map); heartbeat tasks
// hold a weak_ptr. logout() ends the session and erases the map entry, which
// drops the last shared_ptr and destroys the session, so the heartbeat's
// weak_ptr::lock() returns null afterwards and ping() is never reached on an
// ended session. kick() ends a session without erasing it, and its heartbeat
// therefore checks ended() as well.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ClientSession {
public:
  explicit ClientSession(std::string user) : user_(std::move(user)) {}

  void ping() {
    if (ended_)
      throw std::runtime_error("session ended: " + user_);
    ++pings_;
  }
  void push(const std::string &event) {
    if (ended_)
      throw std::runtime_error("session ended: " + user_);
    events_.push_back(event);
  }
  void end() { ended_ = true; }
  bool ended() const { return ended_; }

private:
  std::string user_;
  std::vector<std::string> events_;
  int pings_ = 0;
  bool ended_ = false;
};

class SessionDirectory {
public:
  std::weak_ptr<ClientSession> open(const std::string &user) {
    auto session = std::make_shared<ClientSession>(user);
    session->push("welcome"); // OK: fresh session
    sessions_[user] = session;
    return session;
  }

  void logout(const std::string &user) {
    auto it = sessions_.find(user);
    if (it == sessions_.end())
      return;
    it->second->end();
    sessions_.erase(it);
  }

  void kick(const std::string &user) {
    auto it = sessions_.find(user);
    if (it != sessions_.end())
      it->second->end();
  }

private:
  std::map<std::string, std::shared_ptr<ClientSession>> sessions_;
};

class HeartbeatTask {
public:
  explicit HeartbeatTask(std::weak_ptr<ClientSession> session)
      : session_(std::move(session)) {}

  bool beat() {
    std::shared_ptr<ClientSession> session = session_.lock();
    if (!session)
      return false;
    session->ping(); // OK: logout() destroys the session, so lock() fails after end()
    return true;
  }

  bool beatUnlessEnded() {
    std::shared_ptr<ClientSession> session = session_.lock();
    if (!session || session->ended())
      return false;
    session->ping(); // OK: a kicked session is still alive but ended() is checked
    return true;
  }

private:
  std::weak_ptr<ClientSession> session_;
};

void simulateLogin(SessionDirectory &directory) {
  HeartbeatTask alice(directory.open("alice"));
  HeartbeatTask bob(directory.open("bob"));
  alice.beat();
  directory.logout("alice");
  alice.beat(); // OK: the session is gone, lock() returns null
  directory.kick("bob");
  bob.beatUnlessEnded(); // OK: ended() checked after lock()
}
