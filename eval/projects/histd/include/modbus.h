// Modbus/TCP framing for the handful of function codes the pollers use.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace histd {

class ProtocolError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

namespace modbus {

constexpr std::size_t kHeaderBytes = 7;
constexpr uint8_t kReadHolding = 0x03;
constexpr uint8_t kWriteCoil = 0x05;
constexpr uint8_t kWriteRegisters = 0x10;

struct Header {
  uint16_t txn = 0;
  uint16_t protocol = 0;
  uint16_t length = 0;
  uint8_t unit = 0;
};

std::vector<uint8_t> readHoldingRequest(uint16_t txn, uint8_t unit, uint16_t start,
                                        uint16_t count);
std::vector<uint8_t> writeCoilRequest(uint16_t txn, uint8_t unit, uint16_t addr, bool on);
std::vector<uint8_t> writeRegistersRequest(uint16_t txn, uint8_t unit, uint16_t start,
                                           const std::vector<uint16_t> &values);

Header parseHeader(const uint8_t *bytes);
/// Validates a read-holding response PDU and returns its registers.
std::vector<uint16_t> parseReadHolding(const std::vector<uint8_t> &pdu, uint16_t count);
/// Validates the echo a PLC sends back for a write request.
void checkWriteResponse(const std::vector<uint8_t> &pdu, uint8_t function);

} // namespace modbus
} // namespace histd
