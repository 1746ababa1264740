// ScadaUplink: events go to the SCADA master as "topic|source|value|text"
// lines. disconnect() is idempotent; reconnect() replaces the socket.
#include "scada_uplink.h"

#include <cerrno>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace ww {

namespace {
constexpr int kScadaTimeoutMs = 2000;
}

ScadaUplink::ScadaUplink(std::string master_host, std::uint16_t port)
    : host_(std::move(master_host)), port_(port) {}

ScadaUplink::~ScadaUplink() {
  disconnect(); // OK: disconnect() is idempotent, FdHandle::close() skips an empty handle
}

Status ScadaUplink::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (connected_.load()) return Status::Ok();
  int fd = dial_tcp(host_, port_, kScadaTimeoutMs);
  if (fd < 0) return Status::Error(StatusCode::kUnavailable, "scada master unreachable");
  sock_.reset(fd); // OK: reset() closes only what the handle still owns; nothing else closed it
  connected_.store(true);
  return Status::Ok();
}

Status ScadaUplink::forward(const Event& e) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_.load()) throw std::runtime_error("scada uplink closed");
  std::string line = e.topic + "|" + e.source + "|" + std::to_string(e.value) + "|" + e.text + "\n";
  std::size_t off = 0;
  while (off < line.size()) {
    ssize_t n = ::send(sock_.get(), line.data() + off, line.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::Error(StatusCode::kIoError, "scada send failed");
    off += static_cast<std::size_t>(n);
  }
  return Status::Ok();
}

Status ScadaUplink::reconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  ::shutdown(sock_.get(), SHUT_RDWR);
  ::close(sock_.get());
  sock_.reset(dial_tcp(host_, port_, kScadaTimeoutMs)); // BUG: double-close #uplink_reset
  connected_.store(sock_.valid());
  if (!sock_.valid()) return Status::Error(StatusCode::kUnavailable, "scada master unreachable");
  return Status::Ok();
}

void ScadaUplink::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  connected_.store(false);
  sock_.close();
}

bool ScadaUplink::connected() const { return connected_.load(); }

}  // namespace ww
