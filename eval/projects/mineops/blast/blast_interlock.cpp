// BlastInterlock: relay board of the blasting circuit. The board starts released; open()
// claims it and release() de-energises the relays and closes it again. Relay writes on a
// released board throw, and a second release() is refused.
#include "blast_interlock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace {
constexpr uint8_t kArmMask = 0x01;
constexpr uint8_t kFireMask = 0x03;
}  // namespace

BlastInterlock::BlastInterlock(std::string boardDevice) : device_(std::move(boardDevice)) {}

BlastInterlock::~BlastInterlock() {
    if (!released_ && fd_ >= 0) ::close(fd_); // OK: release() closes the board and sets released_, so it is never closed twice
}

Status BlastInterlock::open() {
    if (!released_) return Status::Ok();
    const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
    if (fd < 0) return Status::Error("blast interlock " + device_ + ": " + std::strerror(errno));
    fd_ = fd;
    released_ = false;
    armed_ = false;
    return Status::Ok();
}

void BlastInterlock::writeRelay(uint8_t mask) {
    if (released_) throw std::runtime_error("blast interlock board " + device_ + " released");
    if (::write(fd_, &mask, 1) != 1) throw std::runtime_error("blast interlock " + device_ + ": relay write failed");
}

Status BlastInterlock::arm(int permitId) {
    if (released_) return Status::Error("blast interlock board released");
    if (armed_) return Status::Error("interlock already armed for permit " + std::to_string(permit_));
    writeRelay(kArmMask);
    armed_ = true;
    permit_ = permitId;
    return Status::Ok();
}

Status BlastInterlock::fire() {
    if (!armed_) return Status::Error("blast interlock not armed");
    writeRelay(kFireMask);
    armed_ = false;
    permit_ = -1;
    return Status::Ok();
}

void BlastInterlock::disarm() {
    writeRelay(0);
    armed_ = false;
    permit_ = -1;
}

void BlastInterlock::release() {
    if (released_) throw std::logic_error("blast interlock board " + device_ + " already released");
    if (armed_) writeRelay(0); // OK: the board is still open here; the relays drop before it is closed
    ::close(fd_);
    fd_ = -1;
    released_ = true;
    armed_ = false;
    permit_ = -1;
}

bool BlastInterlock::released() const {
    return released_;
}

bool BlastInterlock::armed() const {
    return armed_;
}
