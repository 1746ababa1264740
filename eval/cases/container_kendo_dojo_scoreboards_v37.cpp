// Kendo taikai: every shiai-jo (court) has a scoreboard on a serial line,
// held in a deque of unique_ptrs in court order. At the end of the pool round
// the organiser disconnects every board, but the winner announcement still
// goes through a reference and an iterator taken into the deque before the
// loop. Replacing one board in place, checking connected() while iterating
// and posting to a different court than the one disconnected are all correct.
#include <algorithm>
#include <cstdio>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class Scoreboard {
 public:
  Scoreboard(int court, const std::string& dev) : court_(court) {
    fp_ = std::fopen(dev.c_str(), "w");
    if (!fp_) throw std::runtime_error("scoreboard: cannot open " + dev);
  }
  ~Scoreboard() {
    if (fp_) std::fclose(fp_);
  }
  Scoreboard(const Scoreboard&) = delete;
  Scoreboard& operator=(const Scoreboard&) = delete;

  void post(const std::string& text) {
    if (!fp_) throw std::runtime_error("scoreboard " + std::to_string(court_) + " disconnected");
    std::fprintf(fp_, "%s\n", text.c_str());
    std::fflush(fp_);
  }
  void disconnect() {
    if (!fp_) return;
    std::fclose(fp_);
    fp_ = nullptr;
  }
  bool connected() const { return fp_ != nullptr; }
  int court() const { return court_; }

 private:
  int court_;
  FILE* fp_ = nullptr;
};

using Courts = std::deque<std::unique_ptr<Scoreboard>>;

void end_pool_round(Courts& courts) {
  if (courts.empty()) return;
  Scoreboard& final_court = *courts.back();
  for (auto& board : courts) board->disconnect();
  final_court.post("Pool winner: Red");  // BUG: use-after-close
}

void announce_at_court(Courts& courts, int court_no) {
  auto it = std::find_if(courts.begin(), courts.end(),
                         [court_no](const std::unique_ptr<Scoreboard>& b) { return b->court() == court_no; });
  if (it == courts.end()) return;
  (*it)->post("Hajime");
  for (auto& board : courts) board->disconnect();
  (*it)->post("Yame");  // BUG: use-after-close
}

void swap_faulty_board(Courts& courts, std::size_t idx, const std::string& spare_dev) {
  if (idx >= courts.size()) return;
  const int court = courts[idx]->court();
  courts[idx]->disconnect();
  courts[idx] = std::make_unique<Scoreboard>(court, spare_dev);
  courts[idx]->post("Board replaced");  // OK: the element was replaced with a new board
}

void close_court_two(Courts& courts) {
  if (courts.size() < 2) return;
  courts[1]->disconnect();
  courts[0]->post("Court 2 closed, matches move here");  // OK: a different court
}

void broadcast_break(Courts& courts) {
  for (auto& board : courts) {
    if (!board->connected()) continue;
    board->post("Lunch break");  // OK: disconnected boards are skipped
  }
}

void final_scores(Courts& courts) {
  for (auto& board : courts) {
    board->post("Sayonara");  // OK: posted before this board is disconnected
    board->disconnect();
  }
  courts.clear();
}
