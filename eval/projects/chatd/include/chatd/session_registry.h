// The server's connected clients, keyed by nick.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace chatd {

class Session;

class SessionRegistry {
public:
  SessionRegistry();
  ~SessionRegistry();

  SessionRegistry(const SessionRegistry &) = delete;
  SessionRegistry &operator=(const SessionRegistry &) = delete;

  Session &add(std::unique_ptr<Session> session);
  /// Closed sessions stay in the registry (and are returned here) until the
  /// next reap().
  Session *find(const std::string &nick);
  /// Closes the session with this nick. Returns false if there is none.
  bool closeSession(const std::string &nick);
  void closeAll();
  /// Drops closed sessions. Returns how many were dropped.
  std::size_t reap();

  /// Queues line for nick if that session exists and is open.
  void sendTo(const std::string &nick, const std::string &line);

  std::vector<std::string> nicks() const;
  std::size_t size() const { return sessions_.size(); }

private:
  std::map<std::string, std::unique_ptr<Session>> sessions_;
};

} // namespace chatd
