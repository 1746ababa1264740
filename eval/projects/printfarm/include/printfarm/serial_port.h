// A tty attached to a printer's (or an accessory's) controller board.
//
//  - open() opens the device in raw mode; it returns true if the port is open afterwards
//    (calling it on an open port does nothing).
//  - write() and readLine() throw std::runtime_error("serial port closed") when the port is
//    not open, and std::runtime_error on I/O errors (device gone, write stalled).
//  - close() releases the descriptor. Closing a port that is not open is a caller bug and
//    throws std::logic_error: we had descriptor-reuse bugs from double closes, so this is strict.
//  - reopen() closes the descriptor if it is open and opens the device again. It returns
//    false, leaving the port closed, when the device is not there (USB disconnect, a board
//    that re-enumerates after a reset and has not come back yet).
//  - abandon() forgets the descriptor without closing it (see forceReleaseTty()).
//  - The destructor closes the descriptor only if the port is still open.
// A SerialPort is not thread-safe: callers serialize access.
#pragma once
#include <string>

namespace printfarm {

class SerialPort {
public:
  SerialPort() = default;
  explicit SerialPort(std::string device, int baud = 115200);
  ~SerialPort();
  SerialPort(SerialPort &&other) noexcept;
  SerialPort &operator=(SerialPort &&other) noexcept;
  SerialPort(const SerialPort &) = delete;
  SerialPort &operator=(const SerialPort &) = delete;

  bool open();
  bool reopen();
  void close();
  void abandon() noexcept;
  bool isOpen() const { return fd_ >= 0; }

  void write(const std::string &data);
  std::string readLine(int timeoutMs);

  int fd() const { return fd_; }
  const std::string &device() const { return device_; }

private:
  std::string device_;
  int baud_ = 115200;
  int fd_ = -1;
  std::string rx_;
};

} // namespace printfarm
