// EdiLink: TCP link to the customs EDI endpoint. open() tries three fresh sockets,
// send() writes a whole message under the link mutex, close() is final and refuses to
// run twice (the customs side logs a protocol violation on a second FIN otherwise).
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

#include "customs.h"

EdiLink::EdiLink(std::string host, int port) : host_(std::move(host)), port_(port) {}

EdiLink::~EdiLink() {
    if (state() != LinkState::Closed) close(); // OK: skipped when the gateway already closed the link
}

Status EdiLink::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == LinkState::Closed) return Status::error(ErrorCode::Closed, "edi link closed");
    if (state_ == LinkState::Open) return Status::success();
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1)
        return Status::error(ErrorCode::Invalid, "bad edi endpoint " + host_);
    for (int attempt = 0; attempt < 3; ++attempt) {
        int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) return Status::error(ErrorCode::Io, std::strerror(errno));
        if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
            fd_ = fd;
            state_ = LinkState::Open;
            return Status::success();
        }
        ::close(fd); // OK: a fresh socket is created on every attempt
    }
    return Status::error(ErrorCode::Unavailable, "customs endpoint " + host_ + " unreachable");
}

void EdiLink::send(const EdiMessage& msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == LinkState::Closed) throw std::runtime_error("edi link closed");
    if (state_ != LinkState::Open) throw std::runtime_error("edi link not open");
    std::string wire = msg.encode();
    std::size_t off = 0;
    while (off < wire.size()) {
        ssize_t n = ::send(fd_, wire.data() + off, wire.size() - off, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error(std::string("edi send: ") + std::strerror(errno));
        }
        off += static_cast<std::size_t>(n);
    }
    ++sent_;
}

void EdiLink::close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == LinkState::Closed) throw std::logic_error("edi link closed twice");
    if (fd_ >= 0) {
        ::shutdown(fd_, SHUT_WR);
        ::close(fd_);
        fd_ = -1;
    }
    state_ = LinkState::Closed;
}

LinkState EdiLink::state() const {
    std::lock_guard<std::mutex> lk(mu_);
    return state_;
}

bool EdiLink::isOpen() const {
    std::lock_guard<std::mutex> lk(mu_);
    return state_ == LinkState::Open;
}
