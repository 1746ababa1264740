// VehicleSession: one connected truck. Commands for the truck are queued by
// push() and written by pump() on the I/O thread; frames from the truck are
// read by readFrames(). push(), pump(), readFrames() and resume() throw once
// the session is closed; close() is idempotent.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "socket.h"
#include "telemetry.h"

namespace fleetd {

enum class SessionState { Handshake, Active, Closed };

struct CloseResult {
  bool closed; // false when the session had already been closed
  int err;     // errno from closing the socket, 0 on success
};

struct Outcome {
  bool aborted;
  std::size_t replayed;
  std::string reason;
};

class VehicleSession {
public:
  VehicleSession(std::string vin, Socket sock);
  ~VehicleSession();
  VehicleSession(const VehicleSession &) = delete;
  VehicleSession &operator=(const VehicleSession &) = delete;

  const std::string &vin() const { return vin_; }
  int fd() const;
  SessionState state() const;
  bool isClosed() const;
  bool hasOutput() const;
  bool peerClosed() const;
  std::int64_t lastSeenMs() const;
  std::int64_t createdMs() const { return createdMs_; }
  std::string token() const;
  void adoptToken(const std::string &token);

  void push(const std::string &command);
  bool tryPush(const std::string &command);
  bool pump();
  std::vector<Frame> readFrames();
  Outcome resume(const std::string &token, std::uint32_t lastAckedSeq);
  void ack(std::uint32_t seq);
  std::vector<std::string> takePending();
  std::size_t pendingCommands() const;

  CloseResult close();
  CloseResult closeIfIdle();

private:
  struct Command {
    std::uint32_t seq;
    std::string text;
  };
  void requireOpenLocked(const char *op) const;
  CloseResult closeLocked();

  mutable std::mutex mu_;
  const std::string vin_;
  Socket sock_;
  SessionState state_ = SessionState::Handshake;
  std::deque<Command> outbox_;
  std::deque<Command> unacked_;
  std::string readBuf_;
  std::string token_;
  std::uint32_t nextSeq_ = 1;
  bool peerClosed_ = false;
  const std::int64_t createdMs_;
  std::int64_t lastSeenMs_;
};

} // namespace fleetd
