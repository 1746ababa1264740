// Timber yard sawmill line: each board coming off the headrig is graded and
// reported on the saw-line feed, kiln charges are drained onto it, and the daily
// tally goes to the yard office over the WAL producer. Any step may close the
// feed (a defect stop, the last board of a kiln charge, a voided tally). Every
// send afterwards is behind a guard on the same object (closed(), good(),
// operator bool, a stored is_closed() result, the link state), so nothing is
// sent on a closed feed.
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>

#include "replication.h"

namespace timberyard {

class SawLineFeed {
public:
  explicit SawLineFeed(std::string line) : line_(std::move(line)) {}

  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("saw-line feed closed: " + line_);
    last_ = msg;
    ++sent_;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  bool good() const { return !closed_ && errors_ == 0; }
  void noteError() { ++errors_; }
  explicit operator bool() const { return !closed_; }

private:
  std::string line_;
  std::string last_;
  int sent_ = 0;
  int errors_ = 0;
  bool closed_ = false;
};

struct Board {
  std::string species;
  double lengthM = 0.0;
  char grade = 'C';
  bool defect = false;
  bool lastOfCharge = false;
};

struct Tally {
  int boards = 0;
  double cubicMetres = 0.0;
  bool voided = false;
};

std::string encode(const Board &b);
std::string encode(const Tally &t);

void reportBoard(SawLineFeed &feed, const Board &b, bool busy) {
  if (b.defect)
    feed.close();
  if (feed.closed() || busy)
    return;
  feed.send(encode(b)); // OK
}

void drainKilnCharge(SawLineFeed &feed, std::deque<Board> &charge) {
  while (!feed.closed() && !charge.empty()) {
    Board b = charge.front();
    charge.pop_front();
    feed.send(encode(b)); // OK
    if (b.lastOfCharge)
      feed.close();
  }
}

void regradeBatch(SawLineFeed &feed, std::deque<Board> &rejects) {
  for (Board &b : rejects) {
    if (b.species.empty()) {
      feed.noteError();
      feed.close();
    }
    if (!feed)
      return;
    b.grade = b.lengthM > 4.8 ? 'B' : 'C';
    feed.send(encode(b)); // OK
  }
}

void sendHeartbeat(SawLineFeed &feed, int boardsToday) {
  if (boardsToday > 5000)
    feed.close();
  if (!feed.good())
    return;
  feed.send("hb " + std::to_string(boardsToday)); // OK
}

void shipTally(repl::WalProducer &office, const Tally &t) {
  if (t.voided && !office.is_closed())
    office.close();
  const bool gone = office.is_closed();
  if (gone)
    return;
  office.send(encode(t)); // OK
}

void mirrorTally(repl::ReplicationChannel &mirror, const Tally &t) {
  if (mirror.state() == repl::LinkState::Closed)
    return;
  if (t.boards == 0)
    mirror.close();
  if (mirror.state() != repl::LinkState::Open)
    return;
  mirror.send(encode(t)); // OK
  mirror.flush(); // OK
}

} // namespace timberyard
