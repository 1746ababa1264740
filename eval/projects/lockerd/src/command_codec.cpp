// Builders for bank commands and their line-oriented wire format:
// "<VERB> <fields...>\n", display text stripped of control characters and
// firmware bytes hex-encoded.
#include "command_codec.h"

#include <cctype>

namespace {
std::string sanitize(const std::string &text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text)
    out.push_back(std::isprint(c) ? static_cast<char>(c) : ' ');
  if (out.size() > 64)
    out.resize(64);
  return out;
}

std::string hex(const std::string &bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 0x0f]);
  }
  return out;
}
} // namespace

Command unlockDoor(int compartment, const std::string &pickupCode) {
  Command cmd;
  cmd.kind = CommandKind::UnlockDoor;
  cmd.compartment = compartment;
  cmd.payload = pickupCode;
  return cmd;
}

Command reserveCompartment(int compartment, const std::string &parcelId) {
  Command cmd;
  cmd.kind = CommandKind::ReserveCompartment;
  cmd.compartment = compartment;
  cmd.payload = parcelId;
  return cmd;
}

Command releaseCompartment(int compartment) {
  Command cmd;
  cmd.kind = CommandKind::ReleaseCompartment;
  cmd.compartment = compartment;
  return cmd;
}

Command firmwareChunk(std::uint32_t sequence, const std::string &bytes) {
  Command cmd;
  cmd.kind = CommandKind::FirmwareChunk;
  cmd.sequence = sequence;
  cmd.payload = bytes;
  return cmd;
}

Command displayText(const std::string &text) {
  Command cmd;
  cmd.kind = CommandKind::DisplayText;
  cmd.payload = text;
  return cmd;
}

Command lockAll() {
  Command cmd;
  cmd.kind = CommandKind::LockAll;
  return cmd;
}

Command timeSync(std::time_t now) {
  Command cmd;
  cmd.kind = CommandKind::TimeSync;
  cmd.payload = std::to_string(static_cast<long long>(now));
  return cmd;
}

const char *commandName(CommandKind kind) {
  switch (kind) {
  case CommandKind::UnlockDoor:
    return "UNLOCK";
  case CommandKind::ReserveCompartment:
    return "RESERVE";
  case CommandKind::ReleaseCompartment:
    return "RELEASE";
  case CommandKind::FirmwareChunk:
    return "FW";
  case CommandKind::DisplayText:
    return "DISPLAY";
  case CommandKind::LockAll:
    return "LOCKALL";
  case CommandKind::TimeSync:
    return "TIME";
  }
  return "?";
}

std::string encodeCommand(const Command &cmd) {
  std::string line = commandName(cmd.kind);
  switch (cmd.kind) {
  case CommandKind::UnlockDoor:
  case CommandKind::ReserveCompartment:
    line += " " + std::to_string(cmd.compartment) + " " + sanitize(cmd.payload);
    break;
  case CommandKind::ReleaseCompartment:
    line += " " + std::to_string(cmd.compartment);
    break;
  case CommandKind::FirmwareChunk:
    line += " " + std::to_string(cmd.sequence) + " " + hex(cmd.payload);
    break;
  case CommandKind::DisplayText:
    line += " " + sanitize(cmd.payload);
    break;
  case CommandKind::TimeSync:
    line += " " + cmd.payload;
    break;
  case CommandKind::LockAll:
    break;
  }
  line += '\n';
  return line;
}
