// Live encoder sessions keyed by stream key.
//
// replace() installs a session for a key and closes the one it displaces
// (the displaced session is returned for bookkeeping). remove() drops an
// entry only if it still holds the given session. closeAll() closes every
// listed session; the entries stay listed until they are removed, so the
// admin socket can still show them. broadcast() sends a notice to every
// listed session.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ingestd {

class Session;

class SessionRegistry {
public:
  std::shared_ptr<Session> replace(const std::string &key, std::shared_ptr<Session> session);
  std::shared_ptr<Session> find(const std::string &key) const;
  bool remove(const std::string &key, const Session *expected);
  std::vector<std::shared_ptr<Session>> snapshot() const;
  void closeAll();
  void broadcast(const std::string &text);
  std::size_t size() const;
  std::string describe() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<Session>> sessions_;
};

} // namespace ingestd
