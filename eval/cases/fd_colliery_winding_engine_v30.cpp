// Colliery winding engine recorder: the shaft depth encoder is polled over a
// socketpair from the PLC gateway process, every wind is appended to a
// per-day trip file, and the previous day's file is fsync'd and closed at
// midnight. Negative case: each descriptor is closed exactly once; helpers
// that close on error reset the caller's descriptor to -1 and every later use
// is behind a check, and the EINTR path does not retry close().
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}
  UniqueFd &operator=(UniqueFd &&other) noexcept {
    if (this != &other)
      reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // OK
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

struct WindRecord {
  int tripNo;
  int depthMetres;
  int peakSpeedCmS;
  bool manRiding;
};

static bool closeChecked(int &fd) {
  int rc = ::close(fd);
  fd = -1;
  if (rc != 0 && errno != EINTR) {
    std::perror("close trip file");
    return false;
  }
  return true;
}

static int openTripFile(const std::string &dir, std::time_t day) {
  char name[32];
  std::tm tm{};
  ::localtime_r(&day, &tm);
  std::strftime(name, sizeof name, "/trips-%Y%m%d.log", &tm);
  return ::open((dir + name).c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
}

class WindingRecorder {
public:
  explicit WindingRecorder(std::string dir) : dir_(std::move(dir)) {}

  bool record(const WindRecord &w, std::time_t now) {
    if (tripFd_ < 0 || now / 86400 != day_ / 86400) {
      rollOver();
      tripFd_ = openTripFile(dir_, now);
      day_ = now;
      if (tripFd_ < 0)
        return false;
    }
    char line[96];
    int len = std::snprintf(line, sizeof line, "%d %d %d %s\n", w.tripNo, w.depthMetres,
                            w.peakSpeedCmS, w.manRiding ? "MEN" : "MAT");
    if (::write(tripFd_, line, static_cast<std::size_t>(len)) != len) { // OK
      closeChecked(tripFd_);
      return false;
    }
    return true;
  }

  void rollOver() {
    if (tripFd_ < 0)
      return;
    ::fsync(tripFd_);
    closeChecked(tripFd_);
  }

  ~WindingRecorder() { rollOver(); }

private:
  std::string dir_;
  int tripFd_ = -1;
  std::time_t day_ = 0;
};

bool pollEncoder(UniqueFd &gateway, int &depthOut) {
  if (!gateway)
    return false;
  const char req[] = "DEPTH?\n";
  if (::send(gateway.get(), req, sizeof req - 1, MSG_NOSIGNAL) < 0) {
    gateway.reset();
    return false;
  }
  char buf[32];
  ssize_t n = ::recv(gateway.get(), buf, sizeof buf - 1, 0); // OK
  if (n <= 0) {
    gateway.reset();
    return false;
  }
  buf[n] = '\0';
  return std::sscanf(buf, "%d", &depthOut) == 1;
}

int runShift(UniqueFd gateway, WindingRecorder &rec, int trips) {
  int recorded = 0;
  for (int i = 0; i < trips; ++i) {
    int depth = 0;
    if (!pollEncoder(gateway, depth))
      break;
    if (rec.record(WindRecord{i + 1, depth, 0, false}, std::time(nullptr)))
      ++recorded;
  }
  if (gateway)
    ::shutdown(gateway.get(), SHUT_RDWR); // OK
  rec.rollOver();
  rec.rollOver(); // OK
  return recorded;
}
