// Judging for a kendama trick battle: a panel collects scores for each trick a
// player lands; finalize() freezes the panel and computes the total, after
// which score() throws. Rounds run through a bracket that swaps in a fresh
// panel for every round.
// Two mistakes: run_round() finalizes the panel when the player drops the ken
// and then still records the bonus trick through award_bonus(); and
// sudden_death() finalizes in finish_round() and then scores the tie-break.
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace kendama {

class JudgePanel {
 public:
  explicit JudgePanel(int judges) : judges_(judges) {}

  void score(const std::string& trick, int points) {
    ensure_open();
    std::lock_guard<std::mutex> lk(mu_);
    tricks_.push_back(trick);
    total_ += points * judges_;
  }

  int finalize() {
    closed_.store(true);
    std::lock_guard<std::mutex> lk(mu_);
    return total_;
  }

  bool finalized() const { return closed_.load(); }

 private:
  void ensure_open() const {
    if (closed_.load()) throw std::logic_error("judge panel closed");
  }

  int judges_;
  std::atomic<bool> closed_{false};
  std::mutex mu_;
  std::vector<std::string> tricks_;
  int total_ = 0;
};

struct Attempt {
  std::string trick;
  int points = 0;
  bool dropped = false;
};

static void award_bonus(JudgePanel& panel, int streak) {
  if (streak >= 3) panel.score("streak-bonus", streak);  // SAME: bonus
}

int run_round(JudgePanel& panel, const std::vector<Attempt>& attempts) {
  int streak = 0;
  for (const Attempt& a : attempts) {
    if (a.dropped) {
      int total = panel.finalize();
      award_bonus(panel, streak);  // BUG: use-after-close #bonus
      return total;
    }
    panel.score(a.trick, a.points);  // OK: the drop branch returns before looping again
    ++streak;
  }
  award_bonus(panel, streak);  // OK: panel not finalized on this path
  return panel.finalize();
}

static int finish_round(JudgePanel& panel, std::vector<int>& results) {
  int total = panel.finalize();
  results.push_back(total);
  return total;
}

void sudden_death(JudgePanel& panel, std::vector<int>& results, const Attempt& tie_break) {
  int total = finish_round(panel, results);
  if (total == results.front()) {
    panel.score(tie_break.trick, tie_break.points);  // BUG: use-after-close
  }
}

class Bracket {
 public:
  explicit Bracket(int judges) : judges_(judges), panel_(std::make_shared<JudgePanel>(judges)) {}

  int close_round() {
    int total = panel_->finalize();
    panel_ = std::make_shared<JudgePanel>(judges_);
    return total;
  }

  void record(const Attempt& a) {
    if (panel_->finalized()) return;
    panel_->score(a.trick, a.points);  // OK: checked finalized(), and close_round() installs a fresh panel
  }

  void replay(const std::vector<Attempt>& first, const std::vector<Attempt>& second) {
    for (const Attempt& a : first) record(a);
    close_round();
    for (const Attempt& a : second) panel_->score(a.trick, a.points);  // OK: new panel after close_round()
  }

 private:
  int judges_;
  std::shared_ptr<JudgePanel> panel_;
};

}  // namespace kendama
