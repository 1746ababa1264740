// Zoo keepers' app backend: exports tomorrow's feeding rounds (enclosure,
// species, diet items, keeper) to the printable rota and to the commissary's
// order file. Correct: the commissary stream is released from its owning
// pointer before it is closed by hand, the keeper-card guard is dismissed
// before the explicit close, the rota session declares its file before the
// writer so the file outlives the writer that finishes it in its destructor,
// and reset() on the index pointer is followed only by writes to the new stream.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct FclosePolicy {
  void operator()(FILE *f) const { std::fclose(f); }
};
using UniqueFile = std::unique_ptr<FILE, FclosePolicy>;

class Cleanup {
public:
  explicit Cleanup(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~Cleanup() {
    if (fn_)
      fn_();
  }
  void dismiss() { fn_ = nullptr; }
  Cleanup(const Cleanup &) = delete;
  Cleanup &operator=(const Cleanup &) = delete;

private:
  std::function<void()> fn_;
};

struct FeedingRound {
  std::string time;
  std::string enclosure;
  std::string species;
  std::string diet;
  std::string keeper;
  double dietKg = 0.0;
};

class RotaWriter {
public:
  explicit RotaWriter(FILE *fp) : fp_(fp) {}
  ~RotaWriter() {
    std::fprintf(fp_, "-- %d rounds --\n", rows_); // OK
    std::fflush(fp_);
  }
  void row(const FeedingRound &r) {
    std::fprintf(fp_, "%s  %-12s %-16s %s (%s)\n", r.time.c_str(),
                 r.enclosure.c_str(), r.species.c_str(), r.diet.c_str(),
                 r.keeper.c_str());
    ++rows_;
  }

private:
  FILE *fp_;
  int rows_ = 0;
};

class RotaSession {
public:
  explicit RotaSession(UniqueFile file) : file_(std::move(file)), writer_(file_.get()) {}
  void add(const FeedingRound &r) { writer_.row(r); }

private:
  UniqueFile file_;
  RotaWriter writer_;
};

bool exportRota(const std::string &path, const std::vector<FeedingRound> &rounds) {
  UniqueFile f(std::fopen(path.c_str(), "w"));
  if (!f)
    return false;
  RotaSession session(std::move(f));
  for (const FeedingRound &r : rounds)
    session.add(r);
  return true;
}

bool writeCommissaryOrder(const std::string &path,
                          const std::vector<FeedingRound> &rounds) {
  std::map<std::string, double> kgByDiet;
  for (const FeedingRound &r : rounds)
    kgByDiet[r.diet] += r.dietKg;

  UniqueFile order(std::fopen(path.c_str(), "w"));
  if (!order)
    return false;
  for (const auto &entry : kgByDiet)
    if (std::fprintf(order.get(), "%s;%.2f\n", entry.first.c_str(), entry.second) < 0)
      return false;
  FILE *raw = order.release();
  return std::fclose(raw) == 0; // OK
}

bool writeKeeperCard(const std::string &path, const std::string &keeper,
                     const std::vector<FeedingRound> &rounds) {
  FILE *card = std::fopen(path.c_str(), "w");
  if (!card)
    return false;
  Cleanup closeCard([card] { std::fclose(card); });
  std::fprintf(card, "Keeper: %s\n", keeper.c_str());
  for (const FeedingRound &r : rounds)
    if (r.keeper == keeper)
      std::fprintf(card, "%s %s\n", r.time.c_str(), r.enclosure.c_str());
  if (std::ferror(card))
    return false;
  closeCard.dismiss();
  return std::fclose(card) == 0; // OK
}

int writeAllKeeperCards(const std::string &dir,
                        const std::vector<FeedingRound> &rounds) {
  std::map<std::string, int> counts;
  for (const FeedingRound &r : rounds)
    ++counts[r.keeper];
  UniqueFile index(std::fopen((dir + "/index.txt").c_str(), "w"));
  if (!index)
    return -1;
  int failed = 0;
  for (const auto &k : counts) {
    std::fprintf(index.get(), "%s %d\n", k.first.c_str(), k.second);
    if (!writeKeeperCard(dir + "/" + k.first + ".txt", k.first, rounds))
      ++failed;
  }
  index.reset(std::fopen((dir + "/index.done").c_str(), "w"));
  if (!index)
    return failed;
  std::fprintf(index.get(), "%d failed\n", failed); // OK
  return failed;
}
