// Police forensic evidence store: every item checked into the evidence
// locker gets a chain-of-custody line in a per-day ofstream. Items sealed for
// court close the day's custody file so the duty sergeant can sign it; a new
// custody file is opened for the rest of the day. Check-in writes the
// shelf location after the sealing branch.
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace evidence {

struct Item {
  std::string exhibitRef;
  std::string officer;
  std::string shelf;
  bool sealedForCourt;
};

class CustodyLedger {
public:
  explicit CustodyLedger(std::string dir) : dir_(std::move(dir)) { openPart(); }

  void checkIn(const Item &item) {
    if (!custody_.is_open())
      openPart();
    custody_ << item.exhibitRef << " received from " << item.officer << '\n';
    if (item.sealedForCourt) {
      custody_ << item.exhibitRef << " SEALED for court\n";
      custody_.close();
    }
    custody_ << item.exhibitRef << " shelf " << item.shelf << '\n'; // BUG: use-after-close
  }

  void sealAndContinue(const Item &item) {
    if (!custody_.is_open())
      openPart();
    custody_ << item.exhibitRef << " SEALED for court\n";
    custody_.close();
    openPart();
    custody_ << item.exhibitRef << " shelf " << item.shelf << '\n'; // OK: reopened by openPart()
  }

  void note(const std::string &text) {
    if (!custody_.is_open())
      return;
    custody_ << "note: " << text << '\n'; // OK: is_open() checked
  }

  void endOfDay(const std::vector<Item> &outstanding) {
    for (const Item &i : outstanding)
      custody_ << i.exhibitRef << " outstanding\n"; // OK: closed after the loop
    custody_.close();
    std::ofstream summary(dir_ + "/summary.txt", std::ios::app);
    summary << outstanding.size() << " outstanding items\n"; // OK: a different stream
  }

private:
  void openPart() {
    if (custody_.is_open())
      custody_.close(); // OK: only when open
    custody_.open(dir_ + "/custody-" + std::to_string(++part_) + ".log", std::ios::app);
  }

  std::string dir_;
  std::ofstream custody_;
  int part_ = 0;
};

} // namespace evidence
