// Jousting tournament: each lance carries a strain gauge read through a
// TiltLink (a serial fd). Setup helpers release the link when the gauge
// misbehaves and then report it: arm_gauge() returns false, calibrate()
// throws, abandon_pass() never returns, handshake() returns a bad Status.
// Callers that stop on the failure are fine. Bugs: the practice run ignores
// arm_gauge()'s result, and the tilt run logs a failed handshake and then
// carries on sampling.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>

class TiltLink {
 public:
  explicit TiltLink(const char* dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0) throw std::runtime_error("tilt link: open failed");
  }
  ~TiltLink() { release(); }
  void command(const char* cmd) {
    if (fd_ < 0) throw std::runtime_error("tilt link released");
    if (::write(fd_, cmd, std::char_traits<char>::length(cmd)) < 0) throw std::runtime_error("tilt link: write failed");
  }
  int reply() {
    if (fd_ < 0) throw std::runtime_error("tilt link released");
    unsigned char b = 0;
    return ::read(fd_, &b, 1) == 1 ? b : -1;
  }
  int sample() {
    if (fd_ < 0) throw std::runtime_error("tilt link released");
    unsigned char b = 0;
    if (::write(fd_, "S\n", 2) != 2) return -1;
    return ::read(fd_, &b, 1) == 1 ? b : -1;
  }
  void release() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class Status {
 public:
  static Status ok_status() { return Status(""); }
  static Status error(std::string m) { return Status(std::move(m)); }
  bool ok() const { return msg_.empty(); }
  const std::string& message() const { return msg_; }

 private:
  explicit Status(std::string m) : msg_(std::move(m)) {}
  std::string msg_;
};

bool arm_gauge(TiltLink& l) {
  l.command("ARM\n");
  if (l.reply() != 'A') {
    l.release();
    return false;
  }
  return true;
}

void calibrate(TiltLink& l) {
  l.command("CAL\n");
  int zero = l.reply();
  if (zero < 0 || zero > 20) {
    l.release();
    throw std::runtime_error("gauge zero out of range");
  }
}

[[noreturn]] void abandon_pass(TiltLink& l, const char* why) {
  l.release();
  throw std::runtime_error(std::string("pass abandoned: ") + why);
}

Status handshake(TiltLink& l) {
  l.command("HELLO\n");
  if (l.reply() != 'H') {
    l.release();
    return Status::error("gauge did not answer HELLO");
  }
  return Status::ok_status();
}

bool tilt_ready(TiltLink& l) {
  if (!arm_gauge(l)) return false;
  return l.sample() >= 0;  // OK: returns before this when arm_gauge() released the link
}

int practice_run(TiltLink& l) {
  arm_gauge(l);
  return l.sample();  // BUG: use-after-close
}

int calibrated_pass(TiltLink& l) {
  calibrate(l);
  return l.sample();  // OK: calibrate() throws whenever it releases
}

int judged_pass(TiltLink& l, bool horse_balked) {
  if (horse_balked) abandon_pass(l, "horse balked at the tilt");
  return l.sample();  // OK: abandon_pass() is [[noreturn]]
}

int tilt_run(TiltLink& l) {
  Status st = handshake(l);
  if (!st.ok()) std::fprintf(stderr, "lance gauge: %s\n", st.message().c_str());
  return l.sample();  // BUG: use-after-close
}
