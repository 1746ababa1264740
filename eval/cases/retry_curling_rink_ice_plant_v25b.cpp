// Curling rink ice plant and sheet scoreboards. The brine chiller is driven
// over a ChillerLink; ChillerLink::close() hands the compressor back to its
// local controller and returns EINTR, with the link still open, when a
// controller interrupt arrives before the handover completes. Each sheet's
// scoreboard is a SheetBoard whose close() returns -EAGAIN, with the board
// still open, while its display buffer is being written out. Every retry
// below runs only after a close that reported the object still open, and
// stops at the first close that succeeds, so nothing is closed twice and
// nothing is used after a successful close.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class ChillerLink {
public:
  void setBrineTemp(double celsius) {
    if (closed_)
      throw std::runtime_error("chiller link closed");
    setpoint_ = celsius;
  }

  void heartbeat() {
    if (closed_)
      throw std::runtime_error("chiller link closed");
    ++beats_;
  }

  void onControllerInterrupt() { interruptPending_ = true; }

  int close() {
    if (closed_)
      throw std::logic_error("chiller link already closed");
    if (interruptPending_) {
      interruptPending_ = false;
      return EINTR;
    }
    closed_ = true;
    return 0;
  }

private:
  double setpoint_ = -8.0;
  unsigned beats_ = 0;
  bool interruptPending_ = false;
  bool closed_ = false;
};

class SheetBoard {
public:
  explicit SheetBoard(char sheet) : sheet_(sheet) {}

  void show(const std::string &score) {
    if (closed_)
      throw std::runtime_error(std::string("sheet board closed: ") + sheet_);
    pending_ += score.size();
  }

  void drain() {
    if (closed_)
      throw std::runtime_error(std::string("sheet board closed: ") + sheet_);
    pending_ = pending_ > 64 ? pending_ - 64 : 0;
  }

  int close() {
    if (closed_)
      throw std::logic_error(std::string("sheet board already closed: ") + sheet_);
    if (pending_ > 0)
      return -EAGAIN;
    closed_ = true;
    return 0;
  }

private:
  char sheet_;
  std::size_t pending_ = 0;
  bool closed_ = false;
};

void endOfSeason(ChillerLink &chiller) {
  chiller.setBrineTemp(2.0);
  int rc;
  do {
    rc = chiller.close(); // OK
  } while (rc == EINTR);
}

bool nightSetback(ChillerLink &chiller, int maxTries) {
  chiller.setBrineTemp(-6.5);
  for (int i = 0; i < maxTries; ++i) {
    if (chiller.close() == 0) // OK
      return true;
    chiller.heartbeat(); // OK
  }
  chiller.setBrineTemp(-7.0); // OK
  return false;
}

void finalScores(std::vector<SheetBoard> &sheets,
                 const std::vector<std::string> &scores) {
  for (std::size_t i = 0; i < sheets.size() && i < scores.size(); ++i) {
    sheets[i].show(scores[i]);
    while (sheets[i].close() == -EAGAIN) // OK
      sheets[i].drain(); // OK
  }
}

void bonspielBreak(SheetBoard &board, const std::string &message) {
  board.show(message);
  int rc = board.close(); // OK
  if (rc == -EAGAIN) {
    board.drain();
    rc = board.close(); // OK
  }
  if (rc != 0)
    std::fprintf(stderr, "board busy, left on: %s\n", message.c_str());
}
