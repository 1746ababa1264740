// Colour timing desk in a film lab. Every roll in tonight's batch has a grade
// file (std::fstream, kept in a std::vector in roll order) that the colorist
// appends printer-light corrections to; approved rolls have their grade file
// closed. Duplicate-negative orders are tracked in a std::multimap from the
// negative's id to the open order sheets (several dupes per negative, one
// FILE* each); a negative whose emulsion batch is on hold has its sheets
// closed and is listed in onHold_ until release() reopens them.
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

struct Correction {
  int red;
  int green;
  int blue;
};

void timeBatch(const std::vector<std::string> &rolls, const std::vector<bool> &approved,
               const std::vector<Correction> &lights, const std::string &dir) {
  std::vector<std::fstream> grades;
  grades.reserve(rolls.size());
  for (const std::string &roll : rolls)
    grades.emplace_back(dir + "/" + roll + ".grade", std::ios::in | std::ios::out | std::ios::app);

  for (size_t i = 0; i < rolls.size(); ++i)
    if (approved[i])
      grades[i].close();

  for (size_t i = 0; i < rolls.size(); ++i) {
    if (!grades[i].is_open())
      continue;
    const Correction &c = lights[i];
    grades[i] << "lights " << c.red << '-' << c.green << '-' << c.blue << '\n'; // OK: approved rolls skipped
  }
  grades.front() << "# batch timed by night colorist\n"; // BUG: use-after-close
}

struct OrderSheet {
  std::string path;
  FILE *f;
};

class DupeOrders {
public:
  ~DupeOrders() {
    for (auto &[negative, sheet] : sheets_)
      if (sheet.f && !onHold_.count(negative))
        std::fclose(sheet.f);
  }

  bool order(const std::string &negative, const std::string &path) {
    FILE *f = std::fopen(path.c_str(), "a");
    if (!f)
      return false;
    sheets_.emplace(negative, OrderSheet{path, f});
    return true;
  }

  void holdEmulsion(const std::string &negative) {
    auto range = sheets_.equal_range(negative);
    for (auto it = range.first; it != range.second; ++it)
      std::fclose(it->second.f);
    onHold_.insert(negative);
  }

  void broadcast(const char *notice) {
    for (auto &[negative, sheet] : sheets_) {
      if (onHold_.count(negative) || !sheet.f)
        continue;
      std::fputs(notice, sheet.f); // OK: held negatives skipped
    }
  }

  void release(const std::string &negative) {
    auto range = sheets_.equal_range(negative);
    for (auto it = range.first; it != range.second; ++it) {
      std::fputs("# emulsion released\n", it->second.f); // SAME: heldsheets
      it->second.f = std::fopen(it->second.path.c_str(), "a");
    }
    onHold_.erase(negative);
  }

  void finish(const std::string &negative) {
    bool held = onHold_.count(negative) != 0;
    auto range = sheets_.equal_range(negative);
    for (auto it = range.first; it != range.second; ++it)
      if (!held && it->second.f)
        std::fclose(it->second.f); // OK: held sheets were closed by holdEmulsion()
    sheets_.erase(range.first, range.second);
    onHold_.erase(negative);
  }

private:
  std::multimap<std::string, OrderSheet> sheets_;
  std::set<std::string> onHold_;
};

int main() {
  timeBatch({"A047", "A048", "B012"}, {true, false, false},
            {{25, 27, 24}, {26, 26, 28}, {30, 25, 25}}, ".");

  DupeOrders orders;
  orders.order("N-0412", "N-0412.dupe1.txt");
  orders.order("N-0412", "N-0412.dupe2.txt");
  orders.order("N-0977", "N-0977.dupe1.txt");
  orders.holdEmulsion("N-0412");
  orders.broadcast("# lab closed on Sunday\n");
  orders.finish("N-0977");
  orders.release("N-0412"); // BUG: use-after-close #heldsheets
  return 0;
}
