// Stilt-walker parade coordination. The coordinator owns a CueRadio through a
// shared_ptr and hands copies to each StiltTroupe and to cue callbacks kept by
// the CueSchedule (fired as the parade advances, on the same thread).
// end_parade() shuts the radio down, but the "turn at the fountain" cue is
// still pending in the schedule and fires afterwards on the closed radio.
// retune() shuts the old radio and assigns a fresh one to the coordinator's
// member; the troupes still hold the old one. The heartbeat that locks a
// weak_ptr checks is_closed() first; the one in straggler_call() does not.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class CueRadio {
 public:
  explicit CueRadio(std::string freq) : freq_(std::move(freq)) {}
  void broadcast(const std::string& cue) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("cue radio " + freq_ + " is shut down");
    log_.push_back(cue);
  }
  // Idempotent: a second shutdown() is a no-op.
  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }
  bool is_closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::string freq_;
  std::vector<std::string> log_;
  bool closed_ = false;
};

class CueSchedule {
 public:
  void at(int metre, std::function<void()> fn) { cues_.emplace(metre, std::move(fn)); }
  void advance_to(int metre) {
    auto it = cues_.begin();
    while (it != cues_.end() && it->first <= metre) {
      it->second();
      it = cues_.erase(it);
    }
  }

 private:
  std::multimap<int, std::function<void()>> cues_;
};

class StiltTroupe {
 public:
  StiltTroupe(std::string name, std::shared_ptr<CueRadio> radio)
      : name_(std::move(name)), radio_(std::move(radio)) {}
  void signal(const std::string& what) {
    radio_->broadcast(name_ + ": " + what);  // SAME: troupe
  }

 private:
  std::string name_;
  std::shared_ptr<CueRadio> radio_;
};

class ParadeCoordinator {
 public:
  ParadeCoordinator() : radio_(std::make_shared<CueRadio>("446.10")) {}

  void add_troupe(const std::string& name) { troupes_.emplace_back(name, radio_); }

  void plan(CueSchedule& sched) {
    std::shared_ptr<CueRadio> radio = radio_;
    sched.at(50, [radio] { radio->broadcast("step off"); });  // OK: fires at metre 50, before end_parade()
    sched.at(200, [radio] { radio->broadcast("turn at fountain"); });  // SAME: fountain
  }

  void retune(const std::string& freq) {
    radio_->shutdown();
    radio_ = std::make_shared<CueRadio>(freq);
    radio_->broadcast("now on " + freq);  // OK: the member points at the fresh radio
    for (auto& t : troupes_) t.signal("ready");  // BUG: use-after-close #troupe
  }

  std::weak_ptr<CueRadio> watch() const { return radio_; }
  void end_parade() { radio_->shutdown(); }

 private:
  std::shared_ptr<CueRadio> radio_;
  std::vector<StiltTroupe> troupes_;
};

void heartbeat(const std::weak_ptr<CueRadio>& w) {
  if (auto r = w.lock()) {
    if (r->is_closed()) return;
    r->broadcast("heartbeat");  // OK: checked open after lock()
  }
}

void straggler_call(const std::weak_ptr<CueRadio>& w) {
  if (auto r = w.lock()) r->broadcast("straggler at the bandstand");  // SAME: straggler
}

void run_parade() {
  ParadeCoordinator coord;
  CueSchedule sched;
  coord.plan(sched);
  std::weak_ptr<CueRadio> w = coord.watch();
  sched.advance_to(100);  // OK: only the metre-50 cue fires here
  heartbeat(w);  // OK
  coord.end_parade();
  heartbeat(w);  // OK: returns on is_closed()
  sched.advance_to(300);  // BUG: use-after-close #fountain
}

void straggler_after_finish() {
  ParadeCoordinator coord;
  std::weak_ptr<CueRadio> w = coord.watch();
  straggler_call(w);  // OK: radio still live
  coord.end_parade();
  straggler_call(w);  // BUG: use-after-close #straggler
}

void retune_rehearsal() {
  ParadeCoordinator coord;
  coord.add_troupe("north gate");
  coord.add_troupe("river bank");
  coord.retune("446.20");
}
