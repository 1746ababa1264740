// SessionRegistry: the operator console sessions, keyed by session id.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "console_session.h"

namespace ww {

class SessionRegistry {
 public:
  std::shared_ptr<ConsoleSession> add(int fd, std::string peer);
  std::shared_ptr<ConsoleSession> find(int id) const;
  // Closes the session and drops it from the registry.
  bool remove(int id);
  // Closes and drops sessions idle for longer than max_idle.
  std::size_t close_idle(std::chrono::seconds max_idle);
  // Tells every open session why, closes it, and empties the registry.
  void close_all(const std::string& reason);
  // Sends a line to every open session.
  std::size_t broadcast(const std::string& line);
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<int, std::shared_ptr<ConsoleSession>> sessions_;
  int next_id_ = 1;
};

}  // namespace ww
