// Weather-radar site uplink. Each volume scan is shipped to the forecasting
// centre over a RadarUplink on a non-blocking socket; the uplink is closed at
// the end of every volume so the centre can finalize the file.
// RadarUplink::close() first flushes the pending frames: when the socket
// buffer is full it returns -EAGAIN and the uplink stays open (poll for
// writability and call close() again); when the flush fails it returns -EIO
// and the uplink is released anyway. send() and a further close() on a
// released uplink throw std::logic_error.
// Correct: closeAfterVolume() repeats close() only while it returns -EAGAIN,
// and logs other failures without retrying.
// Defects: emergencyStow() repeats close() on any nonzero result, so after
// -EIO it closes a released uplink; finishVolume() re-ships the volume over
// the uplink whose close() just released it.
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class RadarUplink {
public:
  explicit RadarUplink(int nonBlockingFd) : fd_(nonBlockingFd) {}
  ~RadarUplink() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  RadarUplink(const RadarUplink &) = delete;
  RadarUplink &operator=(const RadarUplink &) = delete;

  void send(const std::string &frame) {
    if (fd_ < 0)
      throw std::logic_error("radar uplink closed");
    pending_ += frame;
    pump();
  }

  int close() {
    if (fd_ < 0)
      throw std::logic_error("radar uplink closed twice");
    int rc = pump();
    if (rc == -EAGAIN)
      return rc; // still open, frames still pending
    ::close(fd_);
    fd_ = -1;
    pending_.clear();
    return rc; // 0 or -EIO, released either way
  }

  int fd() const { return fd_; }

private:
  int pump() {
    while (!pending_.empty()) {
      ssize_t n = ::write(fd_, pending_.data(), pending_.size());
      if (n < 0)
        return (errno == EAGAIN || errno == EWOULDBLOCK) ? -EAGAIN : -EIO;
      pending_.erase(0, static_cast<std::size_t>(n));
    }
    return 0;
  }

  int fd_;
  std::string pending_;
};

struct VolumeScan {
  std::string id;                  // e.g. "DEFLD-20240611-1405"
  std::vector<std::string> sweeps; // one ODIM block per elevation
};

void waitWritable(int fd, int timeoutMs) {
  pollfd p{fd, POLLOUT, 0};
  ::poll(&p, 1, timeoutMs);
}

void shipVolume(RadarUplink &up, const VolumeScan &v) {
  up.send("VOL " + v.id + "\n"); // SAME: reship
  for (const std::string &sweep : v.sweeps)
    up.send(sweep);
}

bool closeAfterVolume(RadarUplink &up, const VolumeScan &v) {
  int rc;
  do {
    rc = up.close(); // OK: repeated only after -EAGAIN, which leaves it open
    if (rc == -EAGAIN)
      waitWritable(up.fd(), 500);
  } while (rc == -EAGAIN);
  if (rc != 0) {
    std::fprintf(stderr, "volume %s: uplink flush failed, centre will re-request\n", v.id.c_str());
    return false;
  }
  return true;
}

void finishVolume(RadarUplink &up, const VolumeScan &v) {
  int rc = up.close();
  while (rc == -EAGAIN) {
    waitWritable(up.fd(), 500);
    rc = up.close(); // OK: the previous close() returned -EAGAIN
  }
  if (rc == -EIO) {
    std::fprintf(stderr, "volume %s lost in flight, resending\n", v.id.c_str());
    shipVolume(up, v); // BUG: use-after-close #reship
  }
}

// Antenna drive fault: get off the network before the site goes dark.
void emergencyStow(RadarUplink &up) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (up.close() == 0) // BUG: double-close
      return;
    waitWritable(up.fd(), 100);
  }
}

int connectCentre(); // returns an O_NONBLOCK socket

void runSite(const std::vector<VolumeScan> &volumes, bool driveFault) {
  for (std::size_t i = 0; i < volumes.size(); ++i) {
    RadarUplink up(connectCentre());
    shipVolume(up, volumes[i]);
    if (driveFault && i + 1 == volumes.size()) {
      emergencyStow(up);
      return;
    }
    if (i % 2 == 0)
      closeAfterVolume(up, volumes[i]);
    else
      finishVolume(up, volumes[i]);
  }
}
