// Eisteddfod choir competition: the adjudicators' marks go out to the results screen
// over a ScoreWire, which refuses to send after close() and throws when closed twice.
// publish_rounds() closes the wire in the last iteration only, crown_winner() closes
// and breaks out of the loop, and disqualify() uses a first-time flag. The per-choir
// loop in per_choir_results() closes the wire in every iteration, so the second choir
// is sent on a closed wire and the wire is closed again.
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ScoreWire {
 public:
  explicit ScoreWire(std::string screen) : screen_(std::move(screen)) {}
  // Returns false (and sends nothing) when the wire is closed.
  bool send(const std::string& line) {
    if (closed_) {
      std::fprintf(stderr, "score wire to %s closed\n", screen_.c_str());
      return false;
    }
    std::printf("%s: %s\n", screen_.c_str(), line.c_str());
    return true;
  }
  void close() {
    if (closed_) throw std::logic_error("score wire to " + screen_ + " closed twice");
    closed_ = true;
  }

 private:
  std::string screen_;
  bool closed_ = false;
};

struct Choir {
  std::string name;
  int marks;
  bool late;
};

void publish_rounds(ScoreWire& wire, const std::vector<Choir>& choirs) {
  for (std::size_t i = 0; i < choirs.size(); ++i) {
    wire.send(choirs[i].name + " " + std::to_string(choirs[i].marks));  // OK: the close comes after the last send
    if (i == choirs.size() - 1) wire.close();  // OK: only in the last iteration
  }
}

void crown_winner(ScoreWire& wire, const std::vector<Choir>& choirs) {
  for (const Choir& c : choirs) {
    if (c.marks >= 95) {
      wire.send("winner: " + c.name);
      wire.close();  // OK: the loop ends right after
      break;
    }
    wire.send(c.name + " placed");  // OK: not reached after the close
  }
}

void disqualify(ScoreWire& wire, const std::vector<Choir>& choirs) {
  bool wire_closed = false;
  for (const Choir& c : choirs) {
    if (wire_closed) continue;
    if (c.late) {
      wire.send(c.name + " disqualified, closing results");  // OK: guarded by the flag
      wire.close();  // OK: the flag makes this run at most once
      wire_closed = true;
    }
  }
}

void per_choir_results(ScoreWire& wire, const std::vector<Choir>& choirs) {
  for (const Choir& c : choirs) {
    wire.send(c.name + " " + std::to_string(c.marks));  // BUG: use-after-close
    wire.close();  // BUG: double-close
  }
}
