// Cue lights for a shamisen recital. Each wing of the stage has a CueLink (a light
// semaphore the players watch); handlers registered with the CueDispatcher copy the
// shared_ptr. At the interval the stage manager disconnects the links: the stage-right
// handler was unsubscribed first and the wings handler holds only a weak_ptr and checks
// connected(), but the stage-left handler is still registered when the encore cue fires.
// RecitalHall hands its link to Performer objects; Performer::bow after the hall closed
// its doors signals a disconnected link.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class CueLink {
 public:
  explicit CueLink(std::string wing) : wing_(std::move(wing)) {}
  void signal(int cue) {
    if (!connected_) throw std::runtime_error("cue link " + wing_ + " disconnected");
    sent_.push_back(cue);
  }
  // Idempotent: disconnecting twice is harmless.
  void disconnect() {
    if (!connected_) return;
    connected_ = false;
  }
  bool connected() const { return connected_; }

 private:
  std::string wing_;
  bool connected_ = true;
  std::vector<int> sent_;
};

class CueDispatcher {
 public:
  using Handler = std::function<void(int)>;
  int subscribe(Handler h) {
    int id = next_id_++;
    handlers_[id] = std::move(h);
    return id;
  }
  void unsubscribe(int id) { handlers_.erase(id); }
  void fire(int cue) {
    for (auto& entry : handlers_) entry.second(cue);
  }

 private:
  std::map<int, Handler> handlers_;
  int next_id_ = 1;
};

void recital_night() {
  CueDispatcher disp;
  auto stage_left = std::make_shared<CueLink>("stage-left");
  auto stage_right = std::make_shared<CueLink>("stage-right");
  std::weak_ptr<CueLink> wings = stage_left;

  disp.subscribe([stage_left](int cue) { stage_left->signal(cue); });  // SAME: encore
  int right_id = disp.subscribe([stage_right](int cue) { stage_right->signal(cue); });  // OK: unsubscribed before its link disconnects
  disp.subscribe([wings](int cue) {
    if (auto w = wings.lock(); w && w->connected()) w->signal(cue + 100);  // OK: checks connected()
  });

  disp.fire(1);  // OK: everything connected

  disp.unsubscribe(right_id);
  stage_right->disconnect();
  stage_left->disconnect();
  stage_left->disconnect();  // OK: disconnect() is idempotent
  disp.fire(2);  // BUG: use-after-close #encore
}

class Performer {
 public:
  Performer(std::string name, std::shared_ptr<CueLink> link)
      : name_(std::move(name)), link_(std::move(link)) {}
  void bow() { link_->signal(99); }  // SAME: bow
  void bow_if_lit() {
    if (link_->connected()) link_->signal(98);  // OK: guarded
  }

 private:
  std::string name_;
  std::shared_ptr<CueLink> link_;
};

class RecitalHall {
 public:
  RecitalHall() : link_(std::make_shared<CueLink>("house")) {}
  Performer engage(const std::string& name) { return Performer(name, link_); }
  void dim_lights() { link_->signal(10); }
  void close_doors() { link_->disconnect(); }
  void reopen() { link_ = std::make_shared<CueLink>("house"); }

 private:
  std::shared_ptr<CueLink> link_;
};

void matinee() {
  RecitalHall hall;
  Performer soloist = hall.engage("soloist");
  hall.dim_lights();  // OK
  soloist.bow();  // OK: still connected
  hall.close_doors();
  soloist.bow_if_lit();  // OK: checks connected()
  soloist.bow();  // BUG: use-after-close #bow
}

void evening_after_matinee() {
  RecitalHall hall;
  hall.close_doors();
  hall.reopen();
  Performer chorus = hall.engage("chorus");
  hall.dim_lights();  // OK: reopen() installed a fresh link
  chorus.bow();  // OK: engaged after the reopen, so it shares the fresh link
}
