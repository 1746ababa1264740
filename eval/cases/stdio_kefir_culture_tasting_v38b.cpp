// Tasting-sheet writer for a kefir grain culture lab. Each fermentation batch
// gets a tasting sheet (a FILE* owned by TastingSheet) and the day's scores are
// ranked by piping them through sort(1). The code is correct: TastingSheet
// nulls its stream when it closes and every write checks it; the helper that
// closes on a write error returns the error and the callers stop; the ranked
// output is read before pclose(); the day log is closed once and reopened
// under a new name before it is written again.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

struct Score {
  std::string grain_lot;
  int sourness;   // 1..10
  int fizz;       // 1..10
};

class TastingSheet {
 public:
  explicit TastingSheet(const std::string& path) : out_(std::fopen(path.c_str(), "w")) {}
  ~TastingSheet() { close(); }  // OK: close() nulls the stream, a second call does nothing
  TastingSheet(const TastingSheet&) = delete;
  TastingSheet& operator=(const TastingSheet&) = delete;

  bool good() const { return out_ != nullptr; }

  bool note(const Score& s) {
    if (!out_) return false;
    return std::fprintf(out_, "%s sour=%d fizz=%d\n", s.grain_lot.c_str(), s.sourness, s.fizz) > 0;  // OK: guarded by the null check
  }

  void close() {
    if (out_) {
      std::fclose(out_);
      out_ = nullptr;
    }
  }

 private:
  FILE* out_;
};

// Writes one line; on failure the stream is closed here and the caller must stop.
static int append_line(FILE* f, const std::string& line) {
  if (std::fputs(line.c_str(), f) < 0 || std::fputc('\n', f) == EOF) {
    std::fclose(f);
    return -1;
  }
  return 0;
}

int write_day_log(const std::string& path, const std::vector<std::string>& lines) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return -1;
  for (const auto& l : lines) {
    if (append_line(f, l) != 0) return -1;
  }
  std::fflush(f);  // OK: append_line closes only on the path that returned above
  std::fclose(f);
  return 0;
}

std::vector<std::string> rank_scores(const std::vector<Score>& scores) {
  std::vector<std::string> ranked;
  FILE* p = popen("sort -t= -k2 -n -r > ranked.txt", "w");
  if (!p) return ranked;
  for (const auto& s : scores) std::fprintf(p, "%s sour=%d\n", s.grain_lot.c_str(), s.sourness);
  if (pclose(p) != 0) return ranked;
  FILE* in = std::fopen("ranked.txt", "r");
  if (!in) return ranked;
  char buf[160];
  while (std::fgets(buf, sizeof buf, in)) {
    buf[std::strcspn(buf, "\n")] = '\0';
    ranked.emplace_back(buf);
  }
  std::fclose(in);
  return ranked;
}

void tasting_session(const std::string& batch, const std::vector<Score>& scores) {
  TastingSheet sheet("tasting-" + batch + ".txt");
  if (!sheet.good()) return;
  for (const auto& s : scores) {
    if (!sheet.note(s)) break;
  }
  sheet.close();
  if (!sheet.note(Score{"late", 0, 0})) {  // OK: closed sheet rejects the note without touching the stream
    std::fprintf(stderr, "late score for %s dropped\n", batch.c_str());
  }
  std::vector<std::string> ranked = rank_scores(scores);
  if (write_day_log("day-" + batch + ".log", ranked) != 0) return;

  // A second pass over the day log after renaming it: a fresh stream.
  FILE* day = std::fopen(("day-" + batch + ".log").c_str(), "a");
  if (!day) return;
  std::fprintf(day, "# %zu lots ranked\n", ranked.size());
  std::fclose(day);
  std::rename(("day-" + batch + ".log").c_str(), ("day-" + batch + ".done").c_str());
  day = std::fopen(("day-" + batch + ".done").c_str(), "a");
  if (!day) return;
  std::fprintf(day, "# archived\n");  // OK: reopened under the archive name
  std::fclose(day);
}
