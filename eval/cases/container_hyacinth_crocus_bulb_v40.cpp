// Hyacinth and crocus bulb grading shed: bulbs are sized by circumference and every size grade has
// its own crate-label printer (a FILE* on the printer's spool). Grades live in a std::map keyed by
// centimetres, the bench stations keep raw pointers into that map, and the tray logs of the day sit
// in a deque. At the end of the run the shed closes the printers grade by grade or all at once.
#include <cstdio>
#include <deque>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class CrateLabeller {
 public:
  explicit CrateLabeller(const std::string& spool) : out_(std::fopen(spool.c_str(), "w")) {
    if (!out_) throw std::runtime_error("labeller: cannot open " + spool);
  }
  CrateLabeller(CrateLabeller&& o) noexcept : out_(std::exchange(o.out_, nullptr)) {}
  CrateLabeller(const CrateLabeller&) = delete;
  ~CrateLabeller() {
    if (out_) std::fclose(out_);
  }
  void print(const std::string& text) {
    if (!out_) throw std::runtime_error("labeller closed");
    std::fprintf(out_, "%s\f", text.c_str());
  }
  void close() {
    if (!out_) throw std::runtime_error("labeller already closed");
    std::fclose(out_);
    out_ = nullptr;
  }
  bool is_open() const { return out_ != nullptr; }

 private:
  std::FILE* out_;
};

using Grades = std::map<int, CrateLabeller>;

void print_totals(Grades& grades, const std::map<int, int>& counts) {
  for (auto& [cm, labeller] : grades) {
    auto it = counts.find(cm);
    int n = it == counts.end() ? 0 : it->second;
    labeller.print(std::to_string(cm) + "cm: " + std::to_string(n));  // SAME: totals
  }
}

void drop_undersized(Grades& grades) {
  for (auto it = grades.begin(); it != grades.end();) {
    if (it->first < 10) {
      it->second.close();
      it = grades.erase(it);
    } else {
      ++it;
    }
  }
  for (auto& [cm, labeller] : grades) labeller.print("grade " + std::to_string(cm));  // OK: closed grades were erased
}

void retire_grade_twelve(Grades& grades) {
  grades.at(12).close();
  grades.at(14).print("14cm crate");  // OK: another grade
  grades.at(12).print("12cm crate");  // BUG: use-after-close
}

void close_shed(Grades& grades, const std::map<int, int>& counts) {
  for (auto& [cm, labeller] : grades) {
    labeller.print("end of run " + std::to_string(cm));  // OK: this element is closed on the next line
    labeller.close();
  }
  print_totals(grades, counts);  // BUG: use-after-close #totals
}

void close_shed_with_stations(Grades& grades, const std::vector<int>& station_grades) {
  std::vector<CrateLabeller*> stations;
  for (int cm : station_grades) {
    auto it = grades.find(cm);
    if (it != grades.end()) stations.push_back(&it->second);
  }
  for (CrateLabeller* s : stations) s->print("station ready");
  for (auto& entry : grades) entry.second.close();
  for (CrateLabeller* s : stations)
    if (s->is_open()) s->print("last crate");  // OK: checked
  if (!stations.empty()) stations.front()->print("shift done");  // BUG: use-after-close
}

void rotate_tray_logs(std::deque<CrateLabeller>& trays, const std::string& spool) {
  if (trays.empty()) return;
  trays.front().close();
  trays.pop_front();
  trays.emplace_back(spool);
  trays.back().print("new tray");  // OK: freshly opened
  trays.front().print("tray continues");  // OK: the closed front was popped; at least the new tray remains
}
