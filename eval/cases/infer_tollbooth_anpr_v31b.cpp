// Motorway tollbooth lane: a LaneCamera streams plate images and a
// PlateReader turns them into registrations. The camera can be paused for
// lens cleaning and resumed; resume() on a closed camera does nothing (it
// does not reopen it), and closing the camera a second time throws. The
// plate reader's close() is idempotent.
#include <stdexcept>
#include <string>
#include <utility>

namespace tollbooth {

class LaneCamera {
public:
  enum class State { Streaming, Paused, Closed };

  explicit LaneCamera(std::string lane) : lane_(std::move(lane)) {}

  void pause() {
    if (state_ == State::Streaming)
      state_ = State::Paused;
  }
  void resume() {
    if (state_ == State::Closed)
      return;
    state_ = State::Streaming;
  }
  std::string capture() {
    if (state_ == State::Closed)
      throw std::runtime_error("lane camera " + lane_ + " closed");
    if (state_ == State::Paused)
      throw std::runtime_error("lane camera " + lane_ + " paused");
    return lane_ + "-frame-" + std::to_string(++frames_);
  }
  void close() {
    if (state_ == State::Closed)
      throw std::logic_error("lane camera " + lane_ + " already closed");
    state_ = State::Closed;
  }

private:
  std::string lane_;
  State state_ = State::Streaming;
  long frames_ = 0;
};

class PlateReader {
public:
  std::string read(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("plate reader closed");
    return "REG:" + frame;
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  bool closed_ = false;
};

void cleanLens();
void charge(const std::string &registration);

void lensCleaning(LaneCamera &cam, PlateReader &reader) {
  cam.pause();
  cleanLens();
  cam.resume();
  charge(reader.read(cam.capture())); // OK: resumed from pause
}

void closeLane(LaneCamera &cam, PlateReader &reader) {
  reader.close();
  cam.close();
}

void reopenAfterIncident(LaneCamera &cam, PlateReader &fallback) {
  closeLane(cam, fallback);
  cam.resume(); // OK: returns early on a closed camera
  cam.capture(); // BUG: use-after-close
}

void endOfShift(LaneCamera &cam, PlateReader &reader) {
  closeLane(cam, reader);
  reader.close(); // OK: idempotent close
  cam.close(); // BUG: double-close
}

} // namespace tollbooth
