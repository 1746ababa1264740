// SessionRegistry: the users' upstream sessions, keyed by user id
// (registry.cpp). No markers here.
#pragma once
#include "gateway/connection.h"

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gateway {

class SessionRegistry {
public:
  SessionRegistry() = default;
  ~SessionRegistry();
  SessionRegistry(const SessionRegistry &) = delete;
  SessionRegistry &operator=(const SessionRegistry &) = delete;

  /// Opens a session for `id`, closing and replacing any previous one.
  UpstreamConn &open(const std::string &id, const std::string &endpoint);
  /// The session of `id` (open or closed), or nullptr.
  UpstreamConn *find(const std::string &id);
  /// Sends to `id` if it has an open session; false otherwise.
  bool sendTo(const std::string &id, const std::string &line);
  /// Sends to every open session.
  void broadcast(const std::string &line);
  void closeSession(const std::string &id);
  void closeAll();
  /// Erases the closed sessions; returns how many were erased.
  std::size_t prune();
  std::vector<std::string> ids() const;

private:
  std::map<std::string, std::unique_ptr<UpstreamConn>> sessions_;
};

} // namespace gateway
