// Bonsai nursery watering controller. Each bench has a valve bus and a misting
// line; a watering round opens the valves per tree, records the round in the
// nursery journal and then closes the bench's bus. A bus refuses to be closed
// twice because closing it latches the valves shut and posts the bench's
// water total.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace bonsai {

struct WateringError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ValveBus {
public:
  explicit ValveBus(int bench) : bench_(bench) {}

  void open(int tree, int ml) {
    if (closed_)
      throw std::logic_error("valve bus closed on bench " + std::to_string(bench_));
    if (ml > 500)
      throw WateringError("dose too large for tree " + std::to_string(tree));
    totalMl_ += ml;
  }

  void close() {
    if (closed_)
      throw std::logic_error("valve bus already latched on bench " + std::to_string(bench_));
    closed_ = true;
    std::printf("bench %d latched, %d ml\n", bench_, totalMl_);
  }

private:
  int bench_;
  int totalMl_ = 0;
  bool closed_ = false;
};

class Journal {
public:
  void append(const std::string &line) {
    if (line.size() > 120)
      throw WateringError("journal line too long");
    lines_.push_back(line);
  }

private:
  std::vector<std::string> lines_;
};

struct Tree {
  int id = 0;
  int ml = 0;
  std::string species;
};

void waterBench(int bench, const std::vector<Tree> &trees) {
  ValveBus bus(bench);
  try {
    for (const Tree &t : trees)
      bus.open(t.id, t.ml);
    bus.close();
  } catch (const WateringError &e) {
    std::fprintf(stderr, "bench %d: %s\n", bench, e.what());
    bus.close(); // OK
  }
}

void waterAndRecord(int bench, const std::vector<Tree> &trees, Journal &journal) {
  ValveBus bus(bench);
  try {
    for (const Tree &t : trees)
      bus.open(t.id, t.ml);
    bus.close();
    std::string line = "bench " + std::to_string(bench) + " watered:";
    for (const Tree &t : trees)
      line += " " + t.species;
    journal.append(line);
  } catch (const WateringError &e) {
    std::fprintf(stderr, "bench %d: %s\n", bench, e.what());
    bus.close(); // BUG: double-close
  }
}

void mistBench(int bench, const std::vector<Tree> &trees, Journal &journal) {
  ValveBus mist(bench + 100);
  try {
    for (const Tree &t : trees)
      mist.open(t.id, t.ml / 10);
  } catch (const WateringError &) {
    mist.close();
    journal.append("mist aborted");
  }
  mist.open(0, 5); // BUG: use-after-close
  mist.close();
}

void mistBenchStrict(int bench, const std::vector<Tree> &trees, Journal &journal) {
  ValveBus mist(bench + 100);
  try {
    for (const Tree &t : trees)
      mist.open(t.id, t.ml / 10);
  } catch (const WateringError &) {
    mist.close();
    journal.append("mist aborted");
    throw;
  }
  mist.open(0, 5); // OK
  mist.close(); // OK
}

} // namespace bonsai
