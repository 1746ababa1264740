// Frame encoding and decoding for the device protocol, and the names of the device
// vocabulary used in logs.
#include "wire.h"

#include <cstdlib>
#include <cstring>

namespace farecol {

const char *deviceKindName(DeviceKind kind) {
  switch (kind) {
  case DeviceKind::FareGate:
    return "fare-gate";
  case DeviceKind::BusValidator:
    return "bus-validator";
  case DeviceKind::PlatformValidator:
    return "platform-validator";
  }
  return "device";
}

const char *gateCommandName(GateCommand cmd) {
  switch (cmd) {
  case GateCommand::Open:
    return "open";
  case GateCommand::Lock:
    return "lock";
  case GateCommand::EmergencyFreeExit:
    return "emergency-free-exit";
  case GateCommand::Normal:
    return "normal";
  }
  return "unknown";
}

const char *noticeKindName(NoticeKind kind) {
  switch (kind) {
  case NoticeKind::Redirect:
    return "redirect";
  case NoticeKind::Maintenance:
    return "maintenance";
  case NoticeKind::RosterChanged:
    return "roster";
  }
  return "notice";
}

namespace wire {
namespace {

void putLE(std::string &out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

std::uint64_t getLE(const std::string &in, std::size_t pos, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[pos + i])) << (8 * i);
  return value;
}

std::uint64_t nextSeq() {
  static std::uint64_t seq = 0;
  return ++seq;
}

std::vector<std::string> splitFields(const std::string &payload) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (;;) {
    const std::size_t bar = payload.find('|', start);
    fields.push_back(payload.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
    if (bar == std::string::npos)
      break;
    start = bar + 1;
  }
  return fields;
}

} // namespace

void FrameDecoder::feed(const std::string &bytes) { buf_.append(bytes); }

std::optional<Frame> FrameDecoder::next() {
  if (buf_.size() < kHeaderSize)
    return std::nullopt;
  const std::size_t len = static_cast<std::size_t>(getLE(buf_, 9, 4));
  if (len > kMaxPayload) {
    buf_.clear();
    return std::nullopt;
  }
  if (buf_.size() < kHeaderSize + len)
    return std::nullopt;
  Frame frame;
  frame.type = static_cast<FrameType>(static_cast<unsigned char>(buf_[0]));
  frame.seq = getLE(buf_, 1, 8);
  frame.payload = buf_.substr(kHeaderSize, len);
  buf_.erase(0, kHeaderSize + len);
  return frame;
}

std::string FrameDecoder::takeBuffered() {
  std::string rest;
  rest.swap(buf_);
  return rest;
}

std::string encodeFrame(FrameType type, std::uint64_t seq, const std::string &payload) {
  std::string out;
  out.reserve(kHeaderSize + payload.size());
  out.push_back(static_cast<char>(type));
  putLE(out, seq, 8);
  putLE(out, payload.size(), 4);
  out.append(payload);
  return out;
}

std::string encodeAck(std::uint64_t seq) { return encodeFrame(FrameType::Ack, seq, std::string()); }

std::string encodeCommand(GateCommand cmd) { return encodeFrame(FrameType::Command, nextSeq(), gateCommandName(cmd)); }

std::string encodeWelcome(const std::string &deviceId, std::uint64_t denyVersion) {
  return encodeFrame(FrameType::Welcome, nextSeq(), deviceId + "|" + std::to_string(denyVersion));
}

std::string encodeResume(std::uint64_t lastAckedSeq) {
  return encodeFrame(FrameType::Resume, nextSeq(), std::to_string(lastAckedSeq));
}

std::string encodeBye() { return encodeFrame(FrameType::Bye, nextSeq(), "shutdown"); }

std::string encodeHeartbeat() { return encodeFrame(FrameType::Heartbeat, nextSeq(), std::string()); }

std::string encodeNotice(NoticeKind kind, const std::string &text) {
  return encodeFrame(FrameType::Notice, nextSeq(), std::string(noticeKindName(kind)) + "|" + text);
}

std::string encodeDenyDelta(std::uint64_t version, const std::vector<DenyDelta> &deltas) {
  std::string payload = std::to_string(version);
  for (const DenyDelta &d : deltas) {
    payload += '|';
    payload += d.add ? '+' : '-';
    payload += d.cardId;
  }
  return encodeFrame(FrameType::DenyDelta, nextSeq(), payload);
}

std::string encodeRoster(std::uint64_t version, const std::vector<std::string> &deviceIds) {
  std::string payload = std::to_string(version);
  for (const std::string &id : deviceIds) {
    payload += '|';
    payload += id;
  }
  return encodeFrame(FrameType::Roster, nextSeq(), payload);
}

std::optional<Hello> parseHello(const Frame &frame) {
  if (frame.type != FrameType::Hello)
    return std::nullopt;
  const std::vector<std::string> f = splitFields(frame.payload);
  if (f.size() < 3 || f[0].empty())
    return std::nullopt;
  Hello hello;
  hello.deviceId = f[0];
  hello.operatorId = f[1];
  if (f[2] == "bus")
    hello.kind = DeviceKind::BusValidator;
  else if (f[2] == "platform")
    hello.kind = DeviceKind::PlatformValidator;
  else
    hello.kind = DeviceKind::FareGate;
  if (f.size() > 3 && !f[3].empty())
    hello.lastAckedSeq = std::strtoull(f[3].c_str(), nullptr, 10);
  hello.viaBackup = f.size() > 4 && f[4] == "backup";
  hello.restoringPrimary = f.size() > 4 && f[4] == "primary";
  return hello;
}

} // namespace wire
} // namespace farecol
