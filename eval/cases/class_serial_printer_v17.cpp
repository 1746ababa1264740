// Driver for a serial label printer. SerialPort wraps a POSIX tty descriptor;
// LabelPrinter sends one label per command and waits for the printer's
// "ACK"/"NAK" reply. After a NAK the printer drops the line, so the port must
// be closed and opened again before the next label.
// SerialPort semantics (implemented below): write()/readLine() throw
// std::logic_error once the port is closed; close() on a closed port throws
// std::logic_error("serial port already closed"); open() reopens a closed port.
#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <vector>

class SerialPort {
public:
  SerialPort() = default;
  SerialPort(const SerialPort &) = delete;
  SerialPort &operator=(const SerialPort &) = delete;
  ~SerialPort() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  bool open(const std::string &path) {
    if (fd_ >= 0)
      throw std::logic_error("serial port already open");
    fd_ = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    return fd_ >= 0;
  }

  void write(const std::string &data) {
    if (fd_ < 0)
      throw std::logic_error("serial port closed");
    if (::write(fd_, data.data(), data.size()) < 0)
      throw std::system_error(errno, std::generic_category(), "serial write");
  }

  std::string readLine(int timeoutMs) {
    if (fd_ < 0)
      throw std::logic_error("serial port closed");
    std::string line;
    pollfd pfd{fd_, POLLIN, 0};
    while (::poll(&pfd, 1, timeoutMs) > 0) {
      char c = 0;
      if (::read(fd_, &c, 1) != 1 || c == '\n')
        break;
      if (c != '\r')
        line.push_back(c);
    }
    return line;
  }

  void close() {
    if (fd_ < 0)
      throw std::logic_error("serial port already closed");
    ::close(fd_);
    fd_ = -1;
  }

  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

struct Label {
  std::string sku;
  int copies;
};

class LabelPrinter {
public:
  explicit LabelPrinter(std::string device) : device_(std::move(device)) {}

  bool connect() { return port_.open(device_); }

  // Reopens the line; false when the device did not come back.
  bool reset() {
    if (port_.isOpen())
      port_.close(); // OK: guarded by isOpen()
    if (!port_.open(device_))
      return false;
    port_.write("~RESET\r\n"); // OK: the port was reopened just above
    return port_.readLine(2000) == "ACK";
  }

  // Sends one label. On NAK the printer hangs up, so the port is closed.
  bool sendLabel(const Label &label) {
    port_.write("^L" + label.sku + "," + std::to_string(label.copies) + "\r\n"); // SAME: afternak
    if (port_.readLine(5000) == "NAK") {
      port_.close();
      return false;
    }
    return true;
  }

  std::size_t printBatch(const std::vector<Label> &labels) {
    if (!status())
      reset();
    port_.write("^START\r\n"); // BUG: use-after-close
    std::size_t printed = 0;
    for (const Label &label : labels) {
      if (sendLabel(label)) // BUG: use-after-close #afternak
        ++printed;
      else
        failed_.push_back(label);
    }
    if (port_.isOpen())
      port_.write("^END\r\n"); // OK: guarded by isOpen()
    return printed;
  }

  // Moves the print head to its parking position and releases the line.
  void park() {
    port_.write("^PARK\r\n");
    port_.close();
  }

  void shutdown() {
    if (port_.isOpen())
      park();
    port_.close(); // BUG: double-close
  }

private:
  bool status() {
    if (!port_.isOpen())
      return false;
    port_.write("~STATUS\r\n"); // OK: guarded by isOpen() above
    return port_.readLine(1000) == "READY";
  }

  std::string device_;
  SerialPort port_;
  std::vector<Label> failed_;
};

int main(int argc, char **argv) {
  LabelPrinter printer(argc > 1 ? argv[1] : "/dev/ttyUSB0");
  if (!printer.connect())
    return 1;
  printer.printBatch({{"SKU-1001", 2}, {"SKU-1002", 1}, {"SKU-1003", 4}});
  printer.shutdown();
  return 0;
}
