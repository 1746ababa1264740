// Dosing journal for a mass-deacidification line in a rare-book conservation
// lab. Every volume sprayed with magnesium oxide gets a line (shelfmark, pH
// before and after, grams applied). Lines of a batch are staged in a tmpfile()
// and copied into the day's journal when the batch is committed. At midnight
// the journal stream is redirected to the new day's file with freopen(); an
// operator can also start a fresh journal, replacing the current one.
#include <cstdio>
#include <string>

namespace deacid {

struct DoseLine {
  std::string shelfmark;
  double ph_before = 0.0;
  double ph_after = 0.0;
  double grams = 0.0;
};

class DosingJournal {
public:
  explicit DosingJournal(const std::string &path)
      : path_(path), out_(std::fopen(path.c_str(), "a")) {
    if (out_)
      std::setvbuf(out_, nullptr, _IOLBF, 0);
  }
  ~DosingJournal() {
    if (staging_)
      std::fclose(staging_);
    if (out_)
      std::fclose(out_);
  }
  DosingJournal(const DosingJournal &) = delete;
  DosingJournal &operator=(const DosingJournal &) = delete;

  bool begin_batch() {
    if (!staging_)
      staging_ = std::tmpfile();
    return staging_ != nullptr;
  }

  void stage(const DoseLine &d) {
    if (!staging_)
      return;
    std::fprintf(staging_, "%s ph=%.2f->%.2f mgo=%.1fg\n", d.shelfmark.c_str(),
                 d.ph_before, d.ph_after, d.grams);
  }

  // Copies the staged lines into the journal and drops the staging file.
  bool commit_batch() {
    if (!staging_ || !out_)
      return false;
    std::rewind(staging_);
    char line[256];
    while (std::fgets(line, sizeof line, staging_)) {
      if (std::fputs(line, out_) == EOF) {
        std::fclose(staging_);
        staging_ = nullptr;
        return false;
      }
    }
    std::fclose(staging_); // OK: the failing write returned above
    staging_ = nullptr;
    return std::fflush(out_) == 0;
  }

  // Midnight roll: the same stream now writes to the new day's journal.
  bool roll_to(const std::string &next) {
    if (!out_)
      return false;
    FILE *same = std::freopen(next.c_str(), "a", out_);
    if (!same) {
      std::fprintf(out_, "# roll to %s failed\n", next.c_str()); // BUG: use-after-close
      out_ = nullptr;
      return false;
    }
    out_ = same;
    path_ = next;
    std::setvbuf(out_, nullptr, _IOLBF, 0); // OK: freopen reopened the stream
    std::fprintf(out_, "# continued from previous day\n"); // OK
    return true;
  }

  // Operator-requested fresh journal (truncating), e.g. after a spray-head swap.
  bool start_fresh(const std::string &next) {
    FILE *fresh = std::fopen(next.c_str(), "w");
    if (!fresh)
      return false;
    if (out_)
      std::fclose(out_);
    std::setvbuf(out_, nullptr, _IOLBF, 0); // BUG: use-after-close
    out_ = fresh;
    path_ = next;
    std::fprintf(out_, "# fresh journal\n"); // OK: out_ now holds the new stream
    return true;
  }

  const std::string &path() const { return path_; }

private:
  std::string path_;
  FILE *out_ = nullptr;
  FILE *staging_ = nullptr;
};

// Sends the line's diagnostics (spray-head faults) to the fault file.
bool redirect_faults(const char *fault_path) {
  if (!std::freopen(fault_path, "a", stderr))
    return false;
  std::setvbuf(stderr, nullptr, _IONBF, 0); // OK: stderr was reopened, not closed
  std::fputs("# deacidification line fault log\n", stderr); // OK
  return true;
}

int run_batch(DosingJournal &journal, const DoseLine *lines, int n) {
  if (!journal.begin_batch())
    return -1;
  for (int i = 0; i < n; ++i)
    journal.stage(lines[i]);
  return journal.commit_batch() ? n : -1;
}

} // namespace deacid
