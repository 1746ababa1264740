// lockerd configuration, read from a "key = value" file.
#pragma once
#include "status.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

struct Config {
  std::uint16_t bankPort = 7410;
  std::uint16_t consolePort = 7411;
  std::string journalDir = "/var/lib/lockerd/journal";
  std::string diagPath;
  std::string brokers = "localhost:9092";
  std::string topicPrefix = "lockers.";
  std::size_t outboxCapacity = 4096;
  std::chrono::milliseconds busCloseTimeout{3000};
  bool mirrorEnabled = false;
  std::size_t mirrorBacklog = 1024;
  std::string temperatureLog = "/var/log/lockerd/temperatures.csv";
  double chillMaxCelsius = 8.0;
  std::string reconDir = "/var/lib/lockerd/recon";
  std::chrono::seconds idleBank{180};
  std::chrono::milliseconds flushInterval{2000};
  unsigned workerThreads = 4;
  std::size_t maxConsoleSessions = 4;
  std::chrono::hours reminderAfter{24};
  std::size_t firmwareChunk = 1024;
  std::vector<std::string> acceptedFirmware;
};

Status loadConfig(const std::string &path, Config &out);
bool firmwareAccepted(const Config &config, const std::string &version);
