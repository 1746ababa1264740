// Encoding and decoding of the controller wire protocol, and the reject path
// used by the listener for connections it will not serve.
#include "wire_protocol.h"

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <sys/socket.h>

#include "fd_io.h"
#include "format.h"

namespace bmsd {
namespace {

void putU32(std::string &out, std::uint32_t v) {
  out += static_cast<char>((v >> 24) & 0xff);
  out += static_cast<char>((v >> 16) & 0xff);
  out += static_cast<char>((v >> 8) & 0xff);
  out += static_cast<char>(v & 0xff);
}

std::uint32_t getU32(const std::string &in, std::size_t at) {
  return (static_cast<std::uint32_t>(static_cast<unsigned char>(in[at])) << 24) |
         (static_cast<std::uint32_t>(static_cast<unsigned char>(in[at + 1])) << 16) |
         (static_cast<std::uint32_t>(static_cast<unsigned char>(in[at + 2])) << 8) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(in[at + 3]));
}

std::map<std::string, std::string> parseFields(const std::string &body) {
  std::map<std::string, std::string> fields;
  for (const std::string &part : splitString(body, ';')) {
    const std::string::size_type eq = part.find('=');
    if (eq == std::string::npos)
      continue;
    fields[trim(part.substr(0, eq))] = trim(part.substr(eq + 1));
  }
  return fields;
}

constexpr std::size_t kHeader = 9;

} // namespace

std::string encodeFrame(const Frame &frame) {
  std::string out;
  out.reserve(kHeader + frame.body.size());
  out += static_cast<char>(frame.type);
  putU32(out, frame.seq);
  putU32(out, static_cast<std::uint32_t>(frame.body.size()));
  out += frame.body;
  return out;
}

std::vector<Frame> decodeFrames(std::string &buffer) {
  std::vector<Frame> frames;
  std::size_t pos = 0;
  while (buffer.size() - pos >= kHeader) {
    const std::uint32_t len = getU32(buffer, pos + 5);
    if (len > kMaxFrameBody)
      throw std::runtime_error("frame of " + std::to_string(len) +
                               " bytes exceeds the protocol limit");
    if (buffer.size() - pos < kHeader + len)
      break;
    Frame f;
    f.type = static_cast<FrameType>(static_cast<unsigned char>(buffer[pos]));
    f.seq = getU32(buffer, pos + 1);
    f.body = buffer.substr(pos + kHeader, len);
    frames.push_back(std::move(f));
    pos += kHeader + len;
  }
  buffer.erase(0, pos);
  return frames;
}

std::optional<Hello> parseHello(const Frame &frame) {
  if (frame.type != FrameType::Hello)
    return std::nullopt;
  auto fields = parseFields(frame.body);
  if (fields["id"].empty() || fields["kind"].empty())
    return std::nullopt;
  Hello h;
  h.controllerId = fields["id"];
  h.kind = fields["kind"];
  h.firmware = fields["fw"];
  h.lastAcked = static_cast<std::uint32_t>(std::strtoul(fields["last"].c_str(), nullptr, 10));
  h.rebooted = fields["reboot"] == "1";
  return h;
}

std::string encodePoint(const PointValue &point) {
  return "name=" + point.name + ";kind=" + kindName(point.kind) +
         ";value=" + formatValue(point.value);
}

std::optional<PointValue> decodePoint(const std::string &controllerId,
                                      std::uint32_t seq,
                                      const std::string &body) {
  auto fields = parseFields(body);
  std::optional<PointKind> kind = parseKind(fields["kind"]);
  if (fields["name"].empty() || !kind || fields["value"].empty())
    return std::nullopt;
  char *end = nullptr;
  const double value = std::strtod(fields["value"].c_str(), &end);
  if (end == fields["value"].c_str())
    return std::nullopt;
  PointValue pv;
  pv.controllerId = controllerId;
  pv.name = fields["name"];
  pv.kind = *kind;
  pv.value = value;
  pv.at = std::chrono::system_clock::now();
  pv.seq = seq;
  return pv;
}

std::string encodeCommand(const Command &cmd) {
  return "id=" + std::to_string(cmd.id) + ";point=" + cmd.point +
         ";kind=" + commandKindName(cmd.kind) + ";value=" +
         formatValue(cmd.value) + ";ttl=" + std::to_string(cmd.ttl.count());
}

void rejectConnection(int fd, const std::string &reason) {
  const std::string frame = encodeFrame(Frame{FrameType::Reject, 0, reason});
  const ssize_t sent =
      ::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  (void)sent;
  ::shutdown(fd, SHUT_RDWR);
  closeRetryingEintr(fd);
}

} // namespace bmsd
