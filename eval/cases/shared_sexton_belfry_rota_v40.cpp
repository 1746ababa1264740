// Parish bell-ringing rota: peal notices go out through one PealFeed (a notice file the porch
// display tails). The sexton owns the feed and retires it at the end of the day; the belfry keeps
// its own shared_ptr to post each toll, the verger only a weak_ptr, and the rota timer stores
// callbacks that captured the feed. Handing the sexton a fresh feed replaces only the sexton's
// pointer: every other holder still points at the retired one until it is rebound.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PealFeed {
 public:
  explicit PealFeed(const std::string& path) : out_(std::fopen(path.c_str(), "a")) {
    if (!out_) throw std::runtime_error("peal feed: cannot open " + path);
  }
  ~PealFeed() {
    if (out_) std::fclose(out_);
  }
  PealFeed(const PealFeed&) = delete;
  PealFeed& operator=(const PealFeed&) = delete;

  void post(const std::string& line) {
    if (!out_) throw std::runtime_error("peal feed closed");
    std::fprintf(out_, "%s\n", line.c_str());
    std::fflush(out_);
  }
  void close() {
    if (!out_) throw std::runtime_error("peal feed already closed");
    std::fclose(out_);
    out_ = nullptr;
  }
  bool closed() const { return out_ == nullptr; }

 private:
  std::FILE* out_;
};

class Sexton {
 public:
  explicit Sexton(std::shared_ptr<PealFeed> feed) : feed_(std::move(feed)) {}
  std::shared_ptr<PealFeed> feed() const { return feed_; }
  void retire() { feed_->close(); }
  void hand_over(std::shared_ptr<PealFeed> fresh) { feed_ = std::move(fresh); }
  void notice(const std::string& text) { feed_->post("sexton: " + text); }

 private:
  std::shared_ptr<PealFeed> feed_;
};

class Belfry {
 public:
  explicit Belfry(std::shared_ptr<PealFeed> feed) : feed_(std::move(feed)) {}
  void rebind(std::shared_ptr<PealFeed> feed) { feed_ = std::move(feed); }
  void toll(int strokes) { feed_->post("toll x" + std::to_string(strokes)); }  // SAME: toll

 private:
  std::shared_ptr<PealFeed> feed_;
};

class Verger {
 public:
  explicit Verger(const std::shared_ptr<PealFeed>& feed) : feed_(feed) {}
  bool announce(const std::string& text) {
    auto f = feed_.lock();
    if (!f || f->closed()) return false;
    f->post("verger: " + text);  // OK: locked and checked
    return true;
  }

 private:
  std::weak_ptr<PealFeed> feed_;
};

class RotaTimer {
 public:
  int every_quarter(std::function<void()> fn) {
    jobs_.emplace_back(next_id_, std::move(fn));
    return next_id_++;
  }
  void cancel(int id) {
    for (auto& job : jobs_)
      if (job.first == id) job.second = nullptr;
  }
  void tick() {
    for (auto& job : jobs_)
      if (job.second) job.second();
  }

 private:
  std::vector<std::pair<int, std::function<void()>>> jobs_;
  int next_id_ = 1;
};

void sunday_service(const std::string& path) {
  auto feed = std::make_shared<PealFeed>(path);
  Sexton sexton(feed);
  Belfry belfry(feed);
  Verger verger(feed);
  belfry.toll(6);  // OK: before the sexton retires
  sexton.retire();
  verger.announce("service ended");  // OK: the verger checks closed()
  belfry.toll(3);  // BUG: use-after-close #toll
}

void change_of_sexton(const std::string& old_path, const std::string& new_path) {
  Sexton sexton(std::make_shared<PealFeed>(old_path));
  Belfry belfry(sexton.feed());
  auto board = sexton.feed();
  sexton.retire();
  sexton.hand_over(std::make_shared<PealFeed>(new_path));  // OK: replaces the pointer, no use
  sexton.notice("new rota");  // OK: the sexton holds the fresh feed
  belfry.rebind(sexton.feed());  // OK: rebinding does not touch the retired feed
  belfry.toll(8);  // OK: rebound to the fresh feed
  board->post("rota for Easter");  // BUG: use-after-close
}

void quarter_peals_cancelled(const std::string& path) {
  RotaTimer timer;
  auto feed = std::make_shared<PealFeed>(path);
  Sexton sexton(feed);
  int id = timer.every_quarter([feed] { feed->post("quarter"); });
  timer.tick();
  timer.cancel(id);
  sexton.retire();
  timer.tick();  // OK: the quarter callback was cancelled before the retire
}

void quarter_peals_forgotten(const std::string& path) {
  RotaTimer timer;
  auto feed = std::make_shared<PealFeed>(path);
  Sexton sexton(feed);
  timer.every_quarter([feed] { feed->post("quarter"); });  // SAME: quarter
  timer.tick();
  sexton.retire();
  timer.tick();  // BUG: use-after-close #quarter
}
