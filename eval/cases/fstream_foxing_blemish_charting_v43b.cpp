// Foxing charts for a rare-book conservation survey. Each leaf of a volume
// gets a chart file listing the foxing spots (x, y, diameter, tone). A chart
// is written, closed, reopened for reading to verify the spot count, and
// rewritten when the conservator retouches it; a running survey log is
// swapped for a new one when a volume is finished.
// Negative case: every stream is used only while open — after a close() it is
// reopened with open() or replaced by move assignment before the next use, or
// the use is guarded by is_open() / an early return on the failing path.
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace foxing {

struct Spot {
  double x_mm = 0.0;
  double y_mm = 0.0;
  double diameter_mm = 0.0;
  int tone = 0; // 1 (pale) .. 5 (dark brown)
};

// Writes the spots; on a short write the chart is closed and false returned.
static bool write_chart(std::ofstream &chart, const std::vector<Spot> &spots) {
  chart << spots.size() << '\n';
  for (const Spot &s : spots) {
    chart << s.x_mm << ' ' << s.y_mm << ' ' << s.diameter_mm << ' ' << s.tone << '\n';
    if (!chart) {
      chart.close();
      return false;
    }
  }
  chart.close();
  return true;
}

static std::size_t count_spots(const std::string &path) {
  std::ifstream in(path);
  std::size_t n = 0;
  in >> n;
  return in ? n : 0;
}

bool chart_leaf(const std::string &path, const std::vector<Spot> &spots) {
  std::ofstream chart(path, std::ios::trunc);
  if (!chart)
    return false;
  if (!write_chart(chart, spots))
    return false;
  if (count_spots(path) == spots.size())
    return true;
  // Short read back: rewrite once with the same stream object.
  chart.open(path, std::ios::trunc);
  chart << spots.size() << '\n'; // OK: reopened
  for (const Spot &s : spots)
    chart << s.x_mm << ' ' << s.y_mm << ' ' << s.diameter_mm << ' ' << s.tone << '\n'; // OK
  chart.close();
  return count_spots(path) == spots.size();
}

// Rewrites a chart after retouching, reading and writing through one fstream.
bool retouch(const std::string &path, double max_diameter) {
  std::fstream chart(path, std::ios::in);
  std::size_t n = 0;
  chart >> n;
  std::vector<Spot> kept;
  Spot s;
  while (chart >> s.x_mm >> s.y_mm >> s.diameter_mm >> s.tone)
    if (s.diameter_mm <= max_diameter)
      kept.push_back(s);
  chart.close();
  chart.open(path, std::ios::out | std::ios::trunc);
  if (!chart.is_open())
    return false;
  chart << kept.size() << '\n'; // OK: reopened for writing
  for (const Spot &k : kept)
    chart << k.x_mm << ' ' << k.y_mm << ' ' << k.diameter_mm << ' ' << k.tone << '\n';
  return static_cast<bool>(chart);
}

class SurveyLog {
public:
  explicit SurveyLog(const std::string &path) : log_(path, std::ios::app) {}

  void note(const std::string &line) {
    if (!log_.is_open())
      return;
    log_ << line << '\n'; // OK: guarded by is_open()
  }

  // Finishing a volume: the log is closed; if a next volume follows, a new
  // log replaces it.
  void finish_volume(const std::string &shelfmark, const std::string &next_path) {
    log_ << "# done " << shelfmark << '\n';
    log_.close();
    if (next_path.empty())
      return;
    std::ofstream next(next_path, std::ios::app);
    log_ = std::move(next);
    log_ << "# continued after " << shelfmark << '\n'; // OK: move-assigned open stream
  }

private:
  std::ofstream log_;
};

void survey_volume(SurveyLog &log, const std::string &dir, const std::string &shelfmark,
                   const std::vector<std::vector<Spot>> &leaves, const std::string &next) {
  for (std::size_t leaf = 0; leaf < leaves.size(); ++leaf) {
    std::string path = dir + "/" + shelfmark + "_f" + std::to_string(leaf + 1) + ".fox";
    if (!chart_leaf(path, leaves[leaf]))
      log.note("chart failed: " + path);
  }
  log.finish_volume(shelfmark, next);
  log.note("volume closed: " + shelfmark); // OK: note() checks is_open()
}

} // namespace foxing
