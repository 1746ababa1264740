// Rodeo arena scoreboard feed. The judges' booth pushes run scores to the
// arena scoreboard over a ScoreboardLink. Between sections the link is paused
// (the board plays sponsor loops and pushes are held back) and resumed after.
// resume() only restarts a paused link; reopen() dials the board again from
// any state. close() ends the link and refuses to run twice.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ScoreboardLink {
public:
  explicit ScoreboardLink(std::string host) : host_(std::move(host)) {}

  void push(const std::string &line) {
    if (state_ == State::Closed)
      throw std::runtime_error("scoreboard link closed: " + host_);
    if (state_ == State::Paused) {
      held_.push_back(line);
      return;
    }
    sent_.push_back(line);
  }

  void pause() {
    if (state_ == State::Open)
      state_ = State::Paused;
  }

  void resume() {
    if (state_ != State::Paused)
      return;
    state_ = State::Open;
    for (const std::string &line : held_)
      sent_.push_back(line);
    held_.clear();
  }

  void reopen() {
    held_.clear();
    state_ = State::Open;
  }

  void close() {
    if (state_ == State::Closed)
      throw std::logic_error("scoreboard link closed twice: " + host_);
    state_ = State::Closed;
    held_.clear();
  }

  bool closed() const { return state_ == State::Closed; }
  std::size_t sentCount() const { return sent_.size(); }

private:
  enum class State { Open, Paused, Closed };
  std::string host_;
  std::vector<std::string> held_;
  std::vector<std::string> sent_;
  State state_ = State::Open;
};

struct Run {
  std::string rider;
  std::string event;
  double score = 0.0;
  bool noTime = false;
};

static std::string formatRun(const Run &run) {
  char buf[128];
  if (run.noTime)
    std::snprintf(buf, sizeof buf, "%-10s %-24s NT", run.event.c_str(),
                  run.rider.c_str());
  else
    std::snprintf(buf, sizeof buf, "%-10s %-24s %6.2f", run.event.c_str(),
                  run.rider.c_str(), run.score);
  return buf;
}

// A full performance: every section is followed by a sponsor break.
void runPerformance(ScoreboardLink &board,
                    const std::vector<std::vector<Run>> &sections) {
  for (const std::vector<Run> &section : sections) {
    for (const Run &run : section)
      board.push(formatRun(run));
    board.pause();
    board.push("THANK YOU TO OUR SPONSORS");
    board.resume();
  }
  board.close();
}

// Intermission: the director may call the rest of the night off.
void intermission(ScoreboardLink &board, bool cancelRest) {
  board.pause();
  if (cancelRest) {
    board.close();
    return;
  }
  board.resume();
  board.push("SECOND HALF: TEAM ROPING"); // OK
}

// Lightning in the area: the arena director drops the board link and the
// booth picks up where it left off once the storm has passed.
void weatherDelay(ScoreboardLink &board, const std::vector<Run> &remaining) {
  board.push("WEATHER DELAY - PLEASE SEEK SHELTER");
  board.close();
  board.resume();
  for (const Run &run : remaining)
    board.push(formatRun(run)); // BUG: use-after-close
}

// The short go runs after the long round has been closed out on the board.
void shortGo(ScoreboardLink &board, const std::vector<Run> &longRound,
             const std::vector<Run> &finalists) {
  for (const Run &run : longRound)
    board.push(formatRun(run));
  board.close();
  board.reopen();
  board.push("SHORT GO"); // OK
  for (const Run &run : finalists)
    board.push(formatRun(run)); // OK
  board.close(); // OK
}

// Slack runs are pushed before the evening performance starts; the booth
// checks whether the board was left closed by the afternoon crew.
void slack(ScoreboardLink &board, const std::vector<Run> &slackRuns) {
  if (board.closed())
    board.reopen();
  for (const Run &run : slackRuns)
    board.push(formatRun(run)); // OK
}

// Awards: pushed during the last sponsor break and flushed on resume; the
// board goes dark after the last buckle.
void awards(ScoreboardLink &board, const std::vector<std::string> &buckles) {
  board.pause();
  for (const std::string &winner : buckles)
    board.push("BUCKLE: " + winner);
  board.resume();
  board.close();
}

void endOfNight(ScoreboardLink &board, const std::vector<std::string> &buckles) {
  awards(board, buckles);
  std::printf("scoreboard: %zu lines tonight\n", board.sentCount());
  board.close(); // BUG: double-close
}
