// WeatherStation: UDP readings ("wind;gust;temp;snow"). receive() refuses a
// closed station; close() resets the FdHandle (idempotent). pushSnapshot()
// closes its TCP descriptor after sendSnapshot(), which has already closed
// it when the write failed.
#include "weather_station.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "fd_util.h"

namespace liftops {

std::string formatReading(const WeatherReading &r) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s wind %.0f gust %.0f km/h, %.1f C, %.0f cm new",
                r.station.c_str(), r.windKph, r.gustKph, r.tempC, r.snowCm);
  return buf;
}

WeatherStation::WeatherStation(std::string name, int port) : name_(std::move(name)), port_(port) {}

WeatherStation::~WeatherStation() = default;

Status WeatherStation::open() {
  if (sock_.valid())
    return Status::ok();
  int fd = openUdp(port_);
  if (fd < 0)
    return Status::error(Errc::Io, "cannot bind weather port " + std::to_string(port_));
  sock_.reset(fd);
  return Status::ok();
}

std::optional<WeatherReading> WeatherStation::receive() {
  if (!sock_.valid())
    throw std::runtime_error("weather station " + name_ + " is closed");
  char buf[512];
  ssize_t n = ::recv(sock_.get(), buf, sizeof buf - 1, MSG_DONTWAIT);
  if (n <= 0)
    return std::nullopt;
  buf[n] = '\0';
  WeatherReading reading;
  reading.station = name_;
  if (std::sscanf(buf, "%lf;%lf;%lf;%lf", &reading.windKph, &reading.gustKph, &reading.tempC,
                  &reading.snowCm) != 4)
    return std::nullopt;
  last_ = reading;
  return reading;
}

Status WeatherStation::pushSnapshot(const std::string &host, int port) {
  if (!last_)
    return Status::error(Errc::Invalid, name_ + " has no reading yet");
  int fd = connectTcp(host, port);
  if (fd < 0)
    return Status::error(Errc::Io, "cannot reach snapshot server " + host);
  Status st = sendSnapshot(fd, formatReading(*last_));
  if (!st.isOk())
    std::fprintf(stderr, "%s: %s\n", name_.c_str(), st.describe().c_str());
  ::close(fd); // BUG: double-close
  return st;
}

void WeatherStation::close() { sock_.reset(); }

} // namespace liftops
