// ControlRoomLink: TCP link to the surface control room. connect(), disconnect() and send()
// all run under mu_ and check connected_ there, so the socket is closed once per connection
// and never written after it is closed (send() throws instead).
#include "control_room.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

ControlRoomLink::ControlRoomLink(std::string host, uint16_t port) : host_(std::move(host)), port_(port) {}

ControlRoomLink::~ControlRoomLink() {
    disconnect();
}

Status ControlRoomLink::connect() {
    std::lock_guard<std::mutex> lk(mu_);
    if (connected_.load()) return Status::Ok();
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return Status::Error(std::string("socket: ") + std::strerror(errno));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port_);
    if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1 ||
        ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        const int err = errno;
        ::close(fd); // OK: the failed socket never reached fd_, and we return right away
        return Status::Error("control room " + host_ + " unreachable: " + std::strerror(err));
    }
    fd_ = fd;
    connected_.store(true);
    return Status::Ok();
}

void ControlRoomLink::disconnect() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_.load()) return;
    ::close(fd_); // OK: connected_ is checked and cleared under the same lock, so this runs once per connection
    fd_ = -1;
    connected_.store(false);
}

bool ControlRoomLink::isConnected() const {
    return connected_.load();
}

Status ControlRoomLink::send(const std::string& line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_.load()) throw std::runtime_error("control room link to " + host_ + " disconnected");
    const std::string framed = line + "\r\n";
    const char* p = framed.data();
    std::size_t left = framed.size();
    while (left > 0) {
        const ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Status::Error("control room " + host_ + ": send failed: " + std::strerror(errno));
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return Status::Ok();
}
