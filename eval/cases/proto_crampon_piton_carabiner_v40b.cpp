// Mountain hut gear rental: crampons, pitons and carabiners are checked out of a
// GearLocker (throws once the locker is closed for the night, reopen() opens it
// again) and every rope fall is entered in a RopeLog (enum state; append() throws
// once the log is retired; a new log is started for the next season).
// Correct code: every checkout or append after a close is either guarded by the
// state query, preceded by reopen()/a fresh object, or on a path that has already
// thrown through the [[noreturn]] refuse() helper.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class GearLocker {
public:
  void checkout(const std::string &item, const std::string &climber) {
    if (closed_)
      throw std::logic_error("gear locker closed");
    out_[item] = climber;
  }
  void give_back(const std::string &item) {
    if (closed_)
      throw std::logic_error("gear locker closed");
    out_.erase(item);
  }
  void close_for_night() { closed_ = true; }
  void reopen() { closed_ = false; }
  bool closed() const { return closed_; }
  std::size_t lent() const { return out_.size(); }

private:
  bool closed_ = false;
  std::map<std::string, std::string> out_;
};

class RopeLog {
public:
  enum class State { Active, Retired };
  explicit RopeLog(std::string rope) : rope_(std::move(rope)) {}
  void append(int fall_factor_x10) {
    if (state_ == State::Retired)
      throw std::logic_error("rope log closed: " + rope_);
    total_ += fall_factor_x10;
  }
  void retire() { state_ = State::Retired; }
  bool is_retired() const { return state_ == State::Retired; }
  int total() const { return total_; }

private:
  std::string rope_;
  State state_ = State::Active;
  int total_ = 0;
};

[[noreturn]] static void refuse(const std::string &why) { throw std::runtime_error("refused: " + why); }

void late_checkout(GearLocker &locker, const std::string &climber, bool warden_present) {
  if (locker.closed()) {
    if (!warden_present)
      refuse("locker closed and no warden for " + climber);
    locker.reopen();
  }
  locker.checkout("crampons-42", climber); // OK: reopened or refused above
}

void night_round(GearLocker &locker) {
  locker.close_for_night();
  if (!locker.closed())
    locker.give_back("piton-set-3"); // OK: guarded by closed()
}

void morning(GearLocker &locker, const std::string &climber) {
  locker.close_for_night();
  locker.reopen();
  locker.checkout("carabiner-rack-1", climber); // OK: reopened on the line above
}

int log_fall(RopeLog &log, int factor_x10) {
  if (factor_x10 > 17) {
    log.retire();
    throw std::runtime_error("rope retired after a factor > 1.7 fall");
  }
  log.append(factor_x10); // OK: the retiring branch throws
  return log.total();
}

int season_change(RopeLog &old_log, const std::string &new_rope) {
  old_log.retire();
  int last_total = old_log.total(); // OK: total() does not check the state
  RopeLog fresh(new_rope);
  fresh.append(0); // OK: a fresh log, not the retired one
  if (!old_log.is_retired())
    old_log.append(0); // OK: guarded by is_retired()
  return last_total;
}

int run_hut(const std::string &climber) {
  GearLocker locker;
  locker.checkout("crampons-7", climber);
  night_round(locker);
  late_checkout(locker, climber, true);
  morning(locker, climber);
  RopeLog rope("9.8mm-dry-A");
  try {
    log_fall(rope, 12);
    log_fall(rope, 19);
  } catch (const std::runtime_error &) {
    return season_change(rope, "9.8mm-dry-B");
  }
  return static_cast<int>(locker.lent());
}
