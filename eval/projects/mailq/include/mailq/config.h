// Config: runtime settings read from a "key = value" file ('#' comments).
#pragma once
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

namespace mailq {

struct Config {
  unsigned workers = 4;
  std::string brokers = "localhost:9092";
  std::string helo = "mailq.localdomain";
  std::uint16_t smtpPort = 25;
  int maxIdleSeconds = 60;
  double ratePerSecond = 5.0;
  double burst = 10.0;
  int maxAttempts = 8;
  int metricsIntervalSeconds = 30;
  std::uint64_t generation = 0;
};

// Throws std::invalid_argument on an unknown key or a malformed value.
Config parseConfig(std::istream &in);
void writeConfig(std::ostream &out, const Config &c);

} // namespace mailq
