// PlcLink: Modbus/TCP client for a barge PLC. A session that drops on a failed
// send or a missing ack goes back to Disconnected and is redialled by the next
// write or by reconnect(); close() makes it Closed for good, after which every
// operation throws. All state lives under mu_.
#include "plc_link.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace {

void put16(unsigned char* at, std::uint16_t v) {
  at[0] = static_cast<unsigned char>(v >> 8);
  at[1] = static_cast<unsigned char>(v & 0xff);
}

std::uint16_t get16(const unsigned char* at) {
  return static_cast<std::uint16_t>((at[0] << 8) | at[1]);
}

}  // namespace

PlcLink::PlcLink(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port), fd_(-1), state_(State::Disconnected), txn_(0) {}

PlcLink::~PlcLink() {
  std::lock_guard<std::mutex> lk(mu_);
  drop_locked();
}

void PlcLink::require_open_locked(const char* op) const {
  if (state_ == State::Closed) throw std::runtime_error(std::string("plc link closed: ") + op + " on " + host_);
}

void PlcLink::drop_locked() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (state_ != State::Closed) state_ = State::Disconnected;
}

Status PlcLink::dial_locked() {
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return Status::Error(Errc::Io, "socket() failed for " + host_);
  timeval tv{2, 0};
  ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port_);
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1) {
    ::close(s);
    return Status::Error(Errc::Invalid, "bad plc address " + host_);
  }
  if (::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(s);
    return Status::Error(Errc::Io, "cannot reach plc " + host_);
  }
  fd_ = s;
  state_ = State::Connected;
  return Status::Ok();
}

Status PlcLink::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  require_open_locked("connect");
  if (state_ == State::Connected) return Status::Ok();
  return dial_locked();
}

Status PlcLink::reconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  require_open_locked("reconnect");
  drop_locked();
  return dial_locked();
}

Status PlcLink::write_register(std::uint16_t reg, std::uint16_t value) {
  std::lock_guard<std::mutex> lk(mu_);
  require_open_locked("write_register");
  if (state_ == State::Disconnected) {
    Status st = dial_locked();  // a dropped session is redialled once
    if (!st.ok()) return st;
  }
  unsigned char frame[12];
  put16(frame, ++txn_);
  put16(frame + 2, 0);
  put16(frame + 4, 6);
  frame[6] = 1;     // unit id
  frame[7] = 0x06;  // write single register
  put16(frame + 8, reg);
  put16(frame + 10, value);
  if (::send(fd_, frame, sizeof frame, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof frame)) {
    drop_locked();
    return Status::Error(Errc::Io, "plc write failed on " + host_);
  }
  unsigned char reply[12];
  ssize_t got = ::recv(fd_, reply, sizeof reply, 0);  // OK: the failed-send branch above returns right after drop_locked()
  if (got < 9) {
    drop_locked();
    return Status::Error(Errc::Timeout, "plc did not ack write on " + host_);
  }
  if (reply[7] & 0x80) return Status::Error(Errc::Rejected, "plc exception " + std::to_string(reply[8]));
  return Status::Ok();
}

Result<std::uint16_t> PlcLink::read_register(std::uint16_t reg) {
  std::lock_guard<std::mutex> lk(mu_);
  require_open_locked("read_register");
  if (state_ == State::Disconnected) {
    Status st = dial_locked();
    if (!st.ok()) return st;
  }
  unsigned char frame[12];
  put16(frame, ++txn_);
  put16(frame + 2, 0);
  put16(frame + 4, 6);
  frame[6] = 1;
  frame[7] = 0x03;  // read holding registers
  put16(frame + 8, reg);
  put16(frame + 10, 1);
  if (::send(fd_, frame, sizeof frame, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof frame)) {
    drop_locked();
    return Status::Error(Errc::Io, "plc read failed on " + host_);
  }
  unsigned char reply[11];
  ssize_t got = ::recv(fd_, reply, sizeof reply, 0);  // OK: same shape as write_register(): the drop branch returned
  if (got < 11) {
    drop_locked();
    return Status::Error(Errc::Timeout, "short plc reply from " + host_);
  }
  if (reply[7] & 0x80) return Status::Error(Errc::Rejected, "plc exception " + std::to_string(reply[8]));
  return get16(reply + 9);
}

void PlcLink::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed) throw std::logic_error("plc link already closed: " + host_);
  drop_locked();
  state_ = State::Closed;
}

bool PlcLink::close_if_open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed) return false;
  drop_locked();
  state_ = State::Closed;
  return true;
}

PlcLink::State PlcLink::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

bool PlcLink::is_closed() const { return state() == State::Closed; }

const std::string& PlcLink::host() const { return host_; }
