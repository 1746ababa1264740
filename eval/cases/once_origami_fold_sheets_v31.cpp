// Origami studio: a folding robot takes one crease pattern per sheet over a
// link to its controller, and a plotter scores the same patterns on card
// through a descriptor. A batch closes the robot's link after its last
// sheet; the demo table's runner was written to close it after every sheet.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace origami {

struct Sheet {
  std::string pattern;
  int sizeMm;
};

class FoldLink {
public:
  explicit FoldLink(std::string robot) : robot_(std::move(robot)) {}
  void sendCrease(const std::string &pattern) {
    if (closed_)
      throw std::runtime_error("fold link to " + robot_ + " closed");
    queued_.push_back(pattern);
  }
  void close() {
    closed_ = true;
    queued_.clear();
  }

private:
  std::string robot_;
  std::vector<std::string> queued_;
  bool closed_ = false;
};

void runBatch(FoldLink &link, const std::vector<Sheet> &sheets) {
  const std::size_t n = sheets.size();
  for (std::size_t i = 0; i < n; ++i) {
    link.sendCrease(sheets[i].pattern); // OK: the close below runs only in the last iteration
    if (i == n - 1)
      link.close();
  }
}

void runDemoTable(FoldLink &link, const std::vector<Sheet> &sheets) {
  for (const Sheet &s : sheets) {
    link.sendCrease(s.pattern); // BUG: use-after-close
    link.close();
  }
}

void scoreCards(int plotter, const std::vector<Sheet> &sheets) {
  const std::size_t n = sheets.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string &p = sheets[i].pattern;
    ::write(plotter, p.data(), p.size()); // OK
    if (i + 1 == n)
      ::close(plotter);
  }
  if (n == 0)
    ::close(plotter); // OK: the loop closed it only when there were sheets
}

void scoreUntilBlank(int plotter, const std::vector<Sheet> &sheets) {
  for (const Sheet &s : sheets) {
    if (s.pattern.empty()) {
      ::close(plotter);
      break;
    }
    ::write(plotter, s.pattern.data(), s.pattern.size()); // OK: the close is followed by break
  }
}

} // namespace origami
