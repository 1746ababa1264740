// Binary framing between farecol and its devices:
//   [type:1][seq:8 little endian][length:4 little endian][payload]
// plus encoders for every frame the daemon sends and a decoder for incoming bytes.
#pragma once
#include "deny_list.h"
#include "device_types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace farecol::wire {

enum class FrameType : std::uint8_t {
  Hello = 1,
  Tap = 2,
  Ack = 3,
  Command = 4,
  DenyDelta = 5,
  Notice = 6,
  Welcome = 7,
  Bye = 8,
  Heartbeat = 9,
  Resume = 10,
  Roster = 11,
};

struct Frame {
  FrameType type = FrameType::Heartbeat;
  std::uint64_t seq = 0;
  std::string payload;
};

struct Hello {
  std::string deviceId;
  std::string operatorId;
  DeviceKind kind = DeviceKind::FareGate;
  std::uint64_t lastAckedSeq = 0;
  bool viaBackup = false;
  bool restoringPrimary = false;
};

class FrameDecoder {
public:
  void feed(const std::string &bytes);
  std::optional<Frame> next();
  std::string takeBuffered();
  std::size_t buffered() const { return buf_.size(); }

private:
  std::string buf_;
};

constexpr std::size_t kHeaderSize = 13;
constexpr std::size_t kMaxPayload = 64 * 1024;

std::string encodeFrame(FrameType type, std::uint64_t seq, const std::string &payload);
std::string encodeAck(std::uint64_t seq);
std::string encodeCommand(GateCommand cmd);
std::string encodeWelcome(const std::string &deviceId, std::uint64_t denyVersion);
std::string encodeResume(std::uint64_t lastAckedSeq);
std::string encodeBye();
std::string encodeHeartbeat();
std::string encodeNotice(NoticeKind kind, const std::string &text);
std::string encodeDenyDelta(std::uint64_t version, const std::vector<DenyDelta> &deltas);
std::string encodeRoster(std::uint64_t version, const std::vector<std::string> &deviceIds);
std::optional<Hello> parseHello(const Frame &frame);

} // namespace farecol::wire
