// CNC router G-code streaming over a serial line: SerialPort wraps the tty
// descriptor, GcodeStreamer sends one line at a time and waits for "ok".
// On an ALARM reply the streamer hangs up the port, but run() kept the raw
// descriptor in a local and drains it afterwards. probeController() closes
// a non-tty descriptor on its error path and closes it again at the end.
// Reconnect and emergency-stop paths check or reopen before writing.
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

class SerialPort {
public:
  explicit SerialPort(std::string device) : device_(std::move(device)) {}
  ~SerialPort();
  bool open();
  bool writeLine(const std::string &line);
  std::string readReply();
  void hangup();
  bool isOpen() const { return fd_ >= 0; }
  int nativeHandle() const { return fd_; }

private:
  std::string device_;
  int fd_ = -1;
};

class GcodeStreamer {
public:
  explicit GcodeStreamer(SerialPort &port) : port_(port) {}
  bool run(const std::vector<std::string> &program);
  void emergencyStop();
  bool reconnectAndUnlock();

private:
  SerialPort &port_;
  std::size_t sent_ = 0;
};

SerialPort::~SerialPort() {
  if (fd_ >= 0)
    ::close(fd_); // OK: hangup() resets fd_ to -1
}

bool SerialPort::open() {
  fd_ = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
  return fd_ >= 0;
}

bool SerialPort::writeLine(const std::string &line) {
  std::string framed = line + "\n";
  return ::write(fd_, framed.data(), framed.size()) ==
         static_cast<ssize_t>(framed.size());
}

std::string SerialPort::readReply() {
  char buf[128];
  ssize_t n = ::read(fd_, buf, sizeof buf);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
}

void SerialPort::hangup() {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

bool GcodeStreamer::run(const std::vector<std::string> &program) {
  int tty = port_.nativeHandle();
  bool alarmed = false;
  for (const std::string &line : program) {
    port_.writeLine(line);
    ++sent_;
    std::string reply = port_.readReply();
    if (reply.rfind("ALARM", 0) == 0) {
      port_.hangup();
      alarmed = true;
      break;
    }
  }
  ::tcdrain(tty); // BUG: use-after-close
  return !alarmed;
}

void GcodeStreamer::emergencyStop() {
  if (!port_.isOpen())
    return;
  port_.writeLine("M112"); // OK: checked isOpen() after a possible hangup
}

bool GcodeStreamer::reconnectAndUnlock() {
  port_.hangup();
  if (!port_.open())
    return false;
  return port_.writeLine("$X"); // OK: reopened
}

int probeController(const std::string &device) {
  int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return -1;
  termios tio{};
  bool isTty = true;
  if (::tcgetattr(fd, &tio) != 0) {
    ::close(fd);
    isTty = false;
  }
  if (isTty) {
    ::cfsetispeed(&tio, B115200);
    ::cfsetospeed(&tio, B115200);
    ::tcsetattr(fd, TCSANOW, &tio); // OK: only when the descriptor is still open
    ::write(fd, "\x18", 1);
  }
  ::close(fd); // BUG: double-close
  return isTty ? 0 : -1;
}

int main() {
  if (probeController("/dev/ttyUSB0") != 0)
    return 1;
  SerialPort port("/dev/ttyUSB0");
  if (!port.open())
    return 1;
  GcodeStreamer streamer(port);
  streamer.run({"G21", "G90", "G0 X10 Y10", "M3 S12000", "G1 Z-1 F300"});
  streamer.emergencyStop();
  return 0;
}
