// Larval rearing diary. Each rearing tub has a diary stream that is rotated
// weekly, an optional foodplant-swap log that exists only while larvae are
// being moved to a new hostplant, and per-larva sheets that are closed at
// pupation. Negative case: every write is to a stream that is open at that
// point: rotation reopens the diary before writing, the swap log is reached
// only through a checked optional, the hostplant list is re-opened before the
// second read, and each per-larva sheet is written before it is closed.
#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

class HostplantRearingDiary {
public:
  explicit HostplantRearingDiary(const std::string &path) : diary_(path, std::ios::app) {}

  void rotate(const std::string &next_path, int week) {
    diary_.close();
    diary_.clear();
    diary_.open(next_path, std::ios::app);
    diary_ << "# week " << week << '\n'; // OK: reopened on the line above
  }

  void note(const std::string &line) {
    if (diary_.is_open())
      diary_ << line << '\n'; // OK: guarded by is_open()
  }

  void begin_swap(const std::string &swap_path) { swap_log_.emplace(swap_path, std::ios::app); }
  void end_swap() { swap_log_.reset(); } // the ofstream's destructor closes it

  void log_swap(const std::string &from_plant, const std::string &to_plant) {
    if (swap_log_ && swap_log_->is_open())
      *swap_log_ << from_plant << " -> " << to_plant << '\n'; // OK: checked optional
  }

private:
  std::ofstream diary_;
  std::optional<std::ofstream> swap_log_;
};

std::vector<std::string> read_foodplants(const std::string &primary, const std::string &extra) {
  std::vector<std::string> plants;
  std::ifstream in(primary);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#')
      plants.push_back(line);
  in.close();
  in.clear();
  in.open(extra);
  while (in && std::getline(in, line)) // OK: re-opened on the extra list
    plants.push_back(line);
  return plants;
}

struct LarvaSheet {
  std::string id;
  int instar = 1;
  double mass_mg = 0;
};

void close_sheets_at_pupation(std::vector<std::ofstream> &sheets, const std::vector<LarvaSheet> &larvae) {
  std::size_t i = 0;
  std::for_each(sheets.begin(), sheets.end(), [&](std::ofstream &out) {
    const LarvaSheet &l = larvae.at(i++);
    out << l.id << " pupated at instar " << l.instar << ", " << l.mass_mg << " mg\n"; // OK: written before this sheet's close
    out.close();
  });
  sheets.clear();
}

int run_week(const std::vector<LarvaSheet> &larvae) {
  HostplantRearingDiary diary("tub-3.log");
  diary.note("started week on Salix caprea");
  auto plants = read_foodplants("foodplants.txt", "foodplants-extra.txt");
  diary.begin_swap("tub-3-swap.log");
  for (std::size_t k = 1; k < plants.size(); ++k)
    diary.log_swap(plants[k - 1], plants[k]);
  diary.end_swap();
  diary.log_swap("Salix", "Populus"); // OK: log_swap() checks the optional, end_swap() emptied it
  diary.rotate("tub-3-week2.log", 2);
  diary.note("moved to new tub");
  std::vector<std::ofstream> sheets;
  for (const LarvaSheet &l : larvae)
    sheets.emplace_back("larva-" + l.id + ".txt", std::ios::app);
  close_sheets_at_pupation(sheets, larvae);
  return static_cast<int>(plants.size());
}
