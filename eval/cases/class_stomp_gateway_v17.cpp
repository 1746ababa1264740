// STOMP-style session gateway. StompSession buffers the outgoing frames of one
// client; Gateway routes SEND / SUBSCRIBE / DISCONNECT frames between clients,
// expires idle clients and shuts everything down.
// StompSession semantics (implemented below): send() throws std::logic_error
// once the session is closed; close() on an already closed session throws
// std::logic_error("session already closed") because releasing the transport
// twice is an error.
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class StompSession {
public:
  explicit StompSession(std::string id) : id_(std::move(id)) {}

  void send(const std::string &command, const std::string &body) {
    if (closed_)
      throw std::logic_error("session " + id_ + " closed, cannot send " + command);
    frames_.push_back(command + "\n\n" + body);
  }

  void close() {
    if (closed_)
      throw std::logic_error("session already closed: " + id_);
    closed_ = true;
    frames_.clear();
  }

  bool closed() const { return closed_; }
  std::size_t queued() const { return frames_.size(); }
  const std::string &id() const { return id_; }

private:
  std::string id_;
  std::vector<std::string> frames_;
  bool closed_ = false;
};

namespace {
const std::size_t kMaxBody = 64 * 1024;
const long kIdleLimitMs = 30000;

// STOMP requires the server to send an ERROR frame and then drop the client.
void rejectFrame(StompSession &session, const std::string &reason) {
  session.send("ERROR", "message:" + reason);
  session.close();
}
} // namespace

class Gateway {
public:
  StompSession &connect(const std::string &id, long now) {
    // A reconnect with the same id replaces the previous (possibly closed) session.
    std::unique_ptr<StompSession> &slot = sessions_[id];
    slot = std::make_unique<StompSession>(id);
    lastSeen_[id] = now;
    slot->send("CONNECTED", "version:1.2"); // OK: fresh session just created
    return *slot;
  }

  void onFrame(const std::string &id, const std::string &command,
               const std::string &body, long now) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->closed())
      return;
    StompSession &session = *it->second;
    lastSeen_[id] = now;

    if (command == "SEND") {
      if (body.size() > kMaxBody)
        rejectFrame(session, "frame too large");
      session.send("RECEIPT", "receipt-id:" + std::to_string(++receipts_)); // BUG: use-after-close
      route(body);
    } else if (command == "SUBSCRIBE") {
      if (body.empty()) {
        rejectFrame(session, "missing destination");
        return;
      }
      subscriptions_[body].push_back(id);
      session.send("RECEIPT", "subscribed:" + body); // OK: the reject path returned
    } else if (command == "DISCONNECT") {
      session.send("RECEIPT", "receipt-id:bye");
      session.close();
    } else {
      rejectFrame(session, "unknown command " + command);
    }
  }

  // SEND bodies look like "destination|payload".
  void route(const std::string &frame) {
    const std::size_t bar = frame.find('|');
    if (bar == std::string::npos)
      return;
    const std::string dest = frame.substr(0, bar);
    for (const std::string &subscriber : subscriptions_[dest]) {
      auto it = sessions_.find(subscriber);
      if (it == sessions_.end())
        continue;
      it->second->send("MESSAGE", frame.substr(bar + 1)); // BUG: use-after-close
    }
  }

  void expireIdle(long now) {
    for (auto &entry : sessions_) {
      if (now - lastSeen_[entry.first] > kIdleLimitMs)
        entry.second->close(); // BUG: double-close
    }
  }

  void shutdown() {
    for (auto &entry : sessions_) {
      StompSession &session = *entry.second;
      if (session.closed())
        continue;
      session.send("ERROR", "message:server shutting down"); // OK: closed sessions skipped
      session.close(); // OK: each open session is closed exactly once
    }
    sessions_.clear();
    subscriptions_.clear();
    lastSeen_.clear();
  }

  std::size_t backlog() const {
    std::size_t total = 0;
    for (const auto &entry : sessions_)
      total += entry.second->queued(); // OK: queued() is a plain query, valid when closed
    return total;
  }

private:
  std::map<std::string, std::unique_ptr<StompSession>> sessions_;
  std::map<std::string, std::vector<std::string>> subscriptions_;
  std::map<std::string, long> lastSeen_;
  unsigned long receipts_ = 0;
};

int main() {
  Gateway gw;
  gw.connect("alice", 0);
  gw.connect("bob", 0);
  gw.onFrame("bob", "SUBSCRIBE", "/queue/orders", 10);
  gw.onFrame("alice", "SEND", "/queue/orders|order-1", 20);
  gw.onFrame("bob", "DISCONNECT", "", 30);
  gw.connect("bob", 40); // reconnect replaces the closed session
  gw.onFrame("alice", "SEND", "/queue/orders|order-2", 50);
  gw.shutdown();
  return 0;
}
