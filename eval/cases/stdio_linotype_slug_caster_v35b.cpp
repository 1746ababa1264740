// Galley log for a linotype slug caster at a letterpress print shop. Each
// galley gets its own proof file, the caster's pot temperature is appended to a
// shared log that is reopened after the operator truncates it, and the slug
// count is compressed through gzip at the end of the shift.
// Correct throughout: every FILE* is closed once, members are set to nullptr
// after fclose and checked before use, the helper that closes on error makes
// its caller return immediately, and each loop iteration opens a fresh file.
#include <cstdio>
#include <string>
#include <vector>

namespace caster {

struct Galley {
  int number = 0;
  std::vector<std::string> lines;
};

class PotLog {
 public:
  explicit PotLog(std::string path) : path_(std::move(path)) {}
  ~PotLog() { close(); }

  bool open() {
    if (fp_) return true;
    fp_ = std::fopen(path_.c_str(), "a");
    return fp_ != nullptr;
  }

  void close() {
    if (!fp_) return;
    std::fclose(fp_);
    fp_ = nullptr;
  }

  // The operator truncated the file: drop our handle and open the new inode.
  bool reopen() {
    close();
    return open();
  }

  void temperature(double celsius) {
    if (!fp_) return;
    std::fprintf(fp_, "pot %.1f C\n", celsius);  // OK: null after close, checked above
    std::fflush(fp_);  // OK: same guard
  }

 private:
  std::string path_;
  FILE* fp_ = nullptr;
};

// Writes one proof; on a write error it closes the file and reports failure.
static bool write_proof(FILE* out, const Galley& g) {
  for (const std::string& l : g.lines) {
    if (std::fprintf(out, "%s\n", l.c_str()) < 0) {
      std::fclose(out);
      return false;
    }
  }
  return true;
}

int cast_galleys(const std::vector<Galley>& galleys, PotLog& pot) {
  int written = 0;
  for (const Galley& g : galleys) {
    std::string name = "galley-" + std::to_string(g.number) + ".proof";
    FILE* out = std::fopen(name.c_str(), "w");
    if (!out) continue;
    if (!write_proof(out, g)) {
      std::fprintf(stderr, "proof %d failed\n", g.number);
      continue;  // write_proof already closed it
    }
    std::fprintf(out, "-- %zu slugs\n", g.lines.size());  // OK: write_proof closes only when it returns false
    std::fclose(out);  // OK: fresh file each iteration, closed once
    ++written;
    pot.temperature(288.0);
  }
  return written;
}

void shift_change(PotLog& pot) {
  pot.temperature(290.5);
  if (!pot.reopen()) return;
  pot.temperature(289.0);  // OK: reopened
  pot.close();
  pot.temperature(0.0);  // OK: temperature() is a no-op once closed
}

int compress_counts(const std::vector<Galley>& galleys) {
  FILE* gz = ::popen("gzip -c > slug-counts.gz", "w");
  if (!gz) return -1;
  for (const Galley& g : galleys)
    std::fprintf(gz, "%d %zu\n", g.number, g.lines.size());
  return ::pclose(gz);
}

}  // namespace caster
