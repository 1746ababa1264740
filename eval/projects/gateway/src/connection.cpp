// UpstreamConn's protocol: send() and flush() throw once close() has run,
// send() reports back-pressure by returning false, close() is idempotent and
// isClosed() reports the state. No bug and no quiet line in this file: the
// callers are in util.cpp, admin.cpp, registry.cpp, uplink.cpp, heartbeat.cpp
// and server.cpp.
#include "gateway/connection.h"

#include <stdexcept>
#include <utility>

namespace gateway {

UpstreamConn::UpstreamConn(std::string endpoint, std::size_t maxPending)
    : endpoint_(std::move(endpoint)), maxPending_(maxPending) {}

bool UpstreamConn::send(const std::string &line) {
  if (closed_)
    throw std::runtime_error("upstream connection to " + endpoint_ + " is closed");
  if (pending_.size() >= maxPending_)
    return false;
  pending_.push_back(line);
  return true;
}

void UpstreamConn::flush() {
  if (closed_)
    throw std::runtime_error("cannot flush: upstream connection to " + endpoint_ + " is closed");
  pending_.clear();
}

void UpstreamConn::close() {
  if (closed_)
    return;
  closed_ = true;
  pending_.clear();
}

bool UpstreamConn::isClosed() const { return closed_; }

} // namespace gateway
