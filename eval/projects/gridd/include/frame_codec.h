// Text framing used by meters and concentrators on the head-end port:
// one frame per line, fields separated by '|', first field is the frame type.
#pragma once
#include <cstdint>
#include <string>

#include "reading.h"

namespace frames {

enum class Type { Hello, Reading, LastGasp, Restore, Tamper, CommandAck, Unknown };

struct Hello {
  std::string meterId;
  std::string concentratorId;   // empty when the meter talks to us directly
  bool isConcentrator = false;
  int protocol = 0;
};

constexpr int kProtocolVersion = 3;

Type peekType(const std::string &frame);
bool decodeHello(const std::string &frame, Hello &out);
bool decodeReading(const std::string &frame, Reading &out);
bool decodeOutage(const std::string &frame, OutageEvent &out);
bool decodeTamper(const std::string &frame, TamperAlarm &out);
bool decodeAck(const std::string &frame, std::string &meterId, std::uint32_t &seq);

std::string encodeCommand(const std::string &meterId, MeterCommand cmd, std::uint32_t seq);
std::string encodeWelcome(const std::string &meterId, std::int64_t serverTime);
std::string encodeReject(const std::string &meterId, const std::string &reason);
std::string encodeCredit(const std::string &meterId, std::uint32_t frames);
std::string encodeBillingEvent(const BillingEvent &ev);

} // namespace frames
