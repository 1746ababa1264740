// UpstreamClient: the connection to the upstream broker. Wraps a
// kafka::KafkaProducer and tracks whether it is connected, disconnected (it
// can reconnect) or shut down (for good).
#pragma once
#include "messaging.h"

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

namespace telemetry {

class UpstreamClient {
public:
  enum class State { Connected, Disconnected, Closed };

  explicit UpstreamClient(std::string brokers);
  ~UpstreamClient();
  UpstreamClient(const UpstreamClient &) = delete;
  UpstreamClient &operator=(const UpstreamClient &) = delete;

  /// Throws std::runtime_error unless connected.
  void publish(const std::string &topic, const std::string &payload);
  /// Waits for buffered records. A no-op when no producer is open.
  void flush();
  /// Closes the producer; reconnect() can open a new one.
  void disconnect();
  /// Opens a new producer after disconnect(). Returns false, and does
  /// nothing, once shutdown() was called; also false when the brokers cannot
  /// be reached.
  bool reconnect();
  /// Flushes and closes the producer for good. Idempotent.
  void shutdown();

  void setBrokers(std::string brokers);
  const std::string &brokers() const noexcept { return brokers_; }
  State state() const noexcept { return state_; }
  bool isClosed() const noexcept { return state_ != State::Connected; }
  bool connected() const noexcept { return state_ == State::Connected; }
  std::size_t published() const noexcept { return published_.load(); }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  State state_ = State::Disconnected;
  std::atomic<std::size_t> published_{0};
};

const char *toString(UpstreamClient::State state) noexcept;

} // namespace telemetry
