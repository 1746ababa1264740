// Forwards stored batches to the corporate historian over a net::Connection.
// While the upstream is unreachable or disabled, batches go to the spill
// journal instead.
#pragma once
#include "netconn.h"
#include "sample.h"
#include "spill_journal.h"
#include <cstdint>
#include <string>
#include <vector>

namespace histd {

class UpstreamForwarder {
public:
  /// An empty endpoint means forwarding is disabled.
  UpstreamForwarder(std::string endpoint, std::string site);
  ~UpstreamForwarder();

  UpstreamForwarder(const UpstreamForwarder &) = delete;
  UpstreamForwarder &operator=(const UpstreamForwarder &) = delete;

  void pump(std::vector<SampleBatch> batches, SpillJournal &spill);
  void sendHeartbeat(unsigned revision);
  /// Sends one replayed batch; false if the upstream is not available.
  bool replay(const SampleBatch &batch);
  /// Says goodbye and closes the session. Safe to call more than once.
  void close();

  bool isUp() const { return state_ == State::Up; }
  const std::string &endpoint() const { return endpoint_; }
  uint64_t framesSent() const { return framesSent_; }

private:
  enum class State { Up, Down, Closed };

  bool reconnect();
  void markDown(const char *why);

  std::string endpoint_;
  std::string site_;
  net::Connection conn_;
  State state_ = State::Down;
  int64_t retryAtMicros_ = 0;
  uint64_t framesSent_ = 0;
};

} // namespace histd
