// Device uplink manager of an IoT gateway: the uplink lives in a unique_ptr and
// is replaced by closing it and assigning a fresh one (reconnect), or by
// swapping a new one in (refresh). Operator sessions are plain values that are
// reassigned from a temporary after close. Defect: when the broker stays
// unreachable for the whole retry budget, reconnect() installs no new uplink
// and still reports "online" through the closed one; relogin() closes the
// mapped session and "replaces" it with map::emplace, which keeps the
// existing (closed) entry.
#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

static std::atomic<bool> g_networkUp{true}; // maintained by the netlink monitor

// Uplink: publish() throws std::runtime_error once closed; close() twice
// throws std::logic_error; the destructor closes only if still open.
class Uplink {
public:
  explicit Uplink(std::string broker) : broker_(std::move(broker)) {}
  ~Uplink() {
    if (!closed_)
      close();
  }
  Uplink(const Uplink &) = delete;
  Uplink &operator=(const Uplink &) = delete;

  void publish(const std::string &topic, const std::string &payload) {
    if (closed_)
      throw std::runtime_error("uplink to " + broker_ + " is closed");
    sent_ += topic.size() + payload.size();
  }
  void close() {
    if (closed_)
      throw std::logic_error("uplink closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  std::string broker_;
  bool closed_ = false;
  std::size_t sent_ = 0;
};

// Session: an operator's console session, a plain value type.
// send() throws std::runtime_error once closed; close() twice is a no-op.
struct Session {
  explicit Session(std::string token) : token(std::move(token)) {}
  void send(const std::string &line) {
    if (closed)
      throw std::runtime_error("session closed");
    lastLine = line;
  }
  void close() { closed = true; }
  std::string token;
  std::string lastLine;
  bool closed = false;
};

class UplinkManager {
public:
  explicit UplinkManager(std::string broker)
      : broker_(std::move(broker)), uplink_(std::make_unique<Uplink>(broker_)) {}
  void reconnect();
  void refresh();
  void shutdown();

private:
  static constexpr int kMaxAttempts = 5;
  void reportStatus(const std::string &state);

  std::string broker_;
  std::unique_ptr<Uplink> uplink_;
};

void UplinkManager::reportStatus(const std::string &state) {
  uplink_->publish("gw/status", state); // SAME: status
}

void UplinkManager::reconnect() {
  uplink_->close();
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (g_networkUp.load()) {
      uplink_ = std::make_unique<Uplink>(broker_);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200 << attempt));
  }
  reportStatus("online"); // BUG: use-after-close #status
}

void UplinkManager::refresh() {
  auto fresh = std::make_unique<Uplink>(broker_);
  uplink_.swap(fresh);
  if (!fresh->closed())
    fresh->close(); // OK: closes the previous uplink, guarded
  uplink_->publish("gw/status", "refreshed"); // OK: the new uplink
}

void UplinkManager::shutdown() {
  reportStatus("offline");
  uplink_->close();
  uplink_.reset(); // OK: the destructor skips a closed uplink
}

void rotateSession(Session &session, const std::string &newToken) {
  session.send("token rotated");
  session.close();
  session = Session(newToken);
  session.send("welcome back"); // OK: assigned a fresh session
}

// Sessions by operator; a re-login replaces the operator's session.
void relogin(std::map<std::string, Session> &sessions, const std::string &user,
             const std::string &newToken) {
  Session &current = sessions.at(user);
  current.send("session replaced");
  current.close();
  sessions.emplace(user, Session(newToken));
  sessions.at(user).send("welcome back"); // BUG: use-after-close
}

int main() {
  UplinkManager mgr("mqtts://broker.fleet.example:8883");
  mgr.refresh();
  Session console("tok-1");
  rotateSession(console, "tok-2");
  std::map<std::string, Session> sessions;
  sessions.emplace("alice", Session("tok-a1"));
  relogin(sessions, "alice", "tok-a2");
  mgr.reconnect();
  mgr.shutdown();
  return 0;
}
