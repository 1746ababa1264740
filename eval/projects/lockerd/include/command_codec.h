// Commands the daemon sends to a locker bank and their wire encoding.
#pragma once
#include <cstdint>
#include <ctime>
#include <string>

enum class CommandKind {
  UnlockDoor,
  ReserveCompartment,
  ReleaseCompartment,
  FirmwareChunk,
  DisplayText,
  LockAll,
  TimeSync
};

struct Command {
  CommandKind kind = CommandKind::DisplayText;
  int compartment = -1;
  std::uint32_t sequence = 0;
  std::string payload;
};

Command unlockDoor(int compartment, const std::string &pickupCode);
Command reserveCompartment(int compartment, const std::string &parcelId);
Command releaseCompartment(int compartment);
Command firmwareChunk(std::uint32_t sequence, const std::string &bytes);
Command displayText(const std::string &text);
Command lockAll();
Command timeSync(std::time_t now);

std::string encodeCommand(const Command &cmd);
const char *commandName(CommandKind kind);
