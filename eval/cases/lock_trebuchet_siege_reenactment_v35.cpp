// Siege re-enactment: a loader thread reports every volley and hit of the trebuchet to
// the scoring tent (tally_) and the herald's announcements go to the crowd speakers
// (herald_). end() takes mu_, sets ended_ and closes both links. record_volley() and
// announce_locked() check ended_ and send while holding mu_, so they cannot overlap the
// close. record_hit() copies ended_ under the lock but sends after unlocking, and
// announce() reads ended_ without the lock at all; either send can land after end().
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class ScoreLink {
 public:
  explicit ScoreLink(std::string peer) : peer_(std::move(peer)) {}
  void send(const std::string& msg) {
    if (closed_) throw std::runtime_error("score link to " + peer_ + " closed");
    std::printf("%s <- %s\n", peer_.c_str(), msg.c_str());
  }
  void close() { closed_ = true; }

 private:
  std::string peer_;
  bool closed_ = false;
};

class Siege {
 public:
  Siege() : tally_("scoring-tent"), herald_("crowd-speakers") {}

  void record_volley(int stones) {
    std::lock_guard<std::mutex> lk(mu_);
    if (ended_) return;
    tally_.send("volley " + std::to_string(stones));  // OK: ended_ checked under mu_, which end() holds
  }

  void record_hit(int target) {
    bool ended;
    {
      std::lock_guard<std::mutex> lk(mu_);
      ended = ended_;
    }
    if (ended) return;
    tally_.send("hit " + std::to_string(target));  // BUG: use-after-close #hit
  }

  void announce_locked(const std::string& line) {
    std::unique_lock<std::mutex> lk(mu_);
    if (ended_) return;
    herald_.send(line);  // OK: still holding mu_
    lk.unlock();
  }

  void announce(const std::string& line) {
    if (ended_) return;
    herald_.send(line);  // BUG: use-after-close #cry
  }

  void end() {
    std::lock_guard<std::mutex> lk(mu_);
    ended_ = true;
    tally_.close();  // SAME: hit
    herald_.close();  // SAME: cry
  }

 private:
  std::mutex mu_;
  bool ended_ = false;
  ScoreLink tally_;
  ScoreLink herald_;
};

void siege_afternoon() {
  Siege siege;
  std::thread loader([&siege] {
    for (int shot = 1; shot <= 20; ++shot) {
      siege.record_volley(shot);
      siege.record_hit(shot % 3);
      siege.announce_locked("volley " + std::to_string(shot) + " away");
      siege.announce("the wall holds");
    }
  });
  siege.end();
  loader.join();
}
