// FieldbusLink: a single Modbus/TCP connection with a three-state lifecycle
// (idle -> connected -> closed). Sends and receives on a closed link throw; a
// second close() throws; the destructor closes only a link still open.
#include "fieldbus_link.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

#include "fd_handle.h"

namespace ww {

FieldbusLink::FieldbusLink(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port) {}

FieldbusLink::~FieldbusLink() {
  if (state_ != LinkState::kClosed) close(); // OK: only a link that nobody closed is closed here
}

Status FieldbusLink::connect(int timeout_ms) {
  if (state_ == LinkState::kClosed)
    return Status::Error(StatusCode::kClosed, "fieldbus link closed; use a new link");
  if (state_ == LinkState::kConnected) return Status::Ok();
  int fd = dial_tcp(host_, port_, timeout_ms);
  if (fd < 0)
    return Status::Error(StatusCode::kUnavailable,
                         "fieldbus gateway " + host_ + ": " + std::strerror(errno));
  fd_ = fd;
  state_ = LinkState::kConnected;
  return Status::Ok();
}

Status FieldbusLink::send_frame(const Frame& frame) {
  if (state_ == LinkState::kClosed) throw std::runtime_error("fieldbus link closed");
  if (state_ != LinkState::kConnected)
    return Status::Error(StatusCode::kUnavailable, "fieldbus link not connected");
  std::vector<std::uint8_t> bytes = FrameCodec::encode(frame);
  std::size_t off = 0;
  while (off < bytes.size()) {
    ssize_t n = ::send(fd_, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::Error(StatusCode::kIoError, "fieldbus send failed");
    off += static_cast<std::size_t>(n);
  }
  return Status::Ok();
}

Result<Frame> FieldbusLink::receive_frame() {
  if (state_ == LinkState::kClosed) throw std::runtime_error("fieldbus link closed");
  if (state_ != LinkState::kConnected)
    return Status::Error(StatusCode::kUnavailable, "fieldbus link not connected");
  std::vector<std::uint8_t> buf(FrameCodec::kHeaderSize);
  Status st = read_exact(buf.data(), buf.size());
  if (!st.ok()) return st;
  std::size_t total = FrameCodec::expected_length(buf);
  if (total <= FrameCodec::kHeaderSize || total > 260)
    return Status::Error(StatusCode::kInvalid, "bad frame length");
  buf.resize(total);
  st = read_exact(buf.data() + FrameCodec::kHeaderSize, total - FrameCodec::kHeaderSize);
  if (!st.ok()) return st;
  return FrameCodec::decode(buf);
}

Status FieldbusLink::read_exact(std::uint8_t* out, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    ssize_t r = ::recv(fd_, out + got, n - got, 0);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      return Status::Error(StatusCode::kTimeout, "fieldbus reply timed out");
    if (r <= 0) return Status::Error(StatusCode::kIoError, "fieldbus gateway hung up");
    got += static_cast<std::size_t>(r);
  }
  return Status::Ok();
}

void FieldbusLink::close() {
  if (state_ == LinkState::kClosed) throw std::logic_error("fieldbus link closed twice");
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  state_ = LinkState::kClosed;
}

bool FieldbusLink::isOpen() const { return state_ == LinkState::kConnected; }

LinkState FieldbusLink::state() const { return state_; }

const std::string& FieldbusLink::peer() const { return host_; }

}  // namespace ww
