// Hammam attendant console: the cold plunge pool's chiller is driven over a
// ChillerLink, the towel-warmer cabinet over a CabinetLink kept in
// std::optional. Links are recycled often (the chiller controller drops idle
// sessions). This code is correct: every path that closes a link replaces it
// (or returns) before the next use: optional reset + emplace on both
// branches, std::exchange to swap in the new link before closing the old one,
// a per-attempt fresh link in the reconnect loop, and assignment of a fresh
// object after close.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class ChillerLink {
 public:
  explicit ChillerLink(int session) : session_(session) {}
  bool set_temp(double c) {
    if (released_) throw std::runtime_error("chiller session " + std::to_string(session_) + " released");
    target_ = c;
    return session_ % 4 != 0;  // every fourth session is refused by the controller
  }
  void release() {
    if (released_) throw std::runtime_error("chiller session released twice");
    released_ = true;
  }
  int session() const { return session_; }

 private:
  int session_;
  double target_ = 12.0;
  bool released_ = false;
};

class CabinetLink {
 public:
  explicit CabinetLink(std::string zone) : zone_(std::move(zone)) {}
  void heat(int towels) {
    if (off_) throw std::runtime_error("cabinet link " + zone_ + " off");
    towels_ = towels;
  }
  void switch_off() { off_ = true; }

 private:
  std::string zone_;
  int towels_ = 0;
  bool off_ = false;
};

class PlungeAttendant {
 public:
  PlungeAttendant() : chiller_(std::make_unique<ChillerLink>(1)), cabinet_(std::in_place, "men's side") {}

  void rotate_chiller() {
    int next = chiller_->session() + 1;
    std::unique_ptr<ChillerLink> old = std::exchange(chiller_, std::make_unique<ChillerLink>(next));
    old->release();
    chiller_->set_temp(11.5);  // OK: chiller_ already points at the new session
  }

  bool set_plunge(double celsius) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (chiller_->set_temp(celsius)) return true;  // OK: replaced below before the next attempt
      int next = chiller_->session() + 1;
      chiller_->release();
      chiller_ = std::make_unique<ChillerLink>(next);
    }
    return false;
  }

  void change_zone(bool ladies_hour) {
    if (cabinet_) cabinet_->switch_off();
    cabinet_.reset();
    if (ladies_hour)
      cabinet_.emplace("women's side");
    else
      cabinet_.emplace("men's side");
    cabinet_->heat(40);  // OK: emplaced on both branches
  }

  void maintenance(bool engineer_on_site) {
    if (cabinet_) cabinet_->switch_off();
    if (!engineer_on_site) {
      cabinet_.reset();
      return;
    }
    cabinet_.emplace("men's side (serviced)");
    cabinet_->heat(10);  // OK: the reset path returned
  }

  void evening_heat(int towels) {
    if (!cabinet_) cabinet_.emplace("men's side");
    cabinet_->heat(towels);  // OK: engaged, and every switch_off() above is followed by reset/emplace
  }

 private:
  std::unique_ptr<ChillerLink> chiller_;
  std::optional<CabinetLink> cabinet_;
};

void front_desk_test() {
  ChillerLink probe(7);
  probe.set_temp(10.0);
  probe.release();
  probe = ChillerLink(8);
  probe.set_temp(10.0);  // OK: assigned a fresh session
  probe.release();
}
