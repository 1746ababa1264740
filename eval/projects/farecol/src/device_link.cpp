// DeviceLink: the daemon's side of one gate or validator connection.
#include "device_link.h"
#include "wire.h"

#include <stdexcept>
#include <utility>

namespace farecol {

DeviceLink::DeviceLink(std::string deviceId, std::string operatorId, DeviceKind kind, net::Connection conn)
    : deviceId_(std::move(deviceId)), operatorId_(std::move(operatorId)), kind_(kind), conn_(std::move(conn)),
      lastSeen_(Clock::now().time_since_epoch().count()) {}

DeviceLink::~DeviceLink() {
  if (open_.load())
    close(); // OK
}

void DeviceLink::ensureOpen(const char *op) const {
  if (!open_.load())
    throw std::runtime_error(std::string("device link closed: ") + op + " to " + deviceId_);
}

void DeviceLink::push(const std::string &frame) {
  ensureOpen("push");
  conn_.send(frame); // OK
  framesSent_.fetch_add(1);
}

void DeviceLink::sendCommand(GateCommand cmd) { push(wire::encodeCommand(cmd)); }

void DeviceLink::flush() {
  ensureOpen("flush");
  conn_.flush(); // OK
}

void DeviceLink::close() {
  if (!open_.exchange(false))
    throw std::logic_error("device link " + deviceId_ + " closed twice");
  conn_.close();
}

void DeviceLink::touch(Clock::time_point now) { lastSeen_.store(now.time_since_epoch().count()); }

DeviceLink::Clock::duration DeviceLink::idleFor(Clock::time_point now) const {
  const Clock::time_point seen{Clock::duration(lastSeen_.load())};
  return now > seen ? now - seen : Clock::duration::zero();
}

void sendNotice(DeviceLink &link, NoticeKind kind, const std::string &text) {
  link.push(wire::encodeNotice(kind, text)); // SAME: redirect
}

} // namespace farecol
