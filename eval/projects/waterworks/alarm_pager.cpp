// AlarmPager: one TCP connection to the paging gateway. page() and close()
// take the same mutex, so a page either completes before the close or sees the
// closed flag; close() is idempotent and also runs from the destructor.
#include "alarm_pager.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/socket.h>

namespace ww {

namespace {
constexpr int kPagerTimeoutMs = 3000;
}

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::kInfo: return "INFO";
    case Severity::kWarning: return "WARNING";
    case Severity::kCritical: return "CRITICAL";
  }
  return "?";
}

AlarmPager::AlarmPager(std::string gateway_host, std::uint16_t port)
    : host_(std::move(gateway_host)), port_(port) {}

AlarmPager::~AlarmPager() {
  close(); // OK: close() does nothing when the pager was already closed
}

Status AlarmPager::open() {
  std::lock_guard<std::mutex> lk(write_mu_);
  if (open_.load()) return Status::Ok();
  int fd = dial_tcp(host_, port_, kPagerTimeoutMs);
  if (fd < 0)
    return Status::Error(StatusCode::kUnavailable, "paging gateway: " + std::string(std::strerror(errno)));
  sock_.reset(fd); // OK: close() already released the previous descriptor, the handle is empty
  open_.store(true);
  return Status::Ok();
}

Status AlarmPager::page(const Alarm& alarm) {
  std::lock_guard<std::mutex> lk(write_mu_);
  if (!open_.load()) throw std::runtime_error("pager connection closed");
  std::string msg = "PAGE " + std::string(severity_name(alarm.severity)) + " " + alarm.source + " " +
                    alarm.text + "\r\n";
  std::size_t off = 0;
  while (off < msg.size()) {
    ssize_t n = ::send(sock_.get(), msg.data() + off, msg.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::Error(StatusCode::kIoError, "page not delivered");
    off += static_cast<std::size_t>(n);
  }
  return Status::Ok();
}

void AlarmPager::close() {
  std::lock_guard<std::mutex> lk(write_mu_);
  if (!open_.exchange(false)) return;
  sock_.close();
}

bool AlarmPager::is_open() const { return open_.load(); }

}  // namespace ww
