// Encoding and decoding of the line-based truck protocol, and the blocking
// HELLO exchange done on a freshly accepted connection.
#include "frame_codec.h"

#include <cstdlib>
#include <sstream>

#include "socket.h"

namespace fleetd {

namespace {

FrameType typeOf(const std::string &word) {
  if (word == "HELLO")
    return FrameType::Hello;
  if (word == "RESUME")
    return FrameType::Resume;
  if (word == "POS")
    return FrameType::Position;
  if (word == "FAULT")
    return FrameType::Fault;
  if (word == "STATUS")
    return FrameType::Status;
  if (word == "ACK")
    return FrameType::Ack;
  if (word == "BYE")
    return FrameType::Bye;
  return FrameType::Unknown;
}

const char *nameOf(FrameType type) {
  switch (type) {
  case FrameType::Hello:
    return "HELLO";
  case FrameType::Resume:
    return "RESUME";
  case FrameType::Position:
    return "POS";
  case FrameType::Fault:
    return "FAULT";
  case FrameType::Status:
    return "STATUS";
  case FrameType::Ack:
    return "ACK";
  case FrameType::Bye:
    return "BYE";
  case FrameType::Unknown:
    break;
  }
  return "UNKNOWN";
}

Frame parseLine(const std::string &line) {
  Frame f;
  std::size_t space = line.find(' ');
  f.type = typeOf(line.substr(0, space));
  if (space != std::string::npos)
    f.payload = line.substr(space + 1);
  return f;
}

} // namespace

std::vector<Frame> decodeFrames(std::string &buffer) {
  std::vector<Frame> frames;
  std::size_t start = 0;
  for (;;) {
    std::size_t nl = buffer.find('\n', start);
    if (nl == std::string::npos)
      break;
    std::string line = buffer.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (!line.empty())
      frames.push_back(parseLine(line));
    start = nl + 1;
  }
  buffer.erase(0, start);
  return frames;
}

std::string encodeFrame(const Frame &frame) {
  std::string out = nameOf(frame.type);
  if (!frame.payload.empty()) {
    out += ' ';
    out += frame.payload;
  }
  out += '\n';
  return out;
}

std::string encodeCommand(std::uint32_t seq, const std::string &text) {
  return "CMD " + std::to_string(seq) + " " + text + "\n";
}

bool decodePosition(const std::string &vin, const std::string &payload, PositionReport &out) {
  std::istringstream in(payload);
  PositionReport p;
  p.vin = vin;
  long long ts = 0;
  if (!(in >> ts >> p.where.lat >> p.where.lon >> p.speedKph >> p.headingDeg >> p.seq))
    return false;
  if (p.where.lat < -90 || p.where.lat > 90 || p.where.lon < -180 || p.where.lon > 180)
    return false;
  p.timestampMs = ts;
  out = std::move(p);
  return true;
}

bool decodeFault(const std::string &vin, const std::string &payload, FaultReport &out) {
  std::istringstream in(payload);
  FaultReport f;
  f.vin = vin;
  long long ts = 0;
  int active = 1;
  if (!(in >> ts >> f.dtc >> f.severity))
    return false;
  if (in >> active)
    f.active = active != 0;
  f.timestampMs = ts;
  out = std::move(f);
  return true;
}

bool decodeStatus(const std::string &payload, StatusReport &out) {
  std::istringstream in(payload);
  std::string field;
  StatusReport st;
  while (in >> field) {
    std::size_t eq = field.find('=');
    if (eq == std::string::npos)
      return false;
    std::string key = field.substr(0, eq), value = field.substr(eq + 1);
    if (key == "fw")
      st.firmware = value;
    else if (key == "odo")
      st.odometerKm = std::strtod(value.c_str(), nullptr);
    else if (key == "fuel")
      st.fuelPercent = std::atoi(value.c_str());
  }
  if (st.firmware.empty())
    return false;
  out = std::move(st);
  return true;
}

bool decodeResume(const std::string &payload, ResumeRequest &out) {
  std::istringstream in(payload);
  ResumeRequest r;
  if (!(in >> r.token >> r.lastAckedSeq))
    return false;
  out = std::move(r);
  return true;
}

bool decodeAck(const std::string &payload, std::uint32_t &seq) {
  char *end = nullptr;
  unsigned long v = std::strtoul(payload.c_str(), &end, 10);
  if (end == payload.c_str())
    return false;
  seq = static_cast<std::uint32_t>(v);
  return true;
}

bool readHello(Socket &sock, Hello &out, int timeoutMs) {
  std::string line;
  char c = 0;
  while (line.size() < 512) {
    if (!sock.waitReadable(timeoutMs)) {
      sock.close();
      return false;
    }
    ssize_t n = sock.receive(&c, 1);
    if (n <= 0) {
      sock.close();
      return false;
    }
    if (c == '\n')
      break;
    if (c != '\r')
      line.push_back(c);
  }
  Frame f = parseLine(line);
  std::istringstream in(f.payload);
  Hello h;
  if (f.type != FrameType::Hello || !(in >> h.vin >> h.protocol >> h.firmware) ||
      h.vin.size() != 17) {
    sock.close();
    return false;
  }
  in >> h.resumeToken >> h.lastAckedSeq;
  out = std::move(h);
  return true;
}

void writeFrame(Socket &sock, const Frame &frame) {
  sock.sendAll(encodeFrame(frame)); // SAME: hello-ack
}

} // namespace fleetd
