// Ham radio club repeater controller: the club's control box talks to the
// repeater through a RepeaterPort over its serial line. While the automatic
// CW beacon keeps the transmitter keyed, close() refuses with -EAGAIN and
// leaves the port open; the caller drops the key (or waits for the beacon to
// finish) and closes again. A second close() of a closed port throws.
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

namespace repeater {

class RepeaterPort {
public:
  explicit RepeaterPort(const std::string &device) {
    fd_ = ::open(device.c_str(), O_RDWR | O_NOCTTY);
    if (fd_ < 0)
      throw std::runtime_error("cannot open " + device);
  }

  void transmit(const std::string &text) {
    requireOpen();
    const std::string frame = "TX " + text + "\r";
    if (::write(fd_, frame.data(), frame.size()) < 0)
      throw std::runtime_error("repeater write failed");
  }

  void startBeacon() {
    requireOpen();
    transmit("BEACON ON");
    keyed_ = true;
  }

  void unkey() {
    requireOpen();
    transmit("PTT OFF");
    keyed_ = false;
  }

  void waitForBeaconEnd() {
    requireOpen();
    std::this_thread::sleep_for(std::chrono::seconds(12));
    keyed_ = false;
  }

  int close() {
    if (fd_ < 0)
      throw std::logic_error("repeater port already closed");
    if (keyed_)
      return -EAGAIN;
    ::close(fd_);
    fd_ = -1;
    return 0;
  }

private:
  void requireOpen() const {
    if (fd_ < 0)
      throw std::runtime_error("repeater port closed");
  }

  int fd_ = -1;
  bool keyed_ = false;
};

void nightlyShutdown(RepeaterPort &port) {
  port.transmit("QRT for the night de club station");
  while (port.close() == -EAGAIN) // OK
    port.waitForBeaconEnd(); // OK
}

void netControlHandover(RepeaterPort &port) {
  if (port.close() == -EAGAIN) {
    port.unkey(); // OK
    port.close(); // OK
  }
}

void lightningShutdown(RepeaterPort &port) {
  port.transmit("QRT lightning in the area");
  if (port.close() == -EAGAIN)
    port.unkey();
  port.close(); // BUG: double-close
}

void contestWeekend(RepeaterPort &port, bool beaconDuringContest) {
  if (beaconDuringContest)
    port.startBeacon();
  port.transmit("contest mode");
}

} // namespace repeater
