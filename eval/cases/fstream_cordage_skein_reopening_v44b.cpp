// Skein register of a ropewalk. Every finished cordage lay is appended as a CSV
// row to the register of the current walk (one std::ofstream member). Starting
// a new walk closes the register and reopens the stream on the next walk's
// file with open(); when no lay is pending the reopen is deferred to the first
// lay, and appendLay() reopens through its is_open() check.
// Bug: endWalk() writes the opening comment of the next walk right after
// rollWalk(), which leaves the stream closed when nothing is pending.
#include <fstream>
#include <string>
#include <vector>

namespace ropewalk {

struct Lay {
  int strands;
  double twistPerMetre;
  double lengthMetres;
};

class SkeinRegister {
public:
  explicit SkeinRegister(std::string dir) : dir_(std::move(dir)) {}

  void appendLay(const Lay &lay) {
    if (!out_.is_open())
      out_.open(pathFor(walk_), std::ios::app);
    if (!out_.is_open()) {
      pending_.push_back(lay);
      return;
    }
    writeRow(lay); // OK: reopened above when rollWalk() left the register closed
    total_ += lay.lengthMetres;
  }

  // Moves the register to the next walk's file.
  void rollWalk(int walk) {
    out_.close();
    walk_ = walk;
    if (pending_.empty())
      return;
    out_.open(pathFor(walk_), std::ios::app);
    if (!out_.is_open())
      return;
    for (const Lay &lay : pending_)
      writeRow(lay);
    pending_.clear();
  }

  void endWalk(int nextWalk, const std::string &foreman) {
    if (out_.is_open())
      out_ << "# walk total " << total_ << " m\n";
    total_ = 0;
    rollWalk(nextWalk);
    out_ << "# walk " << nextWalk << " opened by " << foreman << '\n'; // BUG: use-after-close
  }

  // A splice in the middle of a walk starts a fresh file for the same walk.
  void restartAfterSplice(int spliceNo) {
    out_.close();
    out_.open(pathFor(walk_) + ".splice" + std::to_string(spliceNo),
              std::ios::out | std::ios::trunc);
    if (!out_.is_open())
      return;
    out_ << "strands,twist_per_m,length_m\n"; // OK: reopened on the splice file
  }

  void note(const std::string &text) {
    if (out_.is_open())
      out_ << "# " << text << '\n'; // OK: is_open() guard
  }

  bool flushToDisk() {
    if (!out_.is_open())
      return pending_.empty();
    out_.flush();
    return static_cast<bool>(out_);
  }

private:
  std::string pathFor(int walk) const {
    return dir_ + "/walk-" + std::to_string(walk) + ".csv";
  }
  void writeRow(const Lay &lay) {
    out_ << lay.strands << ',' << lay.twistPerMetre << ',' << lay.lengthMetres
         << '\n';
  }

  std::string dir_;
  std::ofstream out_;
  std::vector<Lay> pending_;
  double total_ = 0;
  int walk_ = 0;
};

void layWalk(SkeinRegister &reg, const std::vector<Lay> &lays, int nextWalk) {
  for (const Lay &lay : lays)
    reg.appendLay(lay);
  reg.note("walk complete");
  reg.endWalk(nextWalk, "day shift");
}

} // namespace ropewalk
