// Hard-rock gripper tunnel boring machine: stroke logs, gripper re-grip
// retries, cutterbar wear polling and the mucking chute link (negative case).
// Every close in a loop runs at most once for the handle it closes: the
// stroke log is opened and closed within the same iteration, the gripper
// link closes only on the final failed attempt and the function returns,
// the gauge clears its fd with std::exchange and the loop stops on -1, and
// the chute closes under std::call_once however many stop paths fire.
#include <cstdio>
#include <mutex>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

struct Stroke {
  int ring;
  double lengthMm;
  double gripperBar;
};

static std::string strokeLogFor(int ring) {
  return "/var/tbm/strokes/ring" + std::to_string(ring) + ".log";
}

void logStrokes(const std::vector<Stroke> &strokes) {
  for (const Stroke &s : strokes) {
    FILE *log = std::fopen(strokeLogFor(s.ring).c_str(), "a");
    if (!log)
      continue;
    std::fprintf(log, "%.0f mm @ %.0f bar\n", s.lengthMm, s.gripperBar); // OK
    std::fclose(log); // OK
  }
}

static bool gripperAck(int fd) {
  char ack[4] = {};
  return ::read(fd, ack, sizeof ack - 1) > 0 && ack[0] == 'K';
}

bool regrip(int gripperFd) {
  for (int attempt = 1;; ++attempt) {
    if (::write(gripperFd, "GRIP\n", 5) == 5 && gripperAck(gripperFd)) // OK
      break;
    if (attempt == 3) {
      ::close(gripperFd);
      return false;
    }
  }
  ::write(gripperFd, "HOLD\n", 5); // OK
  return true;
}

class CutterbarGauge {
public:
  explicit CutterbarGauge(int fd) : fd_(fd) {}
  ~CutterbarGauge() {
    if (fd_ >= 0)
      ::close(fd_); // OK
  }
  std::vector<double> poll(int bars) {
    std::vector<double> wear;
    for (int bar = 0; bar < bars && fd_ >= 0; ++bar) {
      char buf[16] = {};
      dprintf(fd_, "WEAR %d\n", bar); // OK
      if (::read(fd_, buf, sizeof buf - 1) <= 0) {
        ::close(std::exchange(fd_, -1)); // OK
        continue;
      }
      wear.push_back(std::stod(buf));
    }
    return wear;
  }

private:
  int fd_;
};

class MuckingChute {
public:
  explicit MuckingChute(int fd) : fd_(fd) {}
  ~MuckingChute() { stop(); }
  void stop() {
    std::call_once(closed_, [this] { ::close(fd_); }); // OK
  }

private:
  int fd_;
  std::once_flag closed_;
};

void shiftEnd(MuckingChute &chute, const std::vector<bool> &beltAlarms) {
  for (bool alarm : beltAlarms)
    if (alarm)
      chute.stop();
  chute.stop();
}
