// VehicleListener: accepts truck connections on the vehicle port. A new
// connection must greet with HELLO within the handshake timeout; it is then
// either attached as a fresh session, allowed to take over the VIN from a
// stale connection, or resumed with the token of an interrupted one.
#include "vehicle_listener.h"

#include <utility>

#include "config.h"
#include "defer.h"
#include "diagnostics.h"
#include "frame_codec.h"
#include "session_registry.h"
#include "vehicle_session.h"

namespace fleetd {

namespace {
constexpr int kMinProtocol = 3;
constexpr int kBacklog = 256;
} // namespace

VehicleListener::VehicleListener(const Config &cfg, SessionRegistry &registry, Diagnostics &diag)
    : cfg_(cfg), registry_(registry), diag_(diag),
      sock_(Socket::listenTcp(cfg.vehiclePort, kBacklog)) {}

void VehicleListener::close() {
  if (int err = sock_.close()) // OK
    diag_.printf("closing the vehicle listener failed: errno %d", err);
}

void VehicleListener::onAccept() {
  Socket client = sock_.accept();
  if (!client.isOpen())
    return;
  Defer closeOnError([&client] { client.close(); }); // OK
  Hello hello;
  if (!readHello(client, hello, cfg_.handshakeTimeoutMs)) {
    ++badHandshakes_;
    return;
  }
  if (hello.protocol < kMinProtocol) {
    rejectHandshake(client, "protocol " + std::to_string(hello.protocol) + " not supported");
    ++rejected_;
  }
  writeFrame(client, Frame{FrameType::Ack, "HELLO " + hello.vin}); // BUG: use-after-close #hello-ack
  client.setNonBlocking(); // OK
  auto session = std::make_unique<VehicleSession>(hello.vin, std::move(client));
  if (!hello.resumeToken.empty())
    resumeInto(std::move(session), hello);
  else
    admit(std::move(session), hello);
}

void VehicleListener::rejectHandshake(Socket &client, const std::string &reason) {
  diag_.printf("handshake rejected: %s", reason.c_str());
  try {
    writeFrame(client, Frame{FrameType::Bye, reason});
  } catch (const std::exception &) {
    // The truck may already be gone; it reconnects and gets the same answer.
  }
  client.close();
}

void VehicleListener::admit(std::unique_ptr<VehicleSession> session, const Hello &hello) {
  VehicleSession *raw = session.get();
  std::shared_ptr<VehicleSession> existing = registry_.find(hello.vin);
  if (existing && !existing->isClosed() && cfg_.takeoverOnReconnect) {
    registry_.evict(hello.vin, "superseded by a new connection");
    registry_.attach(hello.vin, std::move(session));
    registry_.push(hello.vin, "WELCOME"); // OK
    return;
  }
  if (!registry_.attach(hello.vin, std::move(session))) {
    diag_.printf("vehicle %s: second connection refused", hello.vin.c_str());
    raw->push("ERR duplicate-session"); // BUG: use-after-close
    return;
  }
  raw->push("WELCOME"); // OK
}

void VehicleListener::resumeInto(std::unique_ptr<VehicleSession> session, const Hello &hello) {
  VehicleSession *raw = session.get();
  Outcome handed = registry_.handover(hello.vin, std::move(session));
  if (handed.aborted) {
    diag_.printf("vehicle %s: resume refused: %s", hello.vin.c_str(), handed.reason.c_str());
    return;
  }
  Outcome resumed = raw->resume(hello.resumeToken, hello.lastAckedSeq); // OK
  if (resumed.aborted) {
    diag_.printf("vehicle %s: %s", hello.vin.c_str(), resumed.reason.c_str());
    return;
  }
  raw->push("WELCOME " + std::to_string(handed.replayed + resumed.replayed)); // OK
}

} // namespace fleetd
