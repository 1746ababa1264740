// Sheepdog trial: the judges' box, the commentary box and the replay screen
// share one score feed per class through shared_ptr / weak_ptr. When a class
// ends the judges close the feed and start a fresh one for the next class,
// but only their own pointer moves to the new feed: the commentary box, the
// replay screen and the local `feed` still hold the closed one. remark() and
// show() post without checking, so both calls after the class ends post to a
// closed feed, and so does the organiser's final post through `feed`.
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ScoreFeed {
 public:
  explicit ScoreFeed(std::string course) : course_(std::move(course)) {}

  void post(const std::string& line) {
    if (!open_) throw std::runtime_error("score feed closed: " + course_);
    lines_.push_back(line);
  }

  void close() {
    if (!open_) throw std::runtime_error("score feed closed twice: " + course_);
    open_ = false;
  }

  bool is_open() const { return open_; }

 private:
  std::string course_;
  std::vector<std::string> lines_;
  bool open_ = true;
};

class JudgeBox {
 public:
  explicit JudgeBox(std::shared_ptr<ScoreFeed> feed) : feed_(std::move(feed)) {}

  void score_run(const std::string& handler, int points) {
    feed_->post(handler + ": " + std::to_string(points));  // OK: only called on a live feed below
  }
  void end_class() { feed_->close(); }
  void next_class(const std::string& course) { feed_ = std::make_shared<ScoreFeed>(course); }

 private:
  std::shared_ptr<ScoreFeed> feed_;
};

class CommentaryBox {
 public:
  explicit CommentaryBox(std::shared_ptr<ScoreFeed> feed) : feed_(std::move(feed)) {}

  void remark(const std::string& text) {
    feed_->post("[comm] " + text);  // SAME: remark
  }

  void remark_if_live(const std::string& text) {
    if (!feed_->is_open()) return;
    feed_->post("[comm] " + text);  // OK: guarded by is_open()
  }

 private:
  std::shared_ptr<ScoreFeed> feed_;
};

class ReplayScreen {
 public:
  explicit ReplayScreen(const std::shared_ptr<ScoreFeed>& feed) : feed_(feed) {}

  // lock() only says the feed object still exists, not that it is open.
  void show(const std::string& clip) {
    if (auto f = feed_.lock()) f->post("[replay] " + clip);  // SAME: replay
  }

  void show_live(const std::string& clip) {
    auto f = feed_.lock();
    if (!f || !f->is_open()) return;
    f->post("[replay] " + clip);  // OK: checked both expiry and is_open()
  }

 private:
  std::weak_ptr<ScoreFeed> feed_;
};

void run_trial_day() {
  auto feed = std::make_shared<ScoreFeed>("outrun-lift-fetch");
  JudgeBox judges(feed);
  CommentaryBox commentary(feed);
  ReplayScreen screen(feed);

  judges.score_run("Morag & Fly", 92);
  commentary.remark("a tidy outrun from Fly");  // OK: the feed is still open
  screen.show("the lift, slowed down");  // OK: the feed is still open
  judges.end_class();  // closes the feed every owner shares

  judges.next_class("double-lift");  // only the judges move to the new feed
  judges.score_run("Ewan & Cap", 88);  // OK: posts to the fresh feed
  commentary.remark_if_live("Cap sheds in the ring");  // OK: skipped, feed closed
  screen.show_live("the shed");  // OK: skipped, feed closed
  commentary.remark("what a drive from Cap");  // BUG: use-after-close #remark
  screen.show("the pen gate swings shut");  // BUG: use-after-close #replay
  feed->post("results to follow at the tent");  // BUG: use-after-close
}
