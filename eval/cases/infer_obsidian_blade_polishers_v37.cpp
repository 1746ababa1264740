// Obsidian blade polishing bench: every blade's polish passes are written to a
// PolishJournal (a FILE*), and abrasive grit is metered by a GritFeeder on a
// serial fd. PolishJournal::close() throws if the journal is already closed,
// and seal() writes the footer and closes. GritFeeder::close() is idempotent by
// design. Bugs: closing a journal that seal() or polish_batch() already closed.
// The repeated GritFeeder closes are fine.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class PolishJournal {
 public:
  explicit PolishJournal(const std::string& path) {
    fp_ = std::fopen(path.c_str(), "a");
    if (!fp_) throw std::runtime_error("polish journal: cannot open " + path);
  }
  ~PolishJournal() {
    if (fp_) std::fclose(fp_);
  }
  PolishJournal(const PolishJournal&) = delete;
  PolishJournal& operator=(const PolishJournal&) = delete;

  void note(const std::string& line) {
    if (!fp_) throw std::runtime_error("polish journal closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  void close() {
    if (!fp_) throw std::logic_error("polish journal already closed");
    FILE* f = fp_;
    fp_ = nullptr;
    if (std::fclose(f) != 0) throw std::runtime_error("polish journal: fclose failed");
  }
  void seal() {
    note("-- end of blade --");
    close();
  }
  bool is_open() const { return fp_ != nullptr; }

 private:
  FILE* fp_ = nullptr;
};

// Safe to close any number of times: later calls do nothing.
class GritFeeder {
 public:
  explicit GritFeeder(const char* dev) : fd_(::open(dev, O_WRONLY | O_NOCTTY)) {
    if (fd_ < 0) throw std::runtime_error("grit feeder: open failed");
  }
  ~GritFeeder() { close(); }
  void meter(int grams) {
    if (fd_ < 0) throw std::runtime_error("grit feeder closed");
    unsigned char g = static_cast<unsigned char>(grams);
    if (::write(fd_, &g, 1) != 1) throw std::runtime_error("grit feeder: write failed");
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

struct Blade {
  std::string id;
  bool cracked = false;
};

void finish_blade(PolishJournal& j, GritFeeder& g, const Blade& b) {
  g.meter(3);
  j.note("final pass " + b.id);
  j.seal();
  g.close();
  g.close();  // OK: GritFeeder::close() is idempotent
  j.close();  // BUG: double-close
}

// Always leaves the journal closed: close() on a cracked blade, seal() otherwise.
void polish_batch(PolishJournal& j, const std::vector<Blade>& blades) {
  for (const auto& b : blades) {
    if (b.cracked) {
      j.note("cracked: " + b.id);
      j.close();
      return;
    }
    j.note("polished: " + b.id);
  }
  j.seal();
}

void day_shift(PolishJournal& j, const std::vector<Blade>& blades) {
  polish_batch(j, blades);
  j.close();  // BUG: double-close
}

void night_shift(PolishJournal& j, GritFeeder& g, const std::vector<Blade>& blades) {
  g.meter(5);
  polish_batch(j, blades);
  if (j.is_open()) j.close();  // OK: guarded; polish_batch() already closed it
  g.close();
}

void bench_teardown(const char* dev) {
  GritFeeder g(dev);
  g.meter(1);
  g.close();  // OK: the destructor's second close() is a no-op
}
