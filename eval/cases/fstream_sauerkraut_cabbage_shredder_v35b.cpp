// Batch records for a sauerkraut kitchen: the cabbage shredder's blade settings
// are read from a config file, every crock gets a salt/weight label file, and
// a journal of brine readings is kept per week and rolled over on Mondays.
// Correct throughout: streams are reopened before reuse, every write to the
// journal is behind an is_open() check, the config reader returns right after
// closing on a bad line, and the label stream is opened and closed once per
// crock.
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace kraut {

struct Crock {
  int id = 0;
  double cabbage_kg = 0.0;
  double salt_pct = 2.0;
};

struct BladeSettings {
  int thickness_mm = 2;
  int rpm = 300;
};

std::optional<BladeSettings> read_blade_settings(const std::string& path) {
  std::ifstream cfg(path);
  if (!cfg) return std::nullopt;
  BladeSettings s;
  std::string key;
  int value = 0;
  while (cfg >> key >> value) {
    if (key == "thickness") {
      s.thickness_mm = value;
    } else if (key == "rpm") {
      s.rpm = value;
    } else {
      cfg.close();
      std::cerr << "unknown key " << key << " in " << path << '\n';
      return std::nullopt;
    }
  }
  return s;
}

void write_labels(const std::vector<Crock>& crocks) {
  std::ofstream label;
  for (const Crock& c : crocks) {
    label.open("crock-" + std::to_string(c.id) + ".label");
    if (!label.is_open()) continue;
    label << "cabbage " << c.cabbage_kg << " kg\n";  // OK: opened in this iteration
    label << "salt " << c.cabbage_kg * c.salt_pct * 10.0 << " g\n";
    label.close();  // OK: one close per open
  }
}

class BrineJournal {
 public:
  explicit BrineJournal(std::string stem) : stem_(std::move(stem)) {}
  ~BrineJournal() { close(); }

  bool open_week(int week) {
    close();
    out_.open(stem_ + "-w" + std::to_string(week) + ".log", std::ios::app);
    week_ = week;
    return out_.is_open();
  }

  void reading(int crock, double ph) {
    if (!out_.is_open()) return;
    out_ << week_ << ' ' << crock << ' ' << ph << '\n';  // OK: guarded by is_open()
  }

  void close() {
    if (!out_.is_open()) return;
    out_.flush();  // OK: still open here
    out_.close();
  }

 private:
  std::string stem_;
  std::ofstream out_;
  int week_ = 0;
};

void monday_rollover(BrineJournal& journal, int new_week, const std::vector<Crock>& crocks) {
  journal.close();
  journal.close();  // OK: close() returns early once the stream is closed
  journal.reading(0, 0.0);  // OK: dropped, reading() checks is_open()
  if (!journal.open_week(new_week)) return;
  for (const Crock& c : crocks) journal.reading(c.id, 3.4);  // OK: reopened for the new week
}

}  // namespace kraut
