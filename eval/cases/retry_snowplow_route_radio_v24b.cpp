// Municipal snowplow dispatch: each plow carries a RadioLink to the depot.
// RadioLink::close() refuses with EAGAIN (and leaves the link open) while
// route updates are still queued for transmission, so callers retry it; a
// close of a link that is already closed is a programming error and throws.
// The depot's route sheet is a FILE*, and fclose() disassociates the stream
// even when it reports an error, so it must not be retried.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class RadioLink {
public:
  explicit RadioLink(std::string plow) : plow_(std::move(plow)) {}

  void transmit(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("radio link to " + plow_ + " is closed");
    queue_.push_back(msg);
  }

  int close() {
    if (closed_)
      throw std::logic_error("radio link to " + plow_ + " closed twice");
    if (!queue_.empty())
      queue_.pop_front();
    if (!queue_.empty()) {
      errno = EAGAIN;
      return -1;
    }
    closed_ = true;
    return 0;
  }

private:
  std::string plow_;
  std::deque<std::string> queue_;
  bool closed_ = false;
};

void backoff(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

void endShift(RadioLink &radio) {
  radio.transmit("RETURN TO DEPOT");
  while (radio.close() != 0 && errno == EAGAIN) // OK
    backoff(200);
}

bool closeWithin(RadioLink &radio, int tries) {
  for (int i = 0; i < tries; ++i) {
    if (radio.close() == 0) // OK
      return true;
    if (errno != EAGAIN)
      return false;
    backoff(100);
  }
  radio.transmit("HOLD POSITION - RADIO BUSY"); // OK
  return false;
}

void reassignRoute(RadioLink &radio, const std::string &route) {
  radio.transmit("NEW ROUTE " + route);
  radio.transmit("ACK REQUESTED");
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (radio.close() == 0) // BUG: double-close
      std::printf("route %s handed over\n", route.c_str());
    else if (errno != EAGAIN)
      break;
    backoff(150);
  }
}

void closeRouteSheet(std::FILE *sheet, int plowsOut) {
  std::fprintf(sheet, "plows still out: %d\n", plowsOut);
  int rc;
  do {
    rc = std::fclose(sheet); // BUG: double-close
  } while (rc != 0 && errno == EINTR);
  if (rc != 0)
    std::perror("route sheet");
}
