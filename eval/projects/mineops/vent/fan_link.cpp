// FanLink: serial link to one fan drive. close() resets fd_ to -1, the destructor only closes
// a descriptor that is still held, and speed commands refuse to run on a closed link.
#include "fan_link.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <utility>

FanLink::FanLink(int fanId, std::string device) : fanId_(fanId), device_(std::move(device)) {}

FanLink::~FanLink() {
    if (fd_ >= 0) ::close(fd_); // OK: close() sets fd_ to -1, so a closed link is skipped
}

Status FanLink::open() {
    if (fd_ >= 0) return Status::Ok();
    const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
    if (fd < 0) return Status::Error("fan " + std::to_string(fanId_) + ": cannot open " + device_ + ": " + std::strerror(errno));
    fd_ = fd;
    return Status::Ok();
}

void FanLink::close() {
    if (fd_ < 0) throw std::logic_error("fan " + std::to_string(fanId_) + " link already closed");
    ::close(fd_);
    fd_ = -1;
}

bool FanLink::is_open() const {
    return fd_ >= 0;
}

void FanLink::setRpm(int rpm) {
    if (fd_ < 0) throw std::runtime_error("fan " + std::to_string(fanId_) + " link closed");
    char cmd[32];
    const int n = std::snprintf(cmd, sizeof cmd, "SET %d\r", rpm);
    if (::write(fd_, cmd, static_cast<std::size_t>(n)) != n) {
        throw std::runtime_error("fan " + std::to_string(fanId_) + ": drive did not take the speed command");
    }
}

int FanLink::readRpm() {
    if (fd_ < 0) throw std::runtime_error("fan " + std::to_string(fanId_) + " link closed");
    static const char query[] = "RPM?\r";
    if (::write(fd_, query, sizeof query - 1) != static_cast<ssize_t>(sizeof query - 1)) {
        throw std::runtime_error("fan " + std::to_string(fanId_) + ": query failed");
    }
    char buf[32] = {0};
    const ssize_t n = ::read(fd_, buf, sizeof buf - 1);
    if (n <= 0) throw std::runtime_error("fan " + std::to_string(fanId_) + ": no reply from drive");
    return std::atoi(buf);
}

int FanLink::id() const {
    return fanId_;
}
