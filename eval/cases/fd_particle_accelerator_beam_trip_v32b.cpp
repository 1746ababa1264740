// Linear accelerator machine protection: the beam interlock client keeps a
// TCP descriptor to the interlock PLC and an audit descriptor for the
// radiation-safety officer. A trip sends the trip frame, closes the PLC
// socket and marks it -1; the heartbeat checks for that. The audit
// descriptor is duplicated before rotation so the archiver keeps writing to
// the old file. The emergency-stop path shuts the socket down only after it
// has closed it.
#include <cstdio>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace linac {

bool sendAll(int fd, const std::string &frame) {
  std::size_t off = 0;
  while (off < frame.size()) {
    ssize_t n = ::send(fd, frame.data() + off, frame.size() - off, MSG_NOSIGNAL);
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

int openAuditFile(const std::string &path);

class InterlockClient {
public:
  InterlockClient(int plcFd, int auditFd) : plcFd_(plcFd), auditFd_(auditFd) {}

  void trip(const std::string &reason) {
    if (plcFd_ < 0)
      return;
    sendAll(plcFd_, "TRIP " + reason + "\n");
    ::close(plcFd_);
    plcFd_ = -1;
    dprintf(auditFd_, "trip: %s\n", reason.c_str());
  }

  void heartbeat() {
    if (plcFd_ < 0)
      return;
    sendAll(plcFd_, "HB\n"); // OK: -1 after the trip closed it
  }

  void rotateAudit(const std::string &nextPath) {
    int archive = ::dup(auditFd_);
    ::close(auditFd_);
    auditFd_ = openAuditFile(nextPath);
    dprintf(archive, "rotated to %s\n", nextPath.c_str()); // OK: the dup'd descriptor is still open
    ::close(archive);
    dprintf(auditFd_, "opened\n"); // OK: a new descriptor
  }

  void emergencyStop() {
    if (plcFd_ < 0)
      return;
    sendAll(plcFd_, "ESTOP\n");
    ::close(plcFd_);
    dprintf(auditFd_, "emergency stop\n");
    ::shutdown(plcFd_, SHUT_RDWR); // BUG: use-after-close
    plcFd_ = -1;
  }

  void gracefulStop() {
    if (plcFd_ >= 0) {
      ::shutdown(plcFd_, SHUT_WR); // OK: before close
      ::close(plcFd_);
      plcFd_ = -1;
    }
    ::close(auditFd_);
  }

private:
  int plcFd_;
  int auditFd_;
};

} // namespace linac
