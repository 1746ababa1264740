// Chess club tournament night: each electronic board streams its moves to the
// club's live page through a BoardFeed, and the board's clock pushes times
// through a ClockLink. Adjourned games close both links as soon as the game
// is sealed; at the end of the round the remaining links are closed.
#include <stdexcept>
#include <string>
#include <vector>

namespace club {

class BoardFeed {
public:
  explicit BoardFeed(int board) : board_(board) {}

  void publishMove(const std::string &san) {
    if (closed_)
      throw std::runtime_error("board feed " + std::to_string(board_) + " closed");
    published_.push_back(san);
  }

  void close() {
    if (closed_)
      throw std::logic_error("board feed " + std::to_string(board_) + " already closed");
    closed_ = true;
    published_.clear();
  }

  bool isClosed() const { return closed_; }

private:
  int board_;
  std::vector<std::string> published_;
  bool closed_ = false;
};

class ClockLink {
public:
  void push(int whiteMs, int blackMs) {
    if (closed_)
      throw std::runtime_error("clock link closed");
    lastWhite_ = whiteMs;
    lastBlack_ = blackMs;
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  int lastWhite_ = 0;
  int lastBlack_ = 0;
  bool closed_ = false;
};

struct Move {
  std::string san;
  int whiteMs;
  int blackMs;
};

struct Board {
  explicit Board(int n) : number(n), feed(n) {}
  int number;
  BoardFeed feed;
  ClockLink clock;
  std::vector<Move> moves;
  bool adjourned = false;
};

void playOut(Board &b) {
  for (const Move &m : b.moves) {
    b.feed.publishMove(m.san);
    b.clock.push(m.whiteMs, m.blackMs);
  }
  if (b.adjourned) {
    b.feed.publishMove("sealed");
    b.feed.close();
    b.clock.close();
  }
}

void classicalRound(std::vector<Board> &boards) {
  for (Board &b : boards) {
    playOut(b);
    b.clock.close(); // OK
    b.feed.close(); // BUG: double-close
  }
}

void rapidRound(std::vector<Board> &boards) {
  for (Board &b : boards) {
    playOut(b);
    b.clock.close(); // OK
    if (!b.feed.isClosed())
      b.feed.close(); // OK
  }
}

void blitzRound(std::vector<Board> &boards) {
  for (Board &b : boards) {
    for (const Move &m : b.moves)
      b.feed.publishMove(m.san);
    b.feed.close(); // OK
  }
}

} // namespace club
