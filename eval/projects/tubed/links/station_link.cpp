// StationLink: serial link to a ward station. Every method holds mu_, so the watchdog or a
// reconfiguration may shut the link down from another thread while the station's worker
// sends: send() then answers Code::Closed. reconnect() reopens the port up to three times
// and greets the station again.
#include "station_link.h"

#include <chrono>
#include <thread>

namespace tubed {

namespace {
constexpr int kAttempts = 3;
}

StationLink::StationLink(std::string name, std::string device) : Link(std::move(name)), device_(std::move(device)) {}

StationLink::~StationLink() {
  shutdown(); // OK: idempotent, only the first call closes the port
}

Status StationLink::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (is_closed()) return closed_error("connect");
  Status s = port_.open(device_);
  if (!s.is_ok()) {
    set_state(LinkState::Down);
    return s;
  }
  set_state(LinkState::Up);
  return handshake(); // OK: the port was opened just above
}

Status StationLink::reconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (is_closed()) return closed_error("reconnect");
  ++reconnects_;
  Status s;
  for (int attempt = 1; attempt <= kAttempts; ++attempt) {
    port_.close(); // OK: SerialPort::close() is idempotent
    s = port_.open(device_);
    if (s.is_ok()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200 * attempt));
  }
  set_state(s.is_ok() ? LinkState::Up : LinkState::Down);
  return handshake(); // BUG: use-after-close #reconnect_handshake
}

void StationLink::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  port_.close();
  set_state(LinkState::Down);
}

Status StationLink::send(const std::string& frame) {
  std::lock_guard<std::mutex> lk(mu_);
  if (is_closed()) return closed_error("send");
  if (state() != LinkState::Up) return Status::error(Code::Closed, name() + ": not connected");
  port_.write(frame + "\r\n"); // OK: Up implies an open port; both change only under mu_
  heard();
  return Status::ok();
}

void StationLink::shutdown() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!mark_closed()) return;
  port_.close();
}

const std::string& StationLink::device() const { return device_; }

int StationLink::reconnects() const {
  std::lock_guard<std::mutex> lk(mu_);
  return reconnects_;
}

Status StationLink::handshake() {
  port_.write("HELLO " + name() + "\r\n"); // SAME: reconnect_handshake
  heard();
  return Status::ok();
}

}  // namespace tubed
