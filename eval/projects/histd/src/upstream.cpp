// UpstreamForwarder: sends written batches to the corporate historian and
// falls back to the spill journal while the session is down.
#include "upstream.h"

#include "codec.h"
#include "log.h"

namespace histd {

namespace {
constexpr int64_t kRetryMicros = 15 * 1000000LL;

std::string helloFrame(const std::string &site) { return "HELLO " + site + " v1"; }
std::string byeFrame(const std::string &site) { return "BYE " + site; }
std::string heartbeatFrame(const std::string &site, unsigned revision) {
  return "HEARTBEAT " + site + " rev=" + std::to_string(revision) + " ts=" +
         std::to_string(nowMicros());
}
} // namespace

UpstreamForwarder::UpstreamForwarder(std::string endpoint, std::string site)
    : endpoint_(std::move(endpoint)), site_(std::move(site)), conn_(endpoint_) {
  if (endpoint_.empty()) {
    conn_.close();
    state_ = State::Closed;
    return;
  }
  conn_.send(helloFrame(site_)); // OK
  state_ = State::Up;
}

UpstreamForwarder::~UpstreamForwarder() {
  close(); // OK
}

void UpstreamForwarder::markDown(const char *why) {
  log::warn("upstream %s: %s; spilling until it is back", endpoint_.c_str(), why);
  conn_.close();
  state_ = State::Down;
  retryAtMicros_ = nowMicros() + kRetryMicros;
}

bool UpstreamForwarder::reconnect() {
  conn_ = net::Connection(endpoint_);
  try {
    conn_.send(helloFrame(site_)); // OK
    conn_.flush();
  } catch (const std::exception &e) {
    markDown(e.what());
    return false;
  }
  state_ = State::Up;
  log::info("upstream %s: session re-established", endpoint_.c_str());
  return true;
}

void UpstreamForwarder::pump(std::vector<SampleBatch> batches, SpillJournal &spill) {
  if (batches.empty())
    return;
  if (state_ == State::Down && nowMicros() >= retryAtMicros_)
    reconnect();
  if (state_ != State::Up) {
    for (const SampleBatch &b : batches)
      spill.append(b);
    return;
  }
  std::size_t sent = 0;
  try {
    for (const SampleBatch &b : batches) {
      conn_.send(codec::encodeFrame(site_, b)); // OK
      ++sent;
      ++framesSent_;
    }
    conn_.flush(); // OK
  } catch (const std::exception &e) {
    markDown(e.what());
    for (std::size_t i = sent; i < batches.size(); ++i)
      spill.append(batches[i]);
  }
}

void UpstreamForwarder::sendHeartbeat(unsigned revision) {
  conn_.send(heartbeatFrame(site_, revision)); // SAME: upstream-heartbeat
  conn_.flush();
}

bool UpstreamForwarder::replay(const SampleBatch &batch) {
  if (state_ != State::Up)
    return false;
  try {
    conn_.send(codec::encodeFrame(site_, batch)); // OK
    ++framesSent_;
  } catch (const std::exception &e) {
    markDown(e.what());
    return false;
  }
  return true;
}

void UpstreamForwarder::close() {
  if (state_ == State::Closed)
    return;
  if (state_ == State::Up) {
    try {
      conn_.send(byeFrame(site_)); // OK
      conn_.flush();
    } catch (const std::exception &e) {
      log::warn("upstream %s: goodbye failed: %s", endpoint_.c_str(), e.what());
    }
  }
  conn_.close(); // OK
  state_ = State::Closed;
}

} // namespace histd
