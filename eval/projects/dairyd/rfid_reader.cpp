// RfidReader: the entrance cow-ID reader, a character device that delivers 8-byte tags. open()
// is a no-op when open; close() delegates to FdHandle::close(), which is idempotent; read_tag()
// throws once the reader is closed and polls with EINTR retries otherwise.
#include "rfid_reader.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <utility>

RfidReader::RfidReader(std::string device) : device_(std::move(device)) {}

Status RfidReader::open() {
    if (fd_.valid()) return Status();
    const int fd = ::open(device_.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return Status::error(Code::Io, "cannot open RFID reader " + device_);
    fd_.reset(fd);
    return Status();
}

void RfidReader::close() { fd_.close(); }

bool RfidReader::is_open() const { return fd_.valid(); }

std::optional<std::uint64_t> RfidReader::read_tag(int timeout_ms) {
    if (!fd_.valid()) throw std::runtime_error("rfid reader " + device_ + " closed");
    pollfd p{fd_.get(), POLLIN, 0};
    int rc = 0;
    do {
        rc = ::poll(&p, 1, timeout_ms);
    } while (rc < 0 && errno == EINTR);
    if (rc <= 0) return std::nullopt;
    unsigned char buf[16];
    const std::size_t n = fd_.read_some(buf, sizeof buf);   // OK: fd_ validated at entry and nothing here closes it
    if (n < 8) return std::nullopt;
    std::uint64_t tag = 0;
    for (std::size_t i = 0; i < 8; ++i) tag = (tag << 8) | buf[i];
    return tag;
}
