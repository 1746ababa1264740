// Decompression control for the man-lock of a pneumatic caisson. The lock
// controller talks to the compressor house over a serial link; equalize()
// and cycleDoors() return 0 or a negative errno (-ENOTCONN once the link is
// torn down). Two public methods tear the link down through the same private
// teardown(): failover() when the lock switches to manual valves after a
// fault, decommission() at the end of the shift. The decompression table is
// run stop by stop; a stop that cannot be reached sends the lock to manual
// so the lock tender can bring the crew out by hand (avoiding the bends).
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

class ManLockLink {
public:
  int open(const char *dev) {
    fd_ = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
    return fd_ < 0 ? -errno : 0;
  }

  int equalize(double gaugeBar) {
    if (manual_)
      return -ENOTCONN;
    char cmd[24];
    int len = std::snprintf(cmd, sizeof cmd, "EQ %.2f\r", gaugeBar);
    return ::write(fd_, cmd, len) == len ? 0 : -EIO;
  }

  int cycleDoors() {
    if (manual_)
      return -ENOTCONN;
    return ::write(fd_, "DOORS\r", 6) == 6 ? 0 : -EIO;
  }

  void failover() {
    std::fprintf(stderr, "man-lock: switching to manual valves\n");
    teardown();
  }

  void decommission() {
    std::fprintf(stderr, "man-lock: end of shift, releasing compressor link\n");
    teardown();
  }

  bool manual() const { return manual_; }

private:
  void teardown() {
    ::close(fd_); // SAME: locktwice
    manual_ = true;
  }

  int fd_ = -1;
  bool manual_ = false;
};

struct DecoStop {
  double gaugeBar;
  int minutes;
};

int bringCrewOut(ManLockLink &lock, const std::vector<DecoStop> &table) {
  int reached = 0;
  for (const DecoStop &stop : table) {
    if (lock.equalize(stop.gaugeBar) != 0) {
      lock.failover();
      break;
    }
    ++reached;
    ::sleep(static_cast<unsigned>(stop.minutes) * 60u);
  }
  lock.cycleDoors(); // BUG: use-after-close
  lock.decommission(); // BUG: double-close #locktwice
  return reached;
}

int sendCrewIn(ManLockLink &lock, double workingBar) {
  if (lock.equalize(workingBar) != 0) {
    lock.failover();
    return -1;
  }
  int rc = lock.cycleDoors(); // OK: the failover path returned
  if (rc != 0)
    lock.failover();
  return rc;
}

void endShift(ManLockLink &lock) {
  if (!lock.manual())
    lock.decommission(); // OK: skipped once the link is torn down
}

int main() {
  ManLockLink lock;
  if (lock.open("/dev/ttyLOCK0") != 0)
    return 1;
  if (sendCrewIn(lock, 1.6) != 0)
    return 2;
  std::vector<DecoStop> table = {{1.2, 5}, {0.8, 10}, {0.4, 20}};
  int reached = bringCrewOut(lock, table);
  std::printf("%d of %zu stops under control\n", reached, table.size());
  endShift(lock);
  return 0;
}
