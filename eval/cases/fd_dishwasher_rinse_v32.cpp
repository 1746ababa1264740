// Smart dishwasher controller: the door latch, the pump and the rinse-aid
// doser are driven through descriptors to the appliance's control board.
// A wash program opens the pump, runs its phases and closes it. When the
// rinse-aid reservoir reports empty the doser descriptor is closed and set to
// -1 so the program skips dosing; the door check closes its descriptor on a
// read error but falls through into the lock command.
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct Board {
  int pumpFd = -1;
  int doserFd = -1;
};

bool runPhase(int pumpFd, char phase, int seconds) {
  char cmd[2] = {phase, static_cast<char>(seconds)};
  return ::write(pumpFd, cmd, sizeof cmd) == static_cast<ssize_t>(sizeof cmd);
}

void doseRinseAid(Board &b, int millilitres) {
  if (b.doserFd < 0)
    return;
  unsigned char ml = static_cast<unsigned char>(millilitres);
  if (::write(b.doserFd, &ml, 1) != 1) { // OK: guarded by the -1 check
    ::close(b.doserFd);
    b.doserFd = -1;
  }
}

bool washProgram(Board &b, const std::string &pumpDev, const std::vector<char> &phases) {
  b.pumpFd = ::open(pumpDev.c_str(), O_WRONLY | O_CLOEXEC);
  if (b.pumpFd < 0)
    return false;
  for (char phase : phases) {
    if (!runPhase(b.pumpFd, phase, 30)) { // OK: the pump is closed only after the loop
      ::close(b.pumpFd);
      b.pumpFd = -1;
      return false;
    }
    if (phase == 'R')
      doseRinseAid(b, 3);
  }
  doseRinseAid(b, 2); // OK: skips a doser that was closed and reset
  ::close(b.pumpFd); // OK
  b.pumpFd = -1;
  return true;
}

bool lockDoor(const std::string &latchDev) {
  int fd = ::open(latchDev.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return false;
  char state = 0;
  if (::read(fd, &state, 1) != 1) {
    ::close(fd);
  } else if (state == 'O') {
    ::close(fd);
    return false;
  }
  const char lock = 'L';
  bool ok = ::write(fd, &lock, 1) == 1; // BUG: use-after-close
  ::close(fd); // BUG: double-close
  return ok;
}
