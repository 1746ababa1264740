// Wastewater lift station: the SCADA outstation drives the wet-well inlet
// valve through a ValveLink on a serial line. While the actuator is still
// mid-stroke, close() refuses with -EAGAIN and leaves the link open; the
// caller waits for the stroke to finish and closes again. Closing a link
// that is already closed throws.
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace liftstation {

char actuatorStatus(int fd);

class ValveLink {
public:
  explicit ValveLink(const std::string &tty) : fd_(::open(tty.c_str(), O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("cannot open valve link " + tty);
  }

  void command(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("valve link closed");
    const std::string line = cmd + "\r\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("valve link write failed");
    moving_ = cmd.rfind("SET", 0) == 0 && actuatorStatus(fd_) == 'M';
  }

  void waitStroke() {
    if (fd_ < 0)
      throw std::runtime_error("valve link closed");
    char ack = 0;
    while (moving_ && ::read(fd_, &ack, 1) == 1)
      moving_ = ack != 'D';
  }

  int close() {
    if (fd_ < 0)
      throw std::logic_error("valve link already closed");
    if (moving_)
      return -EAGAIN;
    ::close(fd_);
    fd_ = -1;
    return 0;
  }

private:
  int fd_;
  bool moving_ = false;
};

void nightFlowMode(ValveLink &valve) {
  valve.command("SET 30");
  int rc = valve.close();
  if (rc == -EAGAIN) {
    valve.waitStroke(); // OK: still open after -EAGAIN
    valve.close(); // OK: first close refused
  }
}

void stormMode(ValveLink &valve) {
  valve.command("SET 100");
  for (;;) {
    int rc = valve.close(); // OK: repeats only after -EAGAIN
    if (rc != -EAGAIN)
      break;
    valve.waitStroke();
  }
}

void maintenanceIsolation(ValveLink &valve) {
  valve.command("SET 0");
  int rc = valve.close();
  if (rc == -EAGAIN)
    valve.waitStroke();
  rc = valve.close(); // BUG: double-close
}

} // namespace liftstation
