// VehicleListener: accepts truck connections, runs the HELLO handshake and
// hands the new session to the registry (fresh attach, takeover of a stale
// connection, or resumption of an interrupted one).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "socket.h"
#include "telemetry.h"

namespace fleetd {

struct Config;
class SessionRegistry;
class VehicleSession;
class Diagnostics;

class VehicleListener {
public:
  VehicleListener(const Config &cfg, SessionRegistry &registry, Diagnostics &diag);
  int fd() const { return sock_.fd(); }
  bool isOpen() const { return sock_.isOpen(); }
  void onAccept();
  void close();
  std::size_t rejected() const { return rejected_; }

private:
  void admit(std::unique_ptr<VehicleSession> session, const Hello &hello);
  void resumeInto(std::unique_ptr<VehicleSession> session, const Hello &hello);
  void rejectHandshake(Socket &client, const std::string &reason);

  const Config &cfg_;
  SessionRegistry &registry_;
  Diagnostics &diag_;
  Socket sock_;
  std::size_t badHandshakes_ = 0;
  std::size_t rejected_ = 0;
};

} // namespace fleetd
