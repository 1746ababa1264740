// One connected meter or concentrator. Owns the accepted socket (for the
// inbound frames) and the session connection (for outbound frames). Every
// outbound operation throws once the link is closed; close() is idempotent.
// Thread-safe: the loop thread and executor tasks may both hold a link.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>

#include "fd.h"
#include "netconn.h"
#include "reading.h"

class MeterLink {
public:
  enum class Kind { Meter, Concentrator };

  MeterLink(std::string id, std::string concentratorId, Kind kind, Fd socket,
            net::Connection session);
  ~MeterLink();
  MeterLink(const MeterLink &) = delete;
  MeterLink &operator=(const MeterLink &) = delete;

  const std::string &id() const { return id_; }
  const std::string &concentratorId() const { return concentratorId_; }
  Kind kind() const { return kind_; }

  void send(const std::string &frame);
  void command(MeterCommand cmd, std::uint32_t seq);
  // Reads one inbound frame; false when the peer has nothing (or went away).
  bool receive(std::string &frame);
  void close();
  bool isOpen() const;

  void touch(std::int64_t now);
  std::int64_t lastSeen() const;
  std::uint64_t framesIn() const;
  std::uint64_t framesOut() const;
  int socketFd() const;

private:
  enum class State { Open, Closed };
  void ensureOpen(const char *op) const;

  const std::string id_;
  const std::string concentratorId_;
  const Kind kind_;
  mutable std::mutex mu_;
  Fd socket_;
  net::Connection session_;
  State state_ = State::Open;
  std::int64_t lastSeen_ = 0;
  std::uint64_t framesIn_ = 0;
  std::uint64_t framesOut_ = 0;
};
