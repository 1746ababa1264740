// Descriptor-level helpers for SerialPort (see tty_tools.h for what each one leaves behind).
#include "printfarm/tty_tools.h"

#include <chrono>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <linux/serial.h>
#include <linux/usbdevice_fs.h>
#include <sys/ioctl.h>
#include <thread>
#include <unistd.h>

#include "printfarm/serial_port.h"
#include "printfarm/unique_fd.h"

namespace printfarm {

void forceReleaseTty(SerialPort &port) {
  if (port.fd() >= 0)
    ::close(port.fd());
}

bool setLowLatency(SerialPort &port) {
  const bool open = port.isOpen();
  if (!open)
    return false;
  serial_struct ss{};
  if (::ioctl(port.fd(), TIOCGSERIAL, &ss) != 0)
    return false;
  ss.flags |= ASYNC_LOW_LATENCY;
  return ::ioctl(port.fd(), TIOCSSERIAL, &ss) == 0;
}

bool pulseDtr(SerialPort &port, int lowMs) {
  if (!port.isOpen())
    return false;
  int bits = TIOCM_DTR;
  if (::ioctl(port.fd(), TIOCMBIC, &bits) != 0)
    return false;
  std::this_thread::sleep_for(std::chrono::milliseconds(lowMs));
  return ::ioctl(port.fd(), TIOCMBIS, &bits) == 0;
}

bool resetUsbDevice(SerialPort &port, const std::string &usbfsNode) {
  if (port.isOpen())
    port.close(); // OK: closed only if still open
  UniqueFd usb(::open(usbfsNode.c_str(), O_WRONLY | O_CLOEXEC));
  if (!usb)
    return false;
  return ::ioctl(usb.get(), USBDEVFS_RESET, 0) == 0;
}

std::string canonicalDevice(const std::string &path) {
  char buf[PATH_MAX];
  if (::realpath(path.c_str(), buf) != nullptr)
    return buf;
  return path;
}

} // namespace printfarm
