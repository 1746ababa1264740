// Samovar tea room: the brewing room talks to the urns through a TeaFeed and to the
// brass drain valves through UrnValve. TeaFeed::close() is idempotent (it returns when
// already closed), UrnValve::close() throws when called twice. Tearoom::pause() closes
// the feed and resume() reopens it, except after shutdown(), where resume() returns
// early without reopening; serving after that throws. end_of_day() closes the brass
// valve again after the cleaning helper already closed it.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

class TeaFeed {
 public:
  void pour(int ml) {
    if (!open_) throw std::runtime_error("tea feed closed");
    poured_ml_ += ml;
  }
  void open() { open_ = true; }
  // Closing a closed feed is a no-op.
  void close() {
    if (!open_) return;
    open_ = false;
  }
  bool is_open() const { return open_; }

 private:
  int poured_ml_ = 0;
  bool open_ = true;
};

class UrnValve {
 public:
  explicit UrnValve(std::string name) : name_(std::move(name)) {}
  void dispense(int ml) {
    if (closed_) throw std::runtime_error("urn valve " + name_ + " closed");
    std::printf("%s: %d ml\n", name_.c_str(), ml);
  }
  void close() {
    if (closed_) throw std::logic_error("urn valve " + name_ + " closed twice");
    closed_ = true;
  }

 private:
  std::string name_;
  bool closed_ = false;
};

class Tearoom {
 public:
  void pause() { feed_.close(); }  // OK: TeaFeed::close is idempotent
  void resume() {
    if (shut_down_) return;
    feed_.open();
  }
  void shutdown() {
    shut_down_ = true;
    feed_.close();  // OK: idempotent, even after pause()
  }
  void serve(int ml) {
    feed_.pour(ml);  // SAME: serve
  }

 private:
  TeaFeed feed_;
  bool shut_down_ = false;
};

void afternoon() {
  Tearoom room;
  room.pause();
  room.resume();
  room.serve(200);  // OK: resume() reopened the feed
  room.pause();
  room.shutdown();  // OK: a second close of the feed is a no-op
}

void evening(Tearoom& room) {
  room.shutdown();
  room.resume();  // returns early: the room is shut down
  room.serve(150);  // BUG: use-after-close #serve
}

void clean_urn(UrnValve& v) {
  v.dispense(50);
  v.close();
}

void end_of_day() {
  UrnValve brass("brass");
  UrnValve copper("copper");
  TeaFeed feed;
  feed.close();
  feed.close();  // OK: TeaFeed::close is idempotent
  clean_urn(copper);
  clean_urn(brass);  // OK: a different valve
  brass.close();  // BUG: double-close
}
