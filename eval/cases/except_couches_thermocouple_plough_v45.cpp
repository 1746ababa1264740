// Germination couches of a maltings. Each couch has a turning plough driven
// over a serial descriptor and a string of thermocouples read through a probe
// bus. PortCloser closes a descriptor at scope exit unless dismissed, so a
// turn that fails releases the plough port while the exception unwinds. Couch
// logs are FILE*s adopted by the CouchLogbook, which closes them all in its
// destructor; adopt() hands the file over with release() before it can throw.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

class PortCloser {
public:
  explicit PortCloser(int fd) : fd_(fd) {}
  ~PortCloser() {
    if (armed_ && fd_ >= 0)
      ::close(fd_);
  }
  PortCloser(const PortCloser &) = delete;
  PortCloser &operator=(const PortCloser &) = delete;
  void dismiss() { armed_ = false; }

private:
  int fd_;
  bool armed_ = true;
};

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

void sendCommand(int fd, const std::string &cmd) {
  if (::write(fd, cmd.data(), cmd.size()) != static_cast<ssize_t>(cmd.size()))
    throw std::system_error(errno, std::generic_category(), "couch drive write");
  char ack = 0;
  if (::read(fd, &ack, 1) != 1 || ack != '\x06')
    throw std::runtime_error("couch drive refused " + cmd);
}

void reportFault(int fd, const char *why) {
  std::string line = std::string("FAULT ") + why + "\r";
  ::write(fd, line.data(), line.size()); // SAME: turn-fault
}

// Returns the plough port, still open, when every pass went through.
int turnCouch(const char *dev, int passes) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return -1;
  try {
    PortCloser closer(fd);
    for (int pass = 0; pass < passes; ++pass)
      sendCommand(fd, "TURN\r");
    closer.dismiss();
  } catch (const std::exception &e) {
    reportFault(fd, e.what()); // BUG: use-after-close #turn-fault
    return -1;
  }
  return fd;
}

// One-shot homing: the port is closed whatever happens.
void ploughHome(int fd) try {
  PortCloser closer(fd);
  sendCommand(fd, "HOME\r");
} catch (const std::exception &e) {
  std::fprintf(stderr, "homing failed: %s\n", e.what());
  ::write(fd, "ESTOP\r", 6); // BUG: use-after-close
}

// Samples the thermocouples over a private duplicate of the bus descriptor.
double sampleCouch(int busFd, int couch) try {
  int channel = ::dup(busFd);
  PortCloser closeChannel(channel);
  char cmd[16];
  int n = std::snprintf(cmd, sizeof cmd, "T%d?\r", couch);
  sendCommand(channel, std::string(cmd, static_cast<size_t>(n)));
  char reply[16] = {};
  if (::read(channel, reply, sizeof reply - 1) <= 0)
    throw std::runtime_error("thermocouple bus silent");
  return std::atof(reply);
} catch (const std::exception &) {
  ::write(busFd, "RESET\r", 6); // OK
  return -1.0;
}

class CouchLogbook {
public:
  ~CouchLogbook() {
    for (FILE *f : files_)
      std::fclose(f);
  }
  FILE *adopt(const std::string &path) {
    std::unique_ptr<FILE, FileCloser> file(std::fopen(path.c_str(), "a"));
    if (!file)
      throw std::system_error(errno, std::generic_category(), path);
    FILE *raw = file.release();
    files_.push_back(raw);
    if (files_.size() > kMaxOpen)
      throw std::length_error("couch logbook full");
    return raw;
  }
  FILE *newest() const { return files_.back(); }

private:
  static constexpr std::size_t kMaxOpen = 8;
  std::vector<FILE *> files_;
};

int main() {
  CouchLogbook book;
  for (int couch = 1; couch <= 9; ++couch) {
    try {
      book.adopt("/srv/couch/" + std::to_string(couch) + ".log");
    } catch (const std::length_error &) {
      std::fputs("# logbook full, later couches share this log\n", book.newest()); // OK
    }
  }

  int plough = turnCouch("/dev/ttyPLOUGH3", 2);
  if (plough >= 0) {
    sendCommand(plough, "PARK\r"); // OK
    ploughHome(plough);
  }
  int bus = ::open("/dev/ttyPROBES", O_RDWR | O_NOCTTY);
  if (bus >= 0) {
    std::printf("couch 3: %.1f C\n", sampleCouch(bus, 3));
    ::close(bus);
  }
}
