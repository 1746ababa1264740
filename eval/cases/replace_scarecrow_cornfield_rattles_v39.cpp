// Cornfield scarecrow rattles: a field controller shakes the rattles over a
// RattleLink radio link. Links are disconnected when the relay reports
// interference and replaced by a fresh link: std::optional::emplace,
// make_unique reassignment, assignment of a new object, swap with a standby.
// Bugs: the dusk reconnect replaces the link only when no storm is reported
// but shakes on both paths, and after swapping with the standby the old
// (disconnected) link now sits in the standby slot and is used again.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class RattleLink {
 public:
  explicit RattleLink(std::string field) : field_(std::move(field)) {}

  void shake(int bursts) {
    if (!connected_) throw std::runtime_error("rattle link " + field_ + " disconnected");
    bursts_ += bursts;
  }
  void disconnect() { connected_ = false; }
  bool connected() const { return connected_; }

 private:
  std::string field_;
  bool connected_ = true;
  int bursts_ = 0;
};

class FieldController {
 public:
  explicit FieldController(std::string field)
      : field_(field), link_(std::in_place, field), spare_(std::make_unique<RattleLink>(field + "-spare")) {}

  void reconnect() {
    link_->disconnect();
    link_.emplace(field_);
    link_->shake(2);  // OK: emplace() built a fresh link
  }

  void dusk_reconnect(bool storm_warning) {
    link_->disconnect();
    if (!storm_warning) link_.emplace(field_);
    link_->shake(3);  // BUG: use-after-close
  }

  void renew_spare() {
    spare_->disconnect();
    spare_ = std::make_unique<RattleLink>(field_ + "-spare");
    spare_->shake(1);  // OK: make_unique replaced the spare
  }

  void renew_spare_if_idle(bool idle) {
    if (!idle) return;
    spare_->disconnect();
    spare_ = std::make_unique<RattleLink>(field_ + "-spare");
    spare_->shake(1);  // OK: replaced on the only path that disconnected
  }

 private:
  std::string field_;
  std::optional<RattleLink> link_;
  std::unique_ptr<RattleLink> spare_;
};

void morning_round(const std::string& field) {
  RattleLink link(field);
  link.shake(4);
  link.disconnect();
  link = RattleLink(field + "-b");
  link.shake(4);  // OK: assigned a fresh link
}

void swap_to_standby(const std::string& field) {
  RattleLink active(field);
  RattleLink standby(field + "-standby");
  active.disconnect();
  std::swap(active, standby);
  active.shake(2);  // OK: now holds the connected standby link
  standby.shake(2);  // BUG: use-after-close
}

void swap_and_retire(const std::string& field) {
  RattleLink active(field);
  RattleLink standby(field + "-standby");
  std::swap(active, standby);
  standby.disconnect();
  active.shake(1);  // OK: the disconnected link is the one now in standby
  if (standby.connected()) standby.shake(1);  // OK: guarded
}
