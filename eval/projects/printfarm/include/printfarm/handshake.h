// The M115 handshake with a Marlin/RepRapFirmware board.
//
// handshakeOrClose(): sends M115 and waits for the FIRMWARE_NAME report. On failure the port
//   is CLOSED and false is returned: a board that does not answer is in an unknown state
//   (half-flashed, stuck in its bootloader) and must not be talked to through that
//   descriptor again. On success the port is left open. A port that is not open fails.
// handshakeWithRetry(): up to `attempts` handshakes; between attempts the port is reopened
//   and the board reset with DTR. Leaves the port open on success, closed on failure.
// requireHandshake(): handshakeOrClose(), throwing HandshakeError (after the port has been
//   closed) instead of returning false.
#pragma once
#include <stdexcept>
#include <string>

namespace printfarm {

class SerialPort;

struct FirmwareInfo {
  std::string name;    // "Marlin 2.1.2.1"
  std::string machine; // "Prusa i3 MK3S"
  std::string uuid;
};

class HandshakeError : public std::runtime_error {
public:
  explicit HandshakeError(const std::string &device)
      : std::runtime_error("no M115 answer from " + device) {}
};

bool handshakeOrClose(SerialPort &port, FirmwareInfo &out, int timeoutMs = 2000);
bool handshakeWithRetry(SerialPort &port, FirmwareInfo &out, int attempts = 3);
void requireHandshake(SerialPort &port, FirmwareInfo &out);

} // namespace printfarm
