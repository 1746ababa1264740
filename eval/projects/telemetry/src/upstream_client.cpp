// upstream_client.cpp: UpstreamClient, the wrapper over the Kafka producer
// that carries metric batches, probes and audit records upstream.
#include "telemetry/upstream_client.h"
#include "telemetry/util.h"

#include <chrono>
#include <stdexcept>

namespace telemetry {
namespace {
constexpr std::chrono::milliseconds kCloseTimeout{5000};
} // namespace

UpstreamClient::UpstreamClient(std::string brokers)
    : brokers_(std::move(brokers)) {
  producer_ = kafka::createProducer(brokers_);
  state_ = State::Connected;
  logInfo("upstream: connected to " + brokers_);
}

UpstreamClient::~UpstreamClient() {
  try {
    shutdown();
  } catch (const std::exception &e) {
    logWarn(std::string("upstream: shutdown in destructor failed: ") +
            e.what());
  }
}

void UpstreamClient::publish(const std::string &topic,
                             const std::string &payload) {
  if (state_ != State::Connected)
    throw std::runtime_error("upstream client closed, cannot publish to " +
                             topic);
  producer_->send(kafka::ProducerRecord{topic, payload});
  ++published_;
}

void UpstreamClient::flush() {
  if (state_ != State::Connected)
    return;
  producer_->flush();
}

void UpstreamClient::disconnect() {
  if (state_ != State::Connected)
    return;
  producer_->close(kCloseTimeout);
  producer_.reset();
  state_ = State::Disconnected;
  logInfo("upstream: disconnected from " + brokers_);
}

bool UpstreamClient::reconnect() {
  if (state_ == State::Closed) {
    logWarn("upstream: reconnect() after shutdown() ignored");
    return false;
  }
  if (state_ == State::Connected)
    return true;
  try {
    producer_ = kafka::createProducer(brokers_);
  } catch (const std::exception &e) {
    logWarn("upstream: reconnect to " + brokers_ + " failed: " + e.what());
    return false;
  }
  state_ = State::Connected;
  logInfo("upstream: reconnected to " + brokers_);
  return true;
}

void UpstreamClient::shutdown() {
  if (state_ == State::Closed)
    return;
  if (state_ == State::Connected) {
    producer_->flush();
    producer_->close(kCloseTimeout);
  }
  producer_.reset();
  state_ = State::Closed;
  logInfo("upstream: shut down (" + brokers_ + "), " +
          std::to_string(published_.load()) + " records published");
}

void UpstreamClient::setBrokers(std::string brokers) {
  brokers_ = std::move(brokers);
}

const char *toString(UpstreamClient::State state) noexcept {
  switch (state) {
  case UpstreamClient::State::Connected:
    return "connected";
  case UpstreamClient::State::Disconnected:
    return "disconnected";
  case UpstreamClient::State::Closed:
    return "shut down";
  }
  return "unknown";
}

} // namespace telemetry
