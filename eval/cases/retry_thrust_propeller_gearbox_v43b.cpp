// Gearbox telemetry for the ducted thrust propellers of a hovercraft under
// service: each gearbox oil-temperature and chip-detector board is read over
// its own serial descriptor. Boards are released at the end of a ground run;
// the release code retries close() on EINTR. The propeller pitch link keeps
// frames queued and refuses to close (-EAGAIN) until they are sent.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace gearbox {

// Written for the ground-run teardown: up to `attempts` tries, giving up on
// anything other than EINTR.
int release_board(int fd, int attempts) {
  int rc = -1;
  for (int i = 0; i < attempts; ++i) {
    rc = ::close(fd); // BUG: double-close
    if (rc != 0 && errno != EINTR)
      break;
  }
  return rc;
}

int release_board_fixed(int fd) {
  int rc;
  do {
    rc = ::close(fd); // OK: repeated only while interrupted
  } while (rc != 0 && errno == EINTR);
  return rc;
}

class ChipDetector {
public:
  explicit ChipDetector(const std::string &dev) : fd_(::open(dev.c_str(), O_RDONLY | O_NOCTTY)) {}
  ~ChipDetector() { release(); }
  ChipDetector(const ChipDetector &) = delete;
  ChipDetector &operator=(const ChipDetector &) = delete;

  bool chip_present() const {
    char c = 0;
    return fd_ >= 0 && ::read(fd_, &c, 1) == 1 && c == '1';
  }

  // The board's driver sometimes reports EIO on close after a chip alarm.
  void release() {
    if (fd_ < 0)
      return;
    if (::close(fd_) != 0) {
      std::perror("chip detector close");
      ::close(fd_); // BUG: double-close
    }
    fd_ = -1;
  }

private:
  int fd_;
};

class PitchLink {
public:
  explicit PitchLink(int fd) : fd_(fd) {}
  void queue_frame(int pitch_deg10) { frames_.push_back(pitch_deg10); }
  void flush_frames() {
    for (int f : frames_)
      ::write(fd_, &f, sizeof f);
    frames_.clear();
  }
  // -EAGAIN while frames are queued; nothing is released then.
  int close() {
    if (!frames_.empty())
      return -EAGAIN;
    if (fd_ < 0)
      return 0;
    int rc = ::close(std::exchange(fd_, -1));
    return rc == 0 ? 0 : -errno;
  }

private:
  int fd_;
  std::vector<int> frames_;
};

void ground_run_teardown(PitchLink &pitch, std::vector<int> &boards) {
  pitch.queue_frame(0); // feather
  while (pitch.close() == -EAGAIN) // OK: retried only while nothing was released
    pitch.flush_frames();
  for (int fd : boards)
    release_board_fixed(fd);
  boards.clear();
}

void quick_teardown(PitchLink &pitch, int board_fd) {
  if (pitch.close() == -EAGAIN) {
    pitch.flush_frames();
    pitch.close(); // OK: the first close() returned -EAGAIN
  }
  release_board(board_fd, 3);
}

} // namespace gearbox
