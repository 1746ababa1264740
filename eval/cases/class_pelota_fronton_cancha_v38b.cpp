// Scoreboard desk for a Basque pelota fronton. MatchDesk keeps a TCP link to
// the cancha scoreboard and buffers rally points until flush_scores() sends
// them. end_match() calls stop(), which closes the link, and then
// flush_scores() to push the buffered points: those go to a closed link.
// on_heartbeat_timeout() closes the link and then reports the fault on it.
// announce() (guarded), restart() (fresh link) and stop() called twice
// (idempotent: it checks is_closed()) are correct.
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class CanchaLink {
 public:
  explicit CanchaLink(int fd) : fd_(fd) {}
  ~CanchaLink() { close(); }

  void send(const std::string& msg) {
    if (fd_ < 0) throw std::runtime_error("cancha link closed");
    if (::send(fd_, msg.data(), msg.size(), MSG_NOSIGNAL) < 0) throw std::runtime_error("cancha send failed");
  }

  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

  bool is_closed() const { return fd_ < 0; }

 private:
  int fd_;
};

struct Rally {
  char side;  // 'R' red, 'B' blue
  int points;
};

class MatchDesk {
 public:
  explicit MatchDesk(int fd) : link_(std::make_unique<CanchaLink>(fd)) {}

  void point(const Rally& r) { pending_.push_back(r); }

  void flush_scores() {
    for (const auto& r : pending_) {
      link_->send(std::string(1, r.side) + ":" + std::to_string(r.points) + "\n");  // SAME: flush_after_stop
    }
    pending_.clear();
  }

  void announce(const std::string& text) {
    if (!link_ || link_->is_closed()) return;
    link_->send("TXT " + text + "\n");  // OK: guarded by is_closed()
  }

  void stop() {
    if (link_->is_closed()) return;
    link_->send("BYE\n");  // OK: checked just above
    link_->close();
  }

  void end_match(int red, int blue) {
    announce("final " + std::to_string(red) + "-" + std::to_string(blue));
    stop();
    flush_scores();  // BUG: use-after-close #flush_after_stop
  }

  void on_heartbeat_timeout(int missed) {
    if (missed < 3) return;
    link_->close();
    link_->send("FAULT heartbeat\n");  // BUG: use-after-close
  }

  void restart(int new_fd) {
    stop();
    link_ = std::make_unique<CanchaLink>(new_fd);
    link_->send("HELLO desk\n");  // OK: a fresh link replaced the closed one
  }

  void shutdown() {
    stop();
    stop();  // OK: stop() returns early once the link is closed
  }

 private:
  std::unique_ptr<CanchaLink> link_;
  std::vector<Rally> pending_;
};

void evening_session(int fd, int backup_fd, const std::vector<Rally>& rallies) {
  MatchDesk desk(fd);
  for (const auto& r : rallies) desk.point(r);
  desk.flush_scores();  // OK: link is open until end_match()
  desk.restart(backup_fd);
  desk.point(Rally{'R', 35});
  desk.end_match(35, 31);
  desk.shutdown();
}
