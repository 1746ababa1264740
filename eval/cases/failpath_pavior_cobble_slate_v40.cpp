// Street paving crew (cobbles and slate setts): the pavior's laser level is a total station
// reached over a socket. The setup helpers hang the link up only when something is wrong and then
// report it: calibrate() returns false, level_check() returns an error Status, lock_on() throws,
// abort_job() never returns. Callers that stop on failure are fine; the kerb survey logs the
// failed level check and measures anyway, the quick cobble course ignores calibrate()'s result,
// and the night survey swallows lock_on()'s exception.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

class SurveyLink {
 public:
  explicit SurveyLink(int fd) : fd_(fd) {}
  ~SurveyLink() {
    if (fd_ >= 0) ::close(fd_);
  }
  SurveyLink(const SurveyLink&) = delete;
  SurveyLink& operator=(const SurveyLink&) = delete;

  std::string exchange(const std::string& cmd) {
    if (fd_ < 0) throw std::runtime_error("survey link hung up");
    std::string line = cmd + "\r\n";
    if (::send(fd_, line.data(), line.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(line.size()))
      throw std::runtime_error("survey link: send failed");
    char buf[64];
    ssize_t n = ::recv(fd_, buf, sizeof buf - 1, 0);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
  }
  double measure() {
    std::string r = exchange("MEAS");
    return r.empty() ? 0.0 : std::atof(r.c_str());
  }
  void hangup() {
    if (fd_ < 0) throw std::runtime_error("survey link already hung up");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class Status {
 public:
  static Status ok() { return Status(""); }
  static Status error(std::string msg) { return Status(std::move(msg)); }
  bool is_ok() const { return msg_.empty(); }
  const std::string& message() const { return msg_; }

 private:
  explicit Status(std::string msg) : msg_(std::move(msg)) {}
  std::string msg_;
};

bool calibrate(SurveyLink& link) {
  if (link.exchange("CAL") != "OK\r\n") {
    link.hangup();
    return false;
  }
  return true;
}

Status level_check(SurveyLink& link, double tolerance_mm) {
  double tilt = link.measure();
  if (tilt > tolerance_mm || tilt < -tolerance_mm) {
    link.hangup();
    return Status::error("instrument off level by " + std::to_string(tilt) + " mm");
  }
  return Status::ok();
}

void lock_on(SurveyLink& link) {
  if (link.exchange("LOCK") != "LOCKED\r\n") {
    link.hangup();
    throw std::runtime_error("prism not found");
  }
}

[[noreturn]] void abort_job(SurveyLink& link, const char* why) {
  link.hangup();
  std::fprintf(stderr, "paving survey aborted: %s\n", why);
  std::exit(2);
}

double cobble_course(SurveyLink& link) {
  if (!calibrate(link)) return -1.0;
  return link.measure();  // OK: calibrate() returned true, so the link is up
}

double cobble_course_quick(SurveyLink& link) {
  calibrate(link);
  return link.measure();  // BUG: use-after-close
}

double cobble_course_average(SurveyLink& link) {
  bool ok = calibrate(link);
  if (!ok) {
    std::fputs("cobble course: calibration failed\n", stderr);
    return -1.0;
  }
  double first = link.measure();  // OK: only reached when calibrate() succeeded
  double second = link.measure();
  return (first + second) / 2.0;
}

Status slate_terrace(SurveyLink& link) {
  Status st = level_check(link, 2.0);
  if (!st.is_ok()) return st;
  link.exchange("MARK TERRACE");  // OK: returned on the error Status
  return Status::ok();
}

double kerb_line(SurveyLink& link) {
  Status st = level_check(link, 1.5);
  if (!st.is_ok()) std::fprintf(stderr, "kerb: %s\n", st.message().c_str());
  return link.measure();  // BUG: use-after-close
}

double setts_grid(SurveyLink& link, bool rain) {
  if (rain) abort_job(link, "rain on the instrument");
  lock_on(link);
  return link.measure();  // OK: abort_job() never returns and lock_on() throws on failure
}

double night_survey(SurveyLink& link) {
  try {
    lock_on(link);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "night survey: %s, using last lock\n", e.what());
  }
  return link.measure();  // BUG: use-after-close
}
