// FieldBus: the RS-485 fieldbus shared by every valve and pump of the parlour and the CIP
// skid, reached from anywhere through the global accessor bus().
#pragma once
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

class FieldBus {
public:
    FieldBus() = default;
    ~FieldBus();
    FieldBus(const FieldBus&) = delete;
    FieldBus& operator=(const FieldBus&) = delete;

    Status open(const std::string& device);
    void close();                                     // idempotent
    bool isOpen() const;
    Status write_coil(int address, bool on);          // throws when the bus is closed
    Result<std::uint16_t> read_register(int address); // throws when the bus is closed

private:
    Status transact_locked(const std::uint8_t* req, std::size_t len, std::uint8_t* resp, std::size_t resp_len);

    mutable std::mutex mu_;
    FdHandle fd_;
    std::string device_;
};

FieldBus& bus();
