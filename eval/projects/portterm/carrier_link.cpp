// CarrierLink: the radio socket to one straddle carrier. Jobs are written as text frames.
// disconnect() closes the socket without looking at alive_, so callers (and the
// destructor) check alive() first; reattach() adopts the socket of a new radio session.
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "status.h"
#include "straddle.h"

CarrierLink::CarrierLink(int carrier_id, int fd) : id_(carrier_id), fd_(fd), alive_(fd >= 0) {}

CarrierLink::~CarrierLink() {
    if (alive_) disconnect(); // OK: only a link that is still up is disconnected here
}

void CarrierLink::send_job(const CarrierJob& job) {
    if (!alive_) throw std::runtime_error("carrier link " + std::to_string(id_) + " is down");
    std::string frame = "JOB " + job.container + " " + job.from_slot + " " + job.to_slot + "\n";
    const char* p = frame.data();
    std::size_t left = frame.size();
    while (left > 0) {
        ssize_t n = ::write(fd_, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("carrier " + std::to_string(id_) + ": " + std::strerror(errno));
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
}

Status CarrierLink::heartbeat() {
    if (!alive_) return Status::error(ErrorCode::Closed, "carrier link " + std::to_string(id_) + " is down");
    static const char ping[] = "HB\n";
    for (;;) {
        ssize_t n = ::write(fd_, ping, sizeof ping - 1);
        if (n == static_cast<ssize_t>(sizeof ping - 1)) return Status::success();
        if (n < 0 && errno == EINTR) continue;
        int err = n < 0 ? errno : EIO;
        disconnect();   // the radio session is gone, free the socket
        return Status::error(ErrorCode::Unavailable, "carrier " + std::to_string(id_) + ": " + std::strerror(err));
    }
}

bool CarrierLink::alive() const { return alive_; }

void CarrierLink::disconnect() {
    alive_ = false;
    if (::close(fd_) != 0) log_line("carrier", "close failed for carrier " + std::to_string(id_) + ": " + std::strerror(errno));
}

void CarrierLink::reattach(int fd) {
    if (alive_) throw std::logic_error("carrier link " + std::to_string(id_) + " still attached");
    if (fd < 0) throw std::invalid_argument("carrier " + std::to_string(id_) + ": no radio session to attach");
    fd_ = fd;
    alive_ = true;
}

int CarrierLink::carrier_id() const { return id_; }
