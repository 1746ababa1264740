// Checkpointing for a fluid-dynamics simulation: each checkpoint is written
// with one std::ofstream that is closed and reopened per file, and read back
// with one std::ifstream reused across files. A checkpoint file is
// "step time cells" followed by a line with the checksum. Reading or writing
// a closed fstream fails silently (failbit), so the data is lost or missing.
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

struct SimState {
  long step = 0;
  double time = 0.0;
  long cells = 0;
};

static std::string checksumOf(const SimState &s) {
  return std::to_string((s.step * 31 + s.cells) % 65521);
}

static void appendChecksum(std::ofstream &out, const SimState &s) {
  out << checksumOf(s) << "\n"; // SAME: sum
}

class Checkpointer {
public:
  explicit Checkpointer(std::string dir) : dir_(std::move(dir)) {}
  bool save(const SimState &s);
  bool saveQuick(const SimState &s);
  bool load(const std::string &path, SimState &s);
  std::vector<SimState> loadAll(const std::vector<std::string> &paths);

private:
  std::string pathFor(long step) const {
    return dir_ + "/ckpt-" + std::to_string(step) + ".dat";
  }
  std::string dir_;
  std::ofstream out_;
  std::ifstream in_;
};

bool Checkpointer::save(const SimState &s) {
  if (out_.is_open())
    out_.close();
  out_.clear();
  out_.open(pathFor(s.step), std::ios::trunc);
  if (!out_)
    return false;
  out_ << s.step << ' ' << s.time << ' ' << s.cells << "\n"; // OK: reopened for this step
  appendChecksum(out_, s); // OK: still open
  out_.close();
  return !out_.fail();
}

// The quick path used between full checkpoints: closes early so the file is
// visible to the watcher, then appends the checksum.
bool Checkpointer::saveQuick(const SimState &s) {
  out_.clear();
  out_.open(pathFor(s.step), std::ios::trunc);
  if (!out_)
    return false;
  out_ << s.step << ' ' << s.time << ' ' << s.cells << "\n";
  out_.close();
  appendChecksum(out_, s); // BUG: use-after-close #sum
  return true;
}

bool Checkpointer::load(const std::string &path, SimState &s) {
  in_.clear();
  in_.open(path);
  if (!in_)
    return false;
  in_ >> s.step >> s.time >> s.cells; // OK: opened for this file
  in_.close();
  std::string sum;
  in_ >> sum; // BUG: use-after-close
  return sum == checksumOf(s);
}

std::vector<SimState> Checkpointer::loadAll(const std::vector<std::string> &paths) {
  std::vector<SimState> states;
  for (const std::string &p : paths) {
    in_.clear();
    in_.open(p);
    if (!in_.is_open())
      continue;
    SimState s;
    std::string sum;
    in_ >> s.step >> s.time >> s.cells >> sum; // OK: reopened on each iteration
    in_.close();
    if (sum == checksumOf(s))
      states.push_back(s);
  }
  return states;
}

int main() {
  Checkpointer ck("/scratch/run42");
  SimState s{1000, 0.5, 262144};
  ck.save(s);
  s.step = 1100;
  ck.saveQuick(s);
  SimState restored;
  if (!ck.load("/scratch/run42/ckpt-1000.dat", restored))
    std::cerr << "checkpoint 1000 failed verification\n";
  auto all = ck.loadAll({"/scratch/run42/ckpt-1000.dat", "/scratch/run42/ckpt-1100.dat"});
  std::cout << all.size() << " verified checkpoints\n";
  return 0;
}
