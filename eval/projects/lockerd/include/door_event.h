// Events a locker bank streams to the daemon, one text line each.
#pragma once
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>

enum class DoorEventKind {
  Hello,
  DoorOpened,
  DoorClosed,
  ParcelDropped,
  ParcelCollected,
  Tamper,
  Temperature,
  FirmwareNack,
  Heartbeat
};

struct DoorEvent {
  DoorEventKind kind = DoorEventKind::Heartbeat;
  std::string bankId;
  int compartment = -1;
  std::string parcelId;
  std::string carrier;
  std::string code;
  std::string firmware;
  double celsius = 0.0;
  std::uint32_t sequence = 0;
  std::time_t at = 0;
};

// bankId is the id the session already knows ("" before HELLO).
std::optional<DoorEvent> parseDoorEvent(const std::string &bankId, const std::string &line,
                                        std::time_t now);
std::string formatDoorEvent(const DoorEvent &event);
const char *doorEventName(DoorEventKind kind);
