// A client session: its id and its connection. expire() closes the
// connection; send() forwards to it (and throws once it is closed).
#pragma once
#include "relay/connection.h"

#include <memory>
#include <string>

namespace relay {

class Session {
public:
  Session(std::string id, std::unique_ptr<Connection> conn);
  const std::string &id() const { return id_; }
  void send(const std::string &message);
  bool trySend(const std::string &message);
  void heartbeat();
  void expire();
  bool expired() const;

private:
  std::string id_;
  std::unique_ptr<Connection> conn_;
};

} // namespace relay
