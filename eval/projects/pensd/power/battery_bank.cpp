// BatteryBank: talks to the battery management daemon over its local socket.
// finish() opens the main contactor and closes the socket; it is not
// idempotent. The destructor finishes the bank on the way out.
#include "battery_bank.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <utility>

BatteryBank::BatteryBank(std::string can_iface, double capacity_kwh)
    : iface_(std::move(can_iface)), capacity_kwh_(capacity_kwh), finished_(false) {
  const int s = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (s < 0) return;
  FdHandle sock(s);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const std::string path = "/run/bms-" + iface_ + ".sock";
  std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
  if (::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) can_ = std::move(sock);
}

BatteryBank::~BatteryBank() {
  finish();  // BUG: double-close
}

const char* BatteryBank::name() const { return "battery"; }

Result<double> BatteryBank::query_locked(const char* what) {
  if (!can_.valid()) return Status::Error(Errc::Io, "bms daemon not reachable on " + iface_);
  const std::string req = std::string(what) + "\n";
  if (::send(can_.get(), req.data(), req.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(req.size())) {
    return Status::Error(Errc::Io, "bms request failed");
  }
  char buf[64] = {0};
  if (::recv(can_.get(), buf, sizeof buf - 1, 0) <= 0) return Status::Error(Errc::Timeout, "bms silent");
  return std::strtod(buf, nullptr);
}

Result<double> BatteryBank::output_kw() {
  std::lock_guard<std::mutex> lk(mu_);
  if (finished_) throw std::runtime_error("battery bank finished");
  return query_locked("P?");
}

Result<double> BatteryBank::state_of_charge() {
  std::lock_guard<std::mutex> lk(mu_);
  if (finished_) throw std::runtime_error("battery bank finished");
  Result<double> kwh = query_locked("E?");
  if (!kwh.ok()) return kwh;
  return kwh.value() / capacity_kwh_;
}

void BatteryBank::close() { finish(); }

bool BatteryBank::alive() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !finished_;
}

void BatteryBank::finish() {
  std::lock_guard<std::mutex> lk(mu_);
  if (finished_) throw std::logic_error("battery bank already finished");
  if (can_.valid()) {
    static const char kOpen[] = "CONTACTOR OPEN\n";
    (void)::send(can_.get(), kOpen, sizeof kOpen - 1, MSG_NOSIGNAL);
  }
  can_.close();
  finished_ = true;
}
