// Collation desk of a trade bindery. The folding machine reports every folded
// quire and the desk appends it to the collation log of its title; the logs
// are std::ofstream objects in a std::map keyed by title. Finished titles are
// closed and erased, logs are rotated nightly by close() + open(), and at the
// end of a shift every log gets a trailer.
#include <fstream>
#include <map>
#include <string>
#include <vector>

struct FoldedQuire {
  std::string title;
  int sequence;   // position of the quire in the book block
  int leaves;     // 4 for a quarto fold, 8 for octavo...
};

class CollationDesk {
public:
  explicit CollationDesk(std::string dir) : dir_(std::move(dir)) {}

  void recordFold(const FoldedQuire &q);
  void finishTitle(const std::string &title);
  void rotateNightly(const std::string &dateTag);
  void endOfShift(const std::string &busiestTitle);
  void splitVolume(const std::string &title, const std::string &secondVolume);

private:
  std::string pathFor(const std::string &title, const std::string &tag = "") const {
    return dir_ + "/" + title + (tag.empty() ? "" : "." + tag) + ".collation";
  }

  std::string dir_;
  std::map<std::string, std::ofstream> logs_;
  std::map<std::string, int> folded_;
  int orphans_ = 0;
};

void CollationDesk::recordFold(const FoldedQuire &q) {
  auto it = logs_.find(q.title);
  if (it == logs_.end()) {
    it = logs_.emplace(q.title, std::ofstream(pathFor(q.title), std::ios::app)).first;
    if (!it->second.is_open()) {
      logs_.erase(it);
      ++orphans_;
      return;
    }
  }
  it->second << q.sequence << ' ' << q.leaves << '\n';
  ++folded_[q.title];
}

void CollationDesk::finishTitle(const std::string &title) {
  auto it = logs_.find(title);
  if (it == logs_.end())
    return;
  it->second << "# complete: " << folded_[title] << " quires\n";
  it->second.close();
  logs_.erase(it);
  folded_.erase(title);
}

void CollationDesk::splitVolume(const std::string &title, const std::string &secondVolume) {
  auto it = logs_.find(title);
  if (it == logs_.end())
    return;
  it->second << "# volume 1 complete\n";
  it->second.close();
  logs_.emplace(secondVolume, std::ofstream(pathFor(secondVolume), std::ios::app));
  it->second << "# continued in " << secondVolume << '\n'; // BUG: use-after-close
  logs_.erase(it);
}

void CollationDesk::rotateNightly(const std::string &dateTag) {
  for (auto &[title, log] : logs_) {
    log.close();
    log.open(pathFor(title, dateTag), std::ios::app);
    log << "# rotated " << dateTag << '\n'; // OK: reopened on the line above
  }
}

void CollationDesk::endOfShift(const std::string &busiestTitle) {
  int total = 0;
  for (auto &[title, log] : logs_) {
    log << "# shift end, " << folded_[title] << " quires\n";
    total += folded_[title];
    log.close();
  }
  auto busiest = logs_.find(busiestTitle);
  if (busiest != logs_.end())
    busiest->second << "# busiest title, shift total " << total << '\n'; // BUG: use-after-close
  logs_.clear();
  folded_.clear();
}

void runFolder(CollationDesk &desk, const std::vector<FoldedQuire> &batch,
               const std::vector<FoldedQuire> &lateFromBuffer,
               const std::string &finishedTitle) {
  for (const FoldedQuire &q : batch)
    desk.recordFold(q);
  desk.finishTitle(finishedTitle);
  for (const FoldedQuire &q : lateFromBuffer)
    desk.recordFold(q); // OK: finishTitle() erased the closed log; a fresh one is opened
}
