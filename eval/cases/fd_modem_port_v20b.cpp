// Modem driver for a fleet of cellular routers: the serial port descriptor is
// kept in a PortHandle struct that is passed by value. LineReader and
// CommandWriter each store a copy of the handle and each destructor closes the
// descriptor it holds. ModemProbe can give its descriptor away with release(),
// which resets its own copy to -1. A handle whose fd is a dup() of another
// descriptor owns a separate descriptor.
#include <fcntl.h>
#include <iostream>
#include <string>
#include <unistd.h>

struct PortHandle {
  int fd = -1;
  std::string device;
};

static PortHandle openPort(const std::string &device) {
  PortHandle h;
  h.device = device;
  h.fd = open(device.c_str(), O_RDWR | O_NOCTTY);
  return h;
}

class LineReader {
public:
  explicit LineReader(PortHandle h) : port_(h) {}
  ~LineReader() {
    if (port_.fd >= 0)
      close(port_.fd); // SAME: twoowners
  }
  std::string readLine();

private:
  PortHandle port_;
};

std::string LineReader::readLine() {
  std::string line;
  char c;
  while (read(port_.fd, &c, 1) == 1 && c != '\n')
    if (c != '\r')
      line.push_back(c);
  return line;
}

class CommandWriter {
public:
  explicit CommandWriter(PortHandle h) : port_(h) {}
  ~CommandWriter() {
    if (port_.fd >= 0)
      close(port_.fd); // SAME: dialclose
  }
  bool send(const std::string &cmd);

private:
  PortHandle port_;
};

bool CommandWriter::send(const std::string &cmd) {
  const std::string wire = cmd + "\r";
  return write(port_.fd, wire.data(), wire.size()) == static_cast<ssize_t>(wire.size()); // SAME: dial
}

class ModemProbe {
public:
  explicit ModemProbe(PortHandle h) : port_(h) {}
  ~ModemProbe() {
    if (port_.fd >= 0)
      close(port_.fd);
  }
  PortHandle release() {
    PortHandle h = port_;
    port_.fd = -1;
    return h;
  }
  bool responds() {
    return write(port_.fd, "AT\r", 3) == 3;
  }

private:
  PortHandle port_;
};

// Signal-quality poll: reader and writer share one descriptor.
static void pollSignal(const std::string &device) {
  PortHandle h = openPort(device);
  if (h.fd < 0)
    return;
  LineReader reader(h);
  CommandWriter writer(h);
  writer.send("AT+CSQ");
  std::cout << device << ": " << reader.readLine() << "\n";
} // BUG: double-close #twoowners

// Probe first, then hand the port to a reader for the unsolicited messages.
static void watchUnsolicited(const std::string &device) {
  PortHandle h = openPort(device);
  if (h.fd < 0)
    return;
  ModemProbe probe(h);
  if (!probe.responds())
    return;
  LineReader urc(probe.release());
  std::cout << device << " URC: " << urc.readLine() << "\n";
} // OK: probe released its descriptor, only urc closes it

// Firmware query: the reader gets its own dup() of the descriptor.
static void queryFirmware(const std::string &device) {
  PortHandle h = openPort(device);
  if (h.fd < 0)
    return;
  PortHandle readSide = h;
  readSide.fd = dup(h.fd);
  if (readSide.fd < 0) {
    close(h.fd);
    return;
  }
  CommandWriter writer(h);
  LineReader reader(readSide);
  writer.send("ATI");
  std::cout << device << " firmware: " << reader.readLine() << "\n";
} // OK: reader and writer each close a different descriptor

// Dial-out: the banner reader lives in an inner scope.
static void dialOut(const std::string &device, const std::string &number) {
  PortHandle h = openPort(device);
  if (h.fd < 0)
    return;
  CommandWriter writer(h);
  {
    LineReader banner(h);
    std::cout << "banner: " << banner.readLine() << "\n";
  }
  writer.send("ATDT" + number); // BUG: use-after-close #dial
} // BUG: double-close #dialclose

int main(int argc, char **argv) {
  const std::string device = argc > 1 ? argv[1] : "/dev/ttyUSB2";
  pollSignal(device);
  watchUnsolicited(device);
  queryFirmware(device);
  dialOut(device, "5551234");
  return 0;
}
