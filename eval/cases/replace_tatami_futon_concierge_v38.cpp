// Concierge desk of a ryokan. Each tatami room has a RoomPhone line; when a guest checks
// out the line is hung up and replaced before anyone rings it again: by std::exchange,
// by move-assigning a freshly dialled line, by optional::emplace, by unique_ptr::reset
// with a new object, by insert_or_assign into the room map, and by swapping with a spare
// that is itself replaced. Every ring() below happens on a connected line, so this file
// has no defect.
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class RoomPhone {
 public:
  static RoomPhone dial(const std::string& room) { return RoomPhone(room); }

  explicit RoomPhone(std::string room) : room_(std::move(room)) {}
  void ring(const std::string& note) {
    if (!connected_) throw std::runtime_error("room phone " + room_ + " hung up");
    last_note_ = note;
  }
  void hang_up() {
    if (!connected_) throw std::runtime_error("room phone " + room_ + " already hung up");
    connected_ = false;
  }
  bool connected() const { return connected_; }

 private:
  std::string room_;
  std::string last_note_;
  bool connected_ = true;
};

class ConciergeDesk {
 public:
  ConciergeDesk()
      : lobby_("lobby"), spare_("spare"), kitchen_(std::make_unique<RoomPhone>("kitchen")) {
    rooms_.emplace("fuji", RoomPhone("fuji"));
    rooms_.emplace("sakura", RoomPhone("sakura"));
  }

  void lobby_rollover() {
    RoomPhone old = std::exchange(lobby_, RoomPhone::dial("lobby"));
    old.hang_up();
    lobby_.ring("night porter on duty");  // OK: lobby_ holds the freshly dialled line
  }

  void redial_lobby() {
    lobby_.hang_up();
    lobby_ = RoomPhone::dial("lobby");
    lobby_.ring("line restored");  // OK: move-assigned a new line
  }

  void futon_service(const std::string& room) {
    auto it = rooms_.find(room);
    if (it == rooms_.end()) return;
    it->second.ring("futon laid out");  // OK
  }

  void check_out(const std::string& room) {
    auto it = rooms_.find(room);
    if (it == rooms_.end()) return;
    it->second.hang_up();
    rooms_.insert_or_assign(room, RoomPhone::dial(room));
    rooms_.at(room).ring("room ready for next guest");  // OK: replaced under the same key
  }

  void kitchen_restart() {
    kitchen_->hang_up();
    kitchen_.reset(new RoomPhone("kitchen"));
    kitchen_->ring("kaiseki at seven");  // OK: a new object behind the pointer
  }

  void swap_spare_into_lobby() {
    lobby_.hang_up();
    std::swap(lobby_, spare_);
    lobby_.ring("spare line in service");  // OK: lobby_ is the connected spare now
    spare_ = RoomPhone::dial("spare");
    spare_.ring("spare re-dialled");  // OK: the hung-up line was replaced
  }

  void bath_call(bool late_night) {
    std::optional<RoomPhone> bath;
    bath.emplace("bath house");
    bath->ring("bath open");  // OK
    bath->hang_up();
    if (late_night) {
      bath.reset();
      return;
    }
    bath.emplace("bath house");
    bath->ring("second sitting");  // OK: re-emplaced; the late-night path returned
  }

  void maybe_redial(const std::string& room) {
    auto it = rooms_.find(room);
    if (it == rooms_.end()) return;
    if (!it->second.connected()) it->second = RoomPhone::dial(room);
    it->second.ring("tea service");  // OK: redialled if it was hung up
  }

 private:
  RoomPhone lobby_;
  RoomPhone spare_;
  std::unique_ptr<RoomPhone> kitchen_;
  std::map<std::string, RoomPhone> rooms_;
};
