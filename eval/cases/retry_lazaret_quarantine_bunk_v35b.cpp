// Bunk monitors of a quarantine lazaret: each bunk has a vitals channel to the
// ward gateway (its close() sends a FIN and returns non-zero when the gateway
// did not acknowledge, leaving the channel open), and a temperature probe read
// over a plain descriptor.
// Correct throughout: every second close runs only after the first one
// reported failure (non-zero from the channel, -1 with EINTR from close(2)),
// and descriptors are set to -1 once they are closed for good.
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace lazaret {

class VitalsChannel {
 public:
  explicit VitalsChannel(int fd) : fd_(fd) {}

  void push(const std::string& sample) {
    if (fd_ < 0) throw std::runtime_error("vitals channel closed");
    ::write(fd_, sample.data(), sample.size());
  }

  // Returns 0 when the gateway acknowledged and the descriptor is released;
  // non-zero leaves the channel open so that the caller may try again.
  int close() {
    if (fd_ < 0) return 0;
    static const char fin[] = "FIN\n";
    if (::write(fd_, fin, sizeof fin - 1) != static_cast<ssize_t>(sizeof fin - 1)) return EAGAIN;
    char ack = 0;
    if (::read(fd_, &ack, 1) != 1 || ack != 'A') return EAGAIN;
    ::close(fd_);
    fd_ = -1;
    return 0;
  }

 private:
  int fd_;
};

struct Bunk {
  int number = 0;
  int probe_fd = -1;
};

int discharge(VitalsChannel& ch) {
  int rc = ch.close();
  if (rc != 0) rc = ch.close();  // OK: previous close failed
  return rc;
}

int discharge_patient(VitalsChannel& ch, int attempts) {
  int rc = ch.close();
  while (rc == EAGAIN && --attempts > 0) {
    ::usleep(10000);
    rc = ch.close();  // OK: previous close failed
  }
  return rc;
}

static int close_probe(Bunk& b) {
  if (b.probe_fd < 0) return 0;
  int rc = ::close(b.probe_fd);
  if (rc == -1 && errno == EINTR) rc = ::close(b.probe_fd);  // OK: previous close failed
  b.probe_fd = -1;
  return rc;
}

double read_probe(Bunk& b) {
  if (b.probe_fd < 0) return -1.0;
  char buf[16] = {0};
  ssize_t n = ::pread(b.probe_fd, buf, sizeof buf - 1, 0);  // OK: guarded by probe_fd >= 0
  return n > 0 ? std::stod(std::string(buf, static_cast<size_t>(n))) : -1.0;
}

void release_ward(std::vector<Bunk>& ward, std::vector<VitalsChannel>& channels) {
  for (Bunk& b : ward) {
    read_probe(b);
    close_probe(b);
    close_probe(b);  // OK: close_probe() set probe_fd to -1, so this returns 0
    read_probe(b);  // OK: returns -1.0 for a released probe
  }
  for (VitalsChannel& ch : channels) {
    if (discharge(ch) != 0) continue;
    ch.close();  // OK: close() returns 0 without touching the descriptor once released
  }
}

}  // namespace lazaret
