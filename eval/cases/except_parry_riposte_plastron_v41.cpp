// Fencing club scoring: each fencer's plastron hit sensor is a PlastronSensor on a
// descriptor whose close() releases the descriptor first and then throws if the kernel
// reported a deferred write error (as POSIX close() does with EIO); the scoring lamps are a
// ScoringLamps object whose close() is noexcept; the bout recorder closes through close()
// that throws when called twice. Each ends a bout with the close as the last statement of a
// try. For the lamps the catch can only come from the statements before the close, so the
// handler's use is correct; for the sensor and the recorder the catch is also reached when
// close() itself threw after closing, and the handler sends on, or closes again, a closed
// handle.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

class PlastronSensor {
public:
  explicit PlastronSensor(int fd) : fd_(fd) {}
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("plastron sensor closed");
    if (::write(fd_, cmd.data(), cmd.size()) < 0)
      throw std::system_error(errno, std::generic_category(), "plastron write");
  }
  void close() {
    int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0)
      throw std::system_error(errno, std::generic_category(), "plastron close");
  }

private:
  int fd_;
};

class ScoringLamps {
public:
  void light(char side) {
    if (closed_)
      throw std::runtime_error("scoring lamps closed");
    if (side != 'L' && side != 'R')
      throw std::invalid_argument("no such lamp");
  }
  void reset() {
    if (closed_)
      throw std::runtime_error("scoring lamps closed");
  }
  void close() noexcept { closed_ = true; }

private:
  bool closed_ = false;
};

class RiposteRecorder {
public:
  void mark(const std::string &action) {
    if (closed_)
      throw std::runtime_error("riposte recorder closed");
    if (action.empty())
      throw std::invalid_argument("empty action");
  }
  void close() {
    if (closed_)
      throw std::logic_error("riposte recorder closed twice");
    closed_ = true;
    if (!flushed())
      throw std::runtime_error("riposte recorder: bout video not flushed");
  }

private:
  bool flushed() const; // asks the capture card
  bool closed_ = false;
};

void end_bout_sensor(PlastronSensor &sensor) {
  try {
    sensor.send("BOUT END\n");
    sensor.close();
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "plastron: %s\n", e.what());
    sensor.send("DISARM\n"); // BUG: use-after-close
  }
}

void end_bout_lamps(ScoringLamps &lamps, char lastTouch) {
  try {
    lamps.light(lastTouch);
    lamps.close();
  } catch (const std::invalid_argument &) {
    lamps.reset(); // OK: close() is noexcept, so the throw came from light()
    lamps.close();
  }
}

void end_bout_recorder(RiposteRecorder &rec, const std::string &lastAction) {
  try {
    rec.mark(lastAction);
    rec.close();
  } catch (...) {
    rec.close(); // BUG: double-close
    throw;
  }
}

void end_bout_recorder_once(RiposteRecorder &rec, const std::string &lastAction) {
  try {
    rec.mark(lastAction);
  } catch (const std::invalid_argument &) {
    rec.mark("unlabelled action"); // OK: nothing was closed in the try
  }
  try {
    rec.close();
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "recorder: %s\n", e.what()); // OK: reported, the recorder is not touched
  }
}

void pool_round(PlastronSensor &left, ScoringLamps &lamps, RiposteRecorder &rec) {
  end_bout_lamps(lamps, 'L');
  end_bout_recorder_once(rec, "parry-riposte");
  end_bout_sensor(left);
}
