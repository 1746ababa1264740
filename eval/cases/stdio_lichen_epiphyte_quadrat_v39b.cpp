// Lichenologists photograph 20x20 cm quadrats on tree trunks and log the
// percentage cover of each epiphyte species. QuadratLog owns a FILE*; close()
// clears the member and every writer checks it, so nothing is written to a
// closed stream. export_quadrats() closes the file inside export_fail() only on
// an error path and returns immediately; archive() pcloses its gzip pipe once.
// Negative case: every stdio call is on an open stream.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct Cover {
  int tree;
  int quadrat;
  std::string species;
  double percent;
};

class QuadratLog {
 public:
  explicit QuadratLog(std::string path) : path_(std::move(path)) {}
  ~QuadratLog() { close(); }
  QuadratLog(const QuadratLog&) = delete;
  QuadratLog& operator=(const QuadratLog&) = delete;

  bool open() {
    if (fp_) return true;
    fp_ = std::fopen(path_.c_str(), "a");
    return fp_ != nullptr;
  }
  void close() {
    if (!fp_) return;
    std::fclose(fp_);  // OK: guarded, member cleared next
    fp_ = nullptr;
  }
  bool is_open() const { return fp_ != nullptr; }
  bool write_cover(const Cover& c) {
    if (!fp_) return false;
    return std::fprintf(fp_, "%d,%d,%s,%.1f\n", c.tree, c.quadrat, c.species.c_str(), c.percent) > 0;  // OK: fp_ checked
  }
  bool flush() {
    if (!fp_) return false;
    return std::fflush(fp_) == 0;  // OK: fp_ checked
  }

 private:
  std::string path_;
  FILE* fp_ = nullptr;
};

void record_tree(QuadratLog& log, int tree, const std::vector<Cover>& covers) {
  if (!log.open()) return;
  for (const Cover& c : covers) log.write_cover(c);
  log.close();
  if (log.open()) log.write_cover(Cover{tree, -1, "END", 0.0});  // OK: reopened
  log.flush();  // OK: returns false if the reopen failed
}

static int export_fail(FILE* f, const char* why) {
  std::fprintf(stderr, "quadrat export: %s\n", why);
  std::fclose(f);
  return -1;
}

int export_quadrats(const char* path, const std::vector<Cover>& covers) {
  FILE* f = std::fopen(path, "w");
  if (!f) return -1;
  if (std::fputs("tree,quadrat,species,cover\n", f) < 0) return export_fail(f, "header");
  for (const Cover& c : covers) {
    if (std::fprintf(f, "%d,%d,%s,%.1f\n", c.tree, c.quadrat, c.species.c_str(), c.percent) < 0)  // OK: earlier failures returned
      return export_fail(f, "row");
  }
  if (std::fflush(f) != 0) return export_fail(f, "flush");  // OK: earlier failures returned
  return std::fclose(f) == 0 ? 0 : -1;  // OK: only close on the success path
}

long archive(const char* path) {
  std::string cmd = std::string("gzip -c ") + path;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  char buf[4096];
  long total = 0;
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) total += static_cast<long>(n);
  int rc = pclose(p);
  p = nullptr;
  return rc == 0 ? total : -1;
}

int nightly(const char* base, const std::vector<Cover>& covers) {
  QuadratLog log(std::string(base) + ".log");
  for (int tree = 1; tree <= 3; ++tree) record_tree(log, tree, covers);
  std::string csv = std::string(base) + ".csv";
  if (export_quadrats(csv.c_str(), covers) != 0) return -1;
  return archive(csv.c_str()) < 0 ? -1 : 0;
}
