// Cue-light box for loop-group (walla) sessions on a dubbing stage. The box
// sits on a serial line: flash() beeps the actors in, streamer() draws the
// on-screen wipe before a line. Commands do not throw; they report failure
// through a std::error_code (bad_file_descriptor once the box is retired).
// retire() hands the serial line back to the console and is idempotent.
// The session driver retires the box when a command fails, and at the end
// of the session it beeps the group out.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

class CueBox {
public:
  explicit CueBox(const char *dev) : fd_(::open(dev, O_WRONLY | O_NOCTTY | O_CLOEXEC)) {}
  ~CueBox() { retire(); }

  void flash(int beeps, std::error_code &ec) {
    char cmd[16];
    send(cmd, std::snprintf(cmd, sizeof cmd, "B%d\r", beeps), ec);
  }

  void streamer(double seconds, std::error_code &ec) {
    char cmd[24];
    send(cmd, std::snprintf(cmd, sizeof cmd, "S%.2f\r", seconds), ec);
  }

  void retire() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

  bool retired() const { return fd_ < 0; }

private:
  void send(const char *cmd, int len, std::error_code &ec) {
    if (fd_ < 0) {
      ec = std::make_error_code(std::errc::bad_file_descriptor);
      return;
    }
    if (::write(fd_, cmd, len) != len)
      ec.assign(errno, std::generic_category());
    else
      ec.clear();
  }

  int fd_;
};

struct Loop {
  std::string scene;
  double prerollSecs;
  int beeps;
};

static void abandonSession(CueBox &box, const std::string &scene, const std::error_code &ec) {
  std::fprintf(stderr, "loop group: cue box failed in %s: %s\n", scene.c_str(), ec.message().c_str());
  box.retire();
}

void runLoopGroup(CueBox &box, const std::vector<Loop> &loops) {
  std::error_code ec;
  for (const Loop &l : loops) {
    box.streamer(l.prerollSecs, ec);
    if (ec) {
      abandonSession(box, l.scene, ec);
      break;
    }
    box.flash(l.beeps, ec);
  }
  box.flash(1, ec); // BUG: use-after-close
}

void runAdrPickups(CueBox &box, const std::vector<Loop> &loops) {
  std::error_code ec;
  for (const Loop &l : loops) {
    box.streamer(l.prerollSecs, ec);
    if (ec) {
      abandonSession(box, l.scene, ec);
      return;
    }
  }
  box.flash(1, ec); // OK: the failure path returned
  box.retire();
  box.retire(); // OK: retire() is idempotent
}

void wrapStage(CueBox &box) {
  std::error_code ec;
  if (!box.retired())
    box.flash(3, ec); // OK: guarded by retired()
  box.retire();
}

int main() {
  CueBox box("/dev/ttyCUE0");
  std::vector<Loop> loops = {{"42A restaurant", 3.0, 3}, {"42B street", 2.5, 2}};
  runLoopGroup(box, loops);
  CueBox pickups("/dev/ttyCUE1");
  runAdrPickups(pickups, loops);
  std::error_code ec;
  pickups.flash(2, ec); // BUG: use-after-close
  wrapStage(box);
  return 0;
}
