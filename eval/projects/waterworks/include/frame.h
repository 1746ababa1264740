// Modbus/TCP frames exchanged with the field-bus gateway, and their codec.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "status.h"

namespace ww {

struct Frame {
  std::uint16_t transaction_id = 0;
  std::uint8_t unit = 0;
  std::uint8_t function = 0;
  std::vector<std::uint8_t> payload;
};

class FrameCodec {
 public:
  static constexpr std::uint8_t kReadHolding = 0x03;
  static constexpr std::uint8_t kWriteSingle = 0x06;
  static constexpr std::size_t kHeaderSize = 7;

  static std::vector<std::uint8_t> encode(const Frame& frame);
  static Result<Frame> decode(const std::vector<std::uint8_t>& bytes);
  // Total frame length announced by a header of kHeaderSize bytes.
  static std::size_t expected_length(const std::vector<std::uint8_t>& header);

  static Frame write_single_register(std::uint16_t tid, std::uint8_t unit, std::uint16_t addr,
                                     std::uint16_t value);
  static Frame read_holding_registers(std::uint16_t tid, std::uint8_t unit, std::uint16_t addr,
                                      std::uint16_t count);
  static Result<std::vector<std::uint16_t>> parse_registers(const Frame& reply);
};

}  // namespace ww
