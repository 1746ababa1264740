// RdsInjector: programme service name and radiotext for the RDS encoder, as
// text commands on its serial port. Correct as written: every method takes
// the lock and checks out_, and close() nulls it.
#include "rds_injector.h"

#include <stdexcept>
#include <utility>

RdsInjector::RdsInjector(std::string port) : port_(std::move(port)) {}

RdsInjector::~RdsInjector() {
  close(); // OK: close() is a no-op once out_ is null
}

bool RdsInjector::open() {
  std::lock_guard<std::mutex> lock(mu_);
  if (out_)
    return true;
  out_ = std::fopen(port_.c_str(), "w");
  if (!out_)
    return false;
  std::setvbuf(out_, nullptr, _IOLBF, 0);
  return true;
}

void RdsInjector::apply(const DeviceCommand &cmd) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!out_)
    throw std::runtime_error("RDS encoder " + port_ + " closed");
  if (cmd.verb == "ps")
    std::fprintf(out_, "DPS1=%.8s\r\n", cmd.text.c_str());
  else if (cmd.verb == "rt")
    std::fprintf(out_, "TEXT=%.64s\r\n", cmd.text.c_str());
  else if (cmd.verb == "pty")
    std::fprintf(out_, "PTY=%d\r\n", cmd.value);
}

void RdsInjector::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!out_)
    return;
  std::fputs("DPS1=        \r\n", out_);
  std::fclose(out_);
  out_ = nullptr;
}

bool RdsInjector::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return out_ != nullptr;
}
