// SessionRegistry: logged-on sessions by account id, shared between the
// gateway readers, the engine's worker threads and the admin console.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "matchd/session.h"

namespace matchd {

class SessionRegistry {
public:
  std::shared_ptr<Session> find(std::uint64_t id) const;
  std::size_t size() const;
  std::vector<std::shared_ptr<Session>> snapshot() const;

  // Registers s under id; an older session with the same id is logged out.
  void replace(std::uint64_t id, std::shared_ptr<Session> s);
  // Erases id only if it still maps to expected (it may have been replaced).
  bool erase(std::uint64_t id, const Session *expected);
  // Removes and disconnects the session; returns it (nullptr if unknown).
  std::shared_ptr<Session> kick(std::uint64_t id);
  void disconnectAll();
  std::size_t broadcast(const std::string &line);

private:
  mutable std::mutex mu_;
  std::map<std::uint64_t, std::shared_ptr<Session>> sessions_;
};

} // namespace matchd
