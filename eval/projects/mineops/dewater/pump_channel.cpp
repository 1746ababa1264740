// PumpChannel: Modbus RTU channel to one dewatering pump. close() swaps the descriptor out
// atomically, so exactly one caller gets to close it, and does so under mu_, the lock every
// read/write holds; I/O on a closed channel throws.
#include "pump_channel.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <utility>

PumpChannel::PumpChannel(int pumpId, std::string device) : pumpId_(pumpId), device_(std::move(device)) {}

PumpChannel::~PumpChannel() {
    const int fd = fd_.exchange(-1);
    if (fd >= 0) ::close(fd); // OK: close() swaps fd_ to -1 first, so an already-closed channel is skipped
}

Status PumpChannel::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_.load() >= 0) return Status::Ok();
    const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
    if (fd < 0) return Status::Error("pump " + std::to_string(pumpId_) + ": " + std::strerror(errno));
    fd_.store(fd);
    return Status::Ok();
}

void PumpChannel::close() {
    const int fd = fd_.exchange(-1);
    if (fd < 0) throw std::logic_error("pump " + std::to_string(pumpId_) + " channel already closed");
    std::lock_guard<std::mutex> lk(mu_);
    ::close(fd); // OK: only the caller that swapped a valid descriptor out of fd_ closes it
}

bool PumpChannel::isOpen() const {
    return fd_.load() >= 0;
}

double PumpChannel::readLevel() {
    std::lock_guard<std::mutex> lk(mu_);
    const int fd = fd_.load();
    if (fd < 0) throw std::runtime_error("pump " + std::to_string(pumpId_) + " channel closed");
    static const char query[] = "LVL?\r";
    if (::write(fd, query, sizeof query - 1) != static_cast<ssize_t>(sizeof query - 1)) {
        throw std::runtime_error("pump " + std::to_string(pumpId_) + ": level query failed");
    }
    char reply[32] = {0};
    const ssize_t n = ::read(fd, reply, sizeof reply - 1);
    if (n <= 0) throw std::runtime_error("pump " + std::to_string(pumpId_) + ": no level reply");
    return std::strtod(reply, nullptr);
}

void PumpChannel::setRunning(bool on) {
    std::lock_guard<std::mutex> lk(mu_);
    const int fd = fd_.load();
    if (fd < 0) throw std::runtime_error("pump " + std::to_string(pumpId_) + " channel closed");
    const char* cmd = on ? "RUN\r" : "STOP\r";
    const std::size_t len = std::strlen(cmd);
    if (::write(fd, cmd, len) != static_cast<ssize_t>(len)) {
        throw std::runtime_error("pump " + std::to_string(pumpId_) + ": contactor command failed");
    }
}

int PumpChannel::id() const {
    return pumpId_;
}
