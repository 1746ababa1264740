// Reading the plaza configuration (key=value lines) and the tariff file.
#include "config.h"

#include "scope_exit.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sstream>
#include <unistd.h>

namespace toll {

namespace {

bool readFully(int fd, std::string &text) {
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    if (n == 0)
      return true;
    text.append(buf, static_cast<std::size_t>(n));
  }
}

std::string trim(const std::string &s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  const std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool parseLane(const std::string &key, const std::string &value, LaneEndpoint &ep) {
  // lane.<id> = <host>:<data port>:<control port>
  const std::size_t a = value.find(':');
  const std::size_t b = value.find(':', a == std::string::npos ? a : a + 1);
  if (a == std::string::npos || b == std::string::npos)
    return false;
  ep.lane = std::atoi(key.c_str() + 5);
  ep.host = value.substr(0, a);
  ep.dataPort = static_cast<std::uint16_t>(std::atoi(value.substr(a + 1, b - a - 1).c_str()));
  ep.controlPort = static_cast<std::uint16_t>(std::atoi(value.substr(b + 1).c_str()));
  return ep.lane > 0 && ep.dataPort != 0 && ep.controlPort != 0;
}

} // namespace

Result loadConfig(const std::string &path, Config &out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return Result::fromErrno("config: open " + path);
  auto closeFd = makeScopeExit([fd] { ::close(fd); }); // SAME: cfgtwice
  std::string text;
  if (!readFully(fd, text))
    return Result::fromErrno("config: read " + path);
  // Done with the file: parsing a large lane list must not hold the descriptor.
  ::close(fd);
  out.path = path;
  return parseConfig(text, out); // BUG: double-close #cfgtwice
}

Result readTariffFile(const std::string &path, TariffTable &out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return Result::fromErrno("tariff: open " + path);
  auto closeFd = makeScopeExit([&fd] {
    if (fd >= 0)
      ::close(fd);
  });
  std::string text;
  if (!readFully(fd, text))
    return Result::fromErrno("tariff: read " + path);
  ::close(fd);
  fd = -1;
  return parseTariff(text, out); // OK: the guard skips a descriptor already set to -1
}

Result parseConfig(const std::string &text, Config &out) {
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos)
      return Result::failure("config: line " + std::to_string(lineNo) + ": expected key=value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    if (key == "version")
      out.version = std::atoi(value.c_str());
    else if (key == "kafka.brokers")
      out.brokers = value;
    else if (key == "kafka.topic.passages")
      out.passageTopic = value;
    else if (key == "kafka.topic.violations")
      out.violationTopic = value;
    else if (key == "kafka.topic.health")
      out.healthTopic = value;
    else if (key == "enforcement.brokers")
      out.enforcementBrokers = value;
    else if (key == "billing.endpoint")
      out.billingEndpoint = value;
    else if (key == "billing.token")
      out.billingToken = value;
    else if (key == "billing.sessions")
      out.billingSessions = static_cast<std::size_t>(std::atoi(value.c_str()));
    else if (key == "journal.dir")
      out.journalDir = value;
    else if (key == "journal.segment_bytes")
      out.segmentBytes = static_cast<std::size_t>(std::atoll(value.c_str()));
    else if (key == "report.dir")
      out.reportDir = value;
    else if (key == "audit.host")
      out.auditHost = value;
    else if (key == "audit.port")
      out.auditPort = static_cast<std::uint16_t>(std::atoi(value.c_str()));
    else if (key == "central.office")
      out.centralOffice = value;
    else if (key == "tariff.path")
      out.tariffPath = value;
    else if (key.rfind("lane.", 0) == 0) {
      LaneEndpoint ep;
      if (!parseLane(key, value, ep))
        return Result::failure("config: line " + std::to_string(lineNo) + ": bad lane " + value);
      out.lanes.push_back(ep);
    } else if (key.rfind("camera.", 0) == 0) {
      out.cameras.push_back(CameraEndpoint{std::atoi(key.c_str() + 7), value});
    } else if (key == "overview.camera") {
      out.overviewCamera = CameraEndpoint{99, value};
    }
  }
  if (out.lanes.empty())
    return Result::failure("config: no lanes configured");
  return Result::success();
}

Result parseTariff(const std::string &text, TariffTable &out) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos)
      return Result::failure("tariff: expected class=cents, got " + line);
    const std::string key = trim(line.substr(0, eq));
    const long long value = std::atoll(trim(line.substr(eq + 1)).c_str());
    if (key == "version") {
      out.version = static_cast<int>(value);
      continue;
    }
    const int cls = std::atoi(key.c_str());
    if (cls < 1 || cls > 6)
      return Result::failure("tariff: unknown vehicle class " + key);
    out.centsByClass[static_cast<VehicleClass>(cls)] = value;
  }
  return Result::success();
}

} // namespace toll
