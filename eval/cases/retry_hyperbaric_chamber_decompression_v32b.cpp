// Hospital hyperbaric medicine unit: after a treatment dive the chamber
// console closes its pressure-controller port and the dive-log socket. The
// controller's own PressurePort::close() refuses with Status::Again while a
// decompression step is still being acknowledged and leaves the port open,
// so the console waits and closes again. The dive-log descriptor is closed
// with the EINTR retry loop the console's platform layer uses: it targets
// POSIX.1-2024, where close() failing with EINTR leaves the descriptor
// open. Negative case: a second close only follows a first close that
// failed and left the handle open.
#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

namespace hyperbaric {

class PressurePort {
public:
  enum class Status { Ok, Again };

  void command(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("pressure port closed");
    if (cmd.rfind("DECO", 0) == 0)
      pendingAcks_ = 2;
  }
  void poll() {
    if (pendingAcks_ > 0)
      --pendingAcks_;
  }
  Status close() {
    if (closed_)
      throw std::logic_error("pressure port closed twice");
    if (pendingAcks_ > 0)
      return Status::Again;
    closed_ = true;
    return Status::Ok;
  }

private:
  int pendingAcks_ = 0;
  bool closed_ = false;
};

void closeDiveLog(int fd) {
  int rc;
  do {
    rc = ::close(fd); // OK: repeated only after EINTR, which leaves fd open
  } while (rc == -1 && errno == EINTR);
}

void surface(PressurePort &port, int diveLogFd) {
  port.command("DECO 1.3ATA");
  ::write(diveLogFd, "deco stop 1.3 ATA\n", 18);
  PressurePort::Status st = port.close();
  while (st == PressurePort::Status::Again) {
    port.poll(); // OK: Again leaves the port open
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    st = port.close(); // OK: retried only after Again
  }
  closeDiveLog(diveLogFd);
}

bool abortDive(PressurePort &port, int diveLogFd) {
  if (port.close() == PressurePort::Status::Again) {
    port.command("VENT"); // OK: the port is still open after Again
    port.poll();
    port.poll();
    if (port.close() != PressurePort::Status::Ok) // OK: the first close returned Again
      return false;
  }
  ::write(diveLogFd, "dive aborted\n", 13);
  if (::close(diveLogFd) == -1 && errno == EINTR)
    return ::close(diveLogFd) == 0; // OK: the first close was interrupted
  return true;
}

} // namespace hyperbaric
