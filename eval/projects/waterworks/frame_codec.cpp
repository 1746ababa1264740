// FrameCodec: Modbus/TCP (MBAP header + PDU) encoding of the two functions the
// plant uses. Pure data transformation, no descriptors involved.
#include "frame.h"

namespace ww {

namespace {

void put16(std::vector<std::uint8_t>& out, std::uint16_t v) {
  out.push_back(static_cast<std::uint8_t>(v >> 8));
  out.push_back(static_cast<std::uint8_t>(v & 0xff));
}

std::uint16_t get16(const std::vector<std::uint8_t>& in, std::size_t at) {
  return static_cast<std::uint16_t>((in[at] << 8) | in[at + 1]);
}

}  // namespace

std::vector<std::uint8_t> FrameCodec::encode(const Frame& frame) {
  std::vector<std::uint8_t> out;
  out.reserve(kHeaderSize + 1 + frame.payload.size());
  put16(out, frame.transaction_id);
  put16(out, 0);  // protocol id
  put16(out, static_cast<std::uint16_t>(frame.payload.size() + 2));
  out.push_back(frame.unit);
  out.push_back(frame.function);
  out.insert(out.end(), frame.payload.begin(), frame.payload.end());
  return out;
}

std::size_t FrameCodec::expected_length(const std::vector<std::uint8_t>& header) {
  if (header.size() < kHeaderSize) return 0;
  return 6 + static_cast<std::size_t>(get16(header, 4));
}

Result<Frame> FrameCodec::decode(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() < kHeaderSize + 1)
    return Status::Error(StatusCode::kInvalid, "frame shorter than its header");
  if (get16(bytes, 2) != 0) return Status::Error(StatusCode::kInvalid, "not a Modbus frame");
  if (expected_length(bytes) != bytes.size())
    return Status::Error(StatusCode::kInvalid, "frame length mismatch");
  Frame f;
  f.transaction_id = get16(bytes, 0);
  f.unit = bytes[6];
  f.function = bytes[7];
  f.payload.assign(bytes.begin() + 8, bytes.end());
  if (f.function & 0x80) {
    std::string code = f.payload.empty() ? "?" : std::to_string(f.payload[0]);
    return Status::Error(StatusCode::kIoError, "device exception " + code);
  }
  return f;
}

Frame FrameCodec::write_single_register(std::uint16_t tid, std::uint8_t unit, std::uint16_t addr,
                                        std::uint16_t value) {
  Frame f;
  f.transaction_id = tid;
  f.unit = unit;
  f.function = kWriteSingle;
  put16(f.payload, addr);
  put16(f.payload, value);
  return f;
}

Frame FrameCodec::read_holding_registers(std::uint16_t tid, std::uint8_t unit, std::uint16_t addr,
                                         std::uint16_t count) {
  Frame f;
  f.transaction_id = tid;
  f.unit = unit;
  f.function = kReadHolding;
  put16(f.payload, addr);
  put16(f.payload, count);
  return f;
}

Result<std::vector<std::uint16_t>> FrameCodec::parse_registers(const Frame& reply) {
  if (reply.function != kReadHolding)
    return Status::Error(StatusCode::kInvalid, "reply is not a register read");
  if (reply.payload.empty() || reply.payload[0] + 1u != reply.payload.size() ||
      reply.payload[0] % 2 != 0)
    return Status::Error(StatusCode::kInvalid, "bad register byte count");
  std::vector<std::uint16_t> regs;
  for (std::size_t i = 1; i + 1 < reply.payload.size(); i += 2) regs.push_back(get16(reply.payload, i));
  return regs;
}

}  // namespace ww
