// HoistPlcClient: Modbus/TCP client for the hoist PLC. Every register access and every
// close of the socket happens under mu_, and register access checks connected_ there.
// reconnect() tears the old socket down and redials with a growing back-off.
#include "hoist_plc.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <utility>

namespace {
constexpr auto kBackoff = std::chrono::milliseconds(200);
constexpr uint8_t kUnitId = 1;

void putU16(uint8_t* p, uint16_t v) {
    p[0] = static_cast<uint8_t>(v >> 8);
    p[1] = static_cast<uint8_t>(v & 0xff);
}
}  // namespace

HoistPlcClient::HoistPlcClient(std::string host, uint16_t port) : host_(std::move(host)), port_(port) {}

HoistPlcClient::~HoistPlcClient() {
    disconnect();
}

int HoistPlcClient::dial() const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port_);
    if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1 ||
        ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

Status HoistPlcClient::connect() {
    std::lock_guard<std::mutex> lk(mu_);
    if (connected_.load()) return Status::Ok();
    const int fd = dial();
    if (fd < 0) return Status::Error("hoist PLC " + host_ + " unreachable");
    fd_ = fd;
    connected_.store(true);
    return Status::Ok();
}

Status HoistPlcClient::reconnect(int attempts) {
    std::lock_guard<std::mutex> lk(mu_);
    const int stale = fd_;
    connected_.store(false);
    for (int attempt = 0; attempt < attempts; ++attempt) {
        if (stale >= 0) ::close(stale); // BUG: double-close
        const int fd = dial();
        if (fd >= 0) {
            fd_ = fd;
            connected_.store(true);
            return Status::Ok();
        }
        std::this_thread::sleep_for(kBackoff * (attempt + 1));
    }
    fd_ = -1;
    return Status::Error("hoist PLC " + host_ + " did not answer after " + std::to_string(attempts) + " attempts");
}

void HoistPlcClient::disconnect() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ >= 0) ::close(fd_); // OK: fd_ is reset to -1 under the same lock, so a second disconnect() closes nothing
    fd_ = -1;
    connected_.store(false);
}

bool HoistPlcClient::isConnected() const {
    return connected_.load();
}

Status HoistPlcClient::writeRegister(uint16_t addr, uint16_t value) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_.load()) return Status::Error("hoist PLC link down");
    uint8_t frame[12];
    putU16(frame, ++transaction_);
    putU16(frame + 2, 0);
    putU16(frame + 4, 6);
    frame[6] = kUnitId;
    frame[7] = 0x06;  // write single register
    putU16(frame + 8, addr);
    putU16(frame + 10, value);
    if (::send(fd_, frame, sizeof frame, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof frame)) { // OK: connected_ checked under mu_, which disconnect() also holds
        return Status::Error("hoist PLC write failed");
    }
    uint8_t reply[12];
    if (::recv(fd_, reply, sizeof reply, MSG_WAITALL) != static_cast<ssize_t>(sizeof reply)) {
        return Status::Error("hoist PLC did not acknowledge register " + std::to_string(addr));
    }
    return Status::Ok();
}

Result<uint16_t> HoistPlcClient::readRegister(uint16_t addr) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_.load()) return Status::Error("hoist PLC link down");
    uint8_t frame[12];
    putU16(frame, ++transaction_);
    putU16(frame + 2, 0);
    putU16(frame + 4, 6);
    frame[6] = kUnitId;
    frame[7] = 0x03;  // read holding registers
    putU16(frame + 8, addr);
    putU16(frame + 10, 1);
    if (::send(fd_, frame, sizeof frame, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof frame)) {
        return Status::Error("hoist PLC read request failed");
    }
    uint8_t reply[11];
    if (::recv(fd_, reply, sizeof reply, MSG_WAITALL) != static_cast<ssize_t>(sizeof reply)) {
        return Status::Error("hoist PLC read of register " + std::to_string(addr) + " timed out");
    }
    return static_cast<uint16_t>((reply[9] << 8) | reply[10]);
}
