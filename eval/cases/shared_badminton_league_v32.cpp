// Club badminton league night: every court shares the league's result feed
// (a shared_ptr copy kept as a member) and posts the score when its match
// ends; the club's announcer is a std::function that captured its own copy
// of the feed. The feed is the club's own class: post() throws once close()
// has run. At the end of the night the organiser closes the feed and starts
// a fresh one for the next round; the copies held by the courts and the
// announcer still point at the closed feed.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ResultFeed {
public:
  void post(const std::string &line) {
    if (closed_)
      throw std::runtime_error("result feed closed");
    lines_.push_back(line);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::vector<std::string> lines_;
  bool closed_ = false;
};

class Court {
public:
  Court(int number, std::shared_ptr<ResultFeed> feed) : number_(number), feed_(std::move(feed)) {}

  void finish(const std::string &score) {
    feed_->post("court " + std::to_string(number_) + ": " + score); // SAME: late-match
  }
  void finishQuietly(const std::string &score) {
    if (feed_->closed())
      return;
    feed_->post("court " + std::to_string(number_) + ": " + score); // OK: checked on the shared feed
  }

private:
  int number_;
  std::shared_ptr<ResultFeed> feed_;
};

struct LeagueNight {
  std::shared_ptr<ResultFeed> feed = std::make_shared<ResultFeed>();
  std::vector<Court> courts;
  std::function<void(const std::string &)> announce;

  LeagueNight() {
    for (int n = 1; n <= 4; ++n)
      courts.emplace_back(n, feed);
    announce = [copy = feed](const std::string &msg) {
      copy->post("announcement: " + msg); // SAME: announcer
    };
  }
};

void runEvening(LeagueNight &night) {
  night.courts[0].finish("21-15 21-18");
  night.announce("court 2 is free"); // OK: nothing is closed yet
  night.courts[1].finish("19-21 21-17 21-12");

  night.feed->close();
  night.feed = std::make_shared<ResultFeed>();
  night.feed->post("round two opens"); // OK: a fresh feed replaced the closed one

  night.courts[3].finishQuietly("21-9 21-11"); // OK: returns early on the closed feed
  night.courts[2].finish("21-19 22-20"); // BUG: use-after-close #late-match
  night.announce("thanks for playing"); // BUG: use-after-close #announcer
}
