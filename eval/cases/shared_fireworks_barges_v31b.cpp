// Fireworks display on river barges: the firing panel owns the radio cue link
// to its barge and hands out a cue handler for the show timeline; the wind
// safety monitor keeps its own shared_ptr copy to fire the abort cue. When
// the radio drops, the panel closes its link and installs a fresh one. This
// is correct: the cue handler reaches the link through the panel (so it always
// uses the current one), the monitor checks isOpen() on its old copy before
// firing, and the finale's weak_ptr cannot lock once its only owner closed and
// released the rack link.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace fireworks {

class CueLink {
public:
  explicit CueLink(std::string barge) : barge_(std::move(barge)) {}
  void fire(int cue) {
    if (closed_)
      throw std::runtime_error("cue link to " + barge_ + " is closed");
    fired_.push_back(cue);
  }
  void close() { closed_ = true; }
  bool isOpen() const { return !closed_; }

private:
  std::string barge_;
  std::vector<int> fired_;
  bool closed_ = false;
};

class FiringPanel {
public:
  explicit FiringPanel(std::string barge)
      : barge_(std::move(barge)), link_(std::make_shared<CueLink>(barge_)) {}

  std::function<void(int)> cueHandler() {
    return [this](int cue) { link_->fire(cue); }; // OK: the panel's current link
  }

  void radioDropped() {
    link_->close();
    link_ = std::make_shared<CueLink>(barge_);
  }

  std::shared_ptr<CueLink> link() const { return link_; }

private:
  std::string barge_;
  std::shared_ptr<CueLink> link_;
};

class WindMonitor {
public:
  explicit WindMonitor(std::shared_ptr<CueLink> link) : link_(std::move(link)) {}
  void gustAlarm() {
    if (!link_->isOpen())
      return;
    link_->fire(kAbortCue); // OK: guarded
    link_->close(); // OK
  }

private:
  static constexpr int kAbortCue = 999;
  std::shared_ptr<CueLink> link_;
};

class Timeline {
public:
  void at(int second, std::function<void()> fn) { events_.emplace(second, std::move(fn)); }
  void run() {
    for (auto &e : events_)
      e.second();
  }

private:
  std::multimap<int, std::function<void()>> events_;
};

void runShow(const std::vector<int> &cues, Timeline &timeline) {
  FiringPanel panel("barge-2");
  auto onCue = panel.cueHandler();
  WindMonitor monitor(panel.link());
  auto rack = std::make_shared<CueLink>("finale-rack");
  std::weak_ptr<CueLink> finale = rack;
  timeline.at(600, [finale] {
    if (auto l = finale.lock())
      l->fire(1000); // OK: the rack is gone by the time this runs
  });
  panel.radioDropped();
  for (int cue : cues)
    onCue(cue);
  panel.link()->fire(500); // OK: fresh link
  monitor.gustAlarm();
  rack->close();
  rack.reset();
  timeline.run();
}

} // namespace fireworks
