// Traverse recorder for a benchmark-levelling survey: angle/distance shots
// come from a theodolite on a serial line and are appended to the traverse
// file; a bluetooth data collector link is shut at the end of each leg. The
// code is correct: every second close() runs only when the first one
// returned -1 (EINTR/EAGAIN, or a Status that is not ok), every successful
// close is followed by resetting the descriptor or returning, and the two
// files of a leg are distinct descriptors.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

struct Status {
  int err = 0;
  bool ok() const { return err == 0; }
  static Status from_errno() { return Status{errno}; }
};

class CollectorLink {
 public:
  explicit CollectorLink(int fd) : fd_(fd) {}
  Status close() {
    if (fd_ < 0) return Status{EBADF};
    if (::close(fd_) != 0) return Status::from_errno();
    fd_ = -1;
    return Status{};
  }
  Status send(const std::string& s) {
    if (fd_ < 0) return Status{EBADF};
    if (::write(fd_, s.data(), s.size()) < 0) return Status::from_errno();
    return Status{};
  }

 private:
  int fd_;
};

static int close_retrying(int fd) {
  int rc;
  do {
    rc = ::close(fd);  // OK: previous close failed
  } while (rc == -1 && errno == EINTR);
  return rc;
}

int record_leg(const std::string& traverse, const std::string& raw, const char* shots, size_t n) {
  int out = ::open(traverse.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (out < 0) return -1;
  int dump = ::open(raw.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (dump < 0) {
    close_retrying(out);
    return -1;
  }
  ::write(out, shots, n);
  ::write(dump, shots, n);
  if (close_retrying(out) != 0) std::fprintf(stderr, "traverse close: %s\n", std::strerror(errno));
  ::fsync(dump);  // OK: dump is a different descriptor from out
  if (::close(dump) == -1 && errno == EAGAIN) {
    ::close(dump);  // OK: previous close failed
  }
  return 0;
}

void end_leg(CollectorLink& link, int leg) {
  link.send("LEG " + std::to_string(leg) + " CLOSED\n");
  Status st = link.close();
  if (!st.ok()) {
    std::fprintf(stderr, "collector close failed: %s, retrying\n", std::strerror(st.err));
    st = link.close();  // OK: previous close failed
  }
  if (!st.ok()) std::fprintf(stderr, "collector still open\n");
}

int stop_theodolite(int& serial) {
  if (serial < 0) return 0;
  ::write(serial, "\x1b" "OFF\r", 5);
  int attempts = 0;
  while (::close(serial) != 0) {  // OK: previous close failed
    if (errno != EINTR || ++attempts == 3) {
      serial = -1;
      return -1;
    }
  }
  serial = -1;
  if (serial >= 0) ::close(serial);  // OK: serial was reset to -1
  return 0;
}
