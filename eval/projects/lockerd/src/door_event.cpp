// Parsing and formatting of the bank event lines:
//   HELLO <bank> <firmware> <compartments>   OPEN <n>   CLOSE <n>
//   DROP <n> <parcel> <carrier>   PICKUP <n> <code>   TAMPER <n>
//   TEMP <n> <celsius>   NACK <chunk>   HB
#include "door_event.h"

#include <cstdio>
#include <sstream>

namespace {
bool readInt(std::istringstream &in, int &value) {
  in >> value;
  return !in.fail();
}
} // namespace

const char *doorEventName(DoorEventKind kind) {
  switch (kind) {
  case DoorEventKind::Hello:
    return "HELLO";
  case DoorEventKind::DoorOpened:
    return "OPEN";
  case DoorEventKind::DoorClosed:
    return "CLOSE";
  case DoorEventKind::ParcelDropped:
    return "DROP";
  case DoorEventKind::ParcelCollected:
    return "PICKUP";
  case DoorEventKind::Tamper:
    return "TAMPER";
  case DoorEventKind::Temperature:
    return "TEMP";
  case DoorEventKind::FirmwareNack:
    return "NACK";
  case DoorEventKind::Heartbeat:
    return "HB";
  }
  return "?";
}

std::optional<DoorEvent> parseDoorEvent(const std::string &bankId, const std::string &line,
                                        std::time_t now) {
  std::istringstream in(line);
  std::string verb;
  if (!(in >> verb))
    return std::nullopt;

  DoorEvent ev;
  ev.bankId = bankId;
  ev.at = now;

  if (verb == "HELLO") {
    ev.kind = DoorEventKind::Hello;
    if (!(in >> ev.bankId >> ev.firmware) || !readInt(in, ev.compartment) || ev.compartment <= 0)
      return std::nullopt;
    return ev;
  }
  if (verb == "HB") {
    ev.kind = DoorEventKind::Heartbeat;
    return ev;
  }
  if (verb == "NACK") {
    ev.kind = DoorEventKind::FirmwareNack;
    unsigned long seq = 0;
    if (!(in >> seq))
      return std::nullopt;
    ev.sequence = static_cast<std::uint32_t>(seq);
    return ev;
  }

  if (!readInt(in, ev.compartment))
    return std::nullopt;
  if (verb == "OPEN") {
    ev.kind = DoorEventKind::DoorOpened;
  } else if (verb == "CLOSE") {
    ev.kind = DoorEventKind::DoorClosed;
  } else if (verb == "DROP") {
    ev.kind = DoorEventKind::ParcelDropped;
    if (!(in >> ev.parcelId >> ev.carrier))
      return std::nullopt;
  } else if (verb == "PICKUP") {
    ev.kind = DoorEventKind::ParcelCollected;
    if (!(in >> ev.code))
      return std::nullopt;
  } else if (verb == "TAMPER") {
    ev.kind = DoorEventKind::Tamper;
  } else if (verb == "TEMP") {
    ev.kind = DoorEventKind::Temperature;
    if (!(in >> ev.celsius))
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  return ev;
}

std::string formatDoorEvent(const DoorEvent &event) {
  char head[96];
  std::snprintf(head, sizeof head, "%lld %s %s %d", static_cast<long long>(event.at),
                event.bankId.c_str(), doorEventName(event.kind), event.compartment);
  std::string line = head;
  switch (event.kind) {
  case DoorEventKind::ParcelDropped:
    line += " " + event.parcelId + " " + event.carrier;
    break;
  case DoorEventKind::ParcelCollected:
    line += " code=" + std::string(event.code.size(), '*');
    break;
  case DoorEventKind::Temperature: {
    char t[32];
    std::snprintf(t, sizeof t, " %.1fC", event.celsius);
    line += t;
    break;
  }
  case DoorEventKind::FirmwareNack:
    line += " chunk=" + std::to_string(event.sequence);
    break;
  case DoorEventKind::Hello:
    line += " fw=" + event.firmware;
    break;
  default:
    break;
  }
  return line;
}
