// Pattern writer of a tapestry loom: each panel of a tapestry is written to
// its own pick file (one line of colour picks per row), which the loom's
// controller reads. Drafts are read back from a list of files with one
// reused ifstream. Two mistakes: when a warp thread breaks, weave() ends the
// panel but keeps weaving the remaining rows into it, and the destructor
// tests the stream with operator bool, which stays true after a successful
// close(), so it writes its trailer into a closed file.
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

class PatternWriter {
public:
  explicit PatternWriter(std::string base) : base_(std::move(base)) {}
  ~PatternWriter();
  void begin_panel(int panel);
  void row(const std::string &picks);
  void end_panel();
  bool panel_open() const { return out_.is_open(); }

private:
  std::string base_;
  std::ofstream out_;
  int rows_ = 0;
};

PatternWriter::~PatternWriter() {
  if (out_)
    out_ << "# loom stopped after " << rows_ << " rows\n"; // BUG: use-after-close
}

void PatternWriter::begin_panel(int panel) {
  if (out_.is_open())
    out_.close();
  out_.open(base_ + "-panel" + std::to_string(panel) + ".picks", std::ios::trunc);
  if (!out_.is_open())
    throw std::runtime_error("cannot create pick file for panel " + std::to_string(panel));
  out_ << "PANEL " << panel << '\n'; // OK: reopened for the new panel
  rows_ = 0;
}

void PatternWriter::row(const std::string &picks) {
  if (!out_.is_open())
    throw std::runtime_error("pick file closed");
  out_ << picks << '\n'; // OK: is_open() tested above
  ++rows_;
}

void PatternWriter::end_panel() {
  if (!out_.is_open())
    return;
  out_ << "END " << rows_ << '\n'; // OK: guarded
  out_.close();
}

struct Warp {
  std::vector<bool> broken_at;
  bool broken(size_t r) const { return r < broken_at.size() && broken_at[r]; }
};

void weave(const std::string &base, const std::vector<std::string> &rows, const Warp &warp) {
  PatternWriter w(base);
  w.begin_panel(1);
  for (size_t r = 0; r < rows.size(); ++r) {
    if (warp.broken(r))
      w.end_panel();
    w.row(rows[r]); // BUG: use-after-close
  }
  w.end_panel();
}

void weave_panels(const std::string &base, const std::vector<std::vector<std::string>> &panels) {
  PatternWriter w(base);
  int n = 0;
  for (const auto &panel : panels) {
    w.begin_panel(++n);
    for (const auto &r : panel)
      w.row(r); // OK: begin_panel() opened a fresh file for this panel
    w.end_panel();
  }
  if (w.panel_open())
    w.row("----"); // OK: guarded by panel_open()
}

std::vector<std::string> read_drafts(const std::vector<std::string> &paths) {
  std::vector<std::string> picks;
  std::ifstream draft;
  for (const auto &p : paths) {
    draft.open(p);
    if (!draft.is_open()) {
      draft.clear();
      continue;
    }
    std::string line;
    while (std::getline(draft, line)) // OK: opened at the top of this iteration
      picks.push_back(line);
    draft.close();
    draft.clear();
  }
  return picks;
}
