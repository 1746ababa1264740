// The live sessions by id.
#pragma once
#include "relay/session.h"

#include <map>
#include <memory>
#include <string>

namespace relay {

class SessionPool {
public:
  Session &add(std::unique_ptr<Session> session);
  bool sendTo(const std::string &id, const std::string &message);
  void broadcast(const std::string &message);
  void closeSession(const std::string &id);
  void closeAll();
  void remove(const std::string &id);
  std::size_t size() const { return sessions_.size(); }

private:
  std::map<std::string, std::unique_ptr<Session>> sessions_;
};

} // namespace relay
