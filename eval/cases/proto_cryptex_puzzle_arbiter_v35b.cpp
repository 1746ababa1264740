// Arbiter for a cryptex puzzle hunt: each team gets a puzzle session that
// accepts dial combinations until it is sealed (solved or timed out); a sealed
// session can be reopened by the game master unless it was voided for
// cheating. Submitting to, or hinting on, a session that is not open throws.
// Three mistakes: arbitrate() seals on a correct guess but keeps looping over
// the remaining guesses; on_timer() asks for a hint after time_out() sealed
// the session; and second_chance() ignores reopen()'s result, so a voided
// session is submitted to while closed.
#include <stdexcept>
#include <string>
#include <vector>

namespace hunt {

class PuzzleSession {
 public:
  enum class State { Open, Sealed, Voided };

  explicit PuzzleSession(std::string answer) : answer_(std::move(answer)) {}

  bool submit(const std::string& combination) {
    check_open("submit");
    ++attempts_;
    return combination == answer_;
  }

  std::string hint(int letters) {
    check_open("hint");
    ++hints_;
    return answer_.substr(0, static_cast<size_t>(letters));
  }

  void seal() { state_ = State::Sealed; }
  void void_for_cheating() { state_ = State::Voided; }

  bool reopen() {
    if (state_ == State::Voided) return false;
    state_ = State::Open;
    return true;
  }

  State state() const { return state_; }
  bool is_open() const { return state_ == State::Open; }
  int attempts() const { return attempts_; }

 private:
  void check_open(const char* what) const {
    if (state_ != State::Open)
      throw std::logic_error(std::string(what) + ": puzzle session closed");
  }

  std::string answer_;
  State state_ = State::Open;
  int attempts_ = 0;
  int hints_ = 0;
};

// Returns the 1-based index of the winning guess, or 0.
int arbitrate(PuzzleSession& session, const std::vector<std::string>& guesses) {
  int winner = 0;
  int index = 0;
  for (const std::string& g : guesses) {
    ++index;
    if (session.submit(g)) {  // BUG: use-after-close
      session.seal();
      winner = index;
    }
  }
  return winner;
}

static void time_out(PuzzleSession& session, std::vector<std::string>& log) {
  log.push_back("timeout after " + std::to_string(session.attempts()) + " attempts");
  session.seal();
}

void on_timer(PuzzleSession& session, std::vector<std::string>& log, int elapsed_min) {
  if (elapsed_min >= 45) {
    time_out(session, log);
    log.push_back("consolation: " + session.hint(2));  // BUG: use-after-close
    return;
  }
  if (elapsed_min >= 30 && session.is_open()) log.push_back("hint: " + session.hint(1));  // OK: guarded by is_open()
}

bool game_master_retry(PuzzleSession& session, const std::string& combination) {
  if (session.state() == PuzzleSession::State::Open) return session.submit(combination);  // OK: state checked
  if (!session.reopen()) return false;
  bool ok = session.submit(combination);  // OK: reopen() succeeded
  session.seal();
  return ok;
}

bool second_chance(PuzzleSession& session, const std::string& combination) {
  session.reopen();  // result ignored: a voided session stays closed
  return session.submit(combination);  // BUG: use-after-close
}

int arbitrate_first(PuzzleSession& session, const std::vector<std::string>& guesses) {
  int index = 0;
  for (const std::string& g : guesses) {
    ++index;
    if (session.submit(g)) {  // OK: the loop ends right after sealing
      session.seal();
      return index;
    }
  }
  return 0;
}

}  // namespace hunt
