// Bonfire night display: the firing controller keeps its link to the rack of
// cues in a std::optional. Before each cue the rack's continuity is checked;
// a link with a continuity fault is closed and the rack is redialled, up to a
// small redial budget. Swapping to the standby rack and the finale also dial a
// fresh link.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace display {

class FiringLink {
public:
  explicit FiringLink(std::string rack) : rack_(std::move(rack)) {}

  void fire(int cue) {
    if (closed_)
      throw std::runtime_error("firing link to " + rack_ + " closed");
    fired_.push_back(cue);
  }

  void reportFault() { ++faults_; }
  bool continuityOk() const { return !closed_ && faults_ == 0; }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }
  const std::string &rack() const { return rack_; }

private:
  std::string rack_;
  std::vector<int> fired_;
  int faults_ = 0;
  bool closed_ = false;
};

class DisplayController {
public:
  static constexpr int kMaxRedials = 2;
  static constexpr int kTestCue = 0;

  void arm(const std::string &rack) {
    rack_ = rack;
    link_.emplace(rack_);
  }

  void fireCue(int cue) {
    if (!link_)
      return;
    if (!link_->continuityOk()) {
      link_->close();
      if (redials_ < kMaxRedials) {
        ++redials_;
        link_.emplace(rack_);
      }
    }
    link_->fire(cue); // BUG: use-after-close
  }

  void swapToStandby(const std::string &standbyRack) {
    if (link_)
      link_->close();
    rack_ = standbyRack;
    link_.emplace(rack_);
    link_->fire(kTestCue); // OK
  }

  void fireFinale(const std::vector<int> &cues) {
    if (!link_)
      return;
    link_->close();
    link_.reset();
    link_.emplace(rack_);
    for (int cue : cues)
      link_->fire(cue); // OK
  }

  void standDown() {
    if (!link_)
      return;
    link_->close();
    link_.reset();
  }

  void fireSalute(int cue) {
    if (!link_ || link_->isClosed())
      return;
    link_->fire(cue); // OK
  }

private:
  std::optional<FiringLink> link_;
  std::string rack_;
  int redials_ = 0;
};

} // namespace display
