// Gourmet mushroom farm (morels, chanterelles): each grow room's CO2 vent is driven through a
// VentLink (a FILE* on the room controller). When a controller is swapped or the room moves to
// a new substrate batch, the link is closed and replaced: re-emplaced optionals, make_unique on
// both branches, a fresh object assigned, a swap with a newly opened link, reopen() on the same
// object, and a vector slot overwritten in the same iteration. Correct as written: every use after
// a close goes to a link that was opened again on every path reaching it.
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class VentLink {
 public:
  explicit VentLink(const std::string& path) : f_(std::fopen(path.c_str(), "w")) {
    if (!f_) throw std::runtime_error("vent: cannot open " + path);
  }
  VentLink(VentLink&& o) noexcept : f_(std::exchange(o.f_, nullptr)) {}
  VentLink& operator=(VentLink&& o) noexcept {
    if (this != &o) {
      if (f_) std::fclose(f_);
      f_ = std::exchange(o.f_, nullptr);
    }
    return *this;
  }
  ~VentLink() {
    if (f_) std::fclose(f_);
  }
  void vent(int percent) {
    if (!f_) throw std::runtime_error("vent link closed");
    std::fprintf(f_, "VENT %d\n", percent);
    std::fflush(f_);
  }
  void close() {
    if (!f_) throw std::runtime_error("vent link already closed");
    std::fclose(f_);
    f_ = nullptr;
  }
  void reopen(const std::string& path) {
    if (f_) std::fclose(f_);
    f_ = std::fopen(path.c_str(), "w");
    if (!f_) throw std::runtime_error("vent: cannot reopen " + path);
  }

 private:
  std::FILE* f_;
};

class GrowRoom {
 public:
  explicit GrowRoom(const std::string& path) : link_(std::make_unique<VentLink>(path)) {}

  void new_controller(bool same_port, const std::string& old_path, const std::string& new_path) {
    link_->close();
    if (same_port)
      link_ = std::make_unique<VentLink>(old_path);
    else
      link_ = std::make_unique<VentLink>(new_path);
    link_->vent(30);  // OK: replaced on both branches
  }

  void pinning_stage(const std::string& path) {
    link_->vent(80);  // OK
    link_->close();
    link_->reopen(path);  // OK: reopen() opens the closed link again
    link_->vent(15);  // OK: reopen() opened the same object again
  }

 private:
  std::unique_ptr<VentLink> link_;
};

void fruiting_flush(std::optional<VentLink>& room, const std::string& path, bool keep_old) {
  if (!room) room.emplace(path);
  room->close();
  room.reset();
  if (keep_old)
    room.emplace(path);
  else
    room.emplace(path + ".new");
  room->vent(45);  // OK: emplaced on both branches
}

void substrate_batch(const std::string& path_a, const std::string& path_b) {
  VentLink morel_room(path_a);
  morel_room.vent(20);  // OK
  morel_room.close();
  morel_room = VentLink(path_b);
  morel_room.vent(25);  // OK: a fresh link assigned after the close
}

void swap_controllers(VentLink& chanterelle_room, const std::string& spare_path) {
  VentLink spare(spare_path);
  chanterelle_room.close();
  std::swap(chanterelle_room, spare);
  chanterelle_room.vent(35);  // OK: holds the freshly opened spare now
}

void rotate_rooms(std::vector<VentLink>& rooms, const std::vector<std::string>& paths) {
  for (size_t i = 0; i < rooms.size() && i < paths.size(); ++i) {
    rooms[i].close();
    rooms[i] = VentLink(paths[i]);
    rooms[i].vent(10);  // OK: the slot was overwritten in this iteration
  }
}

void shared_room(const std::string& path_a, const std::string& path_b) {
  auto link = std::make_shared<VentLink>(path_a);
  link->close();
  link = std::make_shared<VentLink>(path_b);
  link->vent(50);  // OK: the only owner now points at a new link
}
