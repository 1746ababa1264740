// Film lab night report. One report file is shared by the dailies report
// and the answer-print index through std::shared_ptr<FILE> with an fclose
// deleter, so the file closes when the last owner lets go; the end-of-reel
// hook is a std::function whose lambda holds its own copy. The printer-lights
// tally keeps a plain FILE* to the same report for its closing totals.
// Reels on nitrate base are only listed, never printed.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

using SharedFile = std::shared_ptr<FILE>;

static SharedFile openShared(const char *path) {
  FILE *f = std::fopen(path, "a");
  if (!f)
    throw std::runtime_error(std::string("cannot open ") + path);
  return SharedFile(f, [](FILE *p) { std::fclose(p); });
}

class DailiesReport {
public:
  explicit DailiesReport(SharedFile out) : out_(std::move(out)) {}
  void roll(const std::string &reel, int takes, bool nitrate) {
    if (!out_)
      return;
    std::fprintf(out_.get(), "dailies %s: %d circled takes%s\n", reel.c_str(), takes,
                 nitrate ? " (nitrate, listed only)" : "");
  }
  void done() { out_.reset(); }

private:
  SharedFile out_;
};

class AnswerPrintIndex {
public:
  explicit AnswerPrintIndex(SharedFile out) : out_(std::move(out)) {}
  void entry(const std::string &reel, int r, int g, int b) {
    std::fprintf(out_.get(), "answer print %s lights %d-%d-%d\n", reel.c_str(), r, g, b);
  }

private:
  SharedFile out_;
};

class LightsTally {
public:
  void attach(FILE *out) { out_ = out; }
  void add(int r, int g, int b) {
    sum_ += r + g + b;
    ++n_;
  }
  void writeTotals() const {
    std::fprintf(out_, "printer lights: %d reels, mean %.1f\n", n_, n_ ? sum_ / (3.0 * n_) : 0.0); // SAME: rawtally
  }

private:
  FILE *out_ = nullptr;
  int sum_ = 0;
  int n_ = 0;
};

void nightRun() {
  LightsTally tally;
  std::function<void(const std::string &)> onReelDone;
  {
    SharedFile report = openShared("lab-night-report.txt");
    DailiesReport dailies(report);
    AnswerPrintIndex index(report);
    tally.attach(report.get());
    onReelDone = [report](const std::string &reel) {
      std::fprintf(report.get(), "reel %s back to vault\n", reel.c_str()); // OK: the lambda owns a copy
    };

    dailies.roll("A047", 6, false);
    dailies.roll("N012", 2, true);
    dailies.done();
    dailies.roll("A048", 3, false); // OK: roll() returns once done()
    index.entry("A047", 25, 27, 24); // OK: the index still owns the file
    tally.add(25, 27, 24);
  }
  onReelDone("A047");
  onReelDone = nullptr;
  tally.writeTotals(); // BUG: use-after-close #rawtally
}

int main() {
  try {
    nightRun();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
