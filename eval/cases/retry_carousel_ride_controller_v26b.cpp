// Fairground carousel ride controller. The operator console talks to the
// ride PLC over a control link. Closing the link asks the PLC to finish its
// brake cycle first: while the platform is still turning, close() returns
// false with EAGAIN and the link stays open, so the console retries. Once the
// link is closed the PLC drops the session and a second close is refused.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

namespace carousel {

class RideLink {
public:
  explicit RideLink(std::string ride) : ride_(std::move(ride)) {}

  bool send(const std::string &cmd) {
    if (closed_)
      throw std::logic_error("ride link closed: " + ride_);
    if (queued_ >= 8) {
      lastError_ = EAGAIN;
      return false;
    }
    ++queued_;
    return true;
  }

  bool close() {
    if (closed_)
      throw std::logic_error("ride link already closed: " + ride_);
    if (rpm_ > 0) {
      --rpm_;
      lastError_ = EAGAIN;
      return false;
    }
    closed_ = true;
    return true;
  }

  int lastError() const { return lastError_; }
  void setRpm(int rpm) { rpm_ = rpm; }

private:
  std::string ride_;
  int queued_ = 0;
  int rpm_ = 0;
  int lastError_ = 0;
  bool closed_ = false;
};

void endRide(RideLink &link) {
  link.send("BRAKE");
  while (!link.close()) // OK
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
}

void endRideOnce(RideLink &link) {
  link.send("BRAKE");
  if (!link.close() && link.lastError() == EAGAIN) {
    std::this_thread::sleep_for(std::chrono::seconds(3));
    link.close(); // OK
  }
}

void endRideBounded(RideLink &link) {
  link.send("BRAKE");
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (link.close()) // OK
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  std::fputs("ride PLC still turning, leaving link open\n", stderr);
  link.send("ALARM"); // OK
}

void endRideAfterMusic(RideLink &link, int tracks) {
  for (int t = 0; t < tracks; ++t) {
    if (!link.send("MUSIC " + std::to_string(t)))
      std::fprintf(stderr, "music queue full at track %d\n", t);
  }
  link.send("BRAKE");
  if (!link.close() || link.lastError() == EAGAIN)
    link.close(); // BUG: double-close
}

} // namespace carousel
