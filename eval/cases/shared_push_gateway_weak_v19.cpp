// Device sessions of a push-notification gateway. SessionRegistry owns each
// device's net::Connection through a shared_ptr; heartbeats hold only a
// weak_ptr. disconnect() closes the connection but leaves the shared_ptr in
// the registry until reap() sweeps closed sessions, so weak_ptr::lock() still
// succeeds on a closed connection in between (and broadcast() still walks
// the closed session). net::Connection::send() throws std::runtime_error once
// the connection is closed.
#include "netconn.h"

#include <map>
#include <memory>
#include <string>

class SessionRegistry {
public:
  std::shared_ptr<net::Connection> open(const std::string &device);
  void disconnect(const std::string &device);
  void reap();
  void broadcast(const std::string &msg);

private:
  std::map<std::string, std::shared_ptr<net::Connection>> sessions_;
};

std::shared_ptr<net::Connection> SessionRegistry::open(const std::string &device) {
  auto conn = std::make_shared<net::Connection>("push://" + device);
  sessions_[device] = conn;
  return conn;
}

void SessionRegistry::disconnect(const std::string &device) {
  auto it = sessions_.find(device);
  if (it != sessions_.end())
    it->second->close();
}

void SessionRegistry::reap() {
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (it->second->isClosed())
      it = sessions_.erase(it);
    else
      ++it;
  }
}

void SessionRegistry::broadcast(const std::string &msg) {
  for (auto &kv : sessions_)
    kv.second->send(msg); // SAME: notice
}

// Sends a ping over the device's connection while it is still registered.
class Heartbeat {
public:
  Heartbeat(std::weak_ptr<net::Connection> conn, std::string device)
      : conn_(std::move(conn)), device_(std::move(device)) {}
  bool tick();

private:
  std::weak_ptr<net::Connection> conn_;
  std::string device_;
};

bool Heartbeat::tick() {
  auto conn = conn_.lock();
  if (!conn)
    return false;
  conn->send("PING " + device_); // SAME: lastping
  return true;
}

class Gateway {
public:
  void login(const std::string &device);
  void logout(const std::string &device);
  void expireIdle(const std::string &device);
  void notify(const std::string &device, const std::string &payload);
  void maintenanceNotice(const std::string &when);
  void kick(const std::string &device);

private:
  SessionRegistry registry_;
  std::map<std::string, Heartbeat> heartbeats_;
  std::map<std::string, std::weak_ptr<net::Connection>> routes_;
};

void Gateway::login(const std::string &device) {
  auto conn = registry_.open(device);
  heartbeats_.insert_or_assign(device, Heartbeat(conn, device));
  routes_[device] = conn;
}

void Gateway::logout(const std::string &device) {
  registry_.disconnect(device);
  auto it = heartbeats_.find(device);
  if (it != heartbeats_.end()) {
    // Fire the pending heartbeat so the RTT histogram gets the final sample.
    it->second.tick(); // BUG: use-after-close #lastping
    heartbeats_.erase(it);
  }
}

void Gateway::expireIdle(const std::string &device) {
  registry_.disconnect(device);
  registry_.reap();
  auto it = heartbeats_.find(device);
  if (it != heartbeats_.end()) {
    it->second.tick(); // OK: reap() dropped the only owner, lock() fails and tick() returns false
    heartbeats_.erase(it);
  }
}

void Gateway::notify(const std::string &device, const std::string &payload) {
  auto it = routes_.find(device);
  if (it == routes_.end())
    return;
  auto conn = it->second.lock();
  if (!conn || conn->isClosed())
    return;
  conn->send(payload); // OK: lock() succeeded and the connection is not closed
}

// Admin API: drop a misbehaving device; the reaper removes the session later.
void Gateway::kick(const std::string &device) {
  registry_.disconnect(device);
  heartbeats_.erase(device);
  routes_.erase(device);
}

// Operators announce a maintenance window to every connected device.
void Gateway::maintenanceNotice(const std::string &when) {
  registry_.broadcast("MAINTENANCE " + when); // BUG: use-after-close #notice
}
