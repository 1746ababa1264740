// CranePlcClient: a small register protocol over TCP to the crane PLC. The socket lives
// in an FdHandle; disconnect() drops it until the next connect(), close() ends the client.
// reconnect() retries with back-off; when the PLC stays unreachable the client is left
// disconnected (not closed) so that a later reconnect() can still bring it back.
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#include "plc_client.h"

CranePlcClient::CranePlcClient(std::string host, int port, int crane_id)
    : host_(std::move(host)), port_(port), crane_id_(crane_id) {}

CranePlcClient::~CranePlcClient() {
    if (state_.load() != PlcState::Closed) close(); // OK: skipped when an owner already closed the client
}

void CranePlcClient::require_usable(const char* op) const {
    if (state_.load() == PlcState::Closed)
        throw std::runtime_error("plc client " + std::to_string(crane_id_) + " closed: " + op);
}

Status CranePlcClient::connect() {
    require_usable("connect");
    std::lock_guard<std::mutex> lk(io_mu_);
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return Status::error(ErrorCode::Io, std::strerror(errno));
    FdHandle sock(fd);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1)
        return Status::error(ErrorCode::Invalid, "bad plc address " + host_);
    if (::connect(sock.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
        return Status::error(ErrorCode::Unavailable, "plc " + host_ + ": " + std::strerror(errno));
    sock_.reset(sock.release()); // OK: ownership moves to sock_, the local handle no longer closes it
    state_ = PlcState::Connected;
    return Status::success();
}

void CranePlcClient::disconnect() {
    std::lock_guard<std::mutex> lk(io_mu_);
    if (state_.load() != PlcState::Connected) return;
    sock_.close();
    state_ = PlcState::Disconnected;
}

Status CranePlcClient::reconnect(int attempts) {
    require_usable("reconnect");
    disconnect();
    Status last = Status::error(ErrorCode::Unavailable, "no attempt made");
    for (int i = 0; i < attempts; ++i) {
        last = connect(); // OK: disconnect() is transient, connect() reopens the session
        if (last.ok()) return last;
        std::this_thread::sleep_for(std::chrono::milliseconds(200 * (i + 1)));
    }
    return Status::error(ErrorCode::Unavailable, "plc " + std::to_string(crane_id_) + " unreachable: " + last.message());
}

Status CranePlcClient::transact(const std::uint8_t* req, std::size_t req_len, std::uint8_t* resp,
                                std::size_t resp_len) {
    std::size_t off = 0;
    while (off < req_len) {
        ssize_t n = ::send(sock_.get(), req + off, req_len - off, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            return Status::error(ErrorCode::Io, std::strerror(errno));
        }
        off += static_cast<std::size_t>(n);
    }
    off = 0;
    while (off < resp_len) {
        ssize_t n = ::recv(sock_.get(), resp + off, resp_len - off, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            return Status::error(ErrorCode::Io, std::strerror(errno));
        }
        if (n == 0) return Status::error(ErrorCode::Unavailable, "plc closed the connection");
        off += static_cast<std::size_t>(n);
    }
    return Status::success();
}

Result<std::uint16_t> CranePlcClient::read_register(std::uint16_t addr) {
    require_usable("read_register");
    std::lock_guard<std::mutex> lk(io_mu_);
    if (state_.load() != PlcState::Connected) return Status::error(ErrorCode::Unavailable, "plc not connected");
    const std::uint8_t req[5] = {0x03, static_cast<std::uint8_t>(addr >> 8), static_cast<std::uint8_t>(addr & 0xff), 0,
                                 1};
    std::uint8_t resp[4] = {};
    Status st = transact(req, sizeof req, resp, sizeof resp);
    if (!st.ok()) return st;
    if (resp[0] != 0x03) return Status::error(ErrorCode::Io, "plc exception response");
    return static_cast<std::uint16_t>((resp[2] << 8) | resp[3]);
}

Status CranePlcClient::write_register(std::uint16_t addr, std::uint16_t value) {
    require_usable("write_register");
    std::lock_guard<std::mutex> lk(io_mu_);
    if (state_.load() != PlcState::Connected) return Status::error(ErrorCode::Unavailable, "plc not connected");
    const std::uint8_t req[5] = {0x06, static_cast<std::uint8_t>(addr >> 8), static_cast<std::uint8_t>(addr & 0xff),
                                 static_cast<std::uint8_t>(value >> 8), static_cast<std::uint8_t>(value & 0xff)};
    std::uint8_t resp[4] = {};
    Status st = transact(req, sizeof req, resp, sizeof resp);
    if (!st.ok()) return st;
    if (resp[0] != 0x06) return Status::error(ErrorCode::Invalid, "plc rejected register write");
    return Status::success();
}

void CranePlcClient::close() {
    std::lock_guard<std::mutex> lk(io_mu_);
    if (state_.load() == PlcState::Closed)
        throw std::logic_error("plc client " + std::to_string(crane_id_) + " closed twice");
    sock_.close();
    state_ = PlcState::Closed;
}

PlcState CranePlcClient::state() const { return state_.load(); }

bool CranePlcClient::is_closed() const { return state_.load() == PlcState::Closed; }

int CranePlcClient::crane_id() const { return crane_id_; }
