// FieldBus: the one RS-485 fieldbus shared by every valve and pump, reached through bus(). Every
// transaction holds mu_ and checks the descriptor first; close() goes through FdHandle::close(),
// which is idempotent, so the destructor's close() after the shutdown sequence closed the bus
// does nothing.
#include "field_bus.h"

#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace {
constexpr std::uint8_t kUnit = 1;
std::uint8_t hi(int v) { return static_cast<std::uint8_t>((v >> 8) & 0xFF); }
std::uint8_t lo(int v) { return static_cast<std::uint8_t>(v & 0xFF); }
}  // namespace

FieldBus& bus() {
    static FieldBus instance;
    return instance;
}

FieldBus::~FieldBus() { close(); }   // OK: FdHandle::close() is a no-op once the bus was closed

Status FieldBus::open(const std::string& device) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_.valid()) return Status();
    const int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return Status::error(Code::Io, "cannot open fieldbus " + device);
    fd_.reset(fd);
    device_ = device;
    return Status();
}

void FieldBus::close() {
    std::lock_guard<std::mutex> lk(mu_);
    fd_.close();
}

bool FieldBus::isOpen() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fd_.valid();
}

Status FieldBus::write_coil(int address, bool on) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fd_.valid()) throw std::runtime_error("field bus closed");
    const std::uint8_t req[6] = {kUnit, 0x05, hi(address), lo(address), static_cast<std::uint8_t>(on ? 0xFF : 0x00), 0x00};
    std::uint8_t resp[6] = {};
    return transact_locked(req, sizeof req, resp, sizeof resp);
}

Result<std::uint16_t> FieldBus::read_register(int address) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fd_.valid()) throw std::runtime_error("field bus closed");
    const std::uint8_t req[6] = {kUnit, 0x03, hi(address), lo(address), 0x00, 0x01};
    std::uint8_t resp[7] = {};
    Status st = transact_locked(req, sizeof req, resp, sizeof resp);
    if (!st.ok()) return st;
    return static_cast<std::uint16_t>((resp[3] << 8) | resp[4]);
}

Status FieldBus::transact_locked(const std::uint8_t* req, std::size_t len, std::uint8_t* resp, std::size_t resp_len) {
    fd_.write_all(req, len);   // OK: both callers hold mu_ and checked fd_.valid() first
    std::size_t got = 0;
    while (got < resp_len) {
        const std::size_t n = fd_.read_some(resp + got, resp_len - got);
        if (n == 0) return Status::error(Code::Io, "fieldbus: no reply on " + device_);
        got += n;
    }
    if (resp[1] != req[1]) return Status::error(Code::Io, "fieldbus: exception reply");
    return Status();
}
