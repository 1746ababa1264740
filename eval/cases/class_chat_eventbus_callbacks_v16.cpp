// Chat server: rooms fan messages out through an EventBus. Each ClientSession
// subscribes one callback per joined room that forwards the message to its
// net::Connection; a ModerationLog subscribes to the "mod" topic and appends
// moderation events to a FILE*. The bus calls the callbacks synchronously from
// publish(), so a callback whose target was closed but not unsubscribed runs
// against a closed connection or file.
// net::Connection (netconn.h): send() throws once closed; close() is idempotent.
#include "netconn.h"

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

class EventBus {
public:
  using Handler = std::function<void(const std::string &)>;
  int subscribe(const std::string &topic, Handler h) {
    handlers_[nextId_] = {topic, std::move(h)};
    return nextId_++;
  }
  void unsubscribe(int id) { handlers_.erase(id); }
  void publish(const std::string &topic, const std::string &msg) {
    for (auto &entry : handlers_)
      if (entry.second.first == topic)
        entry.second.second(msg);
  }

private:
  std::map<int, std::pair<std::string, Handler>> handlers_;
  int nextId_ = 1;
};

class ClientSession {
public:
  ClientSession(EventBus &bus, std::string nick, std::string endpoint)
      : bus_(bus), nick_(std::move(nick)), conn_(std::move(endpoint)) {}

  void join(const std::string &room) {
    subs_.push_back(bus_.subscribe(room, [this, room](const std::string &msg) {
      conn_.send(room + " " + msg); // SAME: kicked
    }));
  }

  // Client said QUIT: leave every room, then close the socket.
  void disconnect() {
    for (int id : subs_)
      bus_.unsubscribe(id);
    subs_.clear();
    conn_.close();
  }

  // Moderator kick: tell the client why and drop the socket.
  void kick(const std::string &reason) {
    conn_.send("ERROR :kicked (" + reason + ")");
    conn_.close();
  }

private:
  EventBus &bus_;
  std::string nick_;
  net::Connection conn_;
  std::vector<int> subs_;
};

class ModerationLog {
public:
  ModerationLog(EventBus &bus, const char *path) : fp_(std::fopen(path, "a")) {
    bus.subscribe("mod", [this](const std::string &event) {
      std::fprintf(fp_, "%s\n", event.c_str()); // SAME: modlog
      std::fflush(fp_);
    });
  }
  bool good() const { return fp_ != nullptr; }
  // Called when the moderation log is moved to the central audit service.
  void close() { std::fclose(fp_); }

private:
  std::FILE *fp_;
};

int main() {
  EventBus bus;
  ClientSession alice(bus, "alice", "10.1.0.11:6697");
  ClientSession bob(bus, "bob", "10.1.0.12:6697");
  ClientSession carol(bus, "carol", "10.1.0.13:6697");
  ModerationLog modlog(bus, "/var/log/chatd/moderation.log");
  if (!modlog.good())
    return 1;

  alice.join("#ops");
  bob.join("#ops");
  carol.join("#random");
  bus.publish("#ops", "<alice> deploy at 17:00"); // OK: every subscriber is open

  alice.disconnect();
  bus.publish("#ops", "<bob> rollback started"); // OK: alice unsubscribed before closing

  bus.publish("mod", "bob kicked from #ops: flooding"); // OK: the log file is still open
  bob.kick("flooding");
  bus.publish("#random", "<carol> anyone around?"); // OK: bob never joined #random
  try {
    bus.publish("#ops", "<system> bob has left"); // BUG: use-after-close #kicked
  } catch (const std::exception &e) {
    std::fprintf(stderr, "chatd: %s\n", e.what());
  }

  modlog.close();
  bus.publish("mod", "carol muted in #random"); // BUG: use-after-close #modlog
  return 0;
}
