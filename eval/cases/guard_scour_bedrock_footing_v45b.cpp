// Scour monitoring around a river pier footing. A sonar on the footing pings
// the bed level down to bedrock; soundings go to a queue that the tide logger
// drains into the survey log. The survey keeps the sonar in a
// std::optional (reset/emplace when a unit is swapped) and stores "is the
// sonar live" in its status struct; at high water the sonar is pulled and
// closed, and at the end of the tide the queue is closed (pushing to a closed
// queue throws, popping drains what is left). Correct: every ping is behind
// the stored flag (cleared in the same place the sonar is closed, set from
// isOpen() after every emplace) or behind state(); every push is behind
// closed(); the sonar's close() sets its descriptor to -1, so closing twice
// is a no-op.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fcntl.h>
#include <optional>
#include <stdexcept>
#include <unistd.h>

class ScourSonar {
public:
  enum class State { Open, Closed };

  explicit ScourSonar(const char *dev) : fd_(::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC)) {}
  ~ScourSonar() { close(); }
  ScourSonar(const ScourSonar &) = delete;
  ScourSonar &operator=(const ScourSonar &) = delete;

  double ping() {
    if (fd_ < 0)
      throw std::runtime_error("scour sonar closed, cannot ping");
    char reply[32] = {};
    if (::write(fd_, "P\r", 2) != 2 || ::read(fd_, reply, sizeof reply - 1) <= 0)
      return NAN;
    return std::atof(reply);
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  State state() const { return fd_ >= 0 ? State::Open : State::Closed; }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_;
};

class SoundingQueue {
public:
  void push(double bedLevel) {
    if (closed_)
      throw std::runtime_error("sounding queue closed");
    items_.push_back(bedLevel);
  }
  std::optional<double> pop() {
    if (items_.empty())
      return std::nullopt;
    double v = items_.front();
    items_.pop_front();
    return v;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::deque<double> items_;
  bool closed_ = false;
};

struct ScourStatus {
  bool sonarLive = false;
  double lastBedLevel = 0.0;
};

class FootingSurvey {
public:
  explicit FootingSurvey(const char *dev) {
    sonar_.emplace(dev);
    status_.sonarLive = sonar_->isOpen();
  }
  void sample() {
    if (!status_.sonarLive)
      return;
    double bed = sonar_->ping(); // OK: sonarLive is cleared where the sonar closes
    status_.lastBedLevel = bed;
    if (!queue_.closed())
      queue_.push(bed); // OK: behind closed()
  }
  void highWater() {
    sonar_->close();
    status_.sonarLive = false;
  }
  void replaceSonar(const char *dev) {
    sonar_.reset();
    sonar_.emplace(dev);
    status_.sonarLive = sonar_->isOpen();
  }
  void recheck() {
    if (sonar_->state() == ScourSonar::State::Closed)
      return;
    status_.lastBedLevel = sonar_->ping(); // OK: behind state()
  }
  void endTide() { queue_.close(); }
  SoundingQueue &queue() { return queue_; }
  const ScourStatus &status() const { return status_; }

private:
  std::optional<ScourSonar> sonar_;
  ScourStatus status_;
  SoundingQueue queue_;
};

void tideCycle(FootingSurvey &survey, int samples, FILE *log) {
  int n = 0;
  while (!survey.queue().closed()) {
    survey.sample();
    if (++n == samples / 2)
      survey.highWater();
    if (n >= samples)
      survey.endTide();
  }
  survey.recheck();
  survey.highWater(); // OK: close() is a no-op on -1
  while (std::optional<double> bed = survey.queue().pop()) // OK: draining a closed queue is allowed
    std::fprintf(log, "bed %.3f m\n", *bed);
  survey.replaceSonar("/dev/ttySONAR1");
  survey.sample(); // OK: a new sonar was emplaced
  std::fprintf(log, "last bed level %.3f m\n", survey.status().lastBedLevel);
}

int main() {
  FootingSurvey survey("/dev/ttySONAR0");
  tideCycle(survey, 24, stdout);
  return 0;
}
