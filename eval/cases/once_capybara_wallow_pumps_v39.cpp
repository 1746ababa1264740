// Capybara enclosure wallows: circulation pumps are commanded over a
// PumpLine, which throws on any command or a second close after it has been
// closed. Every close below runs exactly once: through std::call_once, on the
// last pass of a loop, followed by break, under a state machine that leaves
// the Running state, or once per distinct element of a vector. This is
// correct: no command or second close reaches a closed pump line.
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PumpLine {
 public:
  explicit PumpLine(std::string wallow) : wallow_(std::move(wallow)) {}
  void command(int rpm) {
    if (closed_) throw std::runtime_error("pump line " + wallow_ + " closed");
    rpm_ = rpm;
  }
  void close() {
    if (closed_) throw std::runtime_error("pump line " + wallow_ + " closed twice");
    closed_ = true;
  }

 private:
  std::string wallow_;
  bool closed_ = false;
  int rpm_ = 0;
};

class WallowController {
 public:
  explicit WallowController(const std::string& wallow) : line_(wallow) {}

  void shutdown() {
    std::call_once(closed_once_, [this] { line_.close(); });  // OK: call_once runs it a single time
  }
  void evening() {
    shutdown();
    shutdown();  // OK: call_once, the lambda does not run again
  }

 private:
  PumpLine line_;
  std::once_flag closed_once_;
};

void ramp_down(PumpLine& line, int steps) {
  for (int i = 0; i < steps; ++i) {
    line.command(1200 - i * 100);  // OK: the close runs after the final command
    if (i == steps - 1) line.close();  // OK: only on the last pass
  }
}

void drain_until_dry(PumpLine& line, const std::vector<int>& depth_cm) {
  for (int d : depth_cm) {
    if (d <= 2) {
      line.close();  // OK: followed by break
      break;
    }
    line.command(800);  // OK: the loop ends at the close
  }
}

enum class PumpState { Running, Closed };

void cycle_with_state(PumpLine& line, const std::vector<int>& readings) {
  PumpState st = PumpState::Running;
  for (int r : readings) {
    switch (st) {
      case PumpState::Running:
        line.command(r > 30 ? 1500 : 900);  // OK: only in Running
        if (r > 40) {
          line.close();  // OK: leaves Running right below
          st = PumpState::Closed;
        }
        break;
      case PumpState::Closed:
        break;
    }
  }
}

void close_every_wallow(std::vector<std::unique_ptr<PumpLine>>& lines) {
  for (auto& l : lines) {
    l->command(0);  // OK: each line is commanded before its own close
    l->close();  // OK: a different line on each pass
  }
  lines.clear();
}

void overnight(const std::vector<std::string>& wallows) {
  for (const auto& w : wallows) {
    PumpLine line(w);
    line.command(600);
    line.close();  // OK: a new PumpLine on each iteration
  }
}
