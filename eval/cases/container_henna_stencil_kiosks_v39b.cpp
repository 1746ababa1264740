// At a street festival, henna artists order pre-cut stencils from vinyl
// cutters in several kiosks; the dispatcher keeps one connection per kiosk in
// a std::map keyed by kiosk name. Bugs: close_kiosk() closes a connection but
// leaves it in the map, so the next price broadcast sends to it; and
// end_of_night() closes every connection in a loop and then sends the daily
// total to the "main" kiosk. Removing the closed entry (retire_kiosk()),
// guarding on is_open() and replacing the connection are correct.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class KioskConn {
 public:
  explicit KioskConn(int fd) : fd_(fd) {}
  ~KioskConn() { close(); }
  void send(const std::string& line) {
    if (fd_ < 0) throw std::runtime_error("kiosk connection closed");
    ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }
  bool is_open() const { return fd_ >= 0; }

 private:
  int fd_;
};

class StencilDispatcher {
 public:
  void add(const std::string& name, int fd) { kiosks_[name] = std::make_unique<KioskConn>(fd); }

  void close_kiosk(const std::string& name) {
    auto it = kiosks_.find(name);
    if (it != kiosks_.end()) it->second->close();
  }

  void retire_kiosk(const std::string& name) {
    auto it = kiosks_.find(name);
    if (it == kiosks_.end()) return;
    it->second->close();
    kiosks_.erase(it);
  }

  void broadcast_price(int cents) {
    for (auto& [name, conn] : kiosks_) conn->send("PRICE " + std::to_string(cents) + "\n");  // SAME: price
  }

  void broadcast_price_guarded(int cents) {
    for (auto& [name, conn] : kiosks_)
      if (conn->is_open()) conn->send("PRICE " + std::to_string(cents) + "\n");  // OK: is_open() checked
  }

  void replace(const std::string& name, int fd) {
    KioskConn& old = *kiosks_.at(name);
    old.close();
    kiosks_[name] = std::make_unique<KioskConn>(fd);
    kiosks_.at(name)->send("HELLO\n");  // OK: the map now holds a new connection
  }

  void end_of_night(int total) {
    for (auto& [name, conn] : kiosks_) conn->close();
    kiosks_.at("main")->send("TOTAL " + std::to_string(total) + "\n");  // BUG: use-after-close
  }

  void end_of_night_fixed(int total) {
    auto main = kiosks_.find("main");
    if (main != kiosks_.end()) main->second->send("TOTAL " + std::to_string(total) + "\n");  // OK: before the loop closes it
    for (auto& [name, conn] : kiosks_) conn->close();
    for (auto& [name, conn] : kiosks_) conn->close();  // OK: KioskConn::close() returns when already closed
  }

 private:
  std::map<std::string, std::unique_ptr<KioskConn>> kiosks_;
};

void rain_shower(StencilDispatcher& d) {
  d.close_kiosk("riverside");
  d.broadcast_price(450);  // BUG: use-after-close #price
}

void kiosk_moves(StencilDispatcher& d, int new_fd) {
  d.retire_kiosk("riverside");
  d.broadcast_price(450);  // OK: the closed kiosk was erased
  d.close_kiosk("bridge");
  d.broadcast_price_guarded(500);  // OK: skips the closed kiosk
  d.replace("bridge", new_fd);
  d.broadcast_price(500);  // OK: bridge was replaced with an open connection
}
