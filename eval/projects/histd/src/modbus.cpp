// Modbus/TCP request encoding and response validation.
#include "modbus.h"

namespace histd::modbus {
namespace {

void put16(std::vector<uint8_t> &out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v & 0xff));
}

uint16_t get16(const uint8_t *p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }

std::vector<uint8_t> frame(uint16_t txn, uint8_t unit, const std::vector<uint8_t> &pdu) {
  std::vector<uint8_t> out;
  out.reserve(kHeaderBytes + pdu.size());
  put16(out, txn);
  put16(out, 0);
  put16(out, static_cast<uint16_t>(pdu.size() + 1));
  out.push_back(unit);
  out.insert(out.end(), pdu.begin(), pdu.end());
  return out;
}

void checkException(const std::vector<uint8_t> &pdu, uint8_t function) {
  if (pdu.empty())
    throw ProtocolError("empty modbus response");
  if (pdu[0] == (function | 0x80)) {
    const int code = pdu.size() > 1 ? pdu[1] : -1;
    throw ProtocolError("modbus exception " + std::to_string(code) + " for function " +
                        std::to_string(function));
  }
  if (pdu[0] != function)
    throw ProtocolError("unexpected modbus function " + std::to_string(pdu[0]));
}

} // namespace

std::vector<uint8_t> readHoldingRequest(uint16_t txn, uint8_t unit, uint16_t start,
                                        uint16_t count) {
  std::vector<uint8_t> pdu{kReadHolding};
  put16(pdu, start);
  put16(pdu, count);
  return frame(txn, unit, pdu);
}

std::vector<uint8_t> writeCoilRequest(uint16_t txn, uint8_t unit, uint16_t addr, bool on) {
  std::vector<uint8_t> pdu{kWriteCoil};
  put16(pdu, addr);
  put16(pdu, on ? 0xFF00 : 0x0000);
  return frame(txn, unit, pdu);
}

std::vector<uint8_t> writeRegistersRequest(uint16_t txn, uint8_t unit, uint16_t start,
                                           const std::vector<uint16_t> &values) {
  if (values.empty() || values.size() > 123)
    throw std::invalid_argument("write of " + std::to_string(values.size()) + " registers");
  std::vector<uint8_t> pdu{kWriteRegisters};
  put16(pdu, start);
  put16(pdu, static_cast<uint16_t>(values.size()));
  pdu.push_back(static_cast<uint8_t>(values.size() * 2));
  for (uint16_t v : values)
    put16(pdu, v);
  return frame(txn, unit, pdu);
}

Header parseHeader(const uint8_t *bytes) {
  Header h;
  h.txn = get16(bytes);
  h.protocol = get16(bytes + 2);
  h.length = get16(bytes + 4);
  h.unit = bytes[6];
  if (h.protocol != 0)
    throw ProtocolError("not a modbus/tcp frame");
  if (h.length < 2 || h.length > 254)
    throw ProtocolError("bad modbus length " + std::to_string(h.length));
  return h;
}

std::vector<uint16_t> parseReadHolding(const std::vector<uint8_t> &pdu, uint16_t count) {
  checkException(pdu, kReadHolding);
  if (pdu.size() < 2 || pdu[1] != count * 2 || pdu.size() != 2u + count * 2u)
    throw ProtocolError("short read-holding response");
  std::vector<uint16_t> regs(count);
  for (uint16_t i = 0; i < count; ++i)
    regs[i] = get16(&pdu[2 + i * 2]);
  return regs;
}

void checkWriteResponse(const std::vector<uint8_t> &pdu, uint8_t function) {
  checkException(pdu, function);
  if (pdu.size() != 5)
    throw ProtocolError("bad write response length");
}

} // namespace histd::modbus
