// SensorBus: RS-485 sensor network of one level. shutdown() lets exactly one caller close the
// descriptor (open_.exchange) and does it under mu_, the lock every query holds.
#include "sensor_bus.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <utility>

SensorBus::SensorBus(std::string device) : device_(std::move(device)) {}

SensorBus::~SensorBus() {
    shutdown();
}

Status SensorBus::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (open_.load()) return Status::Ok();
    const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
    if (fd < 0) return Status::Error("sensor bus " + device_ + ": " + std::strerror(errno));
    fd_ = fd;
    open_.store(true);
    return Status::Ok();
}

void SensorBus::shutdown() {
    if (!open_.exchange(false)) return;
    std::lock_guard<std::mutex> lk(mu_);
    ::close(fd_); // OK: only the caller that flipped open_ from true gets here
    fd_ = -1;
}

bool SensorBus::isOpen() const {
    return open_.load();
}

double SensorBus::read(Channel channel) {
    if (!open_.load()) throw std::runtime_error("sensor bus " + device_ + " shut down");
    std::lock_guard<std::mutex> lk(mu_);
    const uint8_t query = static_cast<uint8_t>(channel);
    if (::write(fd_, &query, 1) != 1) throw std::runtime_error("sensor bus " + device_ + ": query failed");
    char reply[32] = {0};
    const ssize_t n = ::read(fd_, reply, sizeof reply - 1);
    if (n <= 0) throw std::runtime_error("sensor bus " + device_ + ": no reply");
    return std::strtod(reply, nullptr);
}
