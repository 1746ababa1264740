// Steam calliope driven by punched card rolls. RollReader feeds cards to the
// valve bank; its resume() quietly returns when the reader has been shut
// down, but feed() throws. CardStore::close() is idempotent (documented and
// implemented), ValveBank::close() throws when called a second time. Bugs: the
// interval routine feeds a card after shutdown (resume() did nothing), and
// abort() closes the valve bank again after end() already closed it.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Card {
  int row = 0;
  unsigned pipes = 0;
};

class RollReader {
 public:
  void pause() { paused_ = true; }
  void resume() {
    if (shut_down_) return;  // resuming a shut-down reader is a no-op
    paused_ = false;
  }
  void feed(const Card& c) {
    if (shut_down_) throw std::runtime_error("roll reader shut down");
    if (paused_) throw std::runtime_error("roll reader paused");
    last_row_ = c.row;
  }
  void shutdown() { shut_down_ = true; }
  bool is_shut_down() const { return shut_down_; }

 private:
  bool paused_ = false;
  bool shut_down_ = false;
  int last_row_ = -1;
};

// Stores punched rolls on disk. close() may be called any number of times.
class CardStore {
 public:
  void save(const std::string& roll, const std::vector<Card>& cards) {
    if (closed_) throw std::runtime_error("card store closed");
    saved_ += cards.size();
    last_roll_ = roll;
  }
  void close() { closed_ = true; }

 private:
  bool closed_ = false;
  std::size_t saved_ = 0;
  std::string last_roll_;
};

class ValveBank {
 public:
  void blow(unsigned pipes) {
    if (closed_) throw std::runtime_error("valve bank closed");
    last_ = pipes;
  }
  void close() {
    if (closed_) throw std::runtime_error("valve bank closed twice");
    closed_ = true;
  }

 private:
  bool closed_ = false;
  unsigned last_ = 0;
};

void interval(RollReader& reader, const Card& next, bool show_over) {
  reader.pause();
  if (show_over) reader.shutdown();
  reader.resume();  // OK: resume() returns early when shut down
  reader.feed(next);  // BUG: use-after-close
}

void interval_checked(RollReader& reader, const Card& next) {
  reader.pause();
  reader.shutdown();
  reader.resume();  // OK: resume() returns early when shut down
  if (!reader.is_shut_down()) reader.feed(next);  // OK: checked
}

class Performance {
 public:
  void play(const std::vector<Card>& roll) {
    for (const auto& c : roll) {
      reader_.feed(c);
      bank_.blow(c.pipes);
    }
  }
  void end() {
    reader_.shutdown();
    bank_.close();
    store_.close();
  }
  void abort() {
    end();
    store_.close();  // OK: CardStore::close() is idempotent
    bank_.close();  // BUG: double-close
  }
  void archive(const std::vector<Card>& roll) {
    store_.save("finale", roll);
    store_.close();
    store_.close();  // OK: CardStore::close() is idempotent
    reader_.shutdown();
    reader_.resume();  // OK: resume() returns early when shut down
  }

 private:
  RollReader reader_;
  ValveBank bank_;
  CardStore store_;
};
