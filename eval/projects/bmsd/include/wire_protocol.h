// The controller wire protocol: length-prefixed frames
//   [type:1][seq:4 BE][len:4 BE][body:len]
// with key=value;key=value bodies.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "command.h"
#include "point.h"

namespace bmsd {

enum class FrameType : std::uint8_t {
  Hello = 1,
  Welcome = 2,
  Point = 3,
  Command = 4,
  Ack = 5,
  Heartbeat = 6,
  Goodbye = 7,
  Reject = 8,
  WindowUpdate = 9,
};

struct Frame {
  FrameType type = FrameType::Heartbeat;
  std::uint32_t seq = 0;
  std::string body;
};

struct Hello {
  std::string controllerId;
  std::string kind; // hvac, lighting, access, elevator, meter
  std::string firmware;
  std::uint32_t lastAcked = 0;
  bool rebooted = false;
};

constexpr std::size_t kMaxFrameBody = 64 * 1024;

std::string encodeFrame(const Frame &frame);
// Removes every complete frame from the front of buffer. Throws
// std::runtime_error on a frame longer than kMaxFrameBody.
std::vector<Frame> decodeFrames(std::string &buffer);

std::optional<Hello> parseHello(const Frame &frame);
std::string encodePoint(const PointValue &point);
std::optional<PointValue> decodePoint(const std::string &controllerId,
                                      std::uint32_t seq,
                                      const std::string &body);
std::string encodeCommand(const Command &cmd);

// Writes a Reject frame with the reason (best effort, non-blocking), shuts
// the connection down and closes the descriptor.
void rejectConnection(int fd, const std::string &reason);

} // namespace bmsd
