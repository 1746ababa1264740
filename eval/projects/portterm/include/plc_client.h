// CranePlcClient: register-level TCP client for one ship-to-shore crane PLC.
// disconnect() is transient (connect()/reconnect() bring it back); close() is final,
// after it every call throws, and a second close() is a logic error.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

#include "raii.h"
#include "status.h"

enum class PlcState { Disconnected, Connected, Closed };

class CranePlcClient {
public:
    CranePlcClient(std::string host, int port, int crane_id);
    ~CranePlcClient();
    CranePlcClient(const CranePlcClient&) = delete;
    CranePlcClient& operator=(const CranePlcClient&) = delete;

    Status connect();
    Status reconnect(int attempts = 3);   // leaves the client disconnected when it gives up
    void disconnect();
    Result<std::uint16_t> read_register(std::uint16_t addr);
    Status write_register(std::uint16_t addr, std::uint16_t value);
    void close();

    PlcState state() const;
    bool is_closed() const;
    int crane_id() const;

private:
    void require_usable(const char* op) const;
    Status transact(const std::uint8_t* req, std::size_t req_len, std::uint8_t* resp, std::size_t resp_len);

    std::string host_;
    int port_;
    int crane_id_;
    FdHandle sock_;
    std::atomic<PlcState> state_{PlcState::Disconnected};
    std::mutex io_mu_;
};

// Register map shared by the controller and the telemetry pump.
constexpr std::uint16_t kTargetBayReg = 0x0100;
constexpr std::uint16_t kTargetRowReg = 0x0101;
constexpr std::uint16_t kTargetTierReg = 0x0102;
constexpr std::uint16_t kSpreaderLockReg = 0x0110;
constexpr std::uint16_t kTrolleyParkReg = 0x0120;
constexpr std::uint16_t kBoomReg = 0x0121;
constexpr std::uint16_t kBoomUp = 1;
constexpr std::uint16_t kHoistLoadReg = 0x0200;
constexpr std::uint16_t kCycleCountReg = 0x0201;
