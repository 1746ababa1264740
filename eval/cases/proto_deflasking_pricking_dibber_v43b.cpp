// Deflasking station of an orchid propagation lab. Seedlings washed out of a
// culture flask are fed one by one to the pricking-out dibber, which plants
// them into a community pot and logs each position. The feed can be paused
// (operator refilling the pot) and resumed; a contaminated flask closes the
// feed. close() is idempotent; push() and resume() on a closed feed throw.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace deflasking {

struct Seedling {
  std::string flask_id;
  double leaf_span_mm = 0.0;
};

struct Flask {
  std::string id;
  bool contaminated = false;
  std::vector<Seedling> seedlings;
};

class PrickingFeed {
public:
  explicit PrickingFeed(const std::string &log_path)
      : log_(std::fopen(log_path.c_str(), "a")) {
    if (!log_)
      throw std::runtime_error("cannot open dibber log " + log_path);
  }
  ~PrickingFeed() { close(); }
  PrickingFeed(const PrickingFeed &) = delete;
  PrickingFeed &operator=(const PrickingFeed &) = delete;

  void push(const Seedling &s) {
    if (!log_)
      throw std::logic_error("pricking feed closed, cannot plant " + s.flask_id);
    if (paused_)
      throw std::logic_error("pricking feed paused");
    std::fprintf(log_, "%s pos=%d span=%.1f\n", s.flask_id.c_str(), next_pos_++, s.leaf_span_mm);
  }
  void pause() {
    if (!log_)
      throw std::logic_error("pricking feed closed, cannot pause");
    paused_ = true;
  }
  void resume() {
    if (!log_)
      throw std::logic_error("pricking feed closed, cannot resume");
    paused_ = false;
  }
  void close() {
    if (!log_)
      return;
    std::fclose(log_);
    log_ = nullptr;
  }
  bool closed() const { return log_ == nullptr; }
  bool paused() const { return paused_; }

private:
  FILE *log_;
  bool paused_ = false;
  int next_pos_ = 1;
};

// Plants the flask's seedlings; a contaminated flask shuts the feed down.
static bool deflask(PrickingFeed &feed, const Flask &f) {
  if (f.contaminated) {
    feed.close();
    return false;
  }
  for (const Seedling &s : f.seedlings)
    feed.push(s);
  return true;
}

static void plant_stragglers(PrickingFeed &feed, const std::vector<Seedling> &late) {
  for (const Seedling &s : late)
    feed.push(s); // SAME: tail
}

int work_rack(PrickingFeed &feed, const std::vector<Flask> &rack) {
  int planted = 0;
  for (const Flask &f : rack) {
    if (!deflask(feed, f))
      break;
    ++planted;
  }
  feed.close(); // OK: close() returns early on an already closed feed
  return planted;
}

// Operator refills the community pot; the flask waiting on the bench is
// checked for contamination meanwhile.
void refill_pot(PrickingFeed &feed, const Flask &checked_flask) {
  feed.pause();
  if (checked_flask.contaminated)
    feed.close();
  feed.resume(); // BUG: use-after-close
}

void refill_pot_checked(PrickingFeed &feed, const Flask &checked_flask) {
  feed.pause();
  if (checked_flask.contaminated)
    feed.close();
  if (!feed.closed())
    feed.resume(); // OK: guarded by closed()
}

// Seedlings that fell back into the wash tray are planted after their flask.
void finish_flask_then_stragglers(PrickingFeed &feed, const Flask &f,
                                  const std::vector<Seedling> &late) {
  deflask(feed, f);
  plant_stragglers(feed, late); // BUG: use-after-close #tail
}

void finish_flask_checked(PrickingFeed &feed, const Flask &f,
                          const std::vector<Seedling> &late) {
  if (deflask(feed, f))
    plant_stragglers(feed, late); // OK: deflask() closes only when it returns false
}

} // namespace deflasking
