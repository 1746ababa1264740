// Single-beam echosounder on a harbour survey boat. The sounder answers on
// one of three baud rates; negotiateBaud() tries them in turn and, when none
// answers, closes the port and returns the error. Each survey file starts
// with a header written by writeSurveyHeader(), which closes the file and
// returns false when the disk is full.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <system_error>
#include <termios.h>
#include <unistd.h>

static bool answersAt(int fd, speed_t rate) {
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0)
    return false;
  ::cfsetispeed(&tio, rate);
  ::cfsetospeed(&tio, rate);
  if (::tcsetattr(fd, TCSANOW, &tio) != 0)
    return false;
  if (::write(fd, "$ID\r\n", 5) != 5)
    return false;
  char reply[16] = {};
  return ::read(fd, reply, sizeof reply - 1) > 0 && std::strncmp(reply, "$ES", 3) == 0;
}

std::error_code negotiateBaud(int fd, speed_t &chosen) {
  for (speed_t rate : {B115200, B38400, B9600}) {
    if (answersAt(fd, rate)) {
      chosen = rate;
      return {};
    }
  }
  ::close(fd);
  return std::make_error_code(std::errc::timed_out);
}

bool writeSurveyHeader(FILE *fp, const std::string &surveyId, double draftM) {
  if (std::fprintf(fp, "# survey %s transducer draft %.2f m\n", surveyId.c_str(), draftM) < 0 ||
      std::fflush(fp) != 0) {
    std::fclose(fp);
    return false;
  }
  return true;
}

class SounderLink {
public:
  ~SounderLink() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  std::error_code connect(const char *tty);
  void reconnectQuietly(const char *tty);

private:
  int fd_ = -1;
  speed_t baud_ = B9600;
};

std::error_code SounderLink::connect(const char *tty) {
  int fd = ::open(tty, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return {errno, std::generic_category()};
  if (std::error_code ec = negotiateBaud(fd, baud_))
    return ec;
  if (::write(fd, "$PING,ON\r\n", 10) != 10) { // OK: negotiateBaud() succeeded, fd is open
    std::error_code ec(errno, std::generic_category());
    ::close(fd);
    return ec;
  }
  fd_ = fd;
  return {};
}

void SounderLink::reconnectQuietly(const char *tty) {
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
  int fd = ::open(tty, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return;
  negotiateBaud(fd, baud_);
  if (::write(fd, "$PING,ON\r\n", 10) == 10) // BUG: use-after-close
    fd_ = fd;
}

FILE *startSurveyFile(const std::string &path, const std::string &surveyId, double draftM) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return nullptr;
  if (!writeSurveyHeader(fp, surveyId, draftM))
    return nullptr;
  std::fprintf(fp, "time,lat,lon,depth_m\n"); // OK: the header helper only closes when it fails
  return fp;
}

FILE *appendSurveyFile(const std::string &path, const std::string &surveyId, double draftM) {
  FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return nullptr;
  if (!writeSurveyHeader(fp, surveyId, draftM))
    std::fprintf(stderr, "survey %s: header not written\n", surveyId.c_str());
  std::fprintf(fp, "# resumed\n"); // BUG: use-after-close
  return fp;
}
