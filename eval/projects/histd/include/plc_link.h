// One Modbus/TCP connection to a PLC. Requests are synchronous; the link
// must be open to be used and throws LinkClosed otherwise.
#pragma once
#include "config.h"
#include "sample.h"
#include "unique_fd.h"
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace histd {

class LinkError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};
class LinkTimeout : public LinkError {
public:
  using LinkError::LinkError;
};
class LinkClosed : public LinkError {
public:
  using LinkError::LinkError;
};

/// Coil every PLC program watches to know whether the historian is collecting.
constexpr uint16_t kHistorianOnlineCoil = 100;
constexpr uint16_t kIdentityReg = 9000;
constexpr uint16_t kIdentityWords = 4;
constexpr uint16_t kClockReg = 9010;

class PlcLink {
public:
  enum class State { Idle, Connected, Closed };

  PlcLink(std::string id, Endpoint endpoint, int timeoutMs);
  ~PlcLink();

  PlcLink(const PlcLink &) = delete;
  PlcLink &operator=(const PlcLink &) = delete;

  /// Connects (or reconnects after close()). Throws LinkError.
  void open();
  std::vector<uint16_t> readRegisters(uint16_t start, uint16_t count);
  void writeRegisters(uint16_t start, const std::vector<uint16_t> &values);
  void writeCoil(uint16_t addr, bool on);
  /// Reads every register block of the group.
  PollResult poll(const TagGroup &group);

  /// Resets the TCP connection instead of closing it gracefully; used when
  /// the request/response stream is out of step.
  void abort();
  /// Closes the connection. Calling it on a closed link does nothing.
  void close();

  State state() const { return state_; }
  bool isOpen() const { return state_ == State::Connected; }
  const std::string &id() const { return id_; }
  const Endpoint &endpoint() const { return endpoint_; }
  uint64_t requests() const { return requests_; }
  int64_t lastPollMicros() const { return lastPollMicros_; }

private:
  void requireOpen() const;
  std::vector<uint8_t> transact(const std::vector<uint8_t> &request, uint16_t txn);
  void readExact(uint8_t *buf, std::size_t len);
  uint16_t nextTxn() { return ++txn_; }

  std::string id_;
  Endpoint endpoint_;
  int timeoutMs_;
  UniqueFd sock_;
  State state_ = State::Idle;
  uint16_t txn_ = 0;
  uint64_t requests_ = 0;
  int64_t lastPollMicros_ = 0;
};

} // namespace histd
