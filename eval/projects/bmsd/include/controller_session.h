// ControllerSession: the daemon's side of one floor controller's TCP link.
// It decodes the frames the controller streams, hands point values to the
// sink, and sends point writes, commands and heartbeats back. Thread-safe:
// the main loop reads, the work queue's threads send commands.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "command.h"
#include "point.h"
#include "socket.h"
#include "status.h"
#include "wire_protocol.h"

namespace bmsd {

class Diagnostics;

class ControllerSession {
public:
  enum class State { Handshaking, Active, Closed };
  using Clock = std::chrono::steady_clock;
  using PointSink = std::function<void(const PointValue &)>;

  struct Outstanding {
    std::uint32_t nextSeq = 1;
    std::map<std::uint32_t, std::string> unacked; // seq -> encoded frame
    std::map<std::uint32_t, Clock::time_point> sentAt;
  };

  ControllerSession(std::string id, Socket socket, Diagnostics &diag,
                    PointSink sink);
  ~ControllerSession();
  ControllerSession(const ControllerSession &) = delete;
  ControllerSession &operator=(const ControllerSession &) = delete;

  const std::string &id() const { return id_; }
  State state() const;
  bool isClosed() const;
  int fd() const;
  const std::string &kind() const { return kind_; }
  Clock::time_point lastSeen() const;
  Clock::time_point closedAt() const;

  // Handshake: start() validates the hello and throws std::invalid_argument
  // for a controller the daemon does not support; sendWelcome() completes it.
  void start(const Hello &hello);
  void sendWelcome(std::uint32_t resumeFrom);

  // Reconnect: drops what the controller already acknowledged. A controller
  // that claims acknowledgements the daemon never sent is out of step; the
  // session is closed and an error returned.
  Status resume(std::uint32_t controllerLastAcked);
  void replayUnacked();

  void writePoint(const PointValue &point);
  std::uint32_t sendCommand(const Command &cmd);
  void sendHeartbeat(Clock::time_point now);
  void pollInput();
  void sendGoodbye(const std::string &reason);
  void close(const std::string &reason);

  std::size_t unackedCount() const;
  Clock::duration oldestUnackedAge(Clock::time_point now) const;
  Outstanding takeOutstanding();
  void adoptOutstanding(Outstanding outstanding);

private:
  void ensureOpenLocked(const char *op) const;
  void closeLocked(const std::string &reason);
  void handleFramesLocked(const std::vector<Frame> &frames);

  const std::string id_;
  Socket socket_;
  Diagnostics &diag_;
  PointSink sink_;
  mutable std::mutex mu_;
  State state_ = State::Handshaking;
  std::string kind_;
  std::string firmware_;
  std::string inbuf_;
  std::size_t bytesSinceWindow_ = 0;
  Outstanding out_;
  Clock::time_point lastSeen_ = Clock::now();
  Clock::time_point lastHeartbeat_{};
  Clock::time_point closedAt_{};
};

} // namespace bmsd
