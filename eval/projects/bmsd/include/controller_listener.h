// ControllerListener: accepts the floor controllers' TCP connections, reads
// their hello, and adopts (or hands over) a ControllerSession per controller.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "controller_session.h"
#include "socket.h"
#include "status.h"
#include "wire_protocol.h"

namespace bmsd {

class CommandDispatcher;
class Diagnostics;
class Metrics;
class SessionRegistry;

class ControllerListener {
public:
  ControllerListener(SessionRegistry &registry, CommandDispatcher &dispatcher,
                     Diagnostics &diag, Metrics &metrics,
                     ControllerSession::PointSink sink);

  Status listen(std::uint16_t port);
  Status rebind(std::uint16_t port);
  void setLimits(std::size_t maxControllers,
                 std::set<std::string> allowedControllers);
  std::size_t acceptPending();
  void stop();
  int fd() const { return listen_.fd(); }

private:
  Status negotiate(Socket sock);
  std::optional<Hello> readHello(Socket &sock);
  bool allowed(const std::string &id) const;

  SessionRegistry &registry_;
  CommandDispatcher &dispatcher_;
  Diagnostics &diag_;
  Metrics &metrics_;
  ControllerSession::PointSink sink_;
  Socket listen_;
  std::size_t maxControllers_ = 512;
  std::set<std::string> allowed_;
  std::chrono::milliseconds helloTimeout_{3000};
};

PointValue bootstrapPoint(const std::string &controllerId);

} // namespace bmsd
