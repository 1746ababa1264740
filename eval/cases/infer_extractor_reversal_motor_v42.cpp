// Motor controller of a reversible radial honey extractor, driven over a
// serial line. park() brakes the basket and closes the port so the hand-held
// uncapping tools can use the same converter; resume() reopens it, and does
// nothing when the drive is not parked. The panel display shows the load
// totals through the same port.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

static void waitForLidClosed() {
  for (;;) {
    FILE *gpio = std::fopen("/sys/class/gpio/gpio17/value", "r");
    int level = gpio ? std::fgetc(gpio) : '1';
    if (gpio)
      std::fclose(gpio);
    if (level == '1')
      return;
    ::usleep(200000);
  }
}

class ExtractorDrive {
public:
  explicit ExtractorDrive(std::string tty) : tty_(std::move(tty)) { openPort(); }
  ExtractorDrive(const ExtractorDrive &) = delete;
  ExtractorDrive &operator=(const ExtractorDrive &) = delete;
  ~ExtractorDrive() {
    if (!parked_)
      ::close(fd_); // OK: a parked drive already closed its port
  }

  void spin(int rpm, int seconds);
  void reverse();
  void park();
  void resume();
  void showTotals();
  void finishLoad();
  void refreshPanel();
  void nextLoad(int frames);

private:
  void openPort();
  void command(const char *text);

  std::string tty_;
  int fd_ = -1;
  bool parked_ = false;
  int frames_ = 0;
  double kilos_ = 0.0;
};

void ExtractorDrive::openPort() {
  fd_ = ::open(tty_.c_str(), O_RDWR | O_NOCTTY);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open " + tty_);
}

void ExtractorDrive::command(const char *text) {
  if (::write(fd_, text, std::strlen(text)) < 0)
    throw std::system_error(errno, std::generic_category(), "extractor command");
}

void ExtractorDrive::spin(int rpm, int seconds) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "SPIN %d %d\n", rpm, seconds);
  command(buf);
  kilos_ += 0.002 * rpm * seconds / 60.0;
}

void ExtractorDrive::reverse() { command("REV\n"); }

void ExtractorDrive::park() {
  if (parked_)
    return;
  command("BRAKE\n");
  ::close(fd_);
  parked_ = true;
}

void ExtractorDrive::resume() {
  if (!parked_)
    return;
  openPort();
  parked_ = false;
}

void ExtractorDrive::showTotals() {
  if (::dprintf(fd_, "DISP %d frames %.1f kg\n", frames_, kilos_) < 0) // SAME: totals-after-park
    throw std::system_error(errno, std::generic_category(), "panel display");
}

void ExtractorDrive::finishLoad() {
  spin(120, 30);
  park();
  showTotals(); // BUG: use-after-close #totals-after-park
}

void ExtractorDrive::refreshPanel() {
  if (parked_)
    return;
  showTotals(); // OK: guarded by the parked state
}

void ExtractorDrive::nextLoad(int frames) {
  park();
  waitForLidClosed();
  resume();
  frames_ += frames;
  spin(300, 120); // OK: resume() reopened the port
  reverse();
  spin(300, 120);
}
