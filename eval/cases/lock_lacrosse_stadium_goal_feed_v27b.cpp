// Scoreboard feed of a lacrosse stadium. Goals confirmed by the goal judges'
// system are forwarded by a reader thread to the stadium scoreboard over
// net::Connection; the officials' table sends penalty events from its own
// thread. The stadium's closing_ flag is set and the connection closed inside
// one critical section on board_mu_, and every send reads closing_ and sends
// while still holding board_mu_, so no send can overlap or follow the close.
// The end-of-match summary runs after the reader thread is joined.
#include "netconn.h"

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

struct Goal {
  char team; // 'H' home, 'A' away
  bool counted;
  long clockMs;
};

class GoalScoreboard {
public:
  explicit GoalScoreboard(const std::string &board) : board_(board) {}

  void startReader(std::vector<Goal> confirmed) {
    reader_ = std::thread([this, confirmed = std::move(confirmed)] {
      for (const Goal &g : confirmed) {
        if (!forward(g))
          return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
  }

  void penalty(char team, const std::string &foul) {
    std::lock_guard<std::mutex> lock(board_mu_);
    if (closing_)
      return;
    board_.send(std::string("penalty ") + team + " " + foul); // OK
  }

  void finalWhistle() {
    std::lock_guard<std::mutex> lock(board_mu_);
    if (closing_)
      return;
    board_.send("final whistle"); // OK
    closing_ = true;
    board_.close();
  }

  void endMatch() {
    finalWhistle();
    if (reader_.joinable())
      reader_.join();
    std::lock_guard<std::mutex> lock(board_mu_);
    if (summary_.isClosed())
      return;
    summary_.send("goals forwarded: " + std::to_string(forwarded_)); // OK
    summary_.close();
  }

private:
  bool forward(const Goal &g) {
    if (!g.counted)
      return true;
    std::unique_lock<std::mutex> lock(board_mu_);
    if (closing_)
      return false;
    board_.send(std::string("goal ") + g.team + " @" + std::to_string(g.clockMs)); // OK
    ++forwarded_;
    return true;
  }

  net::Connection board_;
  net::Connection summary_{"league-office/summary"};
  std::mutex board_mu_;
  bool closing_ = false;
  int forwarded_ = 0;
  std::thread reader_;
};

void matchDay(const std::vector<Goal> &confirmed) {
  GoalScoreboard stadium("stadium/scoreboard-main");
  stadium.startReader(confirmed);
  stadium.penalty('H', "slashing");
  std::this_thread::sleep_for(std::chrono::seconds(1));
  stadium.finalWhistle();
  stadium.penalty('A', "unsportsmanlike conduct"); // OK
  stadium.endMatch();
}
