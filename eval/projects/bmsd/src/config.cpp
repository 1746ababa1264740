// Config loading: "key = value" lines, '#' comments, repeated "rule" and
// "controller" keys.
//   rule = <point prefix>,<kind>,<low>,<high>,<deadband>,<severity>,<delay s>
#include "config.h"

#include <cstdlib>
#include <fstream>

#include "format.h"

namespace bmsd {
namespace {

bool parseUnsigned(const std::string &text, unsigned long &out) {
  if (text.empty())
    return false;
  char *end = nullptr;
  out = std::strtoul(text.c_str(), &end, 10);
  return *end == '\0';
}

bool parseDouble(const std::string &text, double &out) {
  if (text.empty())
    return false;
  char *end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return *end == '\0';
}

} // namespace

Status parseRule(const std::string &text, AlarmRule &out) {
  const std::vector<std::string> f = splitString(text, ',');
  if (f.size() != 7)
    return Status::error(Status::Code::Invalid, "rule needs 7 fields: " + text);
  AlarmRule r;
  r.pointPrefix = trim(f[0]);
  std::optional<PointKind> kind = parseKind(trim(f[1]));
  std::optional<Severity> severity = parseSeverity(trim(f[5]));
  unsigned long delay = 0;
  if (!kind || !severity || !parseDouble(trim(f[2]), r.low) ||
      !parseDouble(trim(f[3]), r.high) || !parseDouble(trim(f[4]), r.deadband) ||
      !parseUnsigned(trim(f[6]), delay) || r.low > r.high)
    return Status::error(Status::Code::Invalid, "bad rule: " + text);
  r.kind = *kind;
  r.severity = *severity;
  r.delay = std::chrono::seconds(delay);
  out = r;
  return Status::ok();
}

Status loadConfig(const std::string &path, Config &out) {
  std::ifstream in(path);
  if (!in.is_open())
    return Status::error(Status::Code::NotFound, "cannot read " + path);
  Config cfg;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    const std::string::size_type eq = line.find('=');
    if (eq == std::string::npos)
      return Status::error(Status::Code::Invalid,
                           path + ":" + std::to_string(lineNo) + ": expected key = value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    unsigned long n = 0;
    auto bad = [&] {
      return Status::error(Status::Code::Invalid,
                           path + ":" + std::to_string(lineNo) + ": bad value for " + key);
    };

    if (key == "listen_port") {
      if (!parseUnsigned(value, n) || n == 0 || n > 65535)
        return bad();
      cfg.listenPort = static_cast<std::uint16_t>(n);
    } else if (key == "max_controllers") {
      if (!parseUnsigned(value, n) || n == 0)
        return bad();
      cfg.maxControllers = static_cast<unsigned>(n);
    } else if (key == "worker_threads") {
      if (!parseUnsigned(value, n) || n == 0 || n > 64)
        return bad();
      cfg.workerThreads = static_cast<unsigned>(n);
    } else if (key == "trend_dir") {
      cfg.trendDir = value;
    } else if (key == "report_dir") {
      cfg.reportDir = value;
    } else if (key == "snapshot") {
      cfg.snapshotPath = value;
    } else if (key == "schedules") {
      cfg.schedulePath = value;
    } else if (key == "overrides") {
      cfg.overridesPath = value;
    } else if (key == "diagnostics") {
      cfg.diagnosticsPath = value;
    } else if (key == "kafka_brokers") {
      cfg.kafkaBrokers = value;
    } else if (key == "alarm_topic") {
      cfg.alarmTopic = value;
    } else if (key == "access_topic") {
      cfg.accessTopic = value;
    } else if (key == "event_bus") {
      cfg.busEndpoint = value;
    } else if (key == "metering") {
      cfg.meterEndpoint = value;
    } else if (key == "audit") {
      cfg.auditEndpoint = value;
    } else if (key == "report_feed") {
      cfg.reportFeedEndpoint = value;
    } else if (key == "elevator_gateway") {
      cfg.elevatorGateway = value;
    } else if (key == "idle_timeout") {
      if (!parseUnsigned(value, n) || n < 5)
        return bad();
      cfg.idleTimeout = std::chrono::seconds(n);
    } else if (key == "ack_timeout") {
      if (!parseUnsigned(value, n) || n < 1)
        return bad();
      cfg.ackTimeout = std::chrono::seconds(n);
    } else if (key == "meter_interval") {
      if (!parseUnsigned(value, n) || n < 1)
        return bad();
      cfg.meterInterval = std::chrono::seconds(n);
    } else if (key == "held_open_limit") {
      if (!parseUnsigned(value, n))
        return bad();
      cfg.heldOpenLimit = std::chrono::seconds(n);
    } else if (key == "report_max_rows") {
      if (!parseUnsigned(value, n) || n == 0)
        return bad();
      cfg.reportMaxRows = n;
    } else if (key == "controller") {
      cfg.allowedControllers.push_back(value);
    } else if (key == "floor") {
      cfg.floors.push_back(value);
    } else if (key == "rule") {
      AlarmRule rule;
      Status st = parseRule(value, rule);
      if (!st.good())
        return Status::error(Status::Code::Invalid,
                             path + ":" + std::to_string(lineNo) + ": " + st.message());
      cfg.rules.push_back(rule);
    } else {
      return Status::error(Status::Code::Invalid,
                           path + ":" + std::to_string(lineNo) + ": unknown key " + key);
    }
  }
  out = std::move(cfg);
  return Status::ok();
}

} // namespace bmsd
