// Value types that flow through the head-end: interval readings pushed by
// meters, outage ("last gasp") and tamper events, the billing events handed to
// the billing system, and the commands the head-end sends to a meter's relay.
#pragma once
#include <cstdint>
#include <string>

enum class MeterCommand : std::uint8_t {
  Disconnect,
  Reconnect,
  ReadNow,
  TimeSync,
  Ack,
  Bye,
};

struct Reading {
  std::string meterId;
  std::int64_t intervalStart = 0;     // unix seconds, start of the interval
  std::uint32_t intervalSeconds = 900;
  double importKwh = 0;
  double exportKwh = 0;
  std::uint16_t quality = 0;          // quality flags reported by the meter
};

struct OutageEvent {
  std::string meterId;
  std::string concentratorId;         // empty for directly connected meters
  std::int64_t at = 0;
  bool restored = false;
};

struct TamperAlarm {
  std::string meterId;
  std::int64_t at = 0;
  int code = 0;                       // vendor alarm code
  int severity = 0;                   // 0..5, 4 and up isolates the meter
};

struct BillingEvent {
  std::string meterId;
  std::string kind;                   // "outage", "restore", "tamper", "relay", ...
  std::string payload;
  std::int64_t at = 0;
};

const char *commandName(MeterCommand cmd);
