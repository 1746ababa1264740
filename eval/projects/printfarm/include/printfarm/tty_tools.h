// Low-level helpers that work on the descriptor behind a SerialPort.
//
// forceReleaseTty(): closes the port's descriptor directly. A wedged CH340/CP210x keeps the
//   tty node busy until the last descriptor on it is gone, so on a USB removal we free it at
//   once. The SerialPort still holds the (now dead) descriptor number afterwards: the caller
//   must call port.abandon() before the port is closed, reopened or destroyed.
// setLowLatency(): sets ASYNC_LOW_LATENCY; false if the port is closed or the driver refuses.
// pulseDtr(): drops DTR for lowMs and raises it again, which resets most printer boards;
//   the port stays open.
// resetUsbDevice(): closes the port if it is open (the reset needs the tty released) and
//   issues USBDEVFS_RESET on the given usbfs node. The port is left closed whatever the
//   result: reopen() it afterwards.
// canonicalDevice(): resolves /dev/serial/by-id/... links to the real tty node.
#pragma once
#include <string>

namespace printfarm {

class SerialPort;

void forceReleaseTty(SerialPort &port);
bool setLowLatency(SerialPort &port);
bool pulseDtr(SerialPort &port, int lowMs = 100);
bool resetUsbDevice(SerialPort &port, const std::string &usbfsNode);
std::string canonicalDevice(const std::string &path);

} // namespace printfarm
