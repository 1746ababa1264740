// SessionHandler: everything a connected truck sends after the handshake.
// Runs on the I/O thread when a session's socket becomes readable.
#include "session_handler.h"

#include <algorithm>

#include "config.h"
#include "diagnostics.h"
#include "frame_codec.h"
#include "session_registry.h"
#include "telemetry_router.h"
#include "vehicle_session.h"

namespace fleetd {

SessionHandler::SessionHandler(const Config &cfg, SessionRegistry &registry,
                               TelemetryRouter &router, Diagnostics &diag)
    : cfg_(cfg), registry_(registry), router_(router), diag_(diag) {}

void SessionHandler::onReadable(const std::string &vin) {
  std::shared_ptr<VehicleSession> session = registry_.find(vin);
  if (!session)
    return;
  std::vector<Frame> frames = session->readFrames(); // SAME: hup-read
  for (const Frame &frame : frames) {
    if (session->isClosed())
      break;
    dispatch(session, frame); // OK
  }
  if (session->peerClosed())
    registry_.evict(vin, "truck closed the connection");
}

void SessionHandler::dispatch(const std::shared_ptr<VehicleSession> &session, const Frame &frame) {
  switch (frame.type) {
  case FrameType::Position: {
    PositionReport report;
    if (decodePosition(session->vin(), frame.payload, report))
      router_.route(report);
    else
      diag_.printf("session %s: bad position '%s'", session->vin().c_str(), frame.payload.c_str());
    break;
  }
  case FrameType::Fault: {
    FaultReport fault;
    if (decodeFault(session->vin(), frame.payload, fault))
      router_.route(fault);
    break;
  }
  case FrameType::Status:
    onStatus(*session, frame);
    break;
  case FrameType::Resume:
    onResume(*session, frame);
    break;
  case FrameType::Ack: {
    std::uint32_t seq = 0;
    if (decodeAck(frame.payload, seq))
      session->ack(seq);
    break;
  }
  case FrameType::Bye: {
    CloseResult r = session->closeIfIdle();
    if (r.closed) {
      diag_.printf("session %s said goodbye", session->vin().c_str());
      break;
    }
    session->push("STAY " + std::to_string(session->pendingCommands())); // OK
    break;
  }
  case FrameType::Hello:
  case FrameType::Unknown:
    diag_.printf("session %s: unexpected frame '%s'", session->vin().c_str(),
                 encodeFrame(frame).c_str());
    break;
  }
}

bool SessionHandler::isBlocked(const std::string &firmware) const {
  return std::find(cfg_.blockedFirmware.begin(), cfg_.blockedFirmware.end(), firmware) !=
         cfg_.blockedFirmware.end();
}

void SessionHandler::onStatus(VehicleSession &session, const Frame &frame) {
  StatusReport status;
  if (!decodeStatus(frame.payload, status)) {
    diag_.printf("session %s: bad status '%s'", session.vin().c_str(), frame.payload.c_str());
    return;
  }
  if (isBlocked(status.firmware)) {
    diag_.printf("session %s runs blocked firmware %s", session.vin().c_str(),
                 status.firmware.c_str());
    registry_.evict(session.vin(), "blocked firmware " + status.firmware);
    sendUpgradeNotice(session.vin());
    return;
  }
  if (status.fuelPercent >= 0 && status.fuelPercent < 5)
    session.push("NOTICE low-fuel"); // OK
}

void SessionHandler::sendUpgradeNotice(const std::string &vin) {
  if (cfg_.otaUrl.empty())
    return;
  registry_.push(vin, "OTA " + cfg_.otaUrl); // BUG: use-after-close #evict-push
}

void SessionHandler::onResume(VehicleSession &session, const Frame &frame) {
  ResumeRequest req;
  if (!decodeResume(frame.payload, req)) {
    diag_.printf("session %s: bad resume '%s'", session.vin().c_str(), frame.payload.c_str());
    return;
  }
  Outcome outcome = session.resume(req.token, req.lastAckedSeq);
  diag_.printf("session %s resumed in band, %zu commands replayed", session.vin().c_str(),
               outcome.replayed);
  session.push("RESUMED " + std::to_string(outcome.replayed)); // BUG: use-after-close
}

} // namespace fleetd
