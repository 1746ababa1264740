// CameraStream: TCP session with one underwater camera bridge. Frames and stills
// are requested over the same socket under mu_. disconnect() is not idempotent:
// a second call is a caller error and throws.
#include "camera_stream.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <stdexcept>
#include <utility>

CameraStream::CameraStream(int id, std::string host, std::uint16_t port)
    : id_(id), host_(std::move(host)), port_(port), connected_(false), frames_(0) {}

CameraStream::~CameraStream() {
  if (connected()) disconnect();  // OK: guarded; nobody else can reach the stream once its last owner is gone
}

Status CameraStream::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (connected_) return Status::Ok();
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return Status::Error(Errc::Io, "socket() failed for camera " + std::to_string(id_));
  FdHandle guard(s);
  timeval tv{3, 0};
  ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port_);
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1) {
    return Status::Error(Errc::Invalid, "bad camera address " + host_);
  }
  if (::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    return Status::Error(Errc::Io, "camera " + std::to_string(id_) + " unreachable");
  }
  sock_ = std::move(guard);
  connected_ = true;
  return Status::Ok();
}

Result<std::string> CameraStream::read_chunk_locked(const char* request) {
  const std::string req(request);
  if (::send(sock_.get(), req.data(), req.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(req.size())) {
    return Status::Error(Errc::Io, "camera request failed");
  }
  char buf[4096];
  ssize_t n = ::recv(sock_.get(), buf, sizeof buf, 0);
  if (n <= 0) return Status::Error(Errc::Timeout, "camera " + std::to_string(id_) + " sent nothing");
  ++frames_;
  return "cam" + std::to_string(id_) + "#" + std::to_string(frames_) + " " + std::to_string(n) + "B";
}

Result<std::string> CameraStream::next_frame() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_) throw std::runtime_error("camera stream disconnected");
  return read_chunk_locked("FRAME\n");
}

Result<std::string> CameraStream::grab_still() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_) throw std::runtime_error("camera stream disconnected");
  return read_chunk_locked("STILL\n");
}

void CameraStream::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_) throw std::logic_error("camera stream not connected: " + std::to_string(id_));
  connected_ = false;
  sock_.close();
}

bool CameraStream::connected() const {
  std::lock_guard<std::mutex> lk(mu_);
  return connected_;
}

int CameraStream::id() const { return id_; }

std::uint64_t CameraStream::frames() const {
  std::lock_guard<std::mutex> lk(mu_);
  return frames_;
}
