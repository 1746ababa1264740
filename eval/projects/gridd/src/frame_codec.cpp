// Encoding and decoding of the line-oriented meter protocol.
#include "frame_codec.h"

#include <cstdlib>
#include <vector>

const char *commandName(MeterCommand cmd) {
  switch (cmd) {
  case MeterCommand::Disconnect:
    return "disconnect";
  case MeterCommand::Reconnect:
    return "reconnect";
  case MeterCommand::ReadNow:
    return "read-now";
  case MeterCommand::TimeSync:
    return "time-sync";
  case MeterCommand::Ack:
    return "ack";
  case MeterCommand::Bye:
    return "bye";
  }
  return "unknown";
}

namespace frames {
namespace {

std::vector<std::string> split(const std::string &frame) {
  std::vector<std::string> fields;
  std::string::size_type start = 0;
  for (;;) {
    const auto bar = frame.find('|', start);
    fields.push_back(frame.substr(start, bar - start));
    if (bar == std::string::npos)
      break;
    start = bar + 1;
  }
  return fields;
}

bool toInt64(const std::string &s, std::int64_t &out) {
  if (s.empty())
    return false;
  char *end = nullptr;
  out = std::strtoll(s.c_str(), &end, 10);
  return end && *end == '\0';
}

bool toDouble(const std::string &s, double &out) {
  if (s.empty())
    return false;
  char *end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end && *end == '\0';
}

} // namespace

Type peekType(const std::string &frame) {
  const std::string head = frame.substr(0, frame.find('|'));
  if (head == "HELLO")
    return Type::Hello;
  if (head == "RDG")
    return Type::Reading;
  if (head == "GASP")
    return Type::LastGasp;
  if (head == "RESTORE")
    return Type::Restore;
  if (head == "TAMPER")
    return Type::Tamper;
  if (head == "ACK")
    return Type::CommandAck;
  return Type::Unknown;
}

bool decodeHello(const std::string &frame, Hello &out) {
  // HELLO|<meter>|<concentrator or ->|<M or C>|<protocol>
  const auto f = split(frame);
  if (f.size() != 5 || f[0] != "HELLO" || f[1].empty())
    return false;
  std::int64_t proto = 0;
  if (!toInt64(f[4], proto))
    return false;
  out.meterId = f[1];
  out.concentratorId = f[2] == "-" ? std::string() : f[2];
  out.isConcentrator = f[3] == "C";
  out.protocol = static_cast<int>(proto);
  return true;
}

bool decodeReading(const std::string &frame, Reading &out) {
  // RDG|<meter>|<interval start>|<seconds>|<import kWh>|<export kWh>|<quality>
  const auto f = split(frame);
  if (f.size() != 7 || f[0] != "RDG" || f[1].empty())
    return false;
  std::int64_t start = 0, seconds = 0, quality = 0;
  double imp = 0, exp = 0;
  if (!toInt64(f[2], start) || !toInt64(f[3], seconds) || !toDouble(f[4], imp) ||
      !toDouble(f[5], exp) || !toInt64(f[6], quality))
    return false;
  if (seconds <= 0 || seconds > 86400 || imp < 0 || exp < 0)
    return false;
  out.meterId = f[1];
  out.intervalStart = start;
  out.intervalSeconds = static_cast<std::uint32_t>(seconds);
  out.importKwh = imp;
  out.exportKwh = exp;
  out.quality = static_cast<std::uint16_t>(quality);
  return true;
}

bool decodeOutage(const std::string &frame, OutageEvent &out) {
  // GASP|<meter>|<concentrator or ->|<time>   RESTORE|<meter>|<concentrator or ->|<time>
  const auto f = split(frame);
  if (f.size() != 4 || (f[0] != "GASP" && f[0] != "RESTORE") || f[1].empty())
    return false;
  std::int64_t at = 0;
  if (!toInt64(f[3], at))
    return false;
  out.meterId = f[1];
  out.concentratorId = f[2] == "-" ? std::string() : f[2];
  out.at = at;
  out.restored = f[0] == "RESTORE";
  return true;
}

bool decodeTamper(const std::string &frame, TamperAlarm &out) {
  // TAMPER|<meter>|<time>|<code>|<severity>
  const auto f = split(frame);
  if (f.size() != 5 || f[0] != "TAMPER" || f[1].empty())
    return false;
  std::int64_t at = 0, code = 0, severity = 0;
  if (!toInt64(f[2], at) || !toInt64(f[3], code) || !toInt64(f[4], severity))
    return false;
  out.meterId = f[1];
  out.at = at;
  out.code = static_cast<int>(code);
  out.severity = static_cast<int>(severity);
  return true;
}

bool decodeAck(const std::string &frame, std::string &meterId, std::uint32_t &seq) {
  const auto f = split(frame);
  if (f.size() != 3 || f[0] != "ACK")
    return false;
  std::int64_t s = 0;
  if (!toInt64(f[2], s) || s < 0)
    return false;
  meterId = f[1];
  seq = static_cast<std::uint32_t>(s);
  return true;
}

std::string encodeCommand(const std::string &meterId, MeterCommand cmd, std::uint32_t seq) {
  return "CMD|" + meterId + "|" + commandName(cmd) + "|" + std::to_string(seq);
}

std::string encodeWelcome(const std::string &meterId, std::int64_t serverTime) {
  return "WELCOME|" + meterId + "|" + std::to_string(serverTime) + "|" +
         std::to_string(kProtocolVersion);
}

std::string encodeReject(const std::string &meterId, const std::string &reason) {
  return "REJECT|" + meterId + "|" + reason;
}

std::string encodeCredit(const std::string &meterId, std::uint32_t frames) {
  return "CREDIT|" + meterId + "|" + std::to_string(frames);
}

std::string encodeBillingEvent(const BillingEvent &ev) {
  return "{\"meter\":\"" + ev.meterId + "\",\"kind\":\"" + ev.kind + "\",\"at\":" +
         std::to_string(ev.at) + ",\"payload\":\"" + ev.payload + "\"}";
}

} // namespace frames
