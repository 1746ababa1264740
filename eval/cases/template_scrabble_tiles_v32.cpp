// Family Scrabble night: the score keeper is a small class template of the
// family's own (TallySheet<T>) used twice, once for each player's points
// (TallySheet<int>) and once for the words played (TallySheet<std::string>).
// record() throws once the sheet is closed. When the tile bag is empty and a
// player goes out, both sheets are closed; the rack penalties must be applied
// before that, and only one of the two endings below does it in that order.
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class TallySheet {
public:
  explicit TallySheet(std::string title) : title_(std::move(title)) {}

  void record(const T &entry) {
    if (closed_)
      throw std::logic_error(title_ + ": tally sheet is closed");
    entries_.push_back(entry);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }
  const std::vector<T> &entries() const { return entries_; }

private:
  std::string title_;
  std::vector<T> entries_;
  bool closed_ = false;
};

int rackValue(const std::string &rack) {
  static const std::map<char, int> points = {{'A', 1}, {'E', 1}, {'Q', 10}, {'Z', 10}, {'K', 5}, {'J', 8}};
  int sum = 0;
  for (char c : rack) {
    auto it = points.find(c);
    sum += it == points.end() ? 2 : it->second;
  }
  return sum;
}

struct Player {
  TallySheet<int> points;
  std::string rack;
};

void playTurn(Player &p, TallySheet<std::string> &words, const std::string &word, int score) {
  if (words.isClosed())
    return;
  words.record(word); // OK: guarded by isClosed()
  p.points.record(score); // OK: the points sheets close together with the word sheet
}

void goOutProperly(std::vector<Player> &players, TallySheet<std::string> &words) {
  for (Player &p : players)
    p.points.record(-rackValue(p.rack)); // OK: penalties before the close
  for (Player &p : players)
    p.points.close();
  words.close();
}

void goOutInAHurry(std::vector<Player> &players, TallySheet<std::string> &words, const std::string &lastWord) {
  words.record(lastWord); // OK: not closed yet
  words.close();
  for (Player &p : players)
    p.points.close();
  for (Player &p : players) {
    if (!p.rack.empty())
      p.points.record(-rackValue(p.rack)); // BUG: use-after-close
  }
  words.record("(game over)"); // BUG: use-after-close
}

int finalScore(const Player &p) {
  const std::vector<int> &e = p.points.entries(); // OK: reading totals is allowed after close
  return std::accumulate(e.begin(), e.end(), 0);
}
