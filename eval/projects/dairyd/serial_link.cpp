// SerialLink: a raw serial port to a stall PLC, the rotary VFD, the chiller or the dosing unit.
// Every frame operation holds mu_ and throws once the link is closed; close() throws when called
// on a closed link, and the destructor only closes a descriptor that close() never released.
#include "serial_link.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <termios.h>
#include <unistd.h>
#include <utility>

SerialLink::SerialLink(std::string port) : port_(std::move(port)) {}

SerialLink::~SerialLink() {
    if (fd_ >= 0) ::close(fd_);   // OK: only reached when close() was never called; close() sets fd_ to -1
}

Status SerialLink::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ >= 0) return Status();
    const int fd = ::open(port_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return Status::error(Code::Io, "cannot open " + port_);
    termios tio{};
    if (::tcgetattr(fd, &tio) == 0) {
        ::cfmakeraw(&tio);
        ::cfsetispeed(&tio, B19200);
        ::cfsetospeed(&tio, B19200);
        ::tcsetattr(fd, TCSANOW, &tio);
    }
    fd_ = fd;
    return Status();
}

void SerialLink::close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::logic_error("serial link " + port_ + " closed twice");
    ::close(fd_);
    fd_ = -1;
}

bool SerialLink::is_open() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fd_ >= 0;
}

const std::string& SerialLink::port() const { return port_; }

void SerialLink::write_frame(const std::vector<std::uint8_t>& frame) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::runtime_error("serial link " + port_ + " closed");
    write_locked(frame);
}

std::vector<std::uint8_t> SerialLink::read_frame(int timeout_ms) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::runtime_error("serial link " + port_ + " closed");
    return read_locked(timeout_ms);
}

std::vector<std::uint8_t> SerialLink::transact(const std::vector<std::uint8_t>& request, int timeout_ms) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::runtime_error("serial link " + port_ + " closed");
    write_locked(request);
    return read_locked(timeout_ms);
}

void SerialLink::write_locked(const std::vector<std::uint8_t>& frame) {
    std::size_t done = 0;
    while (done < frame.size()) {
        const ssize_t n = ::write(fd_, frame.data() + done, frame.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error("serial write failed on " + port_);
        done += static_cast<std::size_t>(n);
    }
}

std::vector<std::uint8_t> SerialLink::read_locked(int timeout_ms) {
    pollfd p{fd_, POLLIN, 0};
    int rc = 0;
    do {
        rc = ::poll(&p, 1, timeout_ms);
    } while (rc < 0 && errno == EINTR);
    if (rc <= 0) return {};
    std::vector<std::uint8_t> buf(256);
    const ssize_t n = ::read(fd_, buf.data(), buf.size());
    if (n <= 0) return {};
    buf.resize(static_cast<std::size_t>(n));
    return buf;
}
