// GeneratorLink: Modbus/TCP link to the generator controller. The constructor
// starts the heartbeat thread the controller needs to stay in remote mode.
// teardown() is idempotent: the first call stops and joins the heartbeat,
// then closes the socket (retrying only a close interrupted by a signal).
#include "generator_link.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <utility>

namespace {

void frame_for(unsigned char* f, std::uint8_t fn, std::uint16_t reg, std::uint16_t arg) {
  const unsigned char head[7] = {0, 1, 0, 0, 0, 6, 1};
  for (int i = 0; i < 7; ++i) f[i] = head[i];
  f[7] = fn;
  f[8] = static_cast<unsigned char>(reg >> 8);
  f[9] = static_cast<unsigned char>(reg & 0xff);
  f[10] = static_cast<unsigned char>(arg >> 8);
  f[11] = static_cast<unsigned char>(arg & 0xff);
}

}  // namespace

GeneratorLink::GeneratorLink(std::string host, std::uint16_t unit)
    : host_(std::move(host)), unit_(unit), beating_(true), torn_down_(false) {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s >= 0) {
    FdHandle sock(s);
    timeval tv{1, 0};
    ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(502);
    if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) == 1 &&
        ::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
      modbus_ = std::move(sock);
    }
  }
  heartbeat_ = std::thread([this] { heartbeat_loop(); });
}

GeneratorLink::~GeneratorLink() {
  teardown();  // OK: idempotent, a no-op after PowerController::shutdown() closed this source
}

const char* GeneratorLink::name() const { return "generator"; }

Result<double> GeneratorLink::read_input_locked(std::uint16_t reg) {
  if (!modbus_.valid()) return Status::Error(Errc::Io, "generator " + host_ + " not reachable");
  unsigned char req[12];
  frame_for(req, 0x04, reg, 1);
  req[6] = static_cast<unsigned char>(unit_);
  if (::send(modbus_.get(), req, sizeof req, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof req)) {
    return Status::Error(Errc::Io, "generator request failed");
  }
  unsigned char reply[11];
  if (::recv(modbus_.get(), reply, sizeof reply, 0) < 11) return Status::Error(Errc::Timeout, "generator silent");
  return static_cast<double>((reply[9] << 8) | reply[10]) / 10.0;
}

Result<double> GeneratorLink::output_kw() {
  std::lock_guard<std::mutex> lk(mu_);
  if (torn_down_) throw std::runtime_error("generator link torn down");
  return read_input_locked(30010);
}

Result<double> GeneratorLink::read_rpm() {
  std::lock_guard<std::mutex> lk(mu_);
  if (torn_down_) throw std::runtime_error("generator link torn down");
  return read_input_locked(30005);
}

void GeneratorLink::close() { teardown(); }

bool GeneratorLink::alive() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !torn_down_ && modbus_.valid();
}

void GeneratorLink::heartbeat_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (beating_.load()) {
    unsigned char ping[12];
    frame_for(ping, 0x06, 40100, 1);
    if (modbus_.valid()) (void)::send(modbus_.get(), ping, sizeof ping, MSG_NOSIGNAL);  // OK: teardown() joins this thread before it closes modbus_
    cv_.wait_for(lk, std::chrono::seconds(1), [this] { return !beating_.load(); });
  }
}

void GeneratorLink::teardown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (torn_down_) return;
    torn_down_ = true;
    beating_.store(false);
  }
  cv_.notify_all();
  if (heartbeat_.joinable()) heartbeat_.join();
  const int fd = modbus_.release();
  if (fd >= 0) {
    while (::close(fd) == -1 && errno == EINTR) {  // OK: a second close only after an interrupted one
    }
  }
}
