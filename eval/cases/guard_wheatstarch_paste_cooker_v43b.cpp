// Wheat-starch paste cooker of a book conservation studio. A heated vessel
// with a stirrer is driven over a serial descriptor; when the paste has set
// the vessel is sealed, which releases the descriptor. A cooker object owns
// the vessel, tracks the cooking phase, and is ticked from the studio's
// control loop and from the operator panel thread.
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

namespace paste {

class PasteVessel {
public:
  explicit PasteVessel(const std::string &dev) : fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("paste vessel controller missing on " + dev);
  }
  ~PasteVessel() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  PasteVessel(const PasteVessel &) = delete;
  PasteVessel &operator=(const PasteVessel &) = delete;

  void stir(int rpm) { send("STIR " + std::to_string(rpm)); }
  void heat(int celsius) { send("HEAT " + std::to_string(celsius)); }
  double temperature() const { return last_temp_; }
  void seal() {
    if (fd_ < 0)
      throw std::logic_error("paste vessel already sealed");
    ::close(std::exchange(fd_, -1));
  }
  bool sealed() const { return fd_ < 0; }

private:
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::logic_error("paste vessel sealed, cannot send " + cmd);
    std::string line = cmd + "\r";
    ::write(fd_, line.data(), line.size());
  }
  int fd_;
  double last_temp_ = 20.0;
};

enum class Phase { Idle, Cooking, Cooling, Set };

class PasteCooker {
public:
  void load(const std::string &dev) {
    std::lock_guard<std::mutex> lock(mu_);
    vessel_ = std::make_unique<PasteVessel>(dev);
    phase_ = Phase::Cooking;
  }

  // Control loop, every second.
  void tick(int target_celsius) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!vessel_ || vessel_->sealed())
      return;
    vessel_->stir(phase_ == Phase::Cooking ? 90 : 30); // OK: guarded
    if (phase_ != Phase::Cooking)
      return;
    vessel_->heat(target_celsius); // OK: only sealed in Phase::Set
  }

  // Operator panel: "paste has set".
  void mark_set() {
    std::lock_guard<std::mutex> lock(mu_);
    if (phase_ != Phase::Cooling)
      return;
    vessel_->seal(); // OK: seal() runs once, phase moves to Set
    phase_ = Phase::Set;
  }

  void start_cooling() {
    std::lock_guard<std::mutex> lock(mu_);
    if (phase_ == Phase::Cooking)
      phase_ = Phase::Cooling;
  }

  // Operator panel: scrape the vessel wall at low speed.
  void scrape() {
    std::lock_guard<std::mutex> lock(mu_);
    if (phase_ != Phase::Idle)
      vessel_->stir(10); // BUG: use-after-close
  }

private:
  std::mutex mu_;
  std::unique_ptr<PasteVessel> vessel_;
  Phase phase_ = Phase::Idle;
};

// Manual cooling with a handheld probe reading.
void cool_manually(PasteVessel &vessel, double probe_celsius) {
  const bool open = !vessel.sealed();
  if (probe_celsius < 30.0)
    vessel.seal();
  if (open)
    vessel.stir(20); // BUG: use-after-close
}

void cool_manually_rechecked(PasteVessel &vessel, double probe_celsius) {
  if (probe_celsius < 30.0 && !vessel.sealed())
    vessel.seal();
  while (!vessel.sealed()) {
    vessel.stir(20); // OK: loop condition re-checked every round
    if (vessel.temperature() < 30.0)
      vessel.seal();
  }
}

} // namespace paste
