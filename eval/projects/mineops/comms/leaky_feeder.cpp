// LeakyFeederGateway: the leaky-feeder head-end on a serial device. Every I/O path and
// close() take ioMu_ and check state_ under it, so a send or poll never reaches a closed
// descriptor: it throws instead. close() refuses to run twice.
#include "leaky_feeder.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>

LeakyFeederGateway::LeakyFeederGateway(std::string device) : device_(std::move(device)) {}

LeakyFeederGateway::~LeakyFeederGateway() {
    if (state_.load() != GatewayState::Closed && fd_ >= 0) ::close(fd_); // OK: close() moves state_ to Closed, so this only runs for a head-end still held open
}

Status LeakyFeederGateway::open() {
    std::lock_guard<std::mutex> lk(ioMu_);
    if (state_.load() == GatewayState::Open) return Status::Ok();
    if (state_.load() == GatewayState::Faulted) {
        ::close(fd_);
        fd_ = -1;
        state_.store(GatewayState::Closed);
    }
    const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) return Status::Error("cannot open leaky feeder head-end " + device_ + ": " + std::strerror(errno));
    fd_ = fd;
    state_.store(GatewayState::Open);
    return Status::Ok();
}

void LeakyFeederGateway::close() {
    std::lock_guard<std::mutex> lk(ioMu_);
    if (state_.load() == GatewayState::Closed) {
        throw std::logic_error("leaky feeder gateway " + device_ + " already closed");
    }
    ::close(fd_);
    fd_ = -1;
    state_.store(GatewayState::Closed);
}

void LeakyFeederGateway::send(const Frame& frame) {
    std::lock_guard<std::mutex> lk(ioMu_);
    if (state_.load() != GatewayState::Open) {
        throw std::runtime_error("leaky feeder gateway " + device_ + " closed");
    }
    const std::string line =
        std::to_string(frame.tagId) + ";" + std::to_string(frame.zone) + ";" + frame.payload + "\n";
    const ssize_t n = ::write(fd_, line.data(), line.size());
    if (n != static_cast<ssize_t>(line.size())) {
        state_.store(GatewayState::Faulted);
        throw std::runtime_error("leaky feeder head-end " + device_ + ": write failed");
    }
}

std::optional<Frame> LeakyFeederGateway::poll() {
    std::lock_guard<std::mutex> lk(ioMu_);
    if (state_.load() != GatewayState::Open) {
        throw std::runtime_error("leaky feeder gateway " + device_ + " closed");
    }
    char buf[256];
    const ssize_t n = ::read(fd_, buf, sizeof buf - 1);
    if (n <= 0) return std::nullopt;  // EAGAIN: nothing pending on the cable
    buf[n] = '\0';

    unsigned tag = 0;
    int zone = -1;
    char payload[200] = {0};
    if (std::sscanf(buf, "%u;%d;%199[^\n]", &tag, &zone, payload) < 2) return std::nullopt;
    Frame frame;
    frame.tagId = tag;
    frame.zone = zone;
    frame.payload = payload;
    return frame;
}

GatewayState LeakyFeederGateway::state() const {
    return state_.load();
}

bool LeakyFeederGateway::isOpen() const {
    return state_.load() == GatewayState::Open;
}
