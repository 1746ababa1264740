// Reads lockerd.conf: "key = value" lines, '#' comments, unknown keys are
// reported as errors so typos do not go unnoticed.
#include "config.h"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <sstream>

namespace {
std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos)
    return "";
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

bool parseUnsigned(const std::string &value, unsigned long long &out) {
  if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
    return false;
  try {
    out = std::stoull(value);
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

std::vector<std::string> splitList(const std::string &value) {
  std::vector<std::string> items;
  std::istringstream in(value);
  std::string item;
  while (std::getline(in, item, ','))
    if (!trim(item).empty())
      items.push_back(trim(item));
  return items;
}
} // namespace

Status loadConfig(const std::string &path, Config &out) {
  std::ifstream in(path);
  if (!in)
    return Status::ioError("open " + path, errno);

  Config config;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    const auto hash = line.find('#');
    if (hash != std::string::npos)
      line.erase(hash);
    line = trim(line);
    if (line.empty())
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      return Status::rejected(path + ":" + std::to_string(lineNo) + ": expected key = value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    unsigned long long n = 0;
    const bool numeric = parseUnsigned(value, n);
    auto bad = [&] { return Status::rejected(path + ":" + std::to_string(lineNo) + ": bad value for " + key); };

    if (key == "bank_port") {
      if (!numeric || n == 0 || n > 65535)
        return bad();
      config.bankPort = static_cast<std::uint16_t>(n);
    } else if (key == "console_port") {
      if (!numeric || n == 0 || n > 65535)
        return bad();
      config.consolePort = static_cast<std::uint16_t>(n);
    } else if (key == "journal_dir") {
      config.journalDir = value;
    } else if (key == "diagnostics") {
      config.diagPath = value == "stderr" ? "" : value;
    } else if (key == "brokers") {
      config.brokers = value;
    } else if (key == "topic_prefix") {
      config.topicPrefix = value;
    } else if (key == "outbox_capacity") {
      if (!numeric || n == 0)
        return bad();
      config.outboxCapacity = static_cast<std::size_t>(n);
    } else if (key == "bus_close_timeout_ms") {
      if (!numeric)
        return bad();
      config.busCloseTimeout = std::chrono::milliseconds(n);
    } else if (key == "mirror") {
      config.mirrorEnabled = value == "on" || value == "yes" || value == "true";
    } else if (key == "mirror_backlog") {
      if (!numeric || n == 0)
        return bad();
      config.mirrorBacklog = static_cast<std::size_t>(n);
    } else if (key == "temperature_log") {
      config.temperatureLog = value;
    } else if (key == "chill_max_celsius") {
      try {
        config.chillMaxCelsius = std::stod(value);
      } catch (const std::exception &) {
        return bad();
      }
    } else if (key == "recon_dir") {
      config.reconDir = value;
    } else if (key == "idle_bank_seconds") {
      if (!numeric || n == 0)
        return bad();
      config.idleBank = std::chrono::seconds(n);
    } else if (key == "journal_flush_ms") {
      if (!numeric || n == 0)
        return bad();
      config.flushInterval = std::chrono::milliseconds(n);
    } else if (key == "workers") {
      if (!numeric || n == 0 || n > 64)
        return bad();
      config.workerThreads = static_cast<unsigned>(n);
    } else if (key == "console_sessions") {
      if (!numeric || n == 0)
        return bad();
      config.maxConsoleSessions = static_cast<std::size_t>(n);
    } else if (key == "reminder_hours") {
      if (!numeric || n == 0)
        return bad();
      config.reminderAfter = std::chrono::hours(n);
    } else if (key == "firmware_chunk") {
      if (!numeric || n < 64 || n > 65536)
        return bad();
      config.firmwareChunk = static_cast<std::size_t>(n);
    } else if (key == "accepted_firmware") {
      config.acceptedFirmware = splitList(value);
    } else {
      return Status::rejected(path + ":" + std::to_string(lineNo) + ": unknown key " + key);
    }
  }
  out = std::move(config);
  return Status::success();
}

bool firmwareAccepted(const Config &config, const std::string &version) {
  if (config.acceptedFirmware.empty())
    return true;
  return std::find(config.acceptedFirmware.begin(), config.acceptedFirmware.end(), version) !=
         config.acceptedFirmware.end();
}
