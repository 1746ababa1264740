// Cathedral warden's console for the motorised thuribles (censers) in the nave, the choir
// and the reliquary chapel. Each CenserLink is extinguished (closed) when its charcoal is
// spent and replaced with a fresh link: the nave's std::optional is reset and emplaced,
// the chapel's object is reassigned or swapped with a reserve. refill_choir replaces the
// choir's unique_ptr only when a spare is available and swings it on the other path too;
// swap_in_reserve swings the reserve variable, which after the swap holds the old,
// extinguished link; procession re-emplaces the hand censer only on the long route.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class CenserLink {
 public:
  explicit CenserLink(std::string where) : where_(std::move(where)) {}
  void swing(int arcs) {
    if (!lit_) throw std::runtime_error("censer link " + where_ + " extinguished");
    arcs_ += arcs;
  }
  void extinguish() {
    if (!lit_) throw std::runtime_error("censer link " + where_ + " already extinguished");
    lit_ = false;
  }
  bool lit() const { return lit_; }

 private:
  std::string where_;
  bool lit_ = true;
  int arcs_ = 0;
};

class Warden {
 public:
  Warden()
      : nave_(std::in_place, "nave"),
        choir_(std::make_unique<CenserLink>("choir")),
        chapel_("reliquary chapel") {}

  void change_nave_charcoal() {
    nave_->swing(3);  // OK
    nave_->extinguish();
    nave_.reset();
    nave_.emplace("nave");
    nave_->swing(7);  // OK: a fresh link was emplaced
  }

  void refill_choir(bool spare_in_sacristy) {
    choir_->extinguish();
    if (spare_in_sacristy) choir_ = std::make_unique<CenserLink>("choir spare");
    choir_->swing(5);  // BUG: use-after-close
  }

  void refill_choir_or_skip(bool spare_in_sacristy) {
    choir_->extinguish();
    if (!spare_in_sacristy) {
      choir_ = std::make_unique<CenserLink>("choir borrowed from nave");
    } else {
      choir_ = std::make_unique<CenserLink>("choir spare");
    }
    choir_->swing(5);  // OK: replaced on both paths
  }

  void relight_chapel() {
    chapel_.extinguish();
    chapel_ = CenserLink("reliquary chapel");
    chapel_.swing(2);  // OK: assigned a fresh object
  }

  void swap_in_reserve() {
    CenserLink reserve("reserve");
    chapel_.extinguish();
    std::swap(chapel_, reserve);
    chapel_.swing(4);  // OK: chapel_ now holds the lit reserve
    reserve.swing(1);  // BUG: use-after-close
  }

  void procession(bool long_route) {
    std::optional<CenserLink> hand("hand censer");
    hand->swing(1);  // OK
    hand->extinguish();
    if (long_route) hand.emplace("hand censer, second charge");
    hand->swing(1);  // BUG: use-after-close
  }

  void procession_checked(bool long_route) {
    std::optional<CenserLink> hand("hand censer");
    hand->extinguish();
    if (long_route) hand.emplace("hand censer, second charge");
    if (hand && hand->lit()) hand->swing(1);  // OK: checked lit()
  }

 private:
  std::optional<CenserLink> nave_;
  std::unique_ptr<CenserLink> choir_;
  CenserLink chapel_;
};
