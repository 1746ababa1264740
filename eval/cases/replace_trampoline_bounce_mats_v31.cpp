// Trampoline park: every court has a bounce sensor under its mat that counts
// jumps for the timed sessions, and a spare sensor the staff can switch to.
// Recalibrating or swapping a sensor closes the old one and puts a new one in
// its place. Negative: each use after a close is on a replacement (optional
// emplace, make_unique, a freshly assigned object) or behind a check that the
// optional still holds a sensor.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace trampoline {

class BounceSensor {
public:
  explicit BounceSensor(int court) : court_(court) {}

  void record() {
    if (closed_)
      throw std::runtime_error("bounce sensor on court " + std::to_string(court_) + " closed");
    ++bounces_;
  }
  int bounces() const {
    if (closed_)
      throw std::runtime_error("bounce sensor on court " + std::to_string(court_) + " closed");
    return bounces_;
  }
  void close() { closed_ = true; }

private:
  int court_;
  int bounces_ = 0;
  bool closed_ = false;
};

class Court {
public:
  explicit Court(int number)
      : number_(number), sensor_(std::in_place, number), spare_(std::make_unique<BounceSensor>(number)) {}

  void recalibrate() {
    if (sensor_)
      sensor_->close();
    sensor_.emplace(number_);
    sensor_->record(); // OK: emplace() built a new sensor
  }

  void swapSpare() {
    spare_->close();
    spare_ = std::make_unique<BounceSensor>(number_);
    spare_->record(); // OK
  }

  void sessionEnd(bool faulty) {
    if (faulty) {
      sensor_->close();
      sensor_.reset();
    }
    if (sensor_)
      sensor_->record(); // OK: a faulty sensor was reset, not left closed
  }

  void morningCheck() {
    if (!sensor_)
      sensor_.emplace(number_);
    sensor_->record(); // OK
  }

private:
  int number_;
  std::optional<BounceSensor> sensor_;
  std::unique_ptr<BounceSensor> spare_;
};

int birthdayParty(int court) {
  BounceSensor party(court);
  party.record();
  party.close();
  party = BounceSensor(court);
  party.record(); // OK: assigned a fresh sensor after the close
  return party.bounces();
}

} // namespace trampoline
