// The M115 handshake (see handshake.h: a failed handshake closes the port).
#include "printfarm/handshake.h"

#include <chrono>
#include <thread>

#include "printfarm/serial_port.h"
#include "printfarm/tty_tools.h"

namespace printfarm {
namespace {

std::string field(const std::string &line, const std::string &key) {
  const auto at = line.find(key);
  if (at == std::string::npos)
    return {};
  const auto start = at + key.size();
  // Values run up to the next " KEY:" token (keys are upper case with underscores).
  auto end = start;
  while (end < line.size()) {
    const auto space = line.find(' ', end);
    if (space == std::string::npos)
      return line.substr(start);
    const auto colon = line.find(':', space);
    const auto nextSpace = line.find(' ', space + 1);
    if (colon != std::string::npos && (nextSpace == std::string::npos || colon < nextSpace))
      return line.substr(start, space - start);
    end = space + 1;
  }
  return line.substr(start);
}

bool parseM115(const std::string &line, FirmwareInfo &out) {
  if (line.find("FIRMWARE_NAME:") == std::string::npos)
    return false;
  out.name = field(line, "FIRMWARE_NAME:");
  out.machine = field(line, "MACHINE_TYPE:");
  out.uuid = field(line, "UUID:");
  return !out.name.empty();
}

} // namespace

bool handshakeOrClose(SerialPort &port, FirmwareInfo &out, int timeoutMs) {
  if (!port.isOpen())
    return false;
  try {
    port.write("M115\n");
    // The board may print its boot banner first; give it a few lines.
    for (int i = 0; i < 8; ++i) {
      const std::string line = port.readLine(timeoutMs);
      if (line.empty())
        break;
      if (parseM115(line, out))
        return true;
    }
  } catch (const std::runtime_error &) {
    // I/O error: fall through and close, like a silent board.
  }
  port.close();
  return false;
}

bool handshakeWithRetry(SerialPort &port, FirmwareInfo &out, int attempts) {
  for (int i = 0; i < attempts; ++i) {
    if (i > 0) {
      // The previous attempt closed the port: reopen it and reset the board before retrying.
      if (!port.reopen())
        return false;
      pulseDtr(port); // OK: reopened successfully just above
      std::this_thread::sleep_for(std::chrono::seconds(2)); // bootloader delay after a reset
    }
    if (handshakeOrClose(port, out)) // OK: open on the first attempt or reopened above; a closed port just fails
      return true;
  }
  return false;
}

void requireHandshake(SerialPort &port, FirmwareInfo &out) {
  if (!handshakeOrClose(port, out))
    throw HandshakeError(port.device());
}

} // namespace printfarm
