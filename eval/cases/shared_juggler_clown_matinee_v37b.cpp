// Juggling and clown matinee: a PropFeed sends lighting cues for the juggling
// clubs. The stage manager owns it, the Spotlight keeps a shared_ptr copy and
// the CueBoard keeps callbacks that captured it. At intermission the stage
// manager closes the feed, but the club callback (holding a strong copy) is
// still subscribed and fires on the next beat, and the spotlight still follows
// the performer through its copy. The ring callback holds a weak_ptr and
// checks closed(); after retarget() the spotlight uses a fresh feed.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class PropFeed {
public:
    void cue(const std::string& what) {
        if (closed_) throw std::runtime_error("prop feed closed");
        sent_.push_back(what);
    }
    void close() { closed_ = true; }
    bool closed() const { return closed_; }

private:
    std::vector<std::string> sent_;
    bool closed_ = false;
};

class CueBoard {
public:
    void subscribe(std::function<void(int)> fn) { on_beat_.push_back(std::move(fn)); }
    void beat(int n) {
        for (auto& fn : on_beat_) fn(n);
    }
    void clear() { on_beat_.clear(); }

private:
    std::vector<std::function<void(int)>> on_beat_;
};

class Spotlight {
public:
    explicit Spotlight(std::shared_ptr<PropFeed> feed) : feed_(std::move(feed)) {}
    void follow(const std::string& performer) {
        feed_->cue("spot:" + performer); // SAME: spot
    }
    void retarget(std::shared_ptr<PropFeed> feed) { feed_ = std::move(feed); }

private:
    std::shared_ptr<PropFeed> feed_;
};

void matinee() {
    CueBoard board;
    auto feed = std::make_shared<PropFeed>();
    board.subscribe([weak = std::weak_ptr<PropFeed>(feed)](int n) {
        auto f = weak.lock();
        if (!f || f->closed()) return;
        f->cue("ring " + std::to_string(n)); // OK: checked closed() on the locked pointer
    });
    board.subscribe([feed](int n) {
        feed->cue("clubs x" + std::to_string(n)); // SAME: clubs
    });
    board.beat(1);

    // Intermission: the stage manager closes its feed.
    feed->close();
    board.beat(2); // BUG: use-after-close #clubs
}

void spotlight_encore(const std::shared_ptr<PropFeed>& feed) {
    Spotlight spot(feed);
    spot.follow("Pippo");
    feed->close();
    spot.follow("Pippo"); // BUG: use-after-close #spot
}

void spotlight_second_act(const std::shared_ptr<PropFeed>& first_act) {
    Spotlight spot(first_act);
    spot.follow("Pippo");
    first_act->close();
    spot.retarget(std::make_shared<PropFeed>());
    spot.follow("Beppo"); // OK: fresh feed after retarget()
}

void matinee_orderly() {
    CueBoard board;
    auto feed = std::make_shared<PropFeed>();
    std::shared_ptr<PropFeed> backstage = feed;  // second owner for the crew
    board.subscribe([feed](int n) { feed->cue("juggle " + std::to_string(n)); });
    board.beat(1);
    board.clear();
    backstage->close();
    board.beat(2); // OK: callbacks were removed before the close
    feed = std::make_shared<PropFeed>();
    feed->cue("finale"); // OK: feed now owns a new object, only the old one was closed
}
