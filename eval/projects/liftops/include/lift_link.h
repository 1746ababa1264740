// LiftLink: TCP link to one lift drive PLC. State machine Idle -> Open ->
// Closed. sendCommand()/poll() throw std::runtime_error unless Open;
// tryPoll() returns nothing when not Open (checked under the link's mutex);
// close() throws std::logic_error when the link is already closed; open() on
// a closed link fails, reopen() brings a closed link back.
#pragma once
#include <mutex>
#include <optional>
#include <string>

#include "lift_types.h"
#include "status.h"

namespace liftops {

class LiftLink {
public:
  enum class State { Idle, Open, Closed };

  LiftLink(std::string liftId, std::string host, int port);
  ~LiftLink();
  LiftLink(const LiftLink &) = delete;
  LiftLink &operator=(const LiftLink &) = delete;

  Status open();
  Status reopen();
  void sendCommand(const LiftCommand &command);
  std::optional<LiftTelemetry> poll();
  std::optional<LiftTelemetry> tryPoll();
  void close();
  bool isOpen() const;
  const std::string &liftId() const { return liftId_; }

private:
  std::optional<LiftTelemetry> readTelemetryLocked();

  std::string liftId_;
  std::string host_;
  int port_;
  int fd_ = -1;
  State state_ = State::Idle;
  mutable std::mutex mu_;
};

} // namespace liftops
