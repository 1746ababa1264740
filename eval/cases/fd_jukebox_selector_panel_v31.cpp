// Pub jukebox: the selector panel is read from one character device and the
// amplifier is driven through another. A USB reset drops the panel, so the
// jukebox reopens it; a monitor tap duplicates the amplifier descriptor for
// the sound engineer's meter. At last orders the jukebox fades out and
// closes its devices; the destructor closes whatever is still open. The
// landlord's microphone button opens the amplifier on its own to ring the bell.
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace jukebox {

class Jukebox {
public:
  Jukebox() = default;
  ~Jukebox() {
    if (panel_ >= 0)
      ::close(panel_); // OK: every close below resets the member to -1
    if (amp_ >= 0)
      ::close(amp_); // OK
  }
  Jukebox(const Jukebox &) = delete;
  Jukebox &operator=(const Jukebox &) = delete;

  bool attach(const char *panelDev, const char *ampDev) {
    panel_ = ::open(panelDev, O_RDONLY | O_CLOEXEC);
    amp_ = ::open(ampDev, O_WRONLY | O_CLOEXEC);
    return panel_ >= 0 && amp_ >= 0;
  }

  void usbReset(const char *panelDev) {
    ::close(panel_);
    panel_ = ::open(panelDev, O_RDONLY | O_CLOEXEC);
    char key = 0;
    ::read(panel_, &key, 1); // OK: reopened just above
  }

  bool play(int track) {
    char cmd[32];
    const int n = std::snprintf(cmd, sizeof cmd, "PLAY %d\n", track);
    if (::write(amp_, cmd, static_cast<std::size_t>(n)) != n) {
      std::perror("amplifier");
      ::close(amp_);
      amp_ = -1;
      return false;
    }
    return true;
  }

  void meterTap() {
    const int tap = ::dup(amp_);
    if (tap < 0)
      return;
    ::write(tap, "METER\n", 6);
    ::close(tap);
    ::write(amp_, "TAP OFF\n", 8); // OK: only the duplicate was closed
  }

  void lastOrders() {
    ::write(amp_, "FADE\n", 5);
    ::close(amp_);
    amp_ = -1;
    ::close(panel_);
    panel_ = -1;
  }

private:
  int panel_ = -1;
  int amp_ = -1;
};

bool ringLastOrdersBell(const char *ampDev) {
  const int fd = ::open(ampDev, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  if (::write(fd, "DUCK\n", 5) != 5) {
    std::perror("amplifier duck");
    ::close(fd);
  }
  const bool rang = ::write(fd, "BELL\n", 5) == 5; // BUG: use-after-close
  ::close(fd); // BUG: double-close
  return rang;
}

void closingTime(const char *panelDev, const char *ampDev) {
  Jukebox box;
  if (!box.attach(panelDev, ampDev))
    return;
  if (box.play(7))
    box.meterTap();
  box.lastOrders();
}

} // namespace jukebox
