// Shearing-board event bus for a merino woolshed. Each fleece that comes off
// the board is published to the subscribed listeners: per-run tallies
// (std::ofstream), the classer's running sheet and the wool-room log, which
// share one FILE* through std::shared_ptr. Two stands can also share a
// single counter file descriptor.
#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

struct FleeceOff {
  int stand;
  int pen;
  double weightKg;
};

class BoardListener {
public:
  virtual ~BoardListener() = default;
  virtual void onFleece(const FleeceOff &ev) = 0;
};

class BoardNotifier {
public:
  void subscribe(BoardListener *l) { listeners_.push_back(l); }
  void unsubscribe(BoardListener *l) {
    listeners_.erase(std::remove(listeners_.begin(), listeners_.end(), l), listeners_.end());
  }
  void publish(const FleeceOff &ev) {
    for (BoardListener *l : listeners_)
      l->onFleece(ev);
  }

private:
  std::vector<BoardListener *> listeners_;
};

class RunTally : public BoardListener {
public:
  RunTally(int run, const std::string &path) : run_(run), out_(path, std::ios::app) {}
  void onFleece(const FleeceOff &ev) override {
    ++count_;
    out_ << ev.stand << ' ' << ev.pen << ' ' << ev.weightKg << '\n'; // SAME: runtally
  }
  void closeRun() {
    out_ << "-- run " << run_ << ": " << count_ << " fleeces\n";
    out_.close();
  }

private:
  int run_;
  int count_ = 0;
  std::ofstream out_;
};

class ClasserSheet : public BoardListener {
public:
  ClasserSheet(BoardNotifier &board, std::shared_ptr<FILE> sheet)
      : board_(board), sheet_(std::move(sheet)) {
    board_.subscribe(this);
  }
  ~ClasserSheet() override { close(); }
  void onFleece(const FleeceOff &ev) override {
    std::fprintf(sheet_.get(), "stand %d pen %d %.2fkg\n", ev.stand, ev.pen, ev.weightKg);
  }
  void close() {
    if (!sheet_)
      return;
    board_.unsubscribe(this);
    sheet_.reset();
  }

private:
  BoardNotifier &board_;
  std::shared_ptr<FILE> sheet_;
};

class WoolRoomLog {
public:
  explicit WoolRoomLog(std::shared_ptr<FILE> sheet) : sheet_(std::move(sheet)) {}
  void balePressed(int baleNo, double kg) {
    std::fprintf(sheet_.get(), "bale %d %.1fkg\n", baleNo, kg);
  }

private:
  std::shared_ptr<FILE> sheet_;
};

class StandCounter {
public:
  explicit StandCounter(int fd) : fd_(fd) {}
  void count(int stand) { dprintf(fd_, "%d\n", stand); }
  void finish() {
    ::fsync(fd_);
    ::close(fd_); // SAME: standfinish
  }

private:
  int fd_;
};

static std::shared_ptr<FILE> openSheet(const char *path) {
  return std::shared_ptr<FILE>(std::fopen(path, "a"), [](FILE *f) {
    if (f)
      std::fclose(f);
  });
}

void morningRun(BoardNotifier &board, const std::vector<FleeceOff> &run) {
  auto sheet = openSheet("/shed/classer.txt");
  if (!sheet)
    return;
  WoolRoomLog room(sheet);
  ClasserSheet classer(board, sheet);
  for (const FleeceOff &ev : run)
    board.publish(ev);
  classer.close();
  room.balePressed(1, 182.5); // OK
  std::fprintf(sheet.get(), "morning run: %zu fleeces\n", run.size()); // OK
  board.publish({2, 4, 4.1}); // OK
}

void afternoonRun(BoardNotifier &board, const std::vector<FleeceOff> &run, size_t smoko) {
  RunTally tally(3, "/shed/run3.tally");
  board.subscribe(&tally);
  for (size_t i = 0; i < smoko && i < run.size(); ++i)
    board.publish(run[i]);
  tally.closeRun();
  for (size_t i = smoko; i < run.size(); ++i)
    board.publish(run[i]); // BUG: use-after-close #runtally
  board.unsubscribe(&tally);
}

void standDown(const char *path) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  StandCounter left(fd), right(fd);
  left.count(1);
  right.count(2);
  left.finish();
  right.finish(); // BUG: double-close #standfinish
}

int main() {
  BoardNotifier board;
  morningRun(board, {{1, 3, 4.4}, {2, 3, 4.9}});
  afternoonRun(board, {{1, 4, 4.2}, {2, 4, 3.8}, {1, 5, 4.6}}, 2);
  standDown("/shed/stands.count");
  return 0;
}
